#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <ostream>
#include <set>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include "cli/check.h"
#include "cli/check_report.h"
#include "cli/commands.h"
#include "cli/session.h"
#include "core/parallel.h"
#include "engine/compile.h"
#include "impose/pnp_sheets.h"
#include "model/languages.h"
#include "model/locale.h"
#include "model/model.h"
#include "model/schema.h"
#include "model/strings.h"
#include "rules/rule_texts.h"
#include "settings/print_config.h"
#include "text/font_library.h"
#include "verify/preflight.h"

namespace kw::cli {

namespace {

// The findings of every pass, each once: a layout mistake is met on every
// card, in every language and variant, but reported where it is, once, with
// the languages it was met in. With --game, only the selected games' (a
// finding of the loader names its game by the file it is in).
class Findings {
 public:
  explicit Findings(const CheckScope& scope) : scope_(scope) {}
  // Which game the findings in `file` concern (a game's data, locale and
  // variant files), for those that do not say.
  void own(const std::string& file, const std::string& game) { owners_.emplace(file, game); }

  // `diagnostics`, each marked as found by `check` (for `game`, when given;
  // a diagnostic that names its own check keeps it).
  void add(const Diagnostics& diagnostics, const std::string& game, const std::string& check) {
    for (Diagnostic d : diagnostics) {
      if (d.game.empty()) d.game = game;
      if (d.game.empty())
        if (auto it = owners_.find(d.loc.file); it != owners_.end()) d.game = it->second;
      if (!d.game.empty() && !scope_.games.empty() &&
          std::find(scope_.games.begin(), scope_.games.end(), d.game) == scope_.games.end())
        continue;
      if (d.check.empty()) d.check = check;
      auto key = std::make_tuple(d.severity, d.loc.file, d.loc.line, d.loc.column, d.message);
      auto [it, fresh] = seen_.emplace(std::move(key), all_.size());
      if (!fresh) {  // met again: in another language, perhaps
        auto& languages = all_[it->second].languages;
        for (const auto& l : d.languages)
          if (std::find(languages.begin(), languages.end(), l) == languages.end()) languages.push_back(l);
        continue;
      }
      all_.push_back(std::move(d));
    }
  }
  Diagnostics take() {
    Diagnostics out;
    for (auto& d : all_) out.add(std::move(d));
    return out;
  }

