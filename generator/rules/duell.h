#pragma once
// Das Duell — Gandalf gegen den Balrog (rules: duell).
// The deck's structure (27 cards per side, 4 rows per edge, 21 shared edge
// patterns, one trance per side, the named specials) and a duel simulator
// that reports balance figures.
//
// Reading of the rules text (summarised in docs/games/duell.md):
//  - Cards lie in a row, each new card to the right of the last. When a card
//    is placed, the previous card's right edge (attack) meets the new card's
//    left edge (defence), row by row: points in both cancel; a point on one
//    side only costs the *other* card's owner one energy. So every card's
//    left edge is scored when it is played and its right edge when it is
//    answered.
//  - A duel: 9 cards each, the starter plays first, then turns alternate.
//    It ends when both have 3 cards left, or when a token reaches the
//    negative region (below 0) — unless both tokens share a negative space
//    and someone still holds more than 3 cards: then play goes on until one
//    is further down or both hold 3. The higher token wins; a tie loses for
//    the duel's starter. The winner climbs 1 step for 0-2 free spaces
//    between the tokens, 2 for 3-4, 3 for 5 or more. Kept cards: 3 each
//    (more: the player chooses 3, the rest leave the game).
//  - Duels 2 and 3: the loser of the last duel chooses the starter. Reaching
//    the top step after duel 2 or 3 wins at once. The final uses the 9 kept
//    cards, starts on the final start space, and ends on a negative token or
//    when all cards are played (the negative-tie rule applies with 0 cards
//    as the limit). The higher piece wins; on equal steps the final's winner.
//  - Energy never goes below the board's lowest space (the negative floor)
//    and effects never lift it above the start space.
//  - Special texts are simulated for the two that only move energy tokens:
//    Gleichgewicht (Gandalf; by the tokens) and Macht (Balrog; by the bridge),
//    after the blow is scored and only if the duel goes on; a loss that would
//    take a token below 0 is not applied. The other specials (information,
//    hand and replay effects) count by their strength points only.
//  - Players choose uniformly at random among their legal choices.
#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "model/model.h"
#include "rules/rules.h"

namespace kw::rules::duell {

inline constexpr std::string_view kRulesId = "duell";

// Checks the deck and, when it is sound, adds a note with balance figures
// from simulated games.
void check(const model::Model& model, const model::Game& game, Diagnostics& out);

enum class Side : uint8_t { Gandalf, Balrog };
std::string_view id(Side s);    // "gandalf", "balrog" (the sides table's ids)
std::string_view name(Side s);  // "Gandalf", "Balrog"
inline Side other(Side s) { return s == Side::Gandalf ? Side::Balrog : Side::Gandalf; }

struct Facts {
  int rows = 4;  // per edge
  int cards_per_side = 27;
  int shared_cards = 21;  // same edges on both sides (including the trance)
  int specials_per_side = 6;
  int trance_per_side = 1;
  int hand = 9;  // cards per duel
  int played_per_duel = 6;
  int kept_per_duel = 3;  // for the final
  int duels = 3;          // then the final
};
const Facts& facts();
// The specials the rules name, by the specials table's ids, per side. The
// Balrog has a sixth, not named by the rules (reconstructed).
const std::vector<std::string>& named_specials(Side s);

using Edge = std::array<uint8_t, 4>;  // rows top to bottom, 1 = strength point

struct Card {
  std::string id;
  Side side = Side::Gandalf;
  Edge defence{}, attack{};
  std::string special;  // specials table id, empty for cards without text
  bool trance() const;  // no points at all, no text
};

struct Deck {
  std::vector<Card> gandalf, balrog;
  const std::vector<Card>& of(Side s) const { return s == Side::Gandalf ? gandalf : balrog; }
};
// The cards whose side and edges are well-formed (check() reports the others).
Deck read_deck(const model::Game& game);

struct Board {
  int energy_start = 15;    // white cross
  int final_start = 20;     // orange start space (reconstructed)
  int negative_floor = -5;  // deepest negative space (reconstructed)
  int bridge_top = 5;       // steps per side; 0 = the start space in front
};
// The game's `meta.board` (energy_start, final_start, negative_floor,
// bridge_steps), the defaults above where absent.
Board read_board(const model::Game& game);

// One exchange of blows: `left` was played before `right`; left's attack edge
// against right's defence edge.
struct Blow {
  int to_left = 0;   // damage the left card's owner takes
  int to_right = 0;  // damage the right card's owner takes
  Edge rows_to_left{}, rows_to_right{};
};
Blow exchange(const Card& left, const Card& right);
// Bridge steps for the duel winner: by the free spaces between the tokens.
int bridge_steps(int energy_difference);

struct CardStats {
  long long plays = 0, damage_dealt = 0, damage_taken = 0;
};

struct Summary {
  int games = 0;
  std::array<int, 2> wins{};  // by Side
  std::array<long long, 2> cards_played{};
  std::array<long long, 2> damage_dealt{};                   // energy the side's cards cost the opponent
  std::array<std::array<long long, 4>, 2> damage_per_row{};  // dealt, by row
  int duels = 0;
  int finals = 0;
  int early_wins = 0;     // top step reached before the final
  int negative_ends = 0;  // duels/finals ended by a negative token
  int violations = 0;     // broken invariants (should be 0)
  std::vector<std::string> first_violations;
  std::map<std::string, CardStats> per_card;  // by card id

  double win_rate(Side s) const { return games ? static_cast<double>(wins[static_cast<size_t>(s)]) / games : 0; }
  double mean_damage_per_card(Side s) const {
    auto i = static_cast<size_t>(s);
    return cards_played[i] ? static_cast<double>(damage_dealt[i]) / static_cast<double>(cards_played[i]) : 0;
  }
};

// Plays `games` whole games (three duels and the final) with std::mt19937_64
// seeded with `seed`. Requires 27 cards per side. Invariants checked on the
// way: no card played twice, at most 9 cards per duel and side, tokens within
// [negative floor, start], pieces within [0, top], 9 kept cards for the final.
Summary simulate(const Deck& deck, const Board& board, uint64_t seed, int games);
std::string describe(const Summary& s);

}  // namespace kw::rules::duell
