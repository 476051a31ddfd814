// kartenwerk diff [REV]: the cards whose page changed since a git revision,
// each with what changed. Both states are laid out by the engine (nothing
// is rendered or written); see engine/changes.h.
#include <fmt/ostream.h>

#include <nlohmann/json.hpp>
#include <ostream>

#include "cli/commands.h"
#include "cli/session.h"
#include "core/enum_names.h"
#include "engine/changes.h"
#include "project/git_project.h"

namespace kw::cli {

namespace {

constexpr EnumNames<engine::CardChange::Kind, 3> kKindNames{{{engine::CardChange::Kind::Added, "added"},
                                                             {engine::CardChange::Kind::Removed, "removed"},
                                                             {engine::CardChange::Kind::Changed, "changed"}}};

void print_text(const std::vector<engine::GameChanges>& games, const std::string& revision, const std::string& commit,
                std::ostream& out) {
  for (const auto& game : games) {
    fmt::print(out, "{}: {} of {} cards changed since {} ({})\n", game.game, game.changes.size(), game.cards, revision,
               commit.substr(0, 12));
    for (const auto& c : game.changes) {
      const std::string line =
          fmt::format("  {:<8} {:<32} {}", name_of(kKindNames, c.kind), c.stem, fmt::join(c.what, "; "));
      fmt::print(out, "{}\n", line.substr(0, line.find_last_not_of(' ') + 1));
    }
  }
}

void print_json(const std::vector<engine::GameChanges>& games, const std::string& revision, const std::string& commit,
                std::ostream& out) {
  nlohmann::json report{{"revision", revision}, {"commit", commit}, {"games", nlohmann::json::array()}};
  for (const auto& game : games) {
    nlohmann::json changes = nlohmann::json::array();
    for (const auto& c : game.changes)
      changes.push_back({{"kind", name_of(kKindNames, c.kind)}, {"card", c.card}, {"stem", c.stem}, {"what", c.what}});
    report["games"].push_back({{"game", game.game}, {"cards", game.cards}, {"changes", changes}});
  }
  out << report.dump(2) << "\n";
}

}  // namespace

int run_diff(const DiffArgs& inv, std::ostream& out, std::ostream& err) {
  auto now = open_world(inv, err);
  if (!now) return 2;
  std::shared_ptr<const project::GitProject> then;
  try {
    then = std::make_shared<const project::GitProject>(inv.root, inv.revision, now->project());
  } catch (const project::GitError& e) {
    fmt::print(err, "kartenwerk: {}\n", e.what());
    return 2;
  }
  const engine::World before(then, now->clock());
  const engine::Comparison compared =
      engine::compare_worlds(before, *now, {.language = inv.language, .variant = inv.variant}, inv.games);
  err << format_diagnostics(compared.now, &now->project());
  if (!compared.before.items().empty()) {
    fmt::print(err, "kartenwerk: in {} ({}):\n", inv.revision, then->commit().substr(0, 12));
    err << format_diagnostics(compared.before, then.get());
  }
  if (inv.report_format == "json")
    print_json(compared.games, inv.revision, then->commit(), out);
  else
    print_text(compared.games, inv.revision, then->commit(), out);
  if (!compared.ok()) fmt::print(err, "kartenwerk: a game that does not lay out on both sides is not compared\n");
  return compared.ok() ? 0 : 1;
}

}  // namespace kw::cli
