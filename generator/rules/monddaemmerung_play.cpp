// Monddämmerung played by its rule text, from the loaded data: the cards
// (colours, numbers, moons, Der Allereinzigste), the moons' actions and the
// numbers of `game.meta.play`. Readings of what the text leaves open are
// listed in docs/games/monddaemmerung.md ("Simulation").
#include <fmt/format.h>
#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <numeric>
#include <random>

#include "rules/monddaemmerung.h"
#include "rules/support.h"

namespace kw::rules::monddaemmerung {

namespace {

constexpr int kNoColour = -1;

struct PlayCard {
  std::string id;
  std::string name;
  unsigned colours = 0;  // bit i: colour i of colours()
  int number = 0;        // 0: Der Allereinzigste
  Action moon = Action::None;
  int moon_kind = -1;  // index into moons(), -1: none
  bool special = false;
  bool has(int colour) const { return colour >= 0 && (colours >> colour) & 1U; }
};

struct Setup {
  std::vector<PlayCard> cards;
  PlayFacts facts;
};

int colour_index(const std::string& id) {
  const auto& c = colours();
  auto it = std::find(c.begin(), c.end(), id);
  return it == c.end() ? kNoColour : static_cast<int>(it - c.begin());
}

Setup read_setup(const model::Game& game) {
  Setup s;
  s.facts = play_facts(game);
  const model::Table* moon_table = game.table("moons");
  for (const auto& deck : game.decks)
    for (const auto& card : deck.cards) {
      PlayCard c;
      c.id = card.id;
      c.name = text(game, card, "name");
      c.special = text(game, card, "special") == kSpecial;
      if (!c.special) {
        auto n = integer(game, card, "number");
        if (!n || *n < 1 || *n > kNumbersPerColour) throw SimulationError("card '" + card.id + "' has no number 1-18");
        c.number = static_cast<int>(*n);
        if (const model::Value* cs = field(game, card, "colours"); cs && cs->is_list())
          for (const auto& v : cs->list)
            if (int i = colour_index(v.scalar); i != kNoColour) c.colours |= 1U << i;
        if (!c.colours) throw SimulationError("card '" + card.id + "' has no colour");
        const std::string moon = text(game, card, "moon");
        if (!moon.empty()) {
          const model::TableEntry* e = moon_table ? moon_table->find(moon) : nullptr;
          if (!e) throw SimulationError("card '" + card.id + "' names an unknown moon '" + moon + "'");
          c.moon = action_named(entry_text(*e, "action"));
          if (c.moon == Action::None) throw SimulationError("moon '" + moon + "' has no known action");
          const auto& m = moons();
          auto it = std::find(m.begin(), m.end(), moon);
          c.moon_kind = it == m.end() ? -1 : static_cast<int>(it - m.begin());
        }
      }
      s.cards.push_back(std::move(c));
    }
  const int most = s.facts.max_players;
  if (s.cards.size() < static_cast<size_t>(most) * static_cast<size_t>(s.facts.hand))
    throw SimulationError(fmt::format("{} cards cannot deal {} hands of {}", s.cards.size(), most, s.facts.hand));
  return s;
}

// A card lying on the table this round.
struct Played {
  int card = 0;
  int player = 0;
  bool gone = false;           // removed by a Blutmond or taken by a Sonnenfinsternis
  int trump_before = -1;       // a Vollmond: the trump it replaced
  int chosen = -1;             // a Blutmond/Sonnenfinsternis: the table index it took; a Vollmond: its colour
  bool effect_active = false;  // a Vollmond or Sichelmond whose effect stands
};

struct Outcome {
  std::vector<int> winners;  // players sharing the round (one, or several on a tie)
  bool all_trump = false;    // no trump card was left: every colour counted
};

// Where every card is: a hand, the pile, the table, a player's winnings, out of the game.
enum class Place : uint8_t { Hand, Pile, Table, Won, Removed, Laid };

class Game {
 public:
  Game(const Setup& setup, int players, std::mt19937_64& rng, SimulationReport& report, uint64_t seed)
      : s_(setup), n_(players), rng_(rng), report_(report), seed_(seed) {
    hands_.resize(static_cast<size_t>(n_));
    won_.assign(static_cast<size_t>(n_), 0);
    bonus_.assign(static_cast<size_t>(n_), 0);
    out_.assign(static_cast<size_t>(n_), false);
    place_.assign(s_.cards.size(), Place::Pile);
    owner_.assign(s_.cards.size(), -1);
    std::vector<int> order(s_.cards.size());
    std::iota(order.begin(), order.end(), 0);
    shuffle(order, rng_);
    pile_ = order;
    for (int round = 0; round < s_.facts.hand; ++round)
      for (int p = 0; p < n_; ++p) give(p, draw());
  }

