#include "rules/fact_text.h"

#include <algorithm>
#include <map>
#include <memory>
#include <mutex>

#include <unicode/listformatter.h>
#include <unicode/locid.h>
#include <unicode/rbnf.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>
#include <unicode/utf8.h>

#include "core/language.h"

namespace kw::rules {

namespace {

constexpr long long kSpelledUpTo = 1000;

// Every cardinal spelling of 0..kSpelledUpTo in a language, read once: the
// reverse lookup a text needs (ICU's lenient parse accepts too much).
struct Spellings {
  std::map<std::string, long long> value_of;
  std::unique_ptr<icu::RuleBasedNumberFormat> format;
};

std::string to_lower(std::string_view text, const std::string& language) {
  icu::UnicodeString u = icu::UnicodeString::fromUTF8(icu::StringPiece(text.data(), static_cast<int32_t>(text.size())));
  u.toLower(icu::Locale(language.c_str()));
  std::string out;
  u.toUTF8String(out);
  return out;
}

const Spellings& spellings(const std::string& language) {
  static std::mutex mutex;
  static std::map<std::string, std::unique_ptr<Spellings>> cache;
  std::lock_guard lock(mutex);
  auto& slot = cache[language];
  if (slot) return *slot;
  slot = std::make_unique<Spellings>();
  UErrorCode status = U_ZERO_ERROR;
  auto rbnf = std::make_unique<icu::RuleBasedNumberFormat>(icu::URBNF_SPELLOUT, icu::Locale(language.c_str()), status);
  if (U_FAILURE(status)) return *slot;
  for (int32_t i = 0; i < rbnf->getNumberOfRuleSetNames(); ++i) {
    icu::UnicodeString set = rbnf->getRuleSetName(i);
    std::string name;
    set.toUTF8String(name);
    if (name.find("cardinal") == std::string::npos) continue;
    for (long long n = 0; n <= kSpelledUpTo; ++n) {
      icu::UnicodeString out;
      icu::FieldPosition pos;
      UErrorCode s = U_ZERO_ERROR;
      rbnf->format(static_cast<int32_t>(n), set, out, pos, s);
      if (U_FAILURE(s)) break;
      std::string word;
      out.toUTF8String(word);
      slot->value_of.emplace(to_lower(word, language), n);
    }
  }
  slot->format = std::move(rbnf);
  return *slot;
}

std::vector<std::string> phrases_of(const model::Value* v) {
  std::vector<std::string> out;
  if (!v) return out;
  if (v->is_scalar()) out.push_back(v->scalar);
  for (const auto& item : v->list) out.push_back(item.scalar);
  return out;
}

// The phrasing of `language` or its nearest more general tag.
const model::Value* phrasing(const model::Model& model, const std::string& language) {
  for (std::string tag = language; !tag.empty(); tag = parent_language(tag))
    if (auto it = model.phrasing.find(tag); it != model.phrasing.end()) return &it->second;
  return nullptr;
}

std::string fill(std::string pattern, const std::string& key, const std::string& value) {
  // Past each value: a value holding the key (a name "{who}") is printed, not filled again.
  for (size_t at = 0; (at = pattern.find(key, at)) != std::string::npos; at += value.size())
    pattern.replace(at, key.size(), value);
  return pattern;
}

// A comparison phrase as tokens, the number's place marked by nullopt.
struct Pattern {
  Compare compare;
  std::vector<std::optional<std::string>> words;
  size_t number_at = 0;
};

std::vector<Pattern> patterns(const model::Model& model, const std::string& language) {
  std::vector<Pattern> out;
  for (Compare c : {Compare::Exactly, Compare::AtLeast, Compare::MoreThan, Compare::AtMost, Compare::FewerThan})
    for (const std::string& phrase : compare_phrases(model, language, c)) {
      const size_t at = phrase.find("{n}");
      if (at == std::string::npos) continue;
      Pattern p{c, {}, 0};
      for (const Token& t : tokenize(phrase.substr(0, at), language)) p.words.emplace_back(t.lower);
      p.number_at = p.words.size();
      p.words.emplace_back(std::nullopt);
      for (const Token& t : tokenize(phrase.substr(at + 3), language)) p.words.emplace_back(t.lower);
      if (p.words.size() > 1) out.push_back(std::move(p));  // "{n}" alone is the default
    }
  // The longest phrase that matches wins ("nicht mehr als {n}" over "mehr als {n}").
  std::stable_sort(out.begin(), out.end(),
                   [](const Pattern& a, const Pattern& b) { return a.words.size() > b.words.size(); });
  return out;
}

// Does the word at `at` start a sentence (or a line, a heading, a quote)?
bool sentence_start(std::string_view text, size_t at) {
  while (at > 0 && (text[at - 1] == ' ' || text[at - 1] == '*' || text[at - 1] == '_')) --at;
  if (at == 0) return true;
  const char before = text[at - 1];
  if (std::string_view(".!?:;\n(\"'").find(before) != std::string_view::npos) return true;
  // » « „ “ – — (UTF-8: their last byte after a lead byte 0xC2 or 0xE2 0x80).
  return at >= 2 &&
         (static_cast<unsigned char>(text[at - 2]) == 0xC2 || static_cast<unsigned char>(text[at - 2]) == 0x80);
}

}  // namespace

std::vector<Token> tokenize(std::string_view text, const std::string& language) {
  std::vector<Token> out;
  const auto* s = reinterpret_cast<const uint8_t*>(text.data());
  const auto length = static_cast<int32_t>(text.size());
  int32_t i = 0;
  while (i < length) {
    const int32_t start = i;
    UChar32 c = 0;
    U8_NEXT(s, i, length, c);
    // The comparison signs are words of their own ("<90" is "under 90").
    if (c == '<' || c == '>' || c == 0x2264 || c == 0x2265) {
      Token sign;
      sign.begin = static_cast<size_t>(start);
      sign.end = static_cast<size_t>(i);
      sign.lower = std::string(text.substr(sign.begin, sign.end - sign.begin));
      out.push_back(std::move(sign));
      continue;
    }
    if (c < 0 || !u_isalnum(c)) continue;
    int32_t end = i;
    while (end < length) {
      int32_t next = end;
      U8_NEXT(s, next, length, c);
      if (c < 0 || !u_isalnum(c)) break;
      end = next;
    }
    i = end;
    Token t;
    t.begin = static_cast<size_t>(start);
    t.end = static_cast<size_t>(end);
    const std::string_view word = text.substr(t.begin, t.end - t.begin);
    t.lower = to_lower(word, language);
    t.digits = std::all_of(word.begin(), word.end(), [](char ch) { return ch >= '0' && ch <= '9'; });
    if (t.digits && word.size() <= 9)
      t.number = std::stoll(std::string(word));
    else if (!t.digits && !(t.lower != word.substr(0, t.lower.size()) && !sentence_start(text, t.begin)))
      // A number word with a capital inside a sentence is a name or a
      // noun ("die Neun", "ein Elf", "the Seven Rings"), not a number.
      t.number = number_word(t.lower, language);
    out.push_back(std::move(t));
  }
  return out;
}

std::optional<long long> number_word(std::string_view lower_word, const std::string& language) {
  const auto& known = spellings(language).value_of;
  auto it = known.find(std::string(lower_word));
  if (it == known.end()) return std::nullopt;
  return it->second;
}

std::string spell_number(long long n, const std::string& language) {
  const Spellings& s = spellings(language);
  if (!s.format || n < 0 || n > kSpelledUpTo) return std::to_string(n);
  icu::UnicodeString out;
  UErrorCode status = U_ZERO_ERROR;
  static std::mutex mutex;  // a formatter is not thread-safe
  std::lock_guard lock(mutex);
  s.format->format(static_cast<int32_t>(n), out, status);
  if (U_FAILURE(status)) return std::to_string(n);
  std::string word;
  out.toUTF8String(word);
  return word;
}

std::vector<std::string> compare_phrases(const model::Model& model, const std::string& language, Compare c) {
  const model::Value* p = phrasing(model, language);
  return p ? phrases_of(p->find(id(c))) : std::vector<std::string>{};
}

bool has_phrasing(const model::Model& model, const std::string& language) { return phrasing(model, language); }

std::vector<std::string> negation_words(const model::Model& model, const std::string& language) {
  const model::Value* p = phrasing(model, language);
  std::vector<std::string> out;
  for (const std::string& w : phrases_of(p ? p->find("negations") : nullptr)) out.push_back(to_lower(w, language));
  return out;
}

namespace {

// "a|b|c" as its lower-case forms.
std::vector<std::string> forms_of(const std::string& alternatives, const std::string& language) {
  std::vector<std::string> out;
  for (size_t at = 0, bar; at <= alternatives.size(); at = bar + 1) {
    bar = std::min(alternatives.find('|', at), alternatives.size());
    if (bar > at) out.push_back(to_lower(alternatives.substr(at, bar - at), language));
  }
  return out;
}

}  // namespace

RankWords rank_words(const model::Model& model, const std::string& language) {
  const model::Value* p = phrasing(model, language);
  const model::Value* ranks = p ? p->find("ranks") : nullptr;
  RankWords out;
  if (!ranks) return out;
  if (const model::Value* ends = ranks->find("ends"))
    for (const auto& [key, forms] : ends->map)
      for (std::string& stem : forms_of(forms.scalar, language)) out.ends.emplace_back(std::move(stem), key);
  if (const model::Value* places = ranks->find("places"))
    for (const auto& [number, forms] : places->map) {
      int n = 0;
      for (char c : number) n = std::isdigit(static_cast<unsigned char>(c)) && n < 1000 ? n * 10 + (c - '0') : -1;
      if (n < 2) continue;  // the loader's schema says a place is a number; 1 is the end itself
      for (std::string& form : forms_of(forms.scalar, language)) out.places.emplace_back(std::move(form), n);
    }
  // Longest first: "höchst" before "höch", "second to" before "second".
  const auto longer = [](const auto& a, const auto& b) { return a.first.size() > b.first.size(); };
  std::stable_sort(out.ends.begin(), out.ends.end(), longer);
  std::stable_sort(out.places.begin(), out.places.end(), longer);
  return out;
}

PassiveWords passive_words(const model::Model& model, const std::string& language) {
  const model::Value* p = phrasing(model, language);
  const model::Value* passive = p ? p->find("passive") : nullptr;
  PassiveWords out;
  if (!passive) return out;
  for (const std::string& w : phrases_of(passive->find("auxiliaries")))
    out.auxiliaries.push_back(to_lower(w, language));
  for (const std::string& w : phrases_of(passive->find("agents"))) out.agents.push_back(to_lower(w, language));
  return out;
}

std::vector<std::string> conjunction_words(const model::Model& model, const std::string& language) {
  const model::Value* p = phrasing(model, language);
  std::vector<std::string> out;
  for (const std::string& w : phrases_of(p ? p->find("conjunctions") : nullptr)) out.push_back(to_lower(w, language));
  return out;
}

std::vector<OppositeWords> opposite_words(const model::Model& model, const std::string& language) {
  const model::Value* p = phrasing(model, language);
  const model::Value* pairs = p ? p->find("opposites") : nullptr;
  std::vector<OppositeWords> out;
  if (!pairs) return out;
  for (const auto& [key, pair] : pairs->map) {
    if (pair.list.size() != 2) continue;  // the loader said so
    OppositeWords o{key, {}};
    for (size_t side = 0; side < 2; ++side)
      for (size_t at = 0, bar; at <= pair.list[side].scalar.size(); at = bar + 1) {
        bar = std::min(pair.list[side].scalar.find('|', at), pair.list[side].scalar.size());
        if (bar > at) o.sides[side].push_back(to_lower(pair.list[side].scalar.substr(at, bar - at), language));
      }
    out.push_back(std::move(o));
  }
  return out;
}

std::string lower_case(std::string_view text, const std::string& language) { return to_lower(text, language); }

namespace {

// The counted nouns of a text's tokens (facts: nouns:, a form of one word or
// several: "victory tokens"), and the numbers the tokens state, with an
// article that counts one before such a noun ("a victory token") where the
// language's number words do not say so ("ein" is one in German's).
class CountedWords {
 public:
  CountedWords(const std::vector<Token>& tokens, const model::Model& model, const std::string& language,
               const FactSet& facts)
      : tokens_(tokens) {
    if (facts.nouns)
      for (const auto& [noun, forms] : facts.nouns->map)
        for (const std::string& form : facts.noun_forms(noun, language)) {
          std::vector<std::string> words;
          for (const Token& t : tokenize(form, language)) words.push_back(t.lower);
          if (!words.empty()) nouns_.emplace_back(std::move(words), noun);
        }
    // Longest first: "victory tokens" before "victory token".
    std::stable_sort(nouns_.begin(), nouns_.end(), [](const auto& a, const auto& b) {
      return a.first.size() != b.first.size() ? a.first.size() > b.first.size()
                                              : a.first.back().size() > b.first.back().size();
    });
    const model::Value* p = phrasing(model, language);
    one_ = phrases_of(p ? p->find("one") : nullptr);
  }

