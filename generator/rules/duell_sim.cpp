// Das Duell: the game simulator. Plays whole games (three duels and the
// final) with every special as its `effect` says, checks the invariants after
// every card, and replays duels and games without one power to count how
// often that power decides them. The reading of the rules is in duell.h;
// where the rules leave a case open, the choice is said where it is made.
#include <algorithm>
#include <numeric>
#include <random>

#include <fmt/format.h>

#include "rules/duell.h"
#include "rules/support.h"

namespace kw::rules::duell {

namespace {

constexpr int kCards = 54;  // both sides; card i < 27 is Gandalf's i, else the Balrog's i - 27
constexpr size_t kG = 0, kB = 1;

uint64_t splitmix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

int points(const Edge& e) { return std::accumulate(e.begin(), e.end(), 0); }

// What lies between the duels: decks, hands, the cards kept for the final,
// the pieces. Copyable, so that a duel or game can be replayed from it.
struct State {
  std::array<std::vector<int>, 2> pile, hand, reserve;
  std::vector<int> out;  // played or discarded: back in the box
  std::array<int, 2> bridge{};
};

struct DuelResult {
  size_t winner = kG;
  uint64_t powers = 0;  // cards whose power took effect
};

class Game {
 public:
  Game(const std::vector<Card>& cards, const Board& board, Summary& s, bool counterfactual)
      : cards_(cards), board_(board), s_(s), counterfactual_(counterfactual) {}

  // Plays game `index` of the run seeded with `seed`; returns the winner.
  size_t play(uint64_t seed, long index) {
    game_seed_ = splitmix(seed ^ splitmix(static_cast<uint64_t>(index)));
    State st = deal();
    uint64_t powers = 0;
    const size_t winner = play_from(st, 0, true, &powers);
    s_.wins[winner] += 1;
    s_.games += 1;
    s_.final_steps[0] += st.bridge[0];
    s_.final_steps[1] += st.bridge[1];
    if (counterfactual_)
      for (int c = 0; c < kCards; ++c) {
        if (!(powers >> c & 1)) continue;
        SpecialStats& sp = s_.specials[cards_[static_cast<size_t>(c)].special];
        ++sp.games_with_power;
        State again = deal();
        if (play_from(again, uint64_t{1} << c, false, nullptr) != winner) ++sp.decided_games;
      }
    return winner;
  }

 private:
  State deal() {
    State st;
    std::mt19937_64 rng(game_seed_);
    for (size_t side = 0; side < 2; ++side) {
      st.pile[side].resize(27);
      std::iota(st.pile[side].begin(), st.pile[side].end(), static_cast<int>(27 * side));
      shuffle(st.pile[side], rng);
    }
    return st;
  }

  void violation(const std::string& what) {
    ++s_.violations;
    if (s_.first_violations.size() < 10)
      s_.first_violations.push_back(fmt::format("game seed {:#x}: {}", game_seed_, what));
  }