  // Plays until one player (or none) is left; false when the game did not end.
  bool play(long long& rounds_out) {
    int starter = 0;  // seat 1 starts the first round: the seat figures then show the order's effect
    for (long long round = 0; round < kMaxRounds; ++round) {
      if (active() <= 1) {
        rounds_out = round;
        return true;
      }
      while (out_[static_cast<size_t>(starter)]) starter = right_of(starter);
      play_round(starter);
      for (int p = 0; p < n_; ++p)
        if (hands_[static_cast<size_t>(p)].empty()) out_[static_cast<size_t>(p)] = true;
      // "Die nächste Runde startet jener rechts von demjenigen, welcher die Vorrunde begonnen hatte."
      starter = right_of(starter);
    }
    violation("the game did not end within " + std::to_string(kMaxRounds) + " rounds");
    return false;
  }

  std::vector<double> scores() const {
    std::vector<double> s(static_cast<size_t>(n_));
    for (size_t p = 0; p < s.size(); ++p) s[p] = won_[p] + bonus_[p];
    return s;
  }
  const std::vector<int>& bonus() const { return bonus_; }

  // Per moon kind: played, and rounds whose winner it changed.
  std::array<long long, 6> moons_played{}, moons_decided{};
  long long rounds = 0, all_trump_rounds = 0, shared_rounds = 0, draws = 0;

 private:
  static constexpr long long kMaxRounds = 1000;

  int active() const { return static_cast<int>(std::count(out_.begin(), out_.end(), false)); }
  // Play passes to the left (seat + 1); "rechts" is the other way.
  int left_of(int p) const { return (p + 1) % n_; }
  int right_of(int p) const { return (p + n_ - 1) % n_; }

  int draw() {
    int c = pile_.back();
    pile_.pop_back();
    return c;
  }
  void give(int player, int card) {
    hands_[static_cast<size_t>(player)].push_back(card);
    place_[static_cast<size_t>(card)] = Place::Hand;
    owner_[static_cast<size_t>(card)] = player;
  }
  void take_from_hand(int player, int card) {
    auto& h = hands_[static_cast<size_t>(player)];
    auto it = std::find(h.begin(), h.end(), card);
    if (it == h.end() || place_[static_cast<size_t>(card)] != Place::Hand ||
        owner_[static_cast<size_t>(card)] != player) {
      violation(fmt::format("player {} played {}, which was not in their hand", player + 1, s_.cards[card].id));
      return;
    }
    h.erase(it);
  }

  void violation(const std::string& what) {
    ++report_.violations;
    if (report_.first_violations.size() < 10)
      report_.first_violations.push_back(fmt::format("seed {}, {} players: {}", seed_, n_, what));
  }

  // Every card in exactly one place, and the hands agree with the places.
  void check_conservation() {
    size_t in_hands = 0;
    for (int p = 0; p < n_; ++p)
      for (int c : hands_[static_cast<size_t>(p)]) {
        ++in_hands;
        if (place_[static_cast<size_t>(c)] != Place::Hand || owner_[static_cast<size_t>(c)] != p)
          violation(fmt::format("{} is in player {}'s hand but recorded elsewhere", s_.cards[c].id, p + 1));
      }
    const auto count = [&](Place where) {
      return static_cast<size_t>(std::count(place_.begin(), place_.end(), where));
    };
    if (count(Place::Hand) != in_hands || count(Place::Pile) != pile_.size() ||
        count(Place::Hand) + count(Place::Pile) + count(Place::Table) + count(Place::Won) + count(Place::Removed) +
                count(Place::Laid) !=
            s_.cards.size())
      violation("cards were lost or doubled");
  }

