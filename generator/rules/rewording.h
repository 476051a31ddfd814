#pragma once
// A claimed rule sentence reworded (README: Rule facts, "Reworded claims").
// When a claim's words are no longer in its text, the sentence that took
// their place may say the same in other words ("Der Ring schlägt dann
// sogar den Balrog") or something else ("auch dann schlägt der Balrog den
// Ring"). What the words of an effect mean is not modelled, so this judges
// by what a rewording keeps and a mistake changes:
//  - negation: negated as often, give or take a double negation ("in
//    keinem Solo" is not "in jedem Solo");
//  - opposites: a word is not swapped for its opposite, and two opposites
//    both named keep their order ("die zuerst gespielte", "die größte statt
//    der kleinsten");
//  - names: the game's names both texts name keep their order (who beats
//    whom), and a name is not replaced by another;
//  - other facts: the sentence does not take another card's claimed words
//    (the Sonnenfinsternis's "auf deine Hand" on the Blutmond).
// The word lists are each language's `phrasing:` (data/phrasing.yaml).
#include <optional>
#include <string>
#include <vector>

#include "model/model.h"

namespace kw::rules {

struct ClaimedWords {
  std::string fact, says, card;
};

struct RewordingContext {
  std::string language;
  std::vector<std::string> negations;                        // lower case
  std::vector<std::pair<std::string, std::string>> opposites;  // lower case
  std::vector<std::string> names;                            // the game's names in the language
  std::vector<ClaimedWords> claims;                          // every claim of the game's texts
};

RewordingContext rewording_context(const model::Model& model, const model::Game& game,
                                   std::vector<ClaimedWords> claims, std::vector<std::string> names);

// How much of `claimed`'s content words `sentence` has, 0 to 1.
double shared_words(const std::string& claimed, const std::string& sentence, const std::string& language);

// Why `sentence` does not say what `claimed` (a claim of fact `fact` on
// `card`) said, or nullopt when it may be a rewording of it.
std::optional<std::string> changed_meaning(const std::string& claimed, const std::string& sentence,
                                           const std::string& fact, const std::string& card,
                                           const RewordingContext& context);

}  // namespace kw::rules