  // The whole game from a dealt state; `disabled` switches powers off.
  // `record`: this is the game whose figures count.
  size_t play_from(State& st, uint64_t disabled, bool record, uint64_t* powers) {
    size_t starter = kG;  // "Gandalf begins the first duel."
    size_t last_loser = kB;
    for (int d = 0; d < facts().duels; ++d) {
      for (size_t side = 0; side < 2; ++side) {
        auto& p = st.pile[side];
        st.hand[side].assign(p.begin(), p.begin() + facts().hand);
        p.erase(p.begin(), p.begin() + facts().hand);
      }
      const State before = st;
      DuelResult r = duel(st, starter, false, disabled, record);
      if (powers) *powers |= r.powers;
      if (record && counterfactual_) replay_duel(before, starter, disabled, r);
      last_loser = 1 - r.winner;
      if (d >= 1 && st.bridge[r.winner] >= board_.bridge_top) {
        if (record) ++s_.early_wins;
        return r.winner;
      }
      // The loser chooses who begins; a tie loses for the starter, so he
      // lets the winner begin.
      starter = r.winner;
    }
    for (size_t side = 0; side < 2; ++side) {
      if (st.reserve[side].size() > static_cast<size_t>(facts().hand))
        violation(fmt::format("{} has {} cards for the final", name(static_cast<Side>(side)), st.reserve[side].size()));
      st.hand[side] = std::move(st.reserve[side]);
      st.reserve[side].clear();
    }
    // The player further down (on equal steps the last duel's loser) chooses,
    // and lets the other begin.
    const size_t chooser = st.bridge[0] < st.bridge[1] ? kG : st.bridge[1] < st.bridge[0] ? kB : last_loser;
    DuelResult r = duel(st, 1 - chooser, true, disabled, record);
    if (powers) *powers |= r.powers;
    if (record) ++s_.finals;
    const int g = st.bridge[0], b = st.bridge[1];
    return g > b ? kG : b > g ? kB : r.winner;
  }

  // Replays the duel just played without each power that took effect in it.
  void replay_duel(const State& before, size_t starter, uint64_t disabled, const DuelResult& r) {
    for (int c = 0; c < kCards; ++c) {
      if (!(r.powers >> c & 1)) continue;
      SpecialStats& sp = s_.specials[cards_[static_cast<size_t>(c)].special];
      ++sp.duels_with_power;
      State again = before;
      if (duel(again, starter, false, disabled | uint64_t{1} << c, false).winner != r.winner) ++sp.decided_duels;
    }
  }

  // ------------------------------------------------------------ one duel

  struct Duel {
    bool final = false;
    int start = 0;
    std::array<int, 2> energy{};
    std::array<size_t, 2> target{};  // a side stops playing at this many cards in hand
    std::array<std::vector<int>, 2> pending;
    bool open = false;  // a card lies whose attack waits for an answer
    size_t open_side = kG;
    Edge open_attack{};
    std::array<int, 2> last{-1, -1};         // the last card each side placed
    std::array<std::vector<int>, 2> placed;  // own cards without text placed this duel (for the feint)
    std::array<bool, 2> sees{};              // side sees the other's hand
    std::array<bool, 2> silenced{};          // side's next special loses its power
    std::array<bool, 2> mirrored{};          // side's next card loses its power
    std::array<int, 2> claim{-1, -1};        // side may claim one of the other's next cards (by this card)
    std::array<int, 2> spelled{-1, -1};      // a card in side's hand the other decides on
    std::array<int, 2> blind{-1, -1};        // side's next answer is drawn blind (by this card)
    uint64_t powers = 0;
    uint64_t disabled = 0;
    bool record = false;
    bool negative_end = false;
    int index = 0;       // 0-2 the duels, 3 the final
    int placements = 0;  // cards placed so far in this duel
  };

  const Card& card(int c) const { return cards_[static_cast<size_t>(c)]; }

  // A choice among n from the game's seed, the duel and the card count: a
  // replay without one power draws the same numbers where it reaches the same
  // moment, so what differs is the power's doing, not the dice.
  size_t pick(const Duel& d, size_t n, uint64_t salt) const {
    const uint64_t moment = (static_cast<uint64_t>(d.index) << 32) | (static_cast<uint64_t>(d.placements) << 8) | salt;
    return static_cast<size_t>(splitmix(game_seed_ ^ splitmix(moment)) % n);  // bias below 2^-58 for n <= 54
  }
  static size_t owner(int c) { return c < 27 ? kG : kB; }

