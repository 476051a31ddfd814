#include "rules/translation_drift.h"

#include <algorithm>
#include <map>
#include <optional>

#include "model/locale.h"
#include "model/strings.h"
#include "rules/facts.h"
#include "rules/rewording.h"
#include "rules/rule_texts.h"
#include "rules/support.h"

namespace kw::rules {
namespace {

// One mistake, one error: a text another check already found wrong (a
// claim's number, a module's rule, a name) is not said again. The lines a
// text spans are not known here; a folded text of n bytes spans at most
// n / 40 lines of its file.
bool already_found(const Diagnostics& out, const model::SourceString& s) {
  const int last_line = s.loc.line + 1 + static_cast<int>(s.text.size() / 40);
  return std::any_of(out.begin(), out.end(), [&](const Diagnostic& d) {
    return d.severity == Severity::Error && d.loc.file == s.loc.file && d.loc.line >= s.loc.line &&
           d.loc.line <= last_line;
  });
}

}  // namespace

void check_changed_since_translation(const model::Model& model, const model::Game& game, Diagnostics& out) {
  // The translations of this load's own strings: the base game's files for
  // the base game, a variant's own file for a variant (its other strings
  // are the base game's, checked there).
  // A load in the source language reads no translations: read them here
  // (what is wrong in them is said by the loads that show them).
  std::vector<model::Locale> read;
  if (model.locales.empty() && model.project) {
    Diagnostics said_elsewhere;
    read = model::load_locales(*model.project, said_elsewhere);
  }
  std::vector<const model::Locale*> locales;
  for (const model::Locale& l : model.locales.empty() ? read : model.locales)
    if (l.game == game.id && l.variant == game.variant) locales.push_back(&l);
  if (locales.empty()) return;
  // Read the game's words only when a text has changed since translation.
  const FactSet facts = read_facts(game);
  std::optional<Wording> w;
  Sink sink(out, game, "translation.source_changed");
  for (const model::SourceString& s : model::data_strings(game)) {
    if (already_found(out, s)) continue;
    for (const model::Locale* l : locales) {
      const model::LocaleEntry* e = l->find(s.id);
      if (!e || e->source.empty() || e->source == s.text) continue;
      if (!w) w = wording(model, game, facts);
      const auto why = meaning_changed(meaning_of(e->source, *w), meaning_of(s.text, *w), true, true);
      if (!why) continue;  // reworded: the translation is only stale
      sink.error(
          s.loc,
          "since it was translated into " + l->language + ", this text " + *why + ": the two now state different rules",
          {},
          "the translation (" + e->loc.str() +
              ") still states the old rule; if the rule changed, change its facts and the translation too "
              "(kartenwerk i18n status --game " +
              game.id + " --lang " + l->language + " lists the stale strings)");
      break;  // once per text, whichever language saw it first
    }
  }
}

void check_translation_states_its_source(const model::Model& model, const model::Game& game, Diagnostics& out) {
  if (game.in_source_language()) return;
  const FactSet facts = read_facts(game);
  const Wording translated = wording(model, game, facts);
  // The source's words: the game as its source language prints its facts.
  model::Game as_source = game;
  as_source.language = game.source_language;
  const Wording source = wording(model, as_source, facts);
  // Stories are left out: their numbers are names as often ("the Nine")
  // and a translator retells them freely.
  std::vector<SourceLoc> statements;
  for (const model::Value* v : rule_statements(game)) statements.push_back(v->loc);
  Sink sink(out, game, "translation.meaning");
  for (const model::SourceString& s : model::data_strings(game)) {
    if (std::none_of(statements.begin(), statements.end(), [&](const SourceLoc& at) {
          return at.file == s.loc.file && at.line == s.loc.line && at.column == s.loc.column;
        }))
      continue;
    const model::LocaleEntry* e = model::applied_translation(game, s.id, s.text);
    if (!e || e->source.empty() || already_found(out, s)) continue;
    if (auto why = meaning_changed(meaning_of(e->source, source), meaning_of(s.text, translated), false, false))
      sink.error(s.loc, "this translation " + *why, {},
                 "the source (" + game.source_language + ") says: '" + e->source + "'");
  }
}

}  // namespace kw::rules