  // The noun whose form starts at token `i` (its last word inflected or
  // not), or "".
  std::string noun_at(size_t i) const {
    for (const auto& [words, noun] : nouns_) {
      if (i + words.size() > tokens_.size()) continue;
      bool match = true;
      for (size_t k = 0; k + 1 < words.size() && match; ++k) match = tokens_[i + k].lower == words[k];
      const std::string& last = tokens_[i + words.size() - 1].lower;
      const std::string& form = words.back();
      if (match && (last == form || (form.size() >= 4 && last.starts_with(form)))) return noun;
    }
    return {};
  }

  std::optional<long long> number_at(size_t i) const {
    if (tokens_[i].number) return tokens_[i].number;
    if (std::find(one_.begin(), one_.end(), tokens_[i].lower) == one_.end()) return std::nullopt;
    for (size_t k = i + 1; k < tokens_.size() && k <= i + 2; ++k)
      if (!noun_at(k).empty()) return 1;
    return std::nullopt;
  }

 private:
  const std::vector<Token>& tokens_;
  std::vector<std::pair<std::vector<std::string>, std::string>> nouns_;
  std::vector<std::string> one_;
};

}  // namespace

std::vector<Quantity> quantities(std::string_view text, const model::Model& model, const std::string& language,
                                 const FactSet& facts) {
  const std::vector<Token> tokens = tokenize(text, language);
  const std::vector<Pattern> known = patterns(model, language);
  const CountedWords counted(tokens, model, language, facts);
  const auto noun_at = [&](size_t i) { return counted.noun_at(i); };
  // Does pattern `p` match with its number at token `i`? `skip`: one noun
  // token stands between the number and the words after it ("7 cards or
  // more", "5 Karten oder mehr"). Returns one past its last token.
  auto match_at = [&](const Pattern& p, size_t i, size_t skip) -> std::optional<size_t> {
    if (i < p.number_at) return std::nullopt;
    const size_t first = i - p.number_at;
    if (first + p.words.size() + skip > tokens.size()) return std::nullopt;
    for (size_t k = 0; k < p.words.size(); ++k) {
      const size_t at = first + k + (k > p.number_at ? skip : 0);
      if (p.words[k] && tokens[at].lower != *p.words[k]) return std::nullopt;
    }
    return first + p.words.size() + skip;
  };
  std::vector<Quantity> out;
  for (size_t i = 0; i < tokens.size(); ++i) {
    const std::optional<long long> n = counted.number_at(i);
    if (!n) continue;
    Quantity q{*n, Compare::Exactly, tokens[i].begin, tokens[i].end, {}, tokens[i].digits};
    size_t after = i + 1;
    const bool noun_next = i + 1 < tokens.size() && !noun_at(i + 1).empty();
    for (const Pattern& p : known) {
      std::optional<size_t> end = match_at(p, i, 0);
      size_t skip = 0;
      if (!end && noun_next && p.number_at + 1 < p.words.size()) {
        end = match_at(p, i, 1);
        skip = 1;
      }
      if (!end) continue;
      q.compare = p.compare;
      q.begin = tokens[i - p.number_at].begin;
      q.end = tokens[*end - 1].end;
      after = *end;
      if (skip) q.noun = noun_at(i + 1);
      break;
    }
    // The noun it counts: the next word or the one after ("5 oder mehr
    // eigene Könige"); further on, a noun belongs to another phrase.
    for (size_t k = after; k < tokens.size() && k < after + 2 && q.noun.empty(); ++k) q.noun = noun_at(k);
    out.push_back(std::move(q));
  }
  return out;
}

namespace {

// A name a fact binds or ranks, in the game's language: the field as
// loaded (translated), else as the fact writes it.
std::string bound_name(const model::Game& game, const Fact& f) {
  const model::Value* field_v = f.get("field");
  const std::string path = field_v ? field_v->scalar : std::string("name");
  if (const model::Value* c = f.get("card"))
    if (const model::Card* card = game.card_definition(c->scalar)) {
      std::string v = text(game, *card, path);
      if (!v.empty()) return v;
    }
  if (const model::Value* d = f.get("deck"))
    if (const model::Deck* deck = game.deck(d->scalar)) return deck->name;
  if (const model::Value* e = f.get("entry")) {
    const auto dot = e->scalar.find('.');
    const model::Table* t = dot == std::string::npos ? nullptr : game.table(e->scalar.substr(0, dot));
    const model::TableEntry* entry = t ? t->find(e->scalar.substr(dot + 1)) : nullptr;
    if (entry && !entry_text(*entry, path).empty()) return entry_text(*entry, path);
  }
  return f.name;
}

std::string ranked_name(const model::Game& game, const Fact& f, const std::string& item) {
  if (const model::Value* t = f.get("table"))
    if (const model::Table* table = game.table(t->scalar))
      if (const model::TableEntry* e = table->find(item); e && !entry_text(*e, "name").empty())
        return entry_text(*e, "name");
  return item;
}

// `items` as the language lists them ("Vernio und Sinhara", "A, B, and C"):
// ICU's list patterns, so a new language needs no rule here.
std::string listed(const std::vector<std::string>& items, const std::string& language) {
  std::vector<icu::UnicodeString> u;
  u.reserve(items.size());
  for (const std::string& i : items) u.push_back(icu::UnicodeString::fromUTF8(i));
  UErrorCode status = U_ZERO_ERROR;
  std::unique_ptr<icu::ListFormatter> format(icu::ListFormatter::createInstance(icu::Locale(language.c_str()), status));
  icu::UnicodeString joined;
  if (U_SUCCESS(status) && format) format->format(u.data(), static_cast<int32_t>(u.size()), joined, status);
  std::string out;
  if (U_SUCCESS(status) && format) return joined.toUTF8String(out);
  for (const std::string& i : items) out += (out.empty() ? "" : ", ") + i;
  return out;
}

}  // namespace

const SaySentence* effect_sentence_source(const model::Game& game, const Fact& f, const std::string& name,
                                          std::vector<SaySentence>& sentences) {
  sentences = say_sentences(f);
  for (std::string tag = game.language; !tag.empty(); tag = parent_language(tag))
    for (const SaySentence& s : sentences)
      if (s.name == name && s.language == tag) return &s;
  return nullptr;
}

// Each {role} is replaced by the role's names, listed; {role:case} by their
// forms of that case where facts: cases: declares them (a proper name keeps
// its one form).
std::optional<std::string> effect_sentence(const model::Game& game, const FactSet& facts, const Fact& f,
                                           const std::string& name) {
  std::vector<SaySentence> sentences;
  const SaySentence* chosen = effect_sentence_source(game, f, name, sentences);
  if (!chosen) return std::nullopt;
  const std::string& sentence = chosen->sentence->scalar;
  std::string out;
  size_t copied = 0;
  for (const SaySlot& slot : say_slots(sentence)) {
    const auto role = std::find_if(f.roles.begin(), f.roles.end(), [&](const auto& r) { return r.first == slot.role; });
    if (role == f.roles.end()) continue;  // reported by read_facts; prints as written
    std::vector<std::string> names;
    for (const std::string& id : role->second) {
      std::optional<std::string> form;
      if (!slot.grammatical_case.empty()) form = case_form(facts, id, game.language, slot.grammatical_case);
      if (form && !form->empty())
        names.push_back(*form);
      else if (auto item = role_item(game, facts, id); item && !item->names.empty())
        names.push_back(item->names.front());
    }
    out += sentence.substr(copied, slot.begin - copied);
    std::string listed_names = listed(names, game.language);
    // A sentence that opens with a slot opens with a capital ("Den Tod hält
    // sie nicht fest" from the form "den Tod"): ICU's title case of the first
    // letter, so the rule is the script's, not a language's.
    if (slot.begin == 0 && !listed_names.empty()) {
      icu::UnicodeString u = icu::UnicodeString::fromUTF8(listed_names);
      const int32_t first = u.moveIndex32(0, 1);
      icu::UnicodeString head(u, 0, first);
      head.toTitle(nullptr, icu::Locale(game.language.c_str()));
      listed_names.clear();
      (head + icu::UnicodeString(u, first)).toUTF8String(listed_names);
    }
    out += listed_names;
    copied = slot.end;
  }
  return out + sentence.substr(copied);
}

namespace {}  // namespace

void add_fact_values(const model::Model& model, const model::Game& game, RuleValues& out) {
  const FactSet facts = read_facts(game);
  const std::string& lang = game.language;
  const model::Value* p = phrasing(model, lang);
  for (const Fact& f : facts.facts) {
    const std::string key = "fact." + f.id;
    switch (f.kind) {
      case FactKind::Count:
      case FactKind::Points:
      case FactKind::Deal: {
        const long long n = *f.value;
        out[key + ".n"] = std::to_string(n);
        out[key + ".word"] = spell_number(n, lang);
        std::vector<std::string> phrases = compare_phrases(model, lang, f.compare);
        // Without a phrase, only an exact number can be written.
        if (phrases.empty() && f.compare == Compare::Exactly) phrases = {"{n}"};
        if (phrases.empty()) break;
        out[key] = fill(phrases.front(), "{n}", std::to_string(n));
        out[key + ".words"] = fill(phrases.front(), "{n}", spell_number(n, lang));
        break;
      }
      case FactKind::Players: {
        out[key + ".min"] = std::to_string(*f.min);
        out[key + ".max"] = std::to_string(*f.max);
        if (*f.min == *f.max) {
          out[key] = std::to_string(*f.min);
          break;
        }
        const auto range = p ? phrases_of(p->find("range")) : std::vector<std::string>{};
        if (!range.empty())
          out[key] = fill(fill(range.front(), "{min}", std::to_string(*f.min)), "{max}", std::to_string(*f.max));
        break;
      }
      case FactKind::Binding:
        out[key] = bound_name(game, f);
        break;
      case FactKind::Ranking: {
        const model::Value* sep = p ? p->find("ranking") : nullptr;
        std::string names;
        for (const std::string& item : f.order)
          names += (names.empty() ? "" : sep ? sep->scalar : std::string(" › ")) + ranked_name(game, f, item);
        out[key] = names;
        break;
      }
      case FactKind::Effect:
        // Only an effect with a sentence in the language prints: the
        // others are stated in claimed sentences.
        if (std::optional<std::string> sentence = effect_sentence(game, facts, f, "")) out[key] = std::move(*sentence);
        // Its named sentences print as {{fact.<id>.<name>}}.
        for (const SaySentence& s : say_sentences(f))
          if (!s.name.empty() && !out.count(key + "." + s.name))
            if (std::optional<std::string> sentence = effect_sentence(game, facts, f, s.name))
              out[key + "." + s.name] = std::move(*sentence);
        break;
    }
  }
}

}  // namespace kw::rules
