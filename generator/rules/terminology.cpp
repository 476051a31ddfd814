#include "rules/terminology.h"

#include <unicode/locid.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <set>
#include <tuple>

#include "model/locale.h"
#include "model/strings.h"
#include "rules/fact_text.h"
#include "rules/facts.h"
#include "rules/rewording.h"
#include "rules/support.h"

namespace kw::rules {
namespace {

// The string ids that name things: every `name` of a card, a deck or a
// table entry, every label of one, and each field a binding fact binds.
// A label: a word or three with no sentence in it ("Karo", "gold", "Tag-Karten").
bool is_label(const std::string& text) {
  if (text.size() < 3 || text.size() > 40 || text.find("{{") != std::string::npos) return false;
  if (std::count(text.begin(), text.end(), ' ') > 2) return false;
  return std::none_of(text.begin(), text.end(), [](char c) {
    return std::isdigit(static_cast<unsigned char>(c)) ||
           std::string_view(".,;:!?()*\n").find(c) != std::string_view::npos;
  });
}

std::set<std::string> name_ids(const model::Game& game, const std::vector<model::SourceString>& strings) {
  std::set<std::string> ids;
  for (const auto& s : strings) {
    if (!(s.id.starts_with("card.") || s.id.starts_with("deck.") || s.id.starts_with("table."))) continue;
    // Names, and the labels of cards and table entries (a suit, a colour):
    // words the rule texts use for them.
    if (s.id.ends_with(".name") || (is_label(s.text) && s.id.find(".claims.") == std::string::npos)) ids.insert(s.id);
  }
  for (const Fact& f : read_facts(game).facts) {
    if (f.kind != FactKind::Binding) continue;
    const model::Value* field = f.get("field");
    const std::string path = field ? field->scalar : std::string("name");
    if (const model::Value* e = f.get("entry")) ids.insert("table." + e->scalar + "." + path);
    if (const model::Value* c = f.get("card")) ids.insert("card." + c->scalar + "." + path);
    if (const model::Value* d = f.get("deck")) ids.insert("deck." + d->scalar + ".name");
  }
  return ids;
}

icu::UnicodeString unicode(const std::string& s) { return icu::UnicodeString::fromUTF8(s); }

bool letter_at(const icu::UnicodeString& t, int32_t at) {
  return at >= 0 && at < t.length() && u_isalpha(t.char32At(at));
}

icu::UnicodeString lower(const std::string& s, const std::string& language) {
  icu::UnicodeString u = unicode(s);
  u.toLower(icu::Locale(language.c_str()));
  return u;
}

// The words of a text (runs of letters), lower-cased.
std::vector<icu::UnicodeString> words(const icu::UnicodeString& t) {
  std::vector<icu::UnicodeString> out;
  for (int32_t at = 0; at < t.length();) {
    if (!letter_at(t, at)) {
      ++at;
      continue;
    }
    int32_t end = at;
    while (letter_at(t, end)) ++end;
    out.emplace_back(t, at, end - at);
    at = end;
  }
  return out;
}

// Does `text` name `name` as a word of its own, inflected or not? A word is
// the name when it starts a word and differs from it at most in the name's
// last letters (two of six, three of seven or more) and two more after
// them: "Zwergen", "Menschen" and "Blutmondes" name "Zwerge", "Mensch" and
// "Blutmond"; "Dwarf" names "Dwarves"; a compound ("Flammenschwert",
// "Götterfunke") does not name its first part. Case counts in the source
// language ("Macht" the card, "macht" the verb), not in a translation, which
// may write a name in lower case or start a sentence with it.
bool names(const std::string& text, const std::string& name, const std::string& language, bool ignore_case) {
  const icu::UnicodeString t = ignore_case ? lower(text, language) : unicode(text);
  const icu::UnicodeString n = ignore_case ? lower(name, language) : unicode(name);
  // Inflection changes the end of the last word ("Aragorn II" keeps "Aragorn").
  int32_t drop = n.length() >= 7 ? 3 : n.length() >= 6 ? 2 : n.length() >= 5 ? 1 : 0;
  icu::UnicodeString stem(n, 0, n.length() - drop);
  stem.trim();
  for (int32_t at = t.indexOf(stem); at >= 0; at = t.indexOf(stem, at + 1)) {
    if (letter_at(t, at - 1)) continue;
    int32_t end = at + stem.length();
    while (letter_at(t, end)) ++end;
    if (end - at <= n.length() + 2) return true;
  }
  return false;
}

// The edit distance of two words, at most `limit + 1`. Hand-written: the
// dozen lines of a Levenshtein table on two short words need no library.
int32_t distance(const icu::UnicodeString& a, const icu::UnicodeString& b, int32_t limit) {
  if (std::abs(a.length() - b.length()) > limit) return limit + 1;
  std::vector<int32_t> row(static_cast<size_t>(b.length()) + 1);
  for (int32_t j = 0; j <= b.length(); ++j) row[static_cast<size_t>(j)] = j;
  for (int32_t i = 1; i <= a.length(); ++i) {
    int32_t diagonal = row[0];
    row[0] = i;
    for (int32_t j = 1; j <= b.length(); ++j) {
      const int32_t up = row[static_cast<size_t>(j)];
      row[static_cast<size_t>(j)] = std::min(
          {up + 1, row[static_cast<size_t>(j) - 1] + 1, diagonal + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1)});
      diagonal = up;
    }
  }
  return row.back();
}

struct Term {
  std::string source, id;
  std::vector<std::string> targets;  // its translations (a name may be shared by several ids)
  SourceLoc at;                      // where the first is translated
};

// What a translation that misses a name says in its place, when that is a
// name too: another name of the glossary its source does not name ("Rohan"
// for "Gondor"), or a word like one of the name's ("Red Moon" or "Bloud
// Moon" for "Blood Moon"), written with the name's capitals. Empty when
// nothing stands for it: the translation may say "he", or use a word in its
// plain sense ("its power" where the German "Kraft" is no card and "Power"
// is another card's name), which is no mistake to report.
std::string renamed(const std::string& text, const std::string& source_text, const Term& term,
                    const std::map<std::string, Term>& glossary, const model::Game& game) {
  // The name as the source writes it, where its translation is another
  // ("Balrog" in the text, "Dragon" on the card).
  if (names(text, term.source, game.source_language, false)) return term.source;
  // The translations of the names the source does name are no evidence
  // ("Feint" is Finte's, whatever else is also called so).
  std::set<std::string> named;
  for (const auto& [other_source, other] : glossary)
    if (names(source_text, other_source, game.source_language, false))
      named.insert(other.targets.begin(), other.targets.end());
  for (const auto& [other_source, other] : glossary) {
    if (&other == &term || names(source_text, other_source, game.source_language, false)) continue;
    for (const std::string& target : other.targets)
      if (std::none_of(named.begin(), named.end(),
                       [&](const std::string& n) { return names(n, target, game.language, true); }) &&
          names(text, target, game.language, false) && !names(target, term.targets.front(), game.language, true))
        return target;
  }
  const icu::Locale locale(game.language.c_str());
  for (const std::string& target : term.targets)
    for (icu::UnicodeString word : words(unicode(target))) {
      if (word.length() < 4) continue;
      const int32_t limit = word.length() >= 8 ? 2 : 1;
      const bool capital = u_isupper(word.char32At(0));
      word.toLower(locale);
      for (icu::UnicodeString w : words(unicode(text))) {
        if (u_isupper(w.char32At(0)) != capital) continue;
        std::string out;
        w.toUTF8String(out);
        if (distance(w.toLower(locale), word, limit) <= limit) return out;
      }
    }
  return {};
}

}  // namespace

