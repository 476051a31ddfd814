// kartenwerk preflight [--game ID[,ID]] [--profile NAME] [--out DIR] [--variant NAME]:
// checks each game's produced files under DIR/<game>/[NAME/] against a print-shop
// profile (data/print/profiles.yaml) and prints a report per card.
// Exit status 1 when a game fails (or its files are missing), 2 for an
// unknown profile.
#include <fmt/ostream.h>
#include <fmt/ranges.h>

#include <ostream>
#include <vector>

#include "cli/commands.h"
#include "cli/session.h"
#include "layout/card_layout.h"
#include "layout/game_layout.h"
#include "layout/icons.h"
#include "page/fit.h"
#include "print/preflight/preflight.h"
#include "print/products/card_products.h"
#include "rules/rules.h"
#include "text/typesetter.h"

namespace kw::cli {

int run_preflight(const Invocation& inv, std::ostream& out, std::ostream& err) {
  const auto project = open_project(inv);
  Diagnostics diags;
  auto profiles = print::load_print_profiles(*project, diags);
  if (!profiles) {
    err << format_diagnostics(diags, project.get());
    return 1;
  }
  std::string id = inv.profile.empty() ? profiles->default_id : inv.profile;
  const print::PrintProfile* profile = profiles->find(id);
  if (!profile) {
    std::vector<std::string> known;
    for (const auto& p : profiles->profiles) known.push_back(p.id);
    fmt::print(err, "kartenwerk: unknown profile '{}' (profiles: {})\n", id, fmt::join(known, ", "));
    return 2;
  }
  Session s = open_session(inv, project, err);
  if (!s.model) return 1;
  auto fonts = text::FontLibrary::load(*project, diags);
  if (!fonts || diags.has_errors()) {
    err << format_diagnostics(diags, project.get());
    return 1;
  }
  int status = 0;
  for (const auto* game : s.games) {
    // The display list the files were painted from: the same layout as build.
    text::Typesetter typesetter(*fonts, layout::icon_aspect_for(*s.model, *game));
    layout::Layouter layouter(*s.model, *fonts, typesetter);
    layout::ValueMap rule_values = rules::rule_values(*s.model, *game);
    Diagnostics game_diags;
    auto cards = layout::layout_cards(*game, layouter, {"de", &rule_values}, game_diags);
    if (game_diags.has_errors()) {
      err << format_diagnostics(game_diags, project.get());
      fmt::print(err, "kartenwerk: {}: the layout has errors, so there is nothing to check\n", game->id);
      status = 1;
      continue;
    }
    // The shop's card for this game, and each card fitted to it as `build
    // --profile` fits it (page/fit.h): what the files were painted from.
    const print::PrintProfile shop =
        cards.empty() ? *profile : profile->for_card({cards.front().page.trim.w, cards.front().page.trim.h});
    const page::CardTarget target{.trim = shop.trim, .bleed = shop.bleed, .safe = shop.safe, .corner_radius = 0};
    for (auto& card : cards) card.page = page::fit_page(card.page, target).page;
    try {
      std::filesystem::path dir = inv.out_dir / game->id;
      if (!inv.variant.empty()) dir /= inv.variant;
      auto report = print::preflight_game(*game, cards, dir, shop, *project);
      out << print::format_preflight(report);
      if (!report.passed()) status = 1;
    } catch (const std::exception& e) {
      fmt::print(err, "kartenwerk: {}: {}\n", game->id, e.what());
      status = 1;
    }
  }
  return status;
}

}  // namespace kw::cli
