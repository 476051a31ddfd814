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
#include <utility>
#include <vector>

#include "model/model.h"
#include "rules/rules.h"
#include "rules/simulation.h"

namespace kw::rules::monddaemmerung {

inline constexpr std::string_view kRulesId = "monddaemmerung";

void check(const model::Model& model, const model::Game& game, Diagnostics& out);
// The declared rule facts (facts: rules:) against the rules' numbers.
void check_facts(const model::Game& game, Diagnostics& out);
// What the texts say about the rules, in the language the game is loaded in:
// each moon's `effect` says its action; numbers on Der Allereinzigste are
// its bonus.
void check_texts(const model::Model& model, const model::Game& game, Diagnostics& out);
// The words its text checks read, as (translation id, German): a translation
// gives them in its language (i18n catalogs them).
std::vector<std::pair<std::string, std::string>> words();
// Plays whole games from the data (monddaemmerung_play.cpp).
SimulationReport simulate_report(const model::Model& model, const model::Game& game, const SimulationOptions& options);

// What a moon does, as the moons table's `action` names it.
enum class Action { None, ChooseTrump, TakeFromHand, ShareHands, ReverseOrder, RemovePlayed, TakePlayed };
Action action_named(const std::string& id);  // None when unknown
// The action the rule text gives each moon kind (index as in moons()).
std::string_view rule_action(size_t moon);

// The rules' numbers (`game.meta.play`; the rule text's values where the
// data leaves them out).
struct PlayFacts {
  int min_players = 3, max_players = 5;  // "für 3-5 Personen"
  int hand = 7;                          // "Jeder Spieler erhält 7 Karten"
  int cards_per_round = 2;               // "bis jeder zwei gespielt hat"
  int allereinzigster_bonus = 5;         // "erhält 5 Punkte dazu"
};
PlayFacts play_facts(const model::Game& game);

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