 private:
  const CheckScope& scope_;
  std::map<std::string, std::string> owners_;
  std::vector<Diagnostic> all_;
  std::map<std::tuple<Severity, std::string, int, int, std::string>, size_t> seen_;
};

// One way the project is loaded and built: a language and a variant.
struct Pass {
  std::string language;            // empty: every game in its source language
  std::string variant;             // empty: the base games
  std::vector<std::string> games;  // the games it checks
};

// Every page of `game` laid out as `build` lays it out, in the game's
// language, with nothing rendered: what the layout and the typesetter
// reject (unknown fields and icons, text that does not fit) is reported.
void lay_out(const model::Model& model, const model::Game& game, const text::FontLibrary& fonts, Findings& out) {
  engine::GameCompiler compiler(model, game, fonts);
  compiler.layouter().set_check_overlaps(true);
  Diagnostics diags;
  // A deck's layouts are read even when it has no cards to lay out.
  for (const auto& deck : game.decks)
    for (const auto* id : {&deck.layout, &deck.back_layout})
      if (!id->empty()) compiler.layouter().definition(*id, diags);
  try {
    // On every core: the findings come out in card order for any number.
    compiler.game(compiler.context(game.language, default_jobs()), diags, /*booklets=*/true);
  } catch (const std::exception& e) {
    diags.error(game.loc, std::string("cannot lay out the game: ") + e.what());
  }
  out.add(diags, game.id, "layout");
}

// Loads the project for `pass` and checks the games it selects. False when
// the data did not load.
bool check_pass(const engine::World& world, const Pass& pass, const text::FontLibrary* fonts, Findings& out,
                CheckCoverage& checked, std::vector<model::TranslationStatus>& translations) {
  auto loaded = engine::load(world, {.language = pass.language, .variant = pass.variant});
  out.add(loaded.diagnostics, "", "load");
  if (!loaded.model) return false;
  for (const auto& game : loaded.model->games) {
    // A variant pass loads every game; those without the variant were
    // checked in the base pass.
    if (std::find(pass.games.begin(), pass.games.end(), game->id) == pass.games.end() || game->variant != pass.variant)
      continue;
    out.add(engine::judge(*loaded.model, *game), game->id, "");
    {
      Diagnostics said;  // judge() has reported them; this pass only counts
      const auto counts = rules::check_rule_texts(*loaded.model, *game, said);
      if (counts.total() > 0) checked.rule_texts.push_back({game->id, game->language, pass.variant, counts});
    }
    if (fonts) lay_out(*loaded.model, *game, *fonts, out);
    if (game->translation) translations.push_back(*game->translation);
    if (game->in_source_language()) {
      checked.cards += game->card_count();
      if (!pass.variant.empty()) checked.variants.push_back(game->id + "/" + pass.variant);
      for (const auto& deck : game->decks)
        for (const auto* id : {&deck.layout, &deck.back_layout})
          if (!id->empty()) checked.layouts.insert(*id);
    }
  }
  return true;
}

// Every game asked for must exist: an unknown one is a finding, not a crash.
void check_game_names(const model::Model& model, const CheckScope& scope, Diagnostics& out) {
  std::vector<std::string> known;
  for (const auto& g : model.games) known.push_back(g->id);
  for (const auto& id : scope.games)
    if (std::find(known.begin(), known.end(), id) == known.end())
      out.error({}, "unknown game '" + id + "' (known games: " + model::join_names(known) + ")");
}

// The passes: the base games, then each variant of the games checked (or
// only `scope.variant`), each in the games' source languages and then in
// each language they are translated into (only the games that have it).
std::vector<Pass> passes(const project::Project& project, const CheckScope& scope,
                         const std::vector<const model::Game*>& games) {
  std::vector<std::string> variants;
  if (!scope.variant.empty()) {
    variants = {scope.variant};
  } else {
    variants = {""};
    std::set<std::string> seen;
    for (const auto* game : games)
      for (const auto& v : model::available_variants(project, game->id))
        if (seen.insert(v).second) variants.push_back(v);
  }
  const auto selection = model::select_languages(games, "all", false);
  std::vector<Pass> out;
  for (const auto& variant : variants)
    for (const auto& pass : selection.passes) out.push_back({pass.language, variant, pass.games});
  // The source languages first: data that does not load is said by the first.
  std::stable_partition(out.begin(), out.end(), [](const Pass& p) { return p.language.empty(); });
  return out;
}

// What the print settings say that `build` would refuse without a place:
// data/print/sheets.yaml (sheet ids, margins that leave no room for one
// card of a game) and data/print/profiles.yaml (the shops' file names).
void check_print_settings(const project::Project& project, const model::Model& model, const CheckScope& scope,
                          Findings& out) {
  Diagnostics diags;
  if (auto pnp = settings::load_pnp_settings(project, diags))
    for (const auto& game : model.games) {
      if (!scope.games.empty() && std::find(scope.games.begin(), scope.games.end(), game->id) == scope.games.end())
        continue;
      std::set<std::pair<double, double>> trims;
      for (const auto& deck : game->decks)
        if (deck.product == model::Product::Cards && deck.format)
          trims.insert({deck.format->width, deck.format->height});
      for (const auto& [w, h] : trims) impose::check_sheets_fit(*pnp, {w, h}, "game '" + game->id + "'", diags);
    }
  if (project.exists("data/print/profiles.yaml")) verify::load_print_profiles(project, diags);
  out.add(diags, "", "print");
}

}  // namespace

Diagnostics check_project(const engine::World& world, const CheckScope& scope, CheckCoverage* checked) {
  const project::Project& project = world.project();
  CheckCoverage coverage;
  Findings findings(scope);
  Diagnostics font_diags;
  const text::FontLibrary* fonts = world.fonts(font_diags);
  findings.add(font_diags, "", "fonts");
  // The base data names the games, their languages and so the passes.
  auto base = engine::load(world, {});
  std::vector<const model::Game*> games;
  if (!base.model) findings.add(base.diagnostics, "", "load");
  if (base.model) {
    Diagnostics names;
    check_game_names(*base.model, scope, names);
    findings.add(names, "", "games");
    for (const auto& g : base.model->games) {
      findings.own(g->file, g->id);
      for (const auto& deck : g->decks) findings.own(deck.loc.file, g->id);
      for (const auto& lang : g->languages()) findings.own(model::locale_file(lang, g->id), g->id);
      for (const auto& v : model::available_variants(project, g->id)) {
        findings.own("data/variants/" + g->id + "/" + v + ".yaml", g->id);
        for (const auto& lang : g->translations) findings.own(model::locale_file(lang, g->id, v), g->id);
      }
      if (scope.games.empty() || std::find(scope.games.begin(), scope.games.end(), g->id) != scope.games.end())
        games.push_back(g.get());
    }
    check_print_settings(project, *base.model, scope, findings);
  }
  std::vector<model::TranslationStatus> translations;
  bool first = true;
  for (const Pass& pass : passes(project, scope, games)) {
    // Data that does not load is reported once, from the first pass.
    if (!check_pass(world, pass, fonts, findings, coverage, translations) && first) break;
    first = false;
  }
  findings.add(model::translation_summary(translations), "", "translation");
  for (const auto* g : games) coverage.games.push_back(g->id);
  coverage.languages = model::languages_of(games);
  if (checked) *checked = std::move(coverage);
  return findings.take();
}

namespace {

std::string counted(size_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

std::string listed(const std::vector<std::string>& names, const char* one, const char* many) {
  return counted(names.size(), one, many) + (names.empty() ? "" : " (" + model::join_names(names) + ")");
}

}  // namespace

std::string summary_line(const CheckCoverage& checked) {
  return "checked " + listed(checked.games, "game", "games") + ", " + counted(checked.cards, "card", "cards") + ", " +
         counted(checked.layouts.size(), "layout", "layouts") + ", " +
         listed(checked.languages, "language", "languages") + ", " + listed(checked.variants, "variant", "variants") +
         "\n";
}

std::string rule_text_table(const CheckCoverage& checked) {
  if (checked.rule_texts.empty()) return {};
  std::string out = fmt::format("rule sentences: {:<28} {:>9} {:>8} {:>5} {:>7}\n", "game (variant) language",
                                "generated", "claimed", "free", "warned");
  for (const auto& row : checked.rule_texts) {
    const std::string name = row.game + (row.variant.empty() ? "" : " (" + row.variant + ")") + " " + row.language;
    out += fmt::format("                {:<28} {:>9} {:>8} {:>5} {:>7}\n", name, row.counts.generated,
                       row.counts.claimed, row.counts.free, row.counts.flagged);
  }
  return out;
}

int run_check(const CheckArgs& inv, std::ostream& out, std::ostream& err) {
  const auto world = open_world(inv, err);
  if (!world) return 2;
  CheckCoverage checked;
  const Diagnostics findings = check_project(*world, {inv.games, inv.variant}, &checked);
  if (inv.report_format == "json")
    out << format_report_json(findings);
  else
    out << format_report_text(findings, &world->project()) << summary_line(checked) << rule_text_table(checked);
  return findings.has_errors() ? 1 : 0;
}

}  // namespace kw::cli