void check_terminology(const model::Model& model, const model::Game& game, Diagnostics& out) {
  if (game.in_source_language()) return;
  const std::vector<model::SourceString> strings = model::data_strings(game);
  const std::set<std::string> ids = name_ids(game, strings);
  // The glossary: each name's source text and its translations in this load.
  std::map<std::string, Term> glossary;
  for (const auto& s : strings) {
    if (!ids.count(s.id)) continue;
    const model::LocaleEntry* e = model::applied_translation(game, s.id, s.text);
    // A name under three letters ("Ja") is too short to tell from a word.
    if (!e || e->source.size() < 3 || e->source.find("{{") != std::string::npos) continue;
    Term& term = glossary[e->source];
    if (term.id.empty()) term = {e->source, s.id, {}, s.loc};
    term.targets.push_back(s.text);
  }
  Sink sink(out, game, "translation.names");
  // Two names one translation: the players can no longer tell them apart
  // ("Hearts" for both Herz and Karo).
  std::map<std::string, const Term*> by_target;
  for (const auto& [source_name, term] : glossary)
    for (const std::string& target : term.targets) {
      std::string key;
      lower(target, game.language).toUTF8String(key);
      const auto [it, fresh] = by_target.emplace(key, &term);
      // One entry may name itself twice (a name and its English `name_en`).
      const auto entry = [](const Term* t) { return t->id.substr(0, t->id.rfind('.')); };
      if (fresh || it->second == &term || entry(it->second) == entry(&term)) continue;
      // Said at the one further down the file, where the mistake most likely is.
      const auto place = [](const Term* t) { return std::tie(t->at.file, t->at.line, t->at.column); };
      const Term& earlier = place(it->second) < place(&term) ? *it->second : term;
      const Term& later = &earlier == &term ? *it->second : term;
      sink.error(later.at,
                 "'" + target + "' translates both '" + earlier.source + "' (" + earlier.id + ") and '" + later.source +
                     "' (" + later.id + ")",
                 {},
                 "two names of the game need two names in " + game.language + ": the other is at " + earlier.at.str());
    }
  // A part two names share, left out of one, is read whole ("Voll- oder
  // Sichelmond", "Full or Crescent Moon").
  std::vector<std::string> source_names, target_names;
  for (const auto& [source_name, term] : glossary) {
    source_names.push_back(source_name);
    target_names.insert(target_names.end(), term.targets.begin(), term.targets.end());
  }
  const std::vector<std::string> source_joints = conjunction_words(model, game.source_language),
                                 target_joints = conjunction_words(model, game.language);
  for (const auto& s : strings) {
    const model::LocaleEntry* e = model::applied_translation(game, s.id, s.text);
    if (!e || e->source.empty()) continue;  // untranslated, or its source unknown (said by i18n status)
    const std::string source_text = joined_parts(e->source, source_names, source_joints),
                      text = joined_parts(s.text, target_names, target_joints);
    for (const auto& [source_name, term] : glossary) {
      if (term.id == s.id || !names(source_text, source_name, game.source_language, false)) continue;
      const bool kept = std::any_of(term.targets.begin(), term.targets.end(), [&](const std::string& target) {
        return names(text, target, game.language, true);
      });
      if (kept) continue;
      const std::string instead = renamed(text, source_text, term, glossary, game);
      if (instead.empty()) continue;
      sink.error(s.loc,
                 "the source text names '" + source_name + "', which is '" + term.targets.front() + "' in " +
                     game.language + " (" + term.id + "); this translation says '" + instead + "' instead",
                 {},
                 "the name's translation is at " + term.at.str() +
                     ": write the same name here, or rename it there and everywhere");
    }
  }
}

}  // namespace kw::rules
