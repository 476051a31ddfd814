#pragma once
// Monddämmerung, Version 4.0 (rules: monddaemmerung, see docs/games/monddaemmerung.md).
// 64 cards: four colours (gelb Götter, rot Elemente, gruen Natur, blau
// Phantome) with 18 numbered cards each — a card with two colours counts in
// both, so every colour holds the numbers 1-18 exactly once — and one
// special card, Der Allereinzigste, which is never played. Moons come in six
// kinds (Vollmond, Leermond, Halbmond, Sichelmond, Blutmond,
// Sonnenfinsternis); Der Allereinzigste carries none (it is never played,
// so its moon could never act).
//
// The data: tables `colours` and `moons` with those ids; cards with
// `colours` (a list of colour ids), `number`, `moon`, and
// `special: allereinzigster` for the special card.
#include <string>
#include <string_view>
#include <vector>

#include "model/model.h"
#include "rules/rules.h"

namespace kw::rules::monddaemmerung {

inline constexpr std::string_view kRulesId = "monddaemmerung";

void check(const model::Model& model, const model::Game& game, Diagnostics& out);

inline constexpr int kCards = 64;
inline constexpr int kNumbersPerColour = 18;
const std::vector<std::string>& colours();  // gelb, rot, gruen, blau
const std::vector<std::string>& moons();    // the six kinds
inline constexpr std::string_view kSpecial = "allereinzigster";
// 64 cards - 1 special = 63 numbered cards; 4 x 18 = 72 memberships, so
// 72 - 63 = 9 cards carry two colours (when none carries three).
inline constexpr int kNumberedCards = kCards - 1;
inline constexpr int kTwoColouredCards = 4 * kNumbersPerColour - kNumberedCards;

}  // namespace kw::rules::monddaemmerung
