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
//  - Every special is played by its structured `effect` (specials table),
//    which check() holds against what the rules name for that card; the
//    simulator knows effect kinds, not card names (see duell_sim.cpp for our
//    reading of each kind where the rules leave a case open).
//  - Players follow a simple greedy strategy: the card with the best blow now
//    plus half the expected return blow (against the opponent's hand when it
//    is open to them, else against the cards they may still hold).
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/enum_names.h"
#include "model/model.h"
#include "rules/rules.h"
#include "rules/simulation.h"

namespace kw::rules::duell {

inline constexpr std::string_view kRulesId = "duell";

// Checks the deck and, when it is sound, adds a note with balance figures
// from simulated games.
void check(const model::Model& model, const model::Game& game, Diagnostics& out);
// The declared rule facts (facts: rules:) against the rules' numbers.
void check_facts(const model::Game& game, Diagnostics& out);
// The claims of the texts (in the language the game is loaded in): the signed
// numbers of each special's text against its effect, the lead text against
// the lead gauge.
void check_texts(const model::Model& model, const model::Game& game, Diagnostics& out);

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

// What a special does, as the specials table's `effect` states it. Kinds:
//   energy          moves the tokens by a comparison (`by`: tokens or bridge):
//                   ahead/level/behind give [own, other] steps
//   open-hand       the other side plays with open cards until the duel ends
//   claim-answer    the owner may take one later card of the other side as
//                   one of his three for the final; the other plays anew
//   mirror          the other side answers its own last attack
//   silence-next    the other side's next special loses its power (the
//                   feint excepted)
//   spell           the owner takes a card blind from the other's hand and
//                   decides when it is played
//   feint           the owner plays one of his played cards without text again
//   pick-answer     the owner draws the other's answer blind from his hand
//   steal-for-final the owner sets a card of the other's hand aside as one of
//                   the other's three for the final
//   replay-answer   the other's last card answers again; he fills its gap
//                   with a card from his hand that is not scored
// `final`: false when the power is lost in the final; `scored`: false when the
// card itself is not scored while its power works (it then has no points).
enum class EffectKind : uint8_t {
  None,
  Energy,
  OpenHand,
  ClaimAnswer,
  Mirror,
  SilenceNext,
  Spell,
  Feint,
  PickAnswer,
  StealForFinal,
  ReplayAnswer
};
inline constexpr EnumNames<EffectKind, 11> kEffectKindNames{{
    {EffectKind::None, "none"},
    {EffectKind::Energy, "energy"},
    {EffectKind::OpenHand, "open-hand"},
    {EffectKind::ClaimAnswer, "claim-answer"},
    {EffectKind::Mirror, "mirror"},
    {EffectKind::SilenceNext, "silence-next"},
    {EffectKind::Spell, "spell"},
    {EffectKind::Feint, "feint"},
    {EffectKind::PickAnswer, "pick-answer"},
    {EffectKind::StealForFinal, "steal-for-final"},
    {EffectKind::ReplayAnswer, "replay-answer"},
}};
inline std::string_view effect_kind_id(EffectKind k) { return name_of(kEffectKindNames, k, "none"); }
std::optional<EffectKind> effect_kind_from_id(std::string_view id);

struct Effect {
  EffectKind kind = EffectKind::None;
  bool by_bridge = false;  // energy: compare the pieces on the bridge, else the tokens
  // energy: [own, other] steps when the owner is ahead, level, behind
  std::array<std::array<int, 2>, 3> moves{};
  bool in_final = true;
  bool scored = true;
  bool operator==(const Effect&) const = default;
};

struct Card {
  std::string id;
  Side side = Side::Gandalf;
  Edge defence{}, attack{};
  std::string special;  // specials table id, empty for cards without text
  Effect effect;        // the special's effect (kind None for cards without text)
  bool trance() const;  // no points at all, no text
};

struct Deck {
  std::vector<Card> gandalf, balrog;
  const std::vector<Card>& of(Side s) const { return s == Side::Gandalf ? gandalf : balrog; }
};
// The cards whose side and edges are well-formed (check() reports the others),
// each special with the effect its specials entry states.
Deck read_deck(const model::Game& game);

struct Board {
  int energy_start = 15;    // white cross
  int final_start = 20;     // orange start space (reconstructed)
  int negative_floor = -5;  // deepest negative space (reconstructed)
  int bridge_top = 5;       // steps per side; 0 = the start space in front
  int lead_free = 3;        // free spaces between the tokens that let the leader see the other's hand
};
// The game's `meta.board` (energy_start, final_start, negative_floor,
// bridge_steps) and the board's `lead_gauge`, the defaults above where absent.
Board read_board(const model::Game& game);

// The board constants the rules fix, which check() holds the data to: the
// start space and the bridge as this project reads the original board, the
// lead gauge from the rules ("a gap of at least 3 free spaces").
const Board& rules_board();

// One exchange of blows: `left` was played before `right`; left's attack edge
// against right's defence edge.
struct Blow {
  int to_left = 0;   // damage the left card's owner takes
  int to_right = 0;  // damage the right card's owner takes
  Edge rows_to_left{}, rows_to_right{};
};
Blow exchange(const Edge& attack, const Edge& defence);
inline Blow exchange(const Card& left, const Card& right) { return exchange(left.attack, right.defence); }
// Bridge steps for the duel winner: by the free spaces between the tokens.
int bridge_steps(int energy_difference);

struct SpecialStats {
  long long played = 0;  // placed from a hand by its own side
  long long power = 0;   // its power took effect
  long long duels_with_power = 0;
  long long decided_duels = 0;  // the duel's winner changes when the duel is replayed without this power
  long long games_with_power = 0;
  long long decided_games = 0;  // the game's winner changes when replayed without it
};

struct Summary {
  long games = 0;
  std::array<long, 2> wins{};  // by Side
  std::array<long long, 2> cards_played{};
  std::array<long long, 2> damage_dealt{};  // energy the side's cards cost the opponent
  std::array<long, 2> duel_wins{};
  long long duels = 0;  // duels and finals
  long finals = 0;
  long early_wins = 0;          // top step reached before the final
  long long negative_ends = 0;  // duels/finals ended by a negative token
  long long steps = 0;          // cards placed, each followed by an invariant check
  long long violations = 0;     // broken invariants (should be 0)
  std::vector<std::string> first_violations;
  std::array<long long, 2> final_steps{};        // sum of the pieces' steps at the end
  std::map<std::string, SpecialStats> specials;  // by special id