  DuelResult duel(State& st, size_t starter, bool final, uint64_t disabled, bool record) {
    Duel d;
    d.index = final ? facts().duels : facts().duels - static_cast<int>(st.pile[0].size()) / facts().hand - 1;
    d.final = final;
    d.start = final ? board_.final_start : board_.energy_start;
    d.energy = {d.start, d.start};
    const size_t keep = final ? 0 : static_cast<size_t>(facts().kept_per_duel);
    d.target = {keep, keep};
    d.disabled = disabled;
    d.record = record;
    size_t turn = starter;
    while (!ended(st, d)) {
      if (st.hand[turn].size() <= d.target[turn]) break;  // the other cannot answer himself
      const int c = choose(st, d, turn);
      const Outcome o = place(st, d, turn, c);
      invariants(st, d);
      if (o == Outcome::End) break;
      if (o == Outcome::Switch) turn = 1 - turn;
    }
    if (record) {
      ++s_.duels;
      s_.negative_ends += d.negative_end;
    }
    // Kept for the final: what was set aside, then the strongest cards left.
    for (size_t side = 0; side < 2; ++side) {
      auto& h = st.hand[side];
      std::stable_sort(h.begin(), h.end(), [&](int a, int b) { return value(a) > value(b); });
      const size_t room = keep > d.pending[side].size() ? keep - d.pending[side].size() : 0;
      for (int c : d.pending[side]) st.reserve[side].push_back(c);
      d.pending[side].clear();
      d.spelled[side] = -1;
      for (size_t i = 0; i < h.size(); ++i) (i < room ? st.reserve[side] : st.out).push_back(h[i]);
      h.clear();
    }
    invariants(st, d);
    const int g = d.energy[0], b = d.energy[1];
    const size_t winner = g > b ? kG : b > g ? kB : 1 - starter;  // a tie loses for the starter
    st.bridge[winner] = std::min(board_.bridge_top, st.bridge[winner] + bridge_steps(g - b));
    if (record) ++s_.duel_wins[winner];
    return {winner, d.powers};
  }

  // A card's worth when keeping cards for the final: its points, a special
  // a little more.
  double value(int c) const {
    const Card& k = card(c);
    return points(k.attack) + points(k.defence) + (k.effect.kind != EffectKind::None ? 1.5 : 0);
  }

  bool ended(const State& st, Duel& d) {
    if (d.energy[0] < 0 || d.energy[1] < 0) {
      // Both on the same negative space: play on while someone holds more
      // than the cards he keeps.
      if (d.energy[0] == d.energy[1] && (st.hand[0].size() > d.target[0] || st.hand[1].size() > d.target[1]))
        return false;
      d.negative_end = true;
      return true;
    }
    return st.hand[0].size() <= d.target[0] && st.hand[1].size() <= d.target[1];
  }

  bool has_power(const Duel& d, int c, size_t player) const {
    const Card& k = card(c);
    if (k.effect.kind == EffectKind::None || owner(c) != player) return false;  // a claimed card keeps only its points
    if (d.disabled >> c & 1) return false;
    return !d.final || k.effect.in_final;
  }

  // ------------------------------------------------------------ strategy

  // Expected gain (damage to the other minus damage to `me`) when the other
  // answers `attack`: his worst reply for me when his hand is open to me,
  // else the mean over the cards he may still hold.
  double future(const State& st, const Duel& d, size_t me, const Edge& attack) const {
    const size_t o = 1 - me;
    if (d.sees[me]) {
      double worst = 1e9;
      for (int c : st.hand[o]) {
        Blow b = duell::exchange(attack, card(c).defence);
        worst = std::min(worst, static_cast<double>(b.to_right - b.to_left));
      }
      return worst == 1e9 ? 0 : worst;
    }
    std::array<int, 4> def{};
    int n = 0;
    for (const auto* v : {&st.hand[o], &st.pile[o]})
      for (int c : *v) {
        ++n;
        for (size_t r = 0; r < 4; ++r) def[r] += card(c).defence[r];
      }
    if (!n) return 0;
    double g = 0;
    for (size_t r = 0; r < 4; ++r) {
      const double p = static_cast<double>(def[r]) / n;
      g += attack[r] ? 1 - p : -p;
    }
    return g;
  }

