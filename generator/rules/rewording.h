#pragma once
// What a rule text states, as far as its words tell, and whether another
// wording of it states the same (README: Rule facts; Translations, "What a
// translation states").
//
// What the words of an effect mean is not modelled, so two wordings are
// compared by what a rewording keeps and a mistake changes:
//  - numbers: the same quantities with their comparisons, in digits or
//    words, whole-number bounds in closed form ("mehr als vier" is
//    "mindestens fünf"); a printed {{fact.…}} or {{rules.…}} counts as the
//    value it prints; "one" is left out (it is an article as often); a
//    number added that a fact states is no change ("jeder zieht 3 Monde");
//  - negation: negated as often, give or take a double negation ("in
//    keinem Solo" is not "in jedem Solo");
//  - opposites: a word is not swapped for its opposite, and two opposites
//    both named keep their order ("die zuerst gespielte", "die größte statt
//    der kleinsten");
//  - names: the game's names both texts name keep their order (who beats
//    whom), a name is not replaced by another, and a list of names does
//    not lose one ("Vernio und Sinhara" -> "nur Vernio");
//  - terms: the game's words for its things (its facts' nouns and terms)
//    are not swapped ("die Brücke" for "die Energie") and keep what each
//    clause says of them;
//  - ordinal places: "die dritthöchste Karte" stays the third from the
//    highest.
// A part two names share and one of them leaves out is read whole: "Voll-
// oder Sichelmond" names the Vollmond, "Full or Crescent Moon" the Full Moon.
// Across languages (a translation against its source) the numbers and the
// opposites and the ordinal places count, each by the key both languages
// give it (a translator words the terms as the sentence needs: "mit
// offenen Karten" is "with his hand face up"). The word lists are each language's `phrasing:`
// (data/phrasing.yaml); the terms are the game's (facts: nouns:, terms:).
#include <array>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "model/model.h"
#include "rules/fact_text.h"
#include "rules/facts.h"
#include "rules/rules.h"