  double win_rate(Side s) const {
    return games ? static_cast<double>(wins[static_cast<size_t>(s)]) / static_cast<double>(games) : 0;
  }
  double mean_damage_per_card(Side s) const {
    auto i = static_cast<size_t>(s);
    return cards_played[i] ? static_cast<double>(damage_dealt[i]) / static_cast<double>(cards_played[i]) : 0;
  }
};

// Plays `games` whole games (three duels and the final); game i is played
// with std::mt19937_64 seeded from `seed` and i. Requires 27 cards per side.
// `counterfactual`: replay duels and games without each power that took
// effect, for the `decided_*` figures (costs about three times the time).
// Invariants checked after every card: each of the 54 cards in exactly one
// place, a legal card played, tokens within [negative floor, start], pieces
// within [0, top], at most 9 cards per side for the final.
Summary simulate(const Deck& deck, const Board& board, uint64_t seed, long games, bool counterfactual = true);
std::string describe(const Summary& s);

// What `check` asks of the games (reach.h): for every special of the deck,
// how often its power took effect, at the card that carries it.
std::vector<Occurrence> occurrences(const model::Game& game, const Summary& s);

// `kartenwerk simulate --game duell`: the data's deck and board, the figures
// of simulate() as a report. Throws SimulationError for a deck it cannot play.
SimulationReport simulate_report(const model::Model& model, const model::Game& game, const SimulationOptions& options);

}  // namespace kw::rules::duell