  double gain_now(const Duel& d, const Edge& defence) const {
    if (!d.open) return 0;
    Blow b = duell::exchange(d.open_attack, defence);
    return b.to_left - b.to_right;
  }

  // The card without text `me` would replay with a feint, or -1.
  int feint_choice(const State& st, const Duel& d, size_t me) const {
    int best = -1;
    double best_score = -1e9;
    for (int c : d.placed[me]) {
      const double sc = gain_now(d, card(c).defence) + 0.5 * future(st, d, me, card(c).attack);
      if (sc > best_score) best = c, best_score = sc;
    }
    return best;
  }

  // What a special's power is worth to play now (beyond its points).
  double power_bonus(const State& st, const Duel& d, size_t me, int c) const {
    if (!has_power(d, c, me)) return 0;
    const Effect& e = card(c).effect;
    if (e.kind != EffectKind::Feint && (d.silenced[me] || d.mirrored[me])) return 0;
    switch (e.kind) {
      case EffectKind::Energy: {
        auto m = energy_moves(st, d, me, e);
        return m[0] + m[1];
      }
      case EffectKind::OpenHand:
        return d.sees[me] ? 0 : 0.75;
      case EffectKind::Spell:
        return d.spelled[1 - me] < 0 ? 0.75 : 0;
      case EffectKind::ClaimAnswer:
        return d.claim[me] < 0 ? 0.75 : 0;
      case EffectKind::StealForFinal:
      case EffectKind::PickAnswer:
      case EffectKind::SilenceNext:
      case EffectKind::ReplayAnswer:
        return 0.75;
      default:
        return 0;
    }
  }

  // Net token moves [own gain, other's loss] an energy effect would make now.
  std::array<int, 2> energy_moves(const State& st, const Duel& d, size_t me, const Effect& e) const {
    const int mine = e.by_bridge ? st.bridge[me] : d.energy[me];
    const int theirs = e.by_bridge ? st.bridge[1 - me] : d.energy[1 - me];
    const auto& m = e.moves[mine > theirs ? 0 : mine == theirs ? 1 : 2];
    const int up = std::max(0, std::min(d.start, d.energy[me] + m[0]) - d.energy[me]);
    const int down = m[1] < 0 && d.energy[1 - me] + m[1] >= 0 ? -m[1] : 0;
    return {up, down};
  }

  int choose(State& st, Duel& d, size_t t) {
    auto& h = st.hand[t];
    // Pick-answer: the other draws this answer blind from the hand.
    if (d.blind[t] >= 0) {
      d.blind[t] = -1;
      return h[pick(d, h.size(), 1)];
    }
    // A spelled card: the other decides; he makes it come when it costs its
    // owner, and it must come when nothing else is left to play.
    if (d.spelled[t] >= 0) {
      const int sp = d.spelled[t];
      const bool only = h.size() == 1;
      if (only || gain_now(d, card(sp).defence) <= -1) return sp;
    }
    std::vector<int> best;
    double best_score = -1e9;
    for (int c : h) {
      if (c == d.spelled[t]) continue;
      const Card& k = card(c);
      double sc;
      const bool power = has_power(d, c, t);
      if (power && k.effect.kind == EffectKind::Mirror && !d.silenced[t] && !d.mirrored[t]) {
        // No blow now; the other answers his own attack.
        sc = 0.5 * future(st, d, t, d.open ? d.open_attack : Edge{}) + 0.75;
      } else if (power && k.effect.kind == EffectKind::Feint && feint_choice(st, d, t) >= 0) {
        const Card& r = card(feint_choice(st, d, t));
        sc = gain_now(d, r.defence) + 0.5 * future(st, d, t, r.attack);
      } else {
        sc = gain_now(d, k.defence) + 0.5 * future(st, d, t, k.attack) + power_bonus(st, d, t, c);
      }
      if (sc > best_score + 1e-9) {
        best_score = sc;
        best.assign(1, c);
      } else if (sc > best_score - 1e-9) {
        best.push_back(c);
      }
    }
    if (best.empty()) return h.front();
    return best[pick(d, best.size(), 2)];
  }

