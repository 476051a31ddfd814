// kartenwerk diff [REV]: the cards whose page changed since a git revision,
// each with what changed. Both states are laid out by the engine (nothing
// is rendered or written); see engine/changes.h.
// kartenwerk diff --since-build: the same against the last build, from the
// card records its manifest.json holds (layout/card_record.h).
#include <fmt/ostream.h>

#include <nlohmann/json.hpp>
#include <ostream>

#include "cli/commands.h"
#include "cli/session.h"
#include "core/enum_names.h"
#include "core/files.h"
#include "engine/changes.h"
#include "products/manifest.h"
#include "project/git_project.h"

namespace kw::cli {

namespace {

constexpr EnumNames<engine::CardChange::Kind, 3> kKindNames{{{engine::CardChange::Kind::Added, "added"},
                                                             {engine::CardChange::Kind::Removed, "removed"},
                                                             {engine::CardChange::Kind::Changed, "changed"}}};

// `since(game)`: what the game is compared with, as the text says it ("HEAD (0123456789ab)").
void print_text(const std::vector<engine::GameChanges>& games,
                const std::function<std::string(const std::string&)>& since, std::ostream& out) {
  for (const auto& game : games) {
    fmt::print(out, "{}: {} of {} cards changed since {}\n", game.game, game.changes.size(), game.cards,
               since(game.game));
    for (const auto& c : game.changes) {
      const std::string line =
          fmt::format("  {:<8} {:<32} {}", name_of(kKindNames, c.kind), c.stem, fmt::join(c.what, "; "));
      fmt::print(out, "{}\n", line.substr(0, line.find_last_not_of(' ') + 1));
    }
  }
}

// `report`: what the games are compared with ({"revision", "commit"} or {"since_build"}).
void print_json(const std::vector<engine::GameChanges>& games, nlohmann::json report, std::ostream& out,
                const std::function<std::string(const std::string&)>& manifest = {}) {
  report["games"] = nlohmann::json::array();
  for (const auto& game : games) {
    nlohmann::json changes = nlohmann::json::array();
    for (const auto& c : game.changes)
      changes.push_back({{"kind", name_of(kKindNames, c.kind)}, {"card", c.card}, {"stem", c.stem}, {"what", c.what}});
    nlohmann::json entry{{"game", game.game}, {"cards", game.cards}, {"changes", changes}};
    if (manifest) entry["manifest"] = manifest(game.game);
    report["games"].push_back(std::move(entry));
  }
  out << report.dump(2) << "\n";
}

// Where the build of `game` in `inv`'s edition put its manifest:
// <out>/<game>/[<variant>/][<lang>/]manifest.json, the language folder for a
// translation only (as build names it).
std::filesystem::path manifest_path(const DiffArgs& inv, const model::Game& game) {
  std::filesystem::path dir = inv.out_dir / game.id;
  if (!inv.variant.empty()) dir /= inv.variant;
  if (game.language != game.source_language) dir /= game.language;
  return dir / "manifest.json";
}

// The build command that makes the manifest `diff --since-build` reads.
std::string build_command(const DiffArgs& inv, const model::Game& game) {
  std::string command = "kartenwerk build --game " + game.id;
  if (game.language != game.source_language) command += " --lang " + game.language;
  if (!inv.variant.empty()) command += " --variant " + inv.variant;
  if (inv.out_dir != "output") command += " --out " + inv.out_dir.string();
  return command;
}

int diff_since_build(const DiffArgs& inv, const engine::World& now, std::ostream& out, std::ostream& err) {
  std::map<std::string, std::string> manifests;  // game -> the manifest read
  auto built = [&](const model::Game& game, Diagnostics& diags) -> std::optional<std::vector<layout::CardRecord>> {
    const std::filesystem::path path = manifest_path(inv, game);
    const auto text = read_file(path);
    if (!text) {
      diags.error({}, fmt::format("{}: no build of {} to compare with (`{}` makes one)", path.generic_string(), game.id,
                                  build_command(inv, game)));
      return std::nullopt;
    }
    std::string why;
    auto cards = products::manifest_cards(*text, &why);
    if (!cards)
      diags.error({},
                  fmt::format("{}: {} (`{}` makes a new one)", path.generic_string(), why, build_command(inv, game)));
    else
      manifests[game.id] = path.generic_string();
    return cards;
  };
  const engine::Comparison compared =
      engine::compare_with_build(now, {.language = inv.language, .variant = inv.variant}, inv.games, built);
  err << format_diagnostics(compared.now, &now.project());
  auto manifest = [&manifests](const std::string& game) { return manifests[game]; };
  if (inv.report_format == "json")
    print_json(compared.games, {{"since_build", true}}, out, manifest);
  else
    print_text(
        compared.games, [&](const std::string& game) { return "the build in " + manifest(game); }, out);
  return compared.ok() ? 0 : 1;
}

}  // namespace

int run_diff(const DiffArgs& inv, std::ostream& out, std::ostream& err) {
  auto now = open_world(inv, err);
  if (!now) return 2;
  if (inv.since_build) return diff_since_build(inv, *now, out, err);
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
    print_json(compared.games, {{"revision", inv.revision}, {"commit", then->commit()}}, out);
  else
    print_text(
        compared.games,
        [&](const std::string&) { return fmt::format("{} ({})", inv.revision, then->commit().substr(0, 12)); }, out);
  if (!compared.ok()) fmt::print(err, "kartenwerk: a game that does not lay out on both sides is not compared\n");
  return compared.ok() ? 0 : 1;
}

}  // namespace kw::cli