  // The strongest cards of the table under `trump` and the order; several on a tie.
  Outcome judge(const std::vector<Played>& table, int trump, bool highest) const {
    Outcome o;
    bool any_trump = false;
    for (const auto& pl : table)
      if (!pl.gone && s_.cards[static_cast<size_t>(pl.card)].has(trump)) any_trump = true;
    o.all_trump = !any_trump;
    int best = highest ? 0 : kNumbersPerColour + 1;
    for (const auto& pl : table) {
      const PlayCard& c = s_.cards[static_cast<size_t>(pl.card)];
      if (pl.gone || (any_trump && !c.has(trump))) continue;
      if (highest ? c.number > best : c.number < best) {
        best = c.number;
        o.winners = {pl.player};
      } else if (c.number == best && std::find(o.winners.begin(), o.winners.end(), pl.player) == o.winners.end()) {
        o.winners.push_back(pl.player);
      }
    }
    return o;
  }

  // The same judgement by pairwise comparison, as a check on judge().
  std::vector<int> judge_pairwise(const std::vector<Played>& table, int trump, bool highest) const {
    std::vector<const Played*> live;
    for (const auto& pl : table)
      if (!pl.gone) live.push_back(&pl);
    const bool any_trump = std::any_of(
        live.begin(), live.end(), [&](const Played* pl) { return s_.cards[static_cast<size_t>(pl->card)].has(trump); });
    std::vector<int> winners;
    for (const Played* a : live) {
      const PlayCard& ca = s_.cards[static_cast<size_t>(a->card)];
      if (any_trump && !ca.has(trump)) continue;
      bool beaten = false;
      for (const Played* b : live) {
        const PlayCard& cb = s_.cards[static_cast<size_t>(b->card)];
        if (a == b || (any_trump && !cb.has(trump))) continue;
        if (highest ? cb.number > ca.number : cb.number < ca.number) beaten = true;
      }
      if (!beaten && std::find(winners.begin(), winners.end(), a->player) == winners.end())
        winners.push_back(a->player);
    }
    return winners;
  }

  // How strong `card` is under the order: higher is better.
  int strength(int card, bool highest) const {
    int n = s_.cards[static_cast<size_t>(card)].number;
    return highest ? n : kNumbersPerColour + 1 - n;
  }

  // The simple strategy: win the table with the cheapest card that does;
  // else play trump (only trump may draw), a moon, or the weakest card.
  int choose_card(int player, const std::vector<Played>& table, int trump, bool highest) const {
    const auto& hand = hands_[static_cast<size_t>(player)];
    std::vector<int> playable;
    for (int c : hand)
      if (!s_.cards[static_cast<size_t>(c)].special) playable.push_back(c);
    if (playable.empty()) return -1;
    auto weakest = [&](const std::vector<int>& from) {
      return *std::min_element(from.begin(), from.end(),
                               [&](int a, int b) { return strength(a, highest) < strength(b, highest); });
    };
    if (table.empty()) {
      // Lead the strongest card of the colour held most.
      std::array<int, 4> held{};
      for (int c : playable)
        for (int k = 0; k < 4; ++k)
          if (s_.cards[static_cast<size_t>(c)].has(k)) ++held[static_cast<size_t>(k)];
      int colour = static_cast<int>(std::max_element(held.begin(), held.end()) - held.begin());
      int best = -1;
      for (int c : playable)
        if (s_.cards[static_cast<size_t>(c)].has(colour) &&
            (best < 0 || strength(c, highest) > strength(best, highest)))
          best = c;
      return best;
    }
    int top = -1;  // the strongest trump on the table
    for (const auto& pl : table)
      if (!pl.gone && s_.cards[static_cast<size_t>(pl.card)].has(trump) &&
          (top < 0 || strength(pl.card, highest) > strength(top, highest)))
        top = pl.card;
    std::vector<int> trumps, winning;
    for (int c : playable)
      if (s_.cards[static_cast<size_t>(c)].has(trump)) {
        trumps.push_back(c);
        if (top < 0 || strength(c, highest) > strength(top, highest)) winning.push_back(c);
      }
    if (!winning.empty()) return weakest(winning);
    if (!trumps.empty()) return weakest(trumps);
    for (int c : playable)
      if (s_.cards[static_cast<size_t>(c)].moon != Action::None) return c;
    return weakest(playable);
  }

  // The other player with the most cards (the first to the left on a tie); -1: none has cards.
  int richest_other(int player) const {
    int best = -1;
    for (int k = 1; k < n_; ++k) {
      int p = (player + k) % n_;
      if (hands_[static_cast<size_t>(p)].empty()) continue;
      if (best < 0 || hands_[static_cast<size_t>(p)].size() > hands_[static_cast<size_t>(best)].size()) best = p;
    }
    return best;
  }