  // ------------------------------------------------------------ placing a card

  enum class Outcome { Switch, Again, End };

  void take_from_hand(State& st, Duel& d, size_t t, int c) {
    auto& h = st.hand[t];
    auto it = std::find(h.begin(), h.end(), c);
    if (it == h.end()) {
      violation(fmt::format("{} played {}, which is not in his hand", name(static_cast<Side>(t)), card(c).id));
      return;
    }
    h.erase(it);
    if (d.spelled[t] == c) d.spelled[t] = -1;
  }

  void credit(Duel& d, int c) {
    d.powers |= uint64_t{1} << c;
    if (d.record) ++s_.specials[card(c).special].power;
  }

  // Scores `attack` (of the card lying open) against `defence` of the card
  // `t` places, and records the damage.
  void score(Duel& d, size_t t, const Edge& defence) {
    if (!d.open) return;
    Blow b = duell::exchange(d.open_attack, defence);
    const size_t o = d.open_side;
    d.energy[o] = std::max(board_.negative_floor, d.energy[o] - b.to_left);
    d.energy[t] = std::max(board_.negative_floor, d.energy[t] - b.to_right);
    if (d.record) {
      s_.damage_dealt[t] += b.to_left;
      s_.damage_dealt[o] += b.to_right;
    }
    // "a gap of at least 3 free spaces": the higher may look at the other's hand.
    const int diff = d.energy[0] - d.energy[1];
    if (std::abs(diff) - 1 >= board_.lead_free) d.sees[diff > 0 ? kG : kB] = true;
  }

  void lie_open(Duel& d, size_t side, const Edge& attack) {
    d.open = true;
    d.open_side = side;
    d.open_attack = attack;
  }

  Outcome place(State& st, Duel& d, size_t t, int c) {
    const size_t o = 1 - t;
    ++s_.steps;
    ++d.placements;
    take_from_hand(st, d, t, c);
    const Card& k = card(c);
    if (d.record) {
      ++s_.cards_played[t];
      if (!k.special.empty() && owner(c) == t) ++s_.specials[k.special].played;
    }
    bool power = has_power(d, c, t);
    const bool mirrored = d.mirrored[t];
    d.mirrored[t] = false;
    if (power && k.effect.kind != EffectKind::Feint) {
      if (mirrored) {
        power = false;
      } else if (d.silenced[t]) {
        d.silenced[t] = false;
        power = false;
      }
    }

    // Claim-answer: the other may take this card for his final before it is
    // scored; this side then plays a new card.
    if (d.claim[o] >= 0 && d.target[t] > 0 && !st.hand[t].empty() && st.hand[t].size() >= d.target[t]) {
      const double cost = -gain_now(d, k.defence);  // what it would cost the claimer now
      if (cost <= -2 || power) {
        credit(d, d.claim[o]);
        d.claim[o] = -1;
        d.pending[o].push_back(c);
        --d.target[t];
        d.mirrored[t] = mirrored;  // the new card still answers the mirror
        return Outcome::Again;
      }
    }

    if (power && k.effect.kind == EffectKind::Mirror) {
      // The mirror is not scored; the other answers his own last attack.
      credit(d, c);
      st.out.push_back(c);
      lie_open(d, t, d.open ? d.open_attack : Edge{});
      d.last[t] = c;
      d.mirrored[o] = true;
      return ended(st, d) ? Outcome::End : Outcome::Switch;
    }
    int scored = c;
    if (power && k.effect.kind == EffectKind::Feint) {
      const int r = feint_choice(st, d, t);
      if (r >= 0) {  // the replayed card goes to the end of the row, the feint in its gap
        credit(d, c);
        scored = r;
      }
    }
    const Card& sk = card(scored);
    score(d, t, sk.defence);
    lie_open(d, t, sk.attack);
    d.last[t] = scored;
    if (sk.effect.kind == EffectKind::None && owner(scored) == t && scored == c) d.placed[t].push_back(c);
    st.out.push_back(c);
    if (ended(st, d)) return Outcome::End;  // a special's text is not actioned then
    if (!power || scored != c) return Outcome::Switch;
    return after_scoring(st, d, t, c);
  }

