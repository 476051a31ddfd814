#pragma once
// Palantír's simulator: whole sessions played from the loaded game (its
// playing cards, their points and specials, a variant's deal and Lembas
// rule), by the rule text: the deal in packets, the Vorbehalte (Solo,
// Kapitulation, Unterwerfung, Bündnis, in the text's order of precedence),
// announcements (Ansage, Absage), play with legal-move checks, the
// Siegesmarker and Lembas rounds. Every round is replayed and checked
// independently of the code that played it (verify_round). The players
// follow simple, seeded strategies (see palantir_simulation.cpp).
// Readings where the text is silent: docs/games/palantir.md.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/enum_names.h"
#include "model/model.h"
#include "rules/palantir.h"
#include "rules/simulation.h"

namespace kw::rules::palantir {

// One physical playing card of the loaded deck.
struct SimCard {
  CardKey key;
  int points = 0;    // the data's class points
  bool eye = false;  // carries Saurons Auge (`special: sauronsauge`)
  std::string id;    // the card's id, for messages
};

// What the simulator plays with, read from the game and its variant.
struct SimDeck {
  std::vector<SimCard> cards;
  std::vector<int> deal;            // packets per player in dealing order (3-3-3-3; Scharfes Spiel 3-4-3)
  int hand = 0;                     // cards per player = tricks per round
  int points_total = 0;             // of all cards
  std::vector<Region> lembas_fehl;  // variant: all of this region's Fehl in one trick makes a Lembas round
};
// Throws SimulationError when the data cannot be played (the deck or its
// tables contradict the rules: `check` says where).
SimDeck sim_deck(const model::Model& model, const model::Game& game);

// The game a round is played as, after the Vorbehalte.
enum class RoundKind : uint8_t {
  Standard,         // the eyes' holders against the others
  Unterwerfung,     // the declarer and the one who took the trumps, as Saurons-Auge team
  Buendnis,         // both eyes in one hand, declared: the first trick won by another names the partner
  StillesBuendnis,  // both eyes in one hand, kept quiet: alone against three
  Solo,             // a declared solo (the contract says which)
};
inline constexpr EnumNames<RoundKind, 5> kRoundKindNames{{
    {RoundKind::Standard, "standard"},
    {RoundKind::Unterwerfung, "unterwerfung"},
    {RoundKind::Buendnis, "buendnis"},
    {RoundKind::StillesBuendnis, "stilles-buendnis"},
    {RoundKind::Solo, "solo"},
}};
inline std::string_view kind_id(RoundKind k) { return name_of(kRoundKindNames, k, "standard"); }

struct SimTrick {
  int leader = 0;                  // position 0..3 (0: left of the dealer)
  std::array<uint8_t, 4> cards{};  // deck indices in play order
  int winner = 0;                  // position
  int points = 0;
};

// One round, everything in positions 0..3 counted clockwise from the
// player left of the dealer (who leads first); in a five-player session the
// dealer sits out and is not among them.
struct SimRound {
  uint64_t seed = 0;
  int kapitulationen = 0;                     // hands thrown in before this deal
  std::vector<uint8_t> shuffled;              // the deck's order as dealt
  std::array<std::vector<uint8_t>, 4> dealt;  // by position
  std::array<std::vector<uint8_t>, 4> hands;  // as played (after an Unterwerfung's exchange)
  RoundKind kind = RoundKind::Standard;
  Contract contract;
  int declarer = -1;                       // Solo, Unterwerfung, Bündnis: who declared
  int partner = -1;                        // Unterwerfung: who took the trumps; Bündnis: who was named
  std::vector<uint8_t> offered, returned;  // Unterwerfung: the trumps given, the cards given back
  bool rings_united = false;               // both Mordor-Artefakte in one hand (matters outside solos)
  std::array<bool, 4> re{};                // on the Saurons-Auge team (solos: the soloist)
  std::array<bool, 2> ansage{};            // [re, contra]: announced their side
  std::array<int, 2> absage{};             // [re, contra]: thresholds announced (0..4: <90 <60 <30 0)
  std::vector<SimTrick> tricks;
  std::array<int, 4> points{};  // card points taken, per position
  // Scoring.
  int winner = -1;             // 0: re (Saurons Auge / soloist), 1: contra (Gefährten), -1: nobody
  int value = 0;               // markers the re side gains (negative: loses), Lembas doubling included
  std::array<int, 4> score{};  // per position; sums to 0
  bool lembas = false;         // this round counted double
  bool lembas_next = false;    // it makes the next round a Lembas round
  // Markers by kind, for the figures: [re, contra].
  std::array<int, 2> blutbad{}, ring{}, eowyn{}, solo{};
};

// Deals, declares, plays and scores one round. `lembas`: this round counts double.
SimRound play_sim_round(const SimDeck& deck, uint64_t seed, bool lembas);
// The round's violations of the rules, found by replaying it against the
// deck and the rank lists: the deal's packets, every card once, legal plays,
// trick winners, points, teams, winner, markers and a zero-sum score.
std::vector<std::string> verify_sim_round(const SimDeck& deck, const SimRound& r);

// `kartenwerk simulate --game palantir`: sessions (a set of 4 rounds, 5 with
// five players, so every seat deals once) for 4 and 5 players.
SimulationReport simulate_report(const model::Model& model, const model::Game& game, const SimulationOptions& options);

}  // namespace kw::rules::palantir