  // The table card a Blutmond or Sonnenfinsternis picks: the strongest
  // card of another player, else one's own weakest; never the moon itself.
  int pick_table_card(const std::vector<Played>& table, int self_index, int player, int trump, bool highest) const {
    int pick = -1;
    for (int i = 0; i < static_cast<int>(table.size()); ++i) {
      const Played& pl = table[static_cast<size_t>(i)];
      if (i == self_index || pl.gone || pl.player == player) continue;
      int score = strength(pl.card, highest) + (s_.cards[static_cast<size_t>(pl.card)].has(trump) ? 100 : 0);
      int best = pick < 0
                     ? -1
                     : strength(table[static_cast<size_t>(pick)].card, highest) +
                           (s_.cards[static_cast<size_t>(table[static_cast<size_t>(pick)].card)].has(trump) ? 100 : 0);
      if (score > best) pick = i;
    }
    return pick;
  }

  int trump_of(const std::vector<Played>& table, int lead_trump) const {
    int trump = lead_trump;
    for (const auto& pl : table)
      if (pl.effect_active && s_.cards[static_cast<size_t>(pl.card)].moon == Action::ChooseTrump) trump = pl.chosen;
    return trump;
  }

  // Undoes the standing effect of a Vollmond or Sichelmond that leaves the table.
  void undo(Played& pl) {
    if (!pl.effect_active) return;
    pl.effect_active = false;
    if (s_.cards[static_cast<size_t>(pl.card)].moon == Action::ReverseOrder) highest_ = !highest_;
  }

  int colour_choice(int player, const std::vector<Played>& table, unsigned allowed) const {
    // The colour that makes one's own table card win, else the one held most.
    std::array<int, 4> score{};
    for (int c : hands_[static_cast<size_t>(player)])
      for (int k = 0; k < 4; ++k)
        if (s_.cards[static_cast<size_t>(c)].has(k)) ++score[static_cast<size_t>(k)];
    for (int k = 0; k < 4; ++k) {
      Outcome o = judge(table, k, highest_);
      if (!o.all_trump && o.winners.size() == 1 && o.winners.front() == player) score[static_cast<size_t>(k)] += 100;
    }
    int best = -1;
    for (int k = 0; k < 4; ++k)
      if ((allowed >> k) & 1U && (best < 0 || score[static_cast<size_t>(k)] > score[static_cast<size_t>(best)]))
        best = k;
    return best;
  }

  void moon_effect(int player, std::vector<Played>& table, int index, int& lead_trump) {
    Played& me = table[static_cast<size_t>(index)];
    const PlayCard& card = s_.cards[static_cast<size_t>(me.card)];
    ++report_.steps;
    switch (card.moon) {
      case Action::ChooseTrump:
        me.trump_before = trump_of(table, lead_trump);
        me.chosen = colour_choice(player, table, 0xFU);
        me.effect_active = true;
        break;
      case Action::ReverseOrder:
        highest_ = !highest_;
        me.effect_active = true;
        break;
      case Action::TakeFromHand: {
        int victim = richest_other(player);
        if (victim < 0) break;
        auto& h = hands_[static_cast<size_t>(victim)];
        // Der Allereinzigste first (5 points), else the strongest card.
        int take = h.front();
        for (int c : h)
          if (s_.cards[static_cast<size_t>(c)].special ||
              (!s_.cards[static_cast<size_t>(take)].special && strength(c, highest_) > strength(take, highest_)))
            take = c;
        take_from_hand(victim, take);
        give(player, take);
        break;
      }
      case Action::ShareHands: {
        int other = richest_other(player);
        if (other < 0) break;
        auto& mine = hands_[static_cast<size_t>(player)];
        auto& theirs = hands_[static_cast<size_t>(other)];
        std::vector<int> pool = mine;
        pool.insert(pool.end(), theirs.begin(), theirs.end());
        const size_t before = pool.size();
        mine.clear();
        theirs.clear();
        shuffle(pool, rng_);
        // "Er fängt bei sich mit austeilen an."
        for (size_t i = 0; i < pool.size(); ++i) give(i % 2 == 0 ? player : other, pool[i]);
        if (mine.size() + theirs.size() != before || mine.size() < theirs.size())
          violation("a Halbmond did not share the hands half and half");
        break;
      }
      case Action::RemovePlayed:
      case Action::TakePlayed: {
        int pick = pick_table_card(table, index, player, trump_of(table, lead_trump), highest_);
        if (pick < 0) break;  // nothing else lies on the table
        me.chosen = pick;
        Played& target = table[static_cast<size_t>(pick)];
        undo(target);
        target.gone = true;
        if (card.moon == Action::RemovePlayed) {
          place_[static_cast<size_t>(target.card)] = Place::Removed;
        } else {
          give(player, target.card);
        }
        break;
      }
      case Action::None:
        break;
    }
  }