  // The powers that act once the card is scored and the duel goes on.
  Outcome after_scoring(State& st, Duel& d, size_t t, int c) {
    const size_t o = 1 - t;
    const Effect& e = card(c).effect;
    switch (e.kind) {
      case EffectKind::Energy: {
        auto m = energy_moves(st, d, t, e);
        d.energy[t] += m[0];
        d.energy[o] -= m[1];
        if (m[0] || m[1]) credit(d, c);
        break;
      }
      case EffectKind::OpenHand:
        if (!d.sees[t]) credit(d, c);
        d.sees[t] = true;
        break;
      case EffectKind::ClaimAnswer:
        if (d.claim[t] < 0) d.claim[t] = c;  // credited when a card is claimed
        break;
      case EffectKind::SilenceNext:
        d.silenced[o] = true;
        credit(d, c);
        break;
      case EffectKind::Spell:
        if (d.spelled[o] < 0 && !st.hand[o].empty()) {
          d.spelled[o] = st.hand[o][pick(d, st.hand[o].size(), 3)];
          credit(d, c);
        }
        break;
      case EffectKind::PickAnswer:
        d.blind[o] = c;
        credit(d, c);
        break;
      case EffectKind::StealForFinal:
        if (d.target[o] > 0 && st.hand[o].size() > d.target[o]) {
          auto& h = st.hand[o];
          const int taken = h[pick(d, h.size(), 4)];
          take_from_hand(st, d, o, taken);
          d.pending[o].push_back(taken);
          --d.target[o];
          credit(d, c);
        }
        break;
      case EffectKind::ReplayAnswer:
        return replay_answer(st, d, t, c);
      default:
        break;
    }
    return Outcome::Switch;
  }

  // The other's last card answers again; he fills its gap with his least
  // valuable card, which is not scored. A mirror answers with its power.
  Outcome replay_answer(State& st, Duel& d, size_t t, int c) {
    const size_t o = 1 - t;
    const int r = d.last[o];
    auto& h = st.hand[o];
    if (r < 0 || h.size() <= d.target[o]) return Outcome::Switch;  // nothing to replay or to fill the gap with
    int gap = -1;
    for (int x : h)
      if (x != d.spelled[o] && (gap < 0 || value(x) < value(gap))) gap = x;
    if (gap < 0) gap = h.front();
    take_from_hand(st, d, o, gap);
    st.out.push_back(gap);
    credit(d, c);
    const Card& rk = card(r);
    if (rk.effect.kind == EffectKind::Mirror && owner(r) == o && !(d.disabled >> r & 1)) {
      lie_open(d, o, card(c).attack);  // the mirror throws this card's attack back
      d.mirrored[t] = true;
    } else {
      score(d, o, rk.defence);
      lie_open(d, o, rk.attack);
    }
    return ended(st, d) ? Outcome::End : Outcome::Again;
  }