namespace kw::rules {

struct ClaimedWords {
  std::string fact, says, card;
};

// What a language and a game give the comparison.
struct Wording {
  const model::Model* model = nullptr;
  const FactSet* facts = nullptr;
  std::string language;
  std::vector<std::string> negations;  // lower case
  std::vector<OppositeWords> opposites;
  RankWords ranks;
  std::vector<std::string> conjunctions;
  PassiveWords passive;
  std::vector<std::pair<std::string, std::vector<std::string>>> terms;  // key, lower-case forms
  std::set<std::string> proper_terms;   // the keys of facts: terms: (not nouns): what a name may be swapped for
  std::vector<std::string> names;       // the game's names in the language
  RuleValues values;                    // what {{rules.…}} and {{fact.…}} print
  std::set<long long> printed_numbers;  // the numbers the rules values print (in digits)
  std::vector<ClaimedWords> claims;     // every claim of the game's texts
  // The case forms facts: cases: gives a name in the language: name ->
  // (case, the form's lower-case words). A clause that marks two names by
  // case ("Dem Drachen raubt der Ritter …") says who does what by case, not
  // by order.
  std::map<std::string, std::vector<std::pair<std::string, std::vector<std::string>>>> name_cases;
};

// `text` with each part a name shares with the next left out written whole
// ("Voll- oder Sichelmond" -> "Vollmond oder Sichelmond", "Full or Crescent
// Moon" -> "Full Moon or Crescent Moon"), where the whole is one of `names`.
std::string joined_parts(const std::string& text, const std::vector<std::string>& names,
                         const std::vector<std::string>& conjunctions);

// `names`: the game's names in its language; `claims`: its texts' claims.
Wording wording(const model::Model& model, const model::Game& game, const FactSet& facts,
                std::vector<ClaimedWords> claims = {});

// `text` with each {{rules.…}} and {{fact.…}} replaced by what it prints.
std::string printed_text(std::string text, const RuleValues& values);
// ... and where it printed the bare number of a fact with a comparison
// ({{fact.limit.n}} prints "6" of "at most 6").
struct PrintedNumber {
  size_t begin = 0, end = 0;
  Compare compare = Compare::Exactly;
  bool loose = false;  // a {{rules.…}} value: its comparison is in the words around it, if anywhere
};
std::string printed_text(std::string text, const RuleValues& values, const FactSet* facts,
                         std::vector<PrintedNumber>* numbers);

// What a text states, as far as its words tell. Orders are read within a
// clause (between commas, full stops, colons, dashes), so sentences or
// clauses put the other way round ("Sinhara nicht, Vernio bleibt
// verschont") keep them.
struct Meaning {
  std::vector<std::pair<long long, Compare>> numbers;  // sorted, closed bounds
  std::vector<std::pair<long long, Compare>> backed;   // those a fact states (its number, comparison and noun)
  std::vector<long long> loose;                        // printed bare by a {{rules.…}}: its comparison unknown
  size_t negations = 0;
  struct Opposite {
    std::array<std::string, 2> word;                                // the first word found of each side ("" when none)
    bool first_before_second = false, second_before_first = false;  // within one clause
    std::array<size_t, 2> count{};                                  // how often each side is said
  };
  std::map<std::string, Opposite> opposites;                     // by key
  std::vector<std::string> names;                                // sorted
  std::vector<std::pair<std::string, std::string>> name_orders;  // named one before the other in a clause
  std::vector<std::pair<std::string, std::string>>
      name_lists;  // named next to each other in a list ("X und Y", "X, Y")
  // What each clause that names one name says of it: its other words.
  struct Role {
    std::string name;
    std::vector<std::string> words;  // sorted, lower case, four letters or more
  };
  std::vector<Role> roles;
  // What each clause that says one side of an opposite says with it.
  struct OppositeRole {
    std::string key;
    size_t side = 0;
    std::string word;                // the side's word found
    std::vector<std::string> words;  // sorted, lower case, four letters or more, the opposite left out
  };
  std::vector<OppositeRole> opposite_roles;
  // Ordinal places: the end counted from (by its shared key) and how far.
  struct Rank {
    std::string end;
    int place = 1;
    std::string word;  // as written
    bool operator<(const Rank& o) const { return std::tie(end, place) < std::tie(o.end, o.place); }
  };
  std::vector<Rank> ranks;  // sorted
  // The game's terms, by key, as the names above.
  std::vector<std::string> terms;
  std::map<std::string, std::string> term_words;  // key -> the first form found
  std::vector<std::pair<std::string, std::string>> term_lists;
  std::vector<std::string> proper_terms;  // the terms found that are things of the game, not counted nouns (sorted)
  std::vector<Role> term_roles;
};
Meaning meaning_of(const std::string& text, const Wording& w);

// How `after` states something else than `before`, or nullopt when it may
// be a rewording. `same_language`: also compare negations and names.
// `added_numbers`: a number `after` adds that no fact states is a change
// too (else only a number said in the place of another).
std::optional<std::string> meaning_changed(const Meaning& before, const Meaning& after, bool same_language,
                                           bool added_numbers);

// Does `text` hold `words` as they are, or with its numbers written the
// other way ("4 Punkte" holds "vier Punkte")?
bool holds_words(const std::string& text, const std::string& words, const std::string& language);

// How much of `claimed`'s content words `sentence` has, 0 to 1.
double shared_words(const std::string& claimed, const std::string& sentence, const std::string& language);

// Why `sentence` does not say what `claimed` (a claim of fact `fact` on
// `card`) said, or nullopt when it may be a rewording of it: its meaning
// changed, or it takes another card's claimed words (the Sonnenfinsternis's
// "auf deine Hand" on the Blutmond).
std::optional<std::string> changed_meaning(const std::string& claimed, const std::string& sentence,
                                           const std::string& fact, const std::string& card, const Wording& w);

}  // namespace kw::rules
