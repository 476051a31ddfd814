#include <algorithm>
#include <ostream>

#include "cli/commands.h"
#include "cli/session.h"
#include "layout/card_layout.h"
#include "rules/rules.h"
#include "text/typesetter.h"

namespace kw::cli {

namespace {

// The layout files a game's decks name, parsed and checked (unknown keys,
// element types, fonts) so that `check` catches what `build` would reject.
void check_layouts(const model::Model& model, const model::Game& game, const text::FontLibrary& fonts,
                   rules::Findings& out) {
  text::Typesetter typesetter(fonts);
  layout::Layouter layouter(model, fonts, typesetter);
  Diagnostics diags;
  for (const auto& deck : game.decks)
    for (const auto* id : {&deck.layout, &deck.back_layout})
      if (!id->empty()) layouter.definition(*id, diags);
  for (const auto& d : diags.items())
    out.push_back({d.severity, game.id, d.card_id, d.loc, d.message, "layout", d.hint});
}

}  // namespace

int run_check(const Invocation& inv, std::ostream& out, std::ostream& err) {
  std::string format = inv.formats.empty() ? "text" : inv.formats.back();
  if (format != "text" && format != "json") {
    err << "kartenwerk: unknown check format '" << format << "' (formats: text, json)\n";
    return 2;
  }
  Session s = open_session(inv, open_project(inv), err);
  if (!s.model) return 1;
  Diagnostics font_diags;
  auto fonts = text::FontLibrary::load(*s.project, font_diags);
  rules::Findings findings;
  for (const auto& d : font_diags.items()) findings.push_back({d.severity, "", "", d.loc, d.message, "fonts", d.hint});
  for (const auto* game : s.games) {
    auto game_findings = rules::check_game(*s.model, *game);
    findings.insert(findings.end(), game_findings.begin(), game_findings.end());
    if (fonts) check_layouts(*s.model, *game, *fonts, findings);
  }
  out << (format == "json" ? rules::format_findings_json(findings)
                           : rules::format_findings_text(findings, s.project.get()));
  return rules::has_errors(findings) ? 1 : 0;
}

}  // namespace kw::cli