  // Would the round have gone otherwise without the moon at `index`?
  bool moon_decided(const std::vector<Played>& table, int index, int lead_trump, const Outcome& actual) const {
    const Played& me = table[static_cast<size_t>(index)];
    std::vector<Played> without = table;
    bool highest = highest_;
    int trump = trump_of(table, lead_trump);
    switch (s_.cards[static_cast<size_t>(me.card)].moon) {
      case Action::ChooseTrump:
        if (!me.effect_active) return false;
        without[static_cast<size_t>(index)].effect_active = false;
        trump = trump_of(without, lead_trump);
        break;
      case Action::ReverseOrder:
        if (!me.effect_active) return false;
        highest = !highest;
        break;
      case Action::RemovePlayed:
      case Action::TakePlayed:
        if (me.chosen < 0) return false;
        without[static_cast<size_t>(me.chosen)].gone = false;
        break;
      default:
        return false;
    }
    return judge(without, trump, highest).winners != actual.winners;
  }

  void play_round(int starter) {
    ++rounds;
    std::vector<Played> table;
    int lead_trump = kNoColour;
    std::vector<int> seats;
    for (int k = 0, p = starter; k < n_; ++k, p = left_of(p))
      if (!out_[static_cast<size_t>(p)]) seats.push_back(p);
    for (int pass = 0; pass < s_.facts.cards_per_round; ++pass)
      for (int p : seats) {
        auto& hand = hands_[static_cast<size_t>(p)];
        if (hand.empty()) continue;
        const bool only_special =
            std::all_of(hand.begin(), hand.end(), [&](int c) { return s_.cards[static_cast<size_t>(c)].special; });
        if (only_special) {
          // "Wer nur noch den Allereinzigsten in der Hand hält, darf ihn auf seinen Gewinnstapel legen."
          for (int c : hand) {
            place_[static_cast<size_t>(c)] = Place::Laid;
            bonus_[static_cast<size_t>(p)] += s_.facts.allereinzigster_bonus;
          }
          hand.clear();
          continue;
        }
        const int trump_now = trump_of(table, lead_trump);
        int card = choose_card(p, table, trump_now, highest_);
        take_from_hand(p, card);
        place_[static_cast<size_t>(card)] = Place::Table;
        table.push_back({card, p});
        ++report_.steps;
        const PlayCard& c = s_.cards[static_cast<size_t>(card)];
        if (lead_trump == kNoColour) {
          // The first card sets trump; a two-coloured one lets its player choose.
          lead_trump = std::popcount(c.colours) == 1 ? std::countr_zero(c.colours) : colour_choice(p, table, c.colours);
          if (!c.has(lead_trump)) violation("trump was set to a colour the first card does not have");
        }
        // "Nur wer Trumpf spielt, darf nachziehen" (the trump before the card's own moon acts).
        if (c.has(trump_of(table, lead_trump)) && !pile_.empty()) {
          give(p, draw());
          ++draws;
        }
        if (c.moon != Action::None) {
          ++moons_played[static_cast<size_t>(c.moon_kind)];
          moon_effect(p, table, static_cast<int>(table.size()) - 1, lead_trump);
        }
        check_conservation();
      }
    if (table.empty()) return;
    const int trump = trump_of(table, lead_trump);
    Outcome o = judge(table, trump, highest_);
    std::vector<int> again = judge_pairwise(table, trump, highest_);
    std::vector<int> sorted_o = o.winners, sorted_again = again;
    std::sort(sorted_o.begin(), sorted_o.end());
    std::sort(sorted_again.begin(), sorted_again.end());
    if (sorted_o != sorted_again) violation("the round's winner is not the strongest card");
    if (o.winners.size() > 1 && !o.all_trump) violation("a tie in the trump colour");
    if (o.all_trump) ++all_trump_rounds;
    if (o.winners.size() > 1) ++shared_rounds;
    for (int i = 0; i < static_cast<int>(table.size()); ++i) {
      const PlayCard& c = s_.cards[static_cast<size_t>(table[static_cast<size_t>(i)].card)];
      if (!table[static_cast<size_t>(i)].gone && c.moon_kind >= 0 && moon_decided(table, i, lead_trump, o))
        ++moons_decided[static_cast<size_t>(c.moon_kind)];
    }
    // The winner takes every card left on the table; equals share them, the
    // odd card going to the first of them to play.
    std::vector<int> left;
    for (const auto& pl : table)
      if (!pl.gone) left.push_back(pl.card);
    for (size_t i = 0; i < left.size(); ++i) {
      int to = o.winners[i % o.winners.size()];
      place_[static_cast<size_t>(left[i])] = Place::Won;
      ++won_[static_cast<size_t>(to)];
    }
    // A Vollmond's or Sichelmond's card leaving the table keeps its effect
    // only for the Sichelmond ("ab sofort"); trump is chosen anew each round.
    check_conservation();
  }