  // Every card in exactly one place, tokens on the track, pieces on the bridge.
  void invariants(const State& st, const Duel& d) {
    std::array<int, kCards> seen{};
    auto count = [&](const std::vector<int>& v) {
      for (int c : v) {
        if (c < 0 || c >= kCards) {
          violation("a card that is not in the game");
          continue;
        }
        ++seen[static_cast<size_t>(c)];
      }
    };
    for (size_t side = 0; side < 2; ++side) {
      count(st.pile[side]);
      count(st.hand[side]);
      count(st.reserve[side]);
      count(d.pending[side]);
      if (d.spelled[side] >= 0 &&
          std::find(st.hand[side].begin(), st.hand[side].end(), d.spelled[side]) == st.hand[side].end())
        violation("a spelled card left the hand unplayed");
      if (d.energy[side] > d.start || d.energy[side] < board_.negative_floor)
        violation(fmt::format("{}'s token on {}, off the track", name(static_cast<Side>(side)), d.energy[side]));
      if (st.bridge[side] < 0 || st.bridge[side] > board_.bridge_top) violation("a piece left the bridge");
    }
    count(st.out);
    for (int c = 0; c < kCards; ++c)
      if (seen[static_cast<size_t>(c)] != 1)
        violation(fmt::format("card {} is in {} places", card(c).id, seen[static_cast<size_t>(c)]));
  }

