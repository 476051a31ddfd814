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
    for (const auto& c : game.changes)
      fmt::print(out, "  {:<8} {:<32} {}\n", name_of(kKindNames, c.kind), c.stem, fmt::join(c.what, "; "));
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
  Diagnostics diags;
  auto games =
      engine::compare_worlds(before, *now, {.language = inv.language, .variant = inv.variant}, inv.games, diags);
  err << format_diagnostics(diags, &now->project());
  if (inv.report_format == "json")
    print_json(games, inv.revision, then->commit(), out);
  else
    print_text(games, inv.revision, then->commit(), out);
  return diags.has_errors() ? 1 : 0;
}

}  // namespace kw::cli
