// kartenwerk preflight [--game ID[,ID]] [--profile NAME] [--out DIR]
//                     [--lang LANG] [--variant NAME]:
// checks each game's produced files under DIR/<game>/[<variant>/][<lang>/]
// (where `build` with the same --lang and --variant put them) against a
// print-shop profile (data/print/profiles.yaml: --profile, else the game's
// own `profile:`, else the file's default) and prints a report per card.
// Exit status 1 when a game fails (or its files are missing), 2 for an
// unknown profile.
#include <fmt/ostream.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <filesystem>
#include <memory>
#include <ostream>
#include <sstream>
#include <string>
#include <system_error>
#include <vector>

#include "cli/commands.h"
#include "cli/session.h"
#include "core/files.h"
#include "engine/compile.h"
#include "model/languages.h"
#include "page/fit.h"
#include "products/card_products.h"
#include "render/png.h"
#include "settings/print_config.h"
#include "verify/pnp_preflight.h"
#include "verify/preflight.h"
#include "verify/profile_fit.h"
#include "verify/separation_map.h"

namespace kw::cli {

namespace {

// Where `build` put the files of `game` in the pass's `language` (with
// --variant): <out>/<game>/[<variant>/][<language>/] (no language folder for
// the source pass), and the build that makes them.
std::filesystem::path built_folder(const PreflightArgs& inv, const std::string& game, const std::string& language) {
  std::filesystem::path dir = inv.out_dir / game;
  if (!inv.variant.empty()) dir /= inv.variant;
  if (!language.empty()) dir /= language;
  return dir;
}

// The build that makes the package checked: the game's own profile needs
// no --profile (the default build makes it).
std::string build_command(const PreflightArgs& inv, const std::string& game, const std::string& language,
                          const std::string& profile, bool own) {
  std::string command = "kartenwerk build --game " + game;
  if (!language.empty()) command += " --lang " + language;
  if (!inv.variant.empty()) command += " --variant " + inv.variant;
  if (inv.out_dir != "output") command += " --out " + inv.out_dir.string();
  return own ? command : command + " --profile " + profile;
}

// The profile `game`'s files are checked against: --profile, else its own.
// Null (said on `err`) when the game names an unknown profile, or its
// default profile does not suit it (build then made no package).
const verify::PrintProfile* profile_to_check(const PreflightArgs& inv, const verify::PrintProfiles& profiles,
                                             const model::Game& game, std::ostream& err) {
  const verify::PrintProfile* named =
      inv.profile.empty() ? verify::profile_for_game(profiles, game) : profiles.find(inv.profile);
  if (!named) {
    fmt::print(err, "kartenwerk: {}: {}profile '{}' is not defined in data/print/profiles.yaml\n", game.id,
               game.file.empty() ? "" : game.file + ": ", game.profile);
    return nullptr;
  }
  if (inv.profile.empty() && game.profile.empty() && game.format)
    if (const std::string problem = verify::fit_problem(*named, *game.format); !problem.empty()) {
      fmt::print(err,
                 "kartenwerk: {}: {}, the default profile, so build made no shop package to check; name a profile "
                 "that cuts its cards as `profile:` in {}, or check another with --profile NAME\n",
                 game.id, problem, game.file);
      return nullptr;
    }
  return named;
}

// The pictures of the cards' separation cells (--separation-maps), one PNG
// per card that was measured, named by its stem.
void write_separation_maps(const verify::PreflightReport& report, const std::filesystem::path& dir, std::ostream& out) {
  size_t written = 0;
  for (const auto& card : report.cards) {
    const render::Raster map = verify::separation_map(card.separations);
    if (map.width <= 0) continue;
    std::filesystem::create_directories(dir);
    write_file_atomic(dir / (card.stem + ".png"), render::encode_png(map));
    ++written;
  }
  if (written > 0) fmt::print(out, "  separation maps: {} in {}\n", written, dir.generic_string());
}

// Checks the files of the games of one language pass against their
// profiles: the one --profile names, else each game's own.
int preflight_language(const PreflightArgs& inv, const engine::World& world, const verify::PrintProfiles& profiles,
                       const text::FontLibrary& fonts, const model::LanguagePass& pass, const Session& source,
                       std::ostream& out, std::ostream& err) {
  // The text the files were painted with: the language's, the variant's.
  Session translated;
  if (!pass.language.empty()) {
    ProjectOptions in_pass = inv;
    in_pass.games = pass.games;
    std::ostringstream reported;  // the source load said what the data has
    translated = open_session(in_pass, world, reported, pass.language);
    if (!translated.model) {
      err << reported.str();
      return 1;
    }
  }
  const Session& s = pass.language.empty() ? source : translated;
  // The sheets the build writes, as it plans them (its errors were the build's to say).
  Diagnostics sheet_diags;
  const std::optional<settings::PnpSettings> pnp = world.project().exists("data/print/sheets.yaml")
                                                       ? settings::load_pnp_settings(world.project(), sheet_diags)
                                                       : std::nullopt;
  const std::string& language = pass.language;
  int status = 0;
  for (const auto* game : s.games) {
    if (std::find(pass.games.begin(), pass.games.end(), game->id) == pass.games.end()) continue;
    const verify::PrintProfile* named = profile_to_check(inv, profiles, *game, err);
    if (!named) {
      status = 1;
      continue;
    }
    const verify::PrintProfile& profile = *named;
    const bool own = named == verify::profile_for_game(profiles, *game);
    // The display list the files were painted from: the same layout as build.
    engine::GameCompiler compiler(*s.model, *game, fonts);
    Diagnostics game_diags;
    auto cards = compiler.cards(compiler.context(game->language), game_diags);
    if (game_diags.has_errors()) {
      err << format_diagnostics(game_diags, &world.project());
      fmt::print(err, "kartenwerk: {}: the layout has errors, so there is nothing to check\n", game->id);
      status = 1;
      continue;
    }
    // The shop's card for this game, and each card fitted to it as `build
    // --profile` fits it (page/fit.h): what the files were painted from.
    const verify::PrintProfile shop =
        cards.empty() ? profile : profile.for_card({cards.front().page.trim.w, cards.front().page.trim.h});
    const page::CardTarget target{.trim = shop.trim, .bleed = shop.bleed, .safe = shop.safe, .corner_radius = 0};
    // The PnP sheets hold the cards at the game's own size: checked unfitted.
    const std::vector<layout::LaidOutCard> own_size = pnp ? cards : std::vector<layout::LaidOutCard>{};
    for (auto& card : cards) card.page = page::fit_page(card.page, target).page;
    try {
      auto report = verify::preflight_game(*game, cards, built_folder(inv, game->id, language), shop, world.project(),
                                           build_command(inv, game->id, language, profile.id, own));
      if (pnp)
        verify::preflight_pnp(*game, own_size, built_folder(inv, game->id, language), *pnp, report);
      else
        report.not_run.push_back({verify::PreflightCheck::Pnp, "no data/print/sheets.yaml"});
      // Named as build names it: "palantir [scharfes-spiel/en]" for a variant's translation.
      const std::string folder =
          built_folder(inv, game->id, language).lexically_relative(inv.out_dir / game->id).generic_string();
      if (folder != ".") report.game += " [" + folder + "]";
      out << verify::format_preflight(report);
      if (!inv.separation_maps.empty())
        write_separation_maps(report, inv.separation_maps / game->id / (folder == "." ? "" : folder), out);
      if (!report.passed()) status = 1;
    } catch (const std::exception& e) {
      fmt::print(err, "kartenwerk: {}: {}\n", game->id, e.what());
      status = 1;
    }
  }
  return status;
}

}  // namespace

int run_preflight(const PreflightArgs& inv, std::ostream& out, std::ostream& err) {
  // Said before anything is measured: a file where the maps' folder should
  // be would otherwise fail after the report, as if the package were at fault.
  if (std::error_code ec; !inv.separation_maps.empty() && std::filesystem::exists(inv.separation_maps, ec) &&
                          !std::filesystem::is_directory(inv.separation_maps, ec)) {
    fmt::print(err, "kartenwerk: --separation-maps: '{}' is a file, not a folder\n",
               inv.separation_maps.generic_string());
    return 2;
  }
  const auto world = open_world(inv, err);
  if (!world) return 2;
  const project::Project& project = world->project();
  Diagnostics diags;
  auto profiles = verify::load_print_profiles(project, diags);
  if (!profiles) {
    err << format_diagnostics(diags, &project);
    return 1;
  }
  if (!inv.profile.empty() && !profiles->find(inv.profile)) {
    std::vector<std::string> known;
    for (const auto& p : profiles->profiles) known.push_back(p.id);
    fmt::print(err, "kartenwerk: unknown profile '{}' (profiles: {})\n", inv.profile, fmt::join(known, ", "));
    return 2;
  }
  const text::FontLibrary* fonts = world->fonts(diags);
  if (!fonts || diags.has_errors()) {
    err << format_diagnostics(diags, &project);
    return 1;
  }
  // The languages as `build --lang` takes them: each game's source, one, or all.
  Session source = open_session(inv, *world, err);
  if (!source.model) return 1;
  if (source.games.empty() && !inv.variant.empty()) {
    fmt::print(err, "kartenwerk: no game has the variant '{}'\n", inv.variant);
    return 1;
  }
  const auto selection = model::select_languages(source.games, inv.language, !inv.games.empty());
  if (!selection.error.empty()) {
    fmt::print(err, "kartenwerk: --lang {}: {}\n", inv.language, selection.error);
    return 1;
  }
  int status = 0;
  for (const auto& pass : selection.passes)
    status = std::max(status, preflight_language(inv, *world, *profiles, *fonts, pass, source, out, err));
  return status;
}

}  // namespace kw::cli
