#include <ostream>

#include "cli/check_report.h"
#include "cli/commands.h"
#include "cli/session.h"
#include "layout/card_layout.h"
#include "rules/rules.h"
#include "text/typesetter.h"

namespace kw::cli {

namespace {

// `diagnostics`, each marked as found by `check` (for `game`, when given).
void add_as(Diagnostics& out, const Diagnostics& diagnostics, const std::string& game, const std::string& check) {
  for (Diagnostic d : diagnostics) {
    d.game = game;
    d.check = check;
    out.add(std::move(d));
  }
}

// The layout files a game's decks name, parsed and checked (unknown keys,
// element types, fonts) so that `check` catches what `build` would reject.
void check_layouts(const model::Model& model, const model::Game& game, const text::FontLibrary& fonts,
                   Diagnostics& out) {
  text::Typesetter typesetter(fonts);
  layout::Layouter layouter(model, fonts, typesetter);
  Diagnostics diags;
  for (const auto& deck : game.decks)
    for (const auto* id : {&deck.layout, &deck.back_layout})
      if (!id->empty()) layouter.definition(*id, diags);
  add_as(out, diags, game.id, "layout");
}

}  // namespace

int run_check(const Invocation& inv, std::ostream& out, std::ostream& err) {
  Session s = open_session(inv, open_project(inv), err);
  if (!s.model) return 1;
  Diagnostics font_diags;
  auto fonts = text::FontLibrary::load(*s.project, font_diags);
  Diagnostics findings;
  add_as(findings, font_diags, "", "fonts");
  for (const auto* game : s.games) {
    findings.append(rules::check_game(*s.model, *game));
    if (fonts) check_layouts(*s.model, *game, *fonts, findings);
  }
  out << (inv.report_format == "json" ? format_report_json(findings) : format_report_text(findings, s.project.get()));
  return findings.has_errors() ? 1 : 0;
}

}  // namespace kw::cli
