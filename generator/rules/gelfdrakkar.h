#pragma once
// Gelfdrakkar (Zuul, 1997; rules: gelfdrakkar, see docs/games/gelfdrakkar.md).
// The rules' card list (names, counts, points), the four peoples with ranks
// A1-E5, the order of the highest cards, and the point totals. The rules
// claim 551 points in play; their own list sums to 431 (exactly one point
// per card less): the check reports this as a warning that explains both
// numbers, since the deck follows the list and only the claim disagrees.
//
// The data names each card (`name`) and its group (`group`, a table id:
// goetter, heilige, kerker, tod, hohe-drachen, gelflinge, elfen, drachen,
// menschen, zwerge, gnome, nullkarten); people cards carry `rank` (A1-E5);
// every card carries the `points` it shows; `sex` (m/w) is checked when set.
#include <string>
#include <string_view>
#include <vector>

#include "model/model.h"
#include "rules/rules.h"
#include "rules/simulation.h"

namespace kw::rules::gelfdrakkar {

inline constexpr std::string_view kRulesId = "gelfdrakkar";

void check(const model::Model& model, const model::Game& game, Diagnostics& out);
// The declared rule facts (facts: rules:) against the rules' numbers.
void check_facts(const model::Game& game, Diagnostics& out);
// Plays whole rounds from the data (gelfdrakkar_play.cpp).
// The ids of the card definitions the play model plays as `kind_key`
// ("vernio", "sinhara", "tod", "helfer", ...), by their names as the rules
// list them.
std::vector<std::string> cards_of_kind(const model::Game& game, std::string_view kind_key);

SimulationReport simulate_report(const model::Model& model, const model::Game& game, const SimulationOptions& options);

// How the cards are dealt to a number of players (`game.meta.play.deals`).
struct Deal {
  int players = 0;
  int hand = 0;             // cards each
  int stock = 0;            // cards left over, face down
  bool null_cards = false;  // the 4 Nullkarten join the deck
  SourceLoc loc;
};
// The rules' numbers as the data gives them: "geeignet für 4-8 Spieler",
// a deal per player count.
struct PlayFacts {
  int min_players = 4, max_players = 8;
  std::vector<Deal> deals;
  const Deal& deal_for(int players) const;  // throws SimulationError when there is none
};
// Throws SimulationError when `game.meta.play` cannot be read.
PlayFacts play_facts(const model::Game& game);
inline constexpr int kMinPlayers = 4, kMaxPlayers = 8;  // "geeignet für 4-8 Spieler"
inline constexpr int kNullCardPlayers = 7;              // "4 Nummerkarten (nur bei 7 Mitspielern)"
inline constexpr int kLetzteDameBonus = 20;             // her last trick: "20 Punkte gutgeschrieben"
inline constexpr int kWaldherrForVernio = 7;            // "ab 7 Spielern" he plays for Vernio

// One line of the rules' card list.
struct Listed {
  std::string_view name;   // as the card names it
  std::string_view group;  // the groups table id
  int count = 1;
  int points = 0;
  int male = -1;  // how many are male (-1: not stated)
};
// The named cards (Vernio ... Der Helfer), then the Nullkarten.
const std::vector<Listed>& listed_cards();
struct People {
  std::string_view group;  // drachen, menschen, zwerge, gnome
  std::string_view title;  // "Die Windkrallen" ...
  int points = 0;
};
const std::vector<People>& peoples();
inline constexpr int kRanksPerPeople = 25;  // A1-E5
inline constexpr int kCardsInPlay = 120;    // without the 4 Nullkarten
inline constexpr int kClaimedPoints = 551;  // "Im Spiel befinden sich insgesamt 551 Punkte"

// The sum of the rules' own list (431) and its card count (120 + 4 Nullkarten).
int listed_points();
int listed_count(bool with_null_cards);

// "A1".."E5" -> 0..24 in strength order (E1 weakest ... A5 strongest:
// A above B ... above E, within a letter the higher number); -1 if malformed.
int rank_strength(std::string_view rank);
// All 25 ranks, strongest first: A5, A4, ..., E1.
std::vector<std::string> rank_order();
// "Die drei Höchsten Karten in Ihrer Reihenfolge": Vernio, Tod, Sinhara.
const std::vector<std::string_view>& highest_cards();

}  // namespace kw::rules::gelfdrakkar
