#include "rules/translation_drift.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string_view>

#include "model/locale.h"
#include "model/strings.h"
#include "rules/fact_text.h"
#include "rules/facts.h"
#include "rules/rewording.h"
#include "rules/rule_texts.h"
#include "rules/support.h"

namespace kw::rules {
namespace {

// One mistake, one error: a text another check already found wrong (a
// claim's number, a module's rule, a name) is not said again. The lines a
// text spans are not known here; a folded text of n bytes spans at most
// n / 40 lines of its file. The errors' lines are indexed by file as they
// come (asked for every text of a large deck, scanning every finding each
// time was a tenth of the rules' time).
class FoundErrors {
 public:
  explicit FoundErrors(const Diagnostics& out) : out_(out) {}
  bool cover(const model::SourceString& s) {
    for (; seen_ < out_.items().size(); ++seen_)
      if (const Diagnostic& d = out_.items()[seen_]; d.severity == Severity::Error)
        lines_[d.loc.file].insert(d.loc.line);
    const auto file = lines_.find(s.loc.file);
    if (file == lines_.end()) return false;
    const int last_line = s.loc.line + 1 + static_cast<int>(s.text.size() / 40);
    const auto first = file->second.lower_bound(s.loc.line);
    return first != file->second.end() && *first <= last_line;
  }