  const std::vector<Card>& cards_;
  const Board& board_;
  Summary& s_;
  bool counterfactual_;
  uint64_t game_seed_ = 0;
};

}  // namespace

Summary simulate(const Deck& deck, const Board& board, uint64_t seed, long games, bool counterfactual) {
  Summary s;
  const int need = facts().cards_per_side;
  if (static_cast<int>(deck.gandalf.size()) != need || static_cast<int>(deck.balrog.size()) != need) {
    s.violations = 1;
    s.first_violations.emplace_back("the simulator needs 27 cards per side");
    return s;
  }
  std::vector<Card> cards = deck.gandalf;
  cards.insert(cards.end(), deck.balrog.begin(), deck.balrog.end());
  for (const Card& c : cards)
    if (!c.special.empty()) s.specials[c.special];  // every special gets its row, played or not
  Game g(cards, board, s, counterfactual);
  for (long i = 0; i < games; ++i) g.play(seed, i);
  return s;
}

std::string describe(const Summary& s) {
  std::string out = fmt::format(
      "{} games ({} duels and finals, {} won before the final): Gandalf won {:.1f} %, the Balrog {:.1f} %\n"
      "mean damage per card played: Gandalf {:.3f}, Balrog {:.3f}; {} cards placed; {} broken invariants\n",
      s.games, s.duels, s.early_wins, 100 * s.win_rate(Side::Gandalf), 100 * s.win_rate(Side::Balrog),
      s.mean_damage_per_card(Side::Gandalf), s.mean_damage_per_card(Side::Balrog), s.steps, s.violations);
  for (const auto& v : s.first_violations) out += "  " + v + "\n";
  return out;
}

std::vector<Occurrence> occurrences(const model::Game& game, const Summary& s) {
  std::vector<Occurrence> out;
  const model::Table* table = game.table("specials");
  for (const auto& [id, sp] : s.specials) {
    const model::TableEntry* entry = table ? table->find(id) : nullptr;
    const std::string name = entry ? entry_text(*entry, "name") : std::string();
    Occurrence o{"special." + id,
                 "special card " + (name.empty() ? id : name),
                 "played with its power taking effect",
                 sp.power,
                 s.games,
                 "games",
                 {}};
    for (const auto& deck : game.decks)
      for (const auto& card : deck.cards)
        if (!o.loc.known() && text(game, card, "special") == id) o.loc = field_loc(game, card, "special");
    out.push_back(std::move(o));
  }
  return out;
}

SimulationReport simulate_report(const model::Model&, const model::Game& game, const SimulationOptions& options) {
  player_counts("Das Duell", 2, 2, options.players);  // Gandalf against the Balrog
  const Deck deck = read_deck(game);
  const int need = facts().cards_per_side;
  if (static_cast<int>(deck.gandalf.size()) != need || static_cast<int>(deck.balrog.size()) != need)
    throw SimulationError(
        fmt::format("the deck has {} Gandalf and {} Balrog cards with readable edges; the game needs {} each",
                    deck.gandalf.size(), deck.balrog.size(), need));
  for (const auto* side : {&deck.gandalf, &deck.balrog})
    for (const Card& c : *side)
      if (!c.special.empty() && c.effect.kind == EffectKind::None)
        throw SimulationError("special '" + c.special + "' (card " + c.id + ") has no effect the simulator can play");
  const Summary s = simulate(deck, read_board(game), options.seed, options.games);

  SimulationReport r;
  r.games = s.games;
  r.steps = s.steps;
  r.violations = s.violations;
  r.first_violations = s.first_violations;
  r.occurrences = occurrences(game, s);
  auto pct = [](double part, double whole) { return whole > 0 ? 100.0 * part / whole : 0.0; };
  const double games = static_cast<double>(s.games);
  FigureGroup sides{"sides", {}};
  sides.figures = {
      {"win_rate.gandalf", "wins, Gandalf", pct(static_cast<double>(s.wins[0]), games), "%"},
      {"win_rate.balrog", "wins, Balrog", pct(static_cast<double>(s.wins[1]), games), "%"},
      {"duel_win_rate.gandalf", "duels and finals won, Gandalf",
       pct(static_cast<double>(s.duel_wins[0]), static_cast<double>(s.duels)), "%"},
      {"early_wins", "games won before the final", pct(static_cast<double>(s.early_wins), games), "%"},
      {"length.duels", "duels per game (the final counted)", games != 0 ? static_cast<double>(s.duels) / games : 0,
       "duels"},
      {"length.cards", "cards played per game",
       games != 0 ? static_cast<double>(s.cards_played[0] + s.cards_played[1]) / games : 0, "cards"},
      {"negative_ends", "duels ended by a negative token",
       pct(static_cast<double>(s.negative_ends), static_cast<double>(s.duels)), "%"},
      {"damage.gandalf", "damage per card played, Gandalf", s.mean_damage_per_card(Side::Gandalf), "energy"},
      {"damage.balrog", "damage per card played, Balrog", s.mean_damage_per_card(Side::Balrog), "energy"},
      {"steps.gandalf", "bridge steps at the end, Gandalf",
       games != 0 ? static_cast<double>(s.final_steps[0]) / games : 0, "steps"},
      {"steps.balrog", "bridge steps at the end, Balrog",
       games != 0 ? static_cast<double>(s.final_steps[1]) / games : 0, "steps"},
  };
  r.groups.push_back(std::move(sides));
  FigureGroup specials{"special cards", {}};
  std::string most;
  double most_rate = -1;
  for (const auto& [id, sp] : s.specials) {
    const double played = static_cast<double>(sp.played);
    specials.figures.push_back({"played." + id, id + ": played per game", games != 0 ? played / games : 0, ""});
    specials.figures.push_back(
        {"power." + id, id + ": power took effect", pct(static_cast<double>(sp.power), played), "%"});
    specials.figures.push_back({"decides_duel." + id, id + ": decides the duel its power acts in",
                                pct(static_cast<double>(sp.decided_duels), static_cast<double>(sp.duels_with_power)),
                                "%"});
    const double decides = pct(static_cast<double>(sp.decided_games), games);
    specials.figures.push_back({"decides_game." + id, id + ": decides the game", decides, "%"});
    if (decides > most_rate) most_rate = decides, most = id;
  }
  r.groups.push_back(std::move(specials));
  r.notes.push_back(
      fmt::format("Gandalf wins {:.1f} % and the Balrog {:.1f} % of {} games, every special played as its effect says.",
                  pct(static_cast<double>(s.wins[0]), games), pct(static_cast<double>(s.wins[1]), games), s.games));
  if (!most.empty())
    r.notes.push_back(
        fmt::format("{} decides the most games: {:.1f} % change their winner when it has no power.", most, most_rate));
  r.notes.emplace_back(
      "A special decides a duel (game) when replaying that duel (game) from the same deal without its power "
      "changes the winner.");
  return r;
}

}  // namespace kw::rules::duell
