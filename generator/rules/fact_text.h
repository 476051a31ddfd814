#pragma once
// Rule facts in words (README: Rule facts): how a language writes what a
// fact states, and how a text that states a quantity is read back.
//  - Number words come from ICU's spellout rules of the language (every
//    cardinal rule set, so German "einem", "zwei", "elf" all read), so any
//    language ICU knows reads and writes its own numbers with no table here.
//  - Comparisons are the language's `phrasing:` (data/phrasing.yaml): "{n}
//    oder mehr", "mehr als {n}", ...; the first phrase of each is how a fact
//    is written, all of them are how a text is read.
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/model.h"
#include "rules/facts.h"
#include "rules/rules.h"

namespace kw::rules {

// A word of a text: a run of letters or digits, with its byte span.
struct Token {
  std::string lower;  // lower-cased in the text's language
  size_t begin = 0, end = 0;
  std::optional<long long> number;  // its value: digits, or a number word of the language
  bool digits = false;
};
std::vector<Token> tokenize(std::string_view text, const std::string& language);

// The number a word spells in `language` ("elf" -> 11, "Twelve" -> 12), for
// 0..1000; nullopt when it is none. Thread-safe.
std::optional<long long> number_word(std::string_view lower_word, const std::string& language);
// `n` in words ("fünf"), or digits when ICU has no spellout for the language.
std::string spell_number(long long n, const std::string& language);

// The phrases a language gives a comparison (first: how to write it); empty
// when the model has no phrasing for the language (or a more general one).
std::vector<std::string> compare_phrases(const model::Model& model, const std::string& language, Compare c);
bool has_phrasing(const model::Model& model, const std::string& language);
// The phrasing's word lists: `negations` (lower case), `opposites` (pairs).
std::vector<std::string> negation_words(const model::Model& model, const std::string& language);
struct OppositeWords {
  std::string key;                                // the same in every language ("first_last")
  std::array<std::vector<std::string>, 2> sides;  // lower-case forms of each side
};
std::vector<OppositeWords> opposite_words(const model::Model& model, const std::string& language);
// Ordinal places: `ends` the lower-case stems a place counts from, each
// with the key every language shares ("höchst" -> highest); `places` the
// lower-case words of how far ("dritt" -> 3, "second to" -> 2).
struct RankWords {
  std::vector<std::pair<std::string, std::string>> ends;  // stem, key
  std::vector<std::pair<std::string, int>> places;        // form, place
};
RankWords rank_words(const model::Model& model, const std::string& language);
// The words of a passive clause: an auxiliary ("wird", "is") and the word
// before its doer ("vom", "by"), lower case.
struct PassiveWords {
  std::vector<std::string> auxiliaries, agents;
};
PassiveWords passive_words(const model::Model& model, const std::string& language);
// The words that join two names sharing a part ("oder", "and"), lower case.
std::vector<std::string> conjunction_words(const model::Model& model, const std::string& language);
// `text` in lower case by the rules of `language`.
std::string lower_case(std::string_view text, const std::string& language);

// A number a text states and what bounds it: "5 oder mehr Königen".
struct Quantity {
  long long n = 0;
  Compare compare = Compare::Exactly;
  size_t begin = 0, end = 0;  // the bytes of the number with its comparison
  std::string noun;           // the noun (of `nouns`) that follows it, if any
  bool digits = false;
};
// Every number of `text` with its comparison; `facts` gives the nouns to
// recognise after it.
std::vector<Quantity> quantities(std::string_view text, const model::Model& model, const std::string& language,
                                 const FactSet& facts);

// The texts {{fact.<id>…}} prints in the game's language, keyed
// "fact.<id>" (the fact in words with digits), "fact.<id>.words" (with the
// number in words), "fact.<id>.n", "fact.<id>.word", "fact.<id>.min",
// "fact.<id>.max" (numbers); a binding prints its name, a ranking its
// names, highest first; an effect its say: sentence ("fact.<id>", and
// "fact.<id>.<name>" for a named one).
void add_fact_values(const model::Model& model, const model::Game& game, RuleValues& out);

// Effect `f`'s say: sentence `name` (empty: the default one) in the game's
// language or its nearest more general one, its slots filled with the
// roles' names; nullopt when it has none there.
std::optional<std::string> effect_sentence(const model::Game& game, const FactSet& facts, const Fact& f,
                                           const std::string& name);
// The say: sentence effect_sentence reads: nullptr when none.
const SaySentence* effect_sentence_source(const model::Game& game, const Fact& f, const std::string& name,
                                          std::vector<SaySentence>& sentences);

}  // namespace kw::rules