 private:
  const Diagnostics& out_;
  size_t seen_ = 0;
  std::map<std::string, std::multiset<int>> lines_;
};

// A sentence as a finding quotes it: its words, at most 60 bytes.
std::string shown(const std::string& sentence) {
  const size_t first = sentence.find_first_not_of(" *\n");
  std::string out = first == std::string::npos ? sentence : sentence.substr(first);
  if (out.size() > 60) {
    size_t cut = 57;  // never in the middle of a character
    while (cut > 0 && (static_cast<unsigned char>(out[cut]) & 0xC0) == 0x80) --cut;
    out = out.substr(0, cut) + "...";
  }
  return out;
}

// A long text can keep every name and number it had while one sentence
// says another thing ("Beide in einer Hand: siehe Unterwerfung" where it
// said "siehe Bündnis", the Unterwerfung named elsewhere in the text): each
// changed sentence against the one of the old text it shares most words
// with (at least 60 % of each other's words: a new sentence is not a
// changed one).
std::optional<std::string> sentence_changed(const std::string& before, const std::string& after,
                                            const std::string& language, const Wording& w) {
  const std::vector<std::string> was = sentence_texts(before, language), now = sentence_texts(after, language);
  if (was.size() < 2 && now.size() < 2) return std::nullopt;  // the whole text was compared
  for (const std::string& a : now) {
    if (std::find(was.begin(), was.end(), a) != was.end()) continue;
    const std::string* best = nullptr;
    double best_share = 0.6;
    for (const std::string& b : was) {
      const double share = std::min(shared_words(b, a, language), shared_words(a, b, language));
      if (share >= best_share) best_share = share, best = &b;
    }
    if (!best) continue;
    if (auto why = meaning_changed(meaning_of(*best, w), meaning_of(a, w), true, true)) {
      return "in '" + shown(a) + "' " + *why;
    }
  }
  return std::nullopt;
}

// A translation with as many sentences as its source is read sentence by
// sentence, each against the source's sentence in the same place: the
// whole text can keep its numbers and both sides of an opposite while one
// sentence turns "highest first" into "lowest first". A translation that
// joins or splits sentences is compared whole only.
std::optional<std::string> translated_sentence_changed(const std::string& source_text, const std::string& source_lang,
                                                       const Wording& source, const std::string& text,
                                                       const std::string& language, const Wording& translated) {
  const std::vector<std::string> was = sentence_texts(source_text, source_lang), now = sentence_texts(text, language);
  if (was.size() != now.size() || was.size() < 2) return std::nullopt;
  for (size_t i = 0; i < now.size(); ++i)
    if (auto why = meaning_changed(meaning_of(was[i], source), meaning_of(now[i], translated), false, false)) {
      return "in '" + shown(now[i]) + "' " + *why;
    }
  return std::nullopt;
}

// For each role a say: sentence prints, whether the clause its slot stands
// in is negated ("{spares} bleibt verschont, {not_spared} nicht": only
// not_spared's). Clauses end at , ; : and the marks that end a sentence.
std::map<std::string, bool> negated_roles(const std::string& sentence, const std::string& language,
                                          const std::vector<std::string>& negations) {
  std::map<std::string, bool> out;
  const std::vector<SaySlot> slots = say_slots(sentence);
  // The slots' own words ("{not_spared}", "{who:nom}") are neither words
  // of the clause nor its punctuation.
  std::string plain = sentence;
  for (const SaySlot& slot : slots) plain.replace(slot.begin, slot.end - slot.begin, slot.end - slot.begin, ' ');
  size_t start = 0;
  auto clause = [&](size_t end) {
    std::string words = plain.substr(start, end - start);
    bool negated = false;
    for (const Token& t : tokenize(words, language))
      negated = negated || std::find(negations.begin(), negations.end(), t.lower) != negations.end();
    for (const SaySlot& slot : slots)
      if (slot.begin >= start && slot.begin < end) out[slot.role] = out[slot.role] || negated;
    start = end + 1;
  };
  for (size_t i = 0; i < plain.size(); ++i)
    if (std::string_view(",;:.!?").find(plain[i]) != std::string_view::npos) clause(i);
  clause(plain.size());
  return out;
}

// An effect's say: sentences state in the game's language what they state
// in its source language: the same roles, no negation lost or gained, and
// what meaning_changed compares across languages (numbers, the sides of
// opposites, ordinal places). A generated sentence has no translator's
// record to compare, so its languages are compared with each other.
void check_said_as_its_source(const model::Model& model, const model::Game& game, const model::Game& as_source,
                              const FactSet& facts, const Wording& translated, const Wording& source, Sink& sink) {
  // Only the fact's roles: a slot no role fills is read_facts' finding.
  auto roles_of = [](const std::string& sentence, const Fact& f) {
    std::set<std::string> roles;
    for (const SaySlot& slot : say_slots(sentence))
      if (std::any_of(f.roles.begin(), f.roles.end(), [&](const auto& r) { return r.first == slot.role; }))
        roles.insert(slot.role);
    return roles;
  };
  auto listed = [](const std::set<std::string>& roles) {
    std::string out;
    for (const std::string& r : roles) out += (out.empty() ? "{" : ", {") + r + "}";
    return out.empty() ? std::string("no role") : out;
  };
  for (const Fact& f : facts.facts) {
    std::set<std::string> names;
    for (const SaySentence& s : say_sentences(f)) names.insert(s.name);
    for (const std::string& name : names) {
      std::vector<SaySentence> here_all, source_all;
      const SaySentence* here = effect_sentence_source(game, f, name, here_all);
      const SaySentence* there = effect_sentence_source(as_source, f, name, source_all);
      if (!here || !there || here->language == there->language) continue;
      const std::string what =
          "fact '" + f.id + "': say:" + (name.empty() ? "" : " " + name + ":") + " '" + here->language + "'";
      const std::string hint = "its " + there->language + " sentence (" + there->sentence->loc.str() + ") says: '" +
                               there->sentence->scalar + "'";
      if (roles_of(here->sentence->scalar, f) != roles_of(there->sentence->scalar, f)) {
        sink.error(here->sentence->loc,
                   what + " prints " + listed(roles_of(here->sentence->scalar, f)) + ", its " + there->language +
                       " sentence " + listed(roles_of(there->sentence->scalar, f)),
                   {}, hint);
        continue;
      }
      const auto here_text = effect_sentence(game, facts, f, name);
      const auto there_text = effect_sentence(as_source, facts, f, name);
      if (!here_text || !there_text) continue;
      const Meaning m_here = meaning_of(*here_text, translated);
      const Meaning m_there = meaning_of(*there_text, source);
      // Negations are counted differently from language to language ("kann
      // nichts anhaben", "cannot harm"); one sentence either has one or not.
      // A language whose phrasing lists no negation words says nothing here.
      const bool negations_known =
          !negation_words(model, here->language).empty() && !negation_words(model, there->language).empty();
      if (negations_known && (m_here.negations > 0) != (m_there.negations > 0)) {
        sink.error(here->sentence->loc,
                   what + (m_here.negations > 0 ? " is negated, its " : " is not negated, its ") + there->language +
                       (m_here.negations > 0 ? " sentence is not" : " sentence is"),
                   {}, hint);
        continue;
      }
      // Who is negated: "{not_spared} is spared, {spares} is not" swaps
      // the roles of "{spares} bleibt verschont, {not_spared} nicht".
      if (negations_known) {
        const auto roles_here =
            negated_roles(here->sentence->scalar, here->language, negation_words(model, here->language));
        const auto roles_there =
            negated_roles(there->sentence->scalar, there->language, negation_words(model, there->language));
        if (roles_here != roles_there) {
          std::string negated_here, negated_there;
          for (const auto& [role, negated] : roles_here)
            if (negated) negated_here += (negated_here.empty() ? "{" : ", {") + role + "}";
          for (const auto& [role, negated] : roles_there)
            if (negated) negated_there += (negated_there.empty() ? "{" : ", {") + role + "}";
          sink.error(here->sentence->loc,
                     what + " negates what it says of " + (negated_here.empty() ? "no role" : negated_here) + ", its " +
                         there->language + " sentence of " + (negated_there.empty() ? "no role" : negated_there),
                     {}, hint);
          continue;
        }
      }
      if (auto why = meaning_changed(m_there, m_here, false, false))
        sink.error(here->sentence->loc, what + ": this sentence " + *why, {}, hint);
    }
  }
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
  FoundErrors found(out);
  for (const model::SourceString& s : model::data_strings(game)) {
    if (found.cover(s)) continue;
    for (const model::Locale* l : locales) {
      const model::LocaleEntry* e = l->find(s.id);
      if (!e || e->source.empty() || e->source == s.text) continue;
      if (!w) w = wording(model, game, facts);
      auto why = meaning_changed(meaning_of(e->source, *w), meaning_of(s.text, *w), true, true);
      if (!why) why = sentence_changed(e->source, s.text, game.source_language, *w);
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
  FoundErrors found(out);
  for (const model::SourceString& s : model::data_strings(game)) {
    if (std::none_of(statements.begin(), statements.end(), [&](const SourceLoc& at) {
          return at.file == s.loc.file && at.line == s.loc.line && at.column == s.loc.column;
        }))
      continue;
    const model::LocaleEntry* e = model::applied_translation(game, s.id, s.text);
    if (!e || e->source.empty() || found.cover(s)) continue;
    auto why = meaning_changed(meaning_of(e->source, source), meaning_of(s.text, translated), false, false);
    if (!why)
      why = translated_sentence_changed(e->source, game.source_language, source, s.text, game.language, translated);
    if (why)
      sink.error(s.loc, "this translation " + *why, {},
                 "the source (" + game.source_language + ") says: '" + e->source + "'");
  }
  check_said_as_its_source(model, game, as_source, facts, translated, source, sink);
}

}  // namespace kw::rules