  const Setup& s_;
  int n_;
  std::mt19937_64& rng_;
  SimulationReport& report_;
  uint64_t seed_;
  std::vector<std::vector<int>> hands_;
  std::vector<int> pile_, won_, bonus_;
  std::vector<bool> out_;
  std::vector<Place> place_;
  std::vector<int> owner_;
  bool highest_ = false;
};

// What `check` asks of the games (reach.h): every moon kind played, at its
// entry of the moons table; Der Allereinzigste laid down, at its card.
void add_occurrences(const model::Game& game, const std::array<long long, 6>& played, long long laid_down,
                     SimulationReport& report) {
  const model::Table* table = game.table("moons");
  const auto& ids = moons();
  for (size_t k = 0; k < ids.size() && k < played.size(); ++k) {
    const model::TableEntry* e = table ? table->find(ids[k]) : nullptr;
    const std::string name = e ? entry_text(*e, "name") : ids[k];
    report.occurrences.push_back({"moon." + ids[k], "moon kind " + (name.empty() ? ids[k] : name), "played", played[k],
                                  report.games, "games", e ? e->loc : SourceLoc{}});
  }
  for (const auto& deck : game.decks)
    for (const auto& card : deck.cards)
      if (text(game, card, "special") == kSpecial && card.copy == 1) {
        report.occurrences.push_back({"special." + std::string(kSpecial), "special card " + text(game, card, "name"),
                                      "laid down", laid_down, report.games, "games", field_loc(game, card, "special")});
        return;
      }
}

}  // namespace

// Over 80 lines: the games' tallies, then one figure per tally, in the order the report prints them.
// NOLINTNEXTLINE(readability-function-size)
SimulationReport simulate_report(const model::Model&, const model::Game& game, const SimulationOptions& options) {
  const Setup setup = read_setup(game);
  SimulationReport report;
  const std::vector<int> counts =
      player_counts("Monddämmerung", setup.facts.min_players, setup.facts.max_players, options.players);
  const auto& moon_ids = moons();
  std::array<long long, 6> played_all{};  // over every player count, for check's reach
  long long laid_down_all = 0;
  for (int n : counts) {
    std::vector<double> wins(static_cast<size_t>(n), 0);
    double winning_score = 0, all_scores = 0, bonus_games = 0, bonus_decided = 0;
    long long rounds = 0, unfinished = 0, all_trump = 0, shared = 0, draws = 0;
    std::array<long long, 6> played{}, decided{};
    for (long i = 0; i < options.games; ++i) {
      const uint64_t seed = options.seed + static_cast<uint64_t>(i);
      std::mt19937_64 rng(seed * 0x9E3779B97F4A7C15ULL + static_cast<uint64_t>(n));
      Game g(setup, n, rng, report, seed);
      long long length = 0;
      if (!g.play(length)) ++unfinished;
      rounds += g.rounds;
      all_trump += g.all_trump_rounds;
      shared += g.shared_rounds;
      draws += g.draws;
      for (size_t k = 0; k < 6; ++k) {
        played[k] += g.moons_played[k];
        decided[k] += g.moons_decided[k];
      }
      const std::vector<double> scores = g.scores();
      const double top = *std::max_element(scores.begin(), scores.end());
      std::vector<size_t> best;
      for (size_t p = 0; p < scores.size(); ++p)
        if (scores[p] == top) best.push_back(p);
      for (size_t p : best) wins[p] += 1.0 / static_cast<double>(best.size());
      winning_score += top;
      all_scores += std::accumulate(scores.begin(), scores.end(), 0.0) / n;
      // The Allereinzigste decided the game when its bonus made a winner.
      for (size_t p = 0; p < scores.size(); ++p)
        if (g.bonus()[p] > 0) {
          ++bonus_games;
          bool won = scores[p] == top;
          bool still = true;
          for (size_t q = 0; q < scores.size(); ++q)
            if (q != p && scores[q] >= scores[p] - g.bonus()[p]) still = false;
          if (won && !still) ++bonus_decided;
        }
    }
    report.games += options.games;
    for (size_t k = 0; k < 6; ++k) played_all[k] += played[k];
    laid_down_all += static_cast<long long>(bonus_games);
    const double games = static_cast<double>(options.games);
    FigureGroup group{fmt::format("{} players (seat 1 starts the first round)", n), {}};
    for (int p = 0; p < n; ++p)
      group.figures.push_back(percent_figure(fmt::format("p{}.win_rate.seat_{}", n, p + 1),
                                             fmt::format("wins, seat {}", p + 1), wins[static_cast<size_t>(p)], games));
    group.figures.push_back(
        {fmt::format("p{}.rounds", n), "rounds per game", static_cast<double>(rounds) / games, "rounds"});
    group.figures.push_back({fmt::format("p{}.winning_score", n), "winner's score", winning_score / games, "points"});
    group.figures.push_back({fmt::format("p{}.mean_score", n), "mean score", all_scores / games, "points"});
    group.figures.push_back(percent_figure(fmt::format("p{}.all_trump", n),
                                           "rounds with no trump left (every colour trump)",
                                           static_cast<double>(all_trump), static_cast<double>(rounds)));
    group.figures.push_back(percent_figure(fmt::format("p{}.shared", n), "rounds shared by equal cards",
                                           static_cast<double>(shared), static_cast<double>(rounds)));
    group.figures.push_back(
        {fmt::format("p{}.draws", n), "cards drawn per game", static_cast<double>(draws) / games, ""});
    group.figures.push_back(percent_figure(fmt::format("p{}.allereinzigster", n),
                                           "games where Der Allereinzigste is laid down", bonus_games, games));
    group.figures.push_back(percent_figure(fmt::format("p{}.allereinzigster_decides", n), "games its 5 points decide",
                                           bonus_decided, games));
    for (size_t k = 0; k < 6; ++k) {
      group.figures.push_back({fmt::format("p{}.{}.played", n, moon_ids[k]), moon_ids[k] + " played per game",
                               static_cast<double>(played[k]) / games, ""});
      // Only moons that act on the table can change who wins the round.
      const std::string_view action = rule_action(k);
      if (action == "take_from_hand" || action == "share_hands") continue;
      group.figures.push_back(percent_figure(fmt::format("p{}.{}.decides", n, moon_ids[k]),
                                             moon_ids[k] + " changes the round's winner",
                                             static_cast<double>(decided[k]), static_cast<double>(played[k])));
    }
    if (unfinished)
      report.notes.push_back(fmt::format("{} of {} games with {} players did not end", unfinished, options.games, n));
    // Seat balance: the largest deviation from a fair share.
    double fair = 100.0 / n, worst = 0;
    int worst_seat = 0;
    for (int p = 0; p < n; ++p) {
      double share = 100.0 * wins[static_cast<size_t>(p)] / games;
      if (std::abs(share - fair) > std::abs(worst)) {
        worst = share - fair;
        worst_seat = p + 1;
      }
    }
    // Whether the most uneven seat is more than chance: a 95 % margin for a
    // share of `games`, widened (z = 2.6 instead of 1.96) because the most
    // uneven of up to five seats is picked after the fact.
    const double margin = 260.0 * std::sqrt(fair / 100 * (1 - fair / 100) / games);
    report.notes.push_back(fmt::format(
        "{} players: seat {} wins {:.1f} % of games against a fair {:.1f} % ({}; chance alone gives ± {:.1f} "
        "in {} games); a game lasts {:.1f} rounds",
        n, worst_seat, fair + worst, fair, std::abs(worst) > margin ? "uneven" : "within chance", margin, options.games,
        static_cast<double>(rounds) / games));
    report.groups.push_back(std::move(group));
  }
  add_occurrences(game, played_all, laid_down_all, report);
  return report;
}

}  // namespace kw::rules::monddaemmerung
