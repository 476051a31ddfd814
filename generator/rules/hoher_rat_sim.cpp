// Der Hohe Rat: the council vote played whole, from the data (the board's
// colours, the Tag and Nacht decks, the Trilith cards' effect, the pieces and
// the winning block). Simple greedy players; the invariants are checked after
// every move. Our reading where the rules leave a case open:
//  - seat 1 (Pro) begins; four players sit Pro, Contra, Pro, Contra (white,
//    red, yellow, blue); two players hold both colours of their faction;
//  - arguments lie in front of the player who took them; the limit of 6 per
//    colour counts the faction's two players together;
//  - a game that reaches no block of 16 in 600 turns counts as undecided.
// The players: convince while a convincing grows their longest block or
// shrinks the other's; as the action, take a seat (the space that joins most
// of their own), else discuss for the arguments their borders need, else
// brood. They never consult (the rules allow it; it moves no piece).
#include <algorithm>
#include <array>
#include <map>
#include <numeric>
#include <random>

#include <fmt/format.h>

#include "rules/hoher_rat.h"
#include "rules/support.h"

namespace kw::rules::hoher_rat {

namespace {

// Colours are numbered in the order of colours(): weiss, gelb, rot, blau, gruen, schwarz (0-5).
constexpr int kArgColours = 5;  // all but black
constexpr int kPlayerColours = 4;
constexpr int kWild = 5;
constexpr int kMaxTurns = 600;

uint64_t splitmix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

int faction_of(int colour) { return colour < 2 ? 0 : 1; }  // weiss, gelb: Pro; rot, blau: Contra

struct CardDef {
  bool trilith = false;
  int space = -1;  // 0-based
  int colour = -1;
};

// What the simulator reads from the data.
struct Rules {
  std::array<int, kSpaces> space_colour{};
  std::array<std::vector<CardDef>, 2> deck;  // Tag (Pro), Nacht (Contra)
  int trilith_arguments = 2;
  int limit = 6;
  int win = 16;
  int anhaenger = kAnhaengerPerColour, wortfuehrer = kWortfuehrerPerColour, arguments = kArgumentsPerColour;
};

int colour_index(const std::string& id) {
  auto it = std::find(colours().begin(), colours().end(), id);
  return it == colours().end() ? -1 : static_cast<int>(it - colours().begin());
}

Rules read_rules(const model::Game& game) {
  Rules r;
  const model::Table* board = game.table("board");
  if (!board) throw SimulationError("the game has no table 'board' (the council circle)");
  for (int n = 1; n <= kSpaces; ++n) {
    const model::TableEntry* e = board->find(std::to_string(n));
    const int c = e ? colour_index(entry_text(*e, "colour")) : -1;
    if (c < 0) throw SimulationError(fmt::format("council space {} has no colour of the council", n));
    r.space_colour[static_cast<size_t>(n - 1)] = c;
  }
  bool effect_seen = false;
  for (const auto& deck : game.decks)
    for (const auto& card : deck.cards) {
      if (deck.product == model::Product::Board) break;
      const std::string time = text(game, card, "time");
      if (time != "tag" && time != "nacht") continue;
      CardDef d;
      if (text(game, card, "kind") == "trilith") {
        d.trilith = true;
        const model::Value* e = field(game, card, "effect");
        if (!e || !e->is_map() || !e->find("arguments"))
          throw SimulationError("Trilith card " + card.id + " has no effect (arguments) to play");
        r.trilith_arguments = static_cast<int>(e->find("arguments")->as_int().value_or(2));
        if (const model::Value* l = e->find("limit")) r.limit = static_cast<int>(l->as_int().value_or(6));
        effect_seen = true;
      } else {
        auto n = integer(game, card, "space");
        if (!n || *n < 1 || *n > kSpaces) throw SimulationError("number card " + card.id + " names no council space");
        d.space = static_cast<int>(*n - 1);
        d.colour = r.space_colour[static_cast<size_t>(d.space)];
      }
      r.deck[time == "tag" ? 0 : 1].push_back(d);
    }
  if (!effect_seen) throw SimulationError("the decks hold no Trilith card");
  for (size_t f = 0; f < 2; ++f)
    if (r.deck[f].size() < 6) throw SimulationError("a faction's deck has fewer than 6 cards");
  if (const model::Value* w = info(game, "meta.win_block")) r.win = static_cast<int>(w->as_int().value_or(r.win));
  if (const model::Table* t = game.table("pieces"))
    for (const auto& e : t->entries) {
      const model::Value* c = entry_field(e, "count");
      const int n = c ? static_cast<int>(c->as_int().value_or(0)) : 0;
      const std::string kind = entry_text(e, "kind");
      if (kind == "anhaenger") r.anhaenger = n;
      if (kind == "wortfuehrer") r.wortfuehrer = n;
      if (kind == "argument") r.arguments = n;
    }
  return r;
}

struct Tally {
  long games = 0, undecided = 0;
  std::array<long, 4> seat_wins{};
  std::array<long, 2> faction_wins{};
  long long turns = 0, vote_turns = 0, votes = 0;
  long long convincings = 0, arguments_spent = 0, trilith_plays = 0, seats_taken = 0;
  long trilith_games = 0, trilith_decided = 0;
};

struct Seat {
  int colour = -1;      // the piece's colour (0-3), -1: free
  bool leader = false;  // a Wortführer
};

class Council {
 public:
  Council(const Rules& r, int players, uint64_t seed, bool trilith_power, long long& steps, long long& violations,
          std::vector<std::string>& first)
      : r_(r),
        n_(players),
        seed_(seed),
        trilith_(trilith_power),
        steps_(steps),
        violations_(violations),
        first_(first) {}

  // Plays one game; returns the winning faction, or -1 when undecided.
  int play(Tally* t) {
    for (int c = 0; c < kPlayerColours; ++c) {
      supply_[static_cast<size_t>(c)] = r_.anhaenger;
      leaders_[static_cast<size_t>(c)] = r_.wortfuehrer;
    }
    args_.fill(r_.arguments);
    for (size_t f = 0; f < 2; ++f) {
      pile_[f].resize(r_.deck[f].size());
      std::iota(pile_[f].begin(), pile_[f].end(), 0);
      reshuffle_order(f);
    }
    held_.assign(static_cast<size_t>(n_), {});
    hand_.assign(static_cast<size_t>(n_), {});
    for (int p = 0; p < n_; ++p)
      for (int k = 0; k < 3; ++k) draw(p);
    for (turn_ = 0; turn_ < kMaxTurns; ++turn_) {
      const int p = turn_ % n_;
      convince_all(p, t);
      if (winner_ < 0) action(p, t);
      if (winner_ < 0) convince_all(p, t);
      if (winner_ >= 0) {
        if (t) {
          ++t->seat_wins[static_cast<size_t>(p)];
          t->turns += turn_ + 1;
        }
        return winner_;
      }
    }
    if (t) t->turns += kMaxTurns;
    return -1;
  }

  int vote_turn() const { return vote_turn_; }
  bool trilith_played() const { return trilith_played_; }

 private:
  int faction(int p) const { return n_ == 2 ? p : p % 2; }
  // The colours player p places: his own (4 players) or his faction's two.
  std::vector<int> own_colours(int p) const {
    const int f = faction(p);
    if (n_ == 2) return {2 * f, 2 * f + 1};
    return {p == 0 ? 0 : p == 1 ? 2 : p == 2 ? 1 : 3};
  }
  int faction_args(int f, int colour) const {
    int n = 0;
    for (int p = 0; p < n_; ++p)
      if (faction(p) == f) n += held_[static_cast<size_t>(p)][static_cast<size_t>(colour)];
    return n;
  }

  void violation(const std::string& what) {
    ++violations_;
    if (first_.size() < 10) first_.push_back(fmt::format("game seed {:#x}, turn {}: {}", seed_, turn_ + 1, what));
  }

  // ------------------------------------------------------------ cards

  void reshuffle_order(size_t f) {
    std::mt19937_64 rng(splitmix(seed_ ^ (f + 1) ^ (static_cast<uint64_t>(++shuffles_) << 8)));
    shuffle(pile_[f], rng);
  }

  void draw(int p) {
    const size_t f = static_cast<size_t>(faction(p));
    if (pile_[f].empty()) {  // "alle gespielten Karten der Fraktion eingesammelt und neu gemischt"
      pile_[f].swap(discard_[f]);
      reshuffle_order(f);
    }
    if (pile_[f].empty()) return;
    hand_[static_cast<size_t>(p)].push_back(pile_[f].back());
    pile_[f].pop_back();
  }

  void discard(int p, int card) {
    auto& h = hand_[static_cast<size_t>(p)];
    auto it = std::find(h.begin(), h.end(), card);
    if (it == h.end()) return violation("a card played that is not in the hand");
    h.erase(it);
    discard_[static_cast<size_t>(faction(p))].push_back(card);
  }

  const CardDef& def(int p, int card) const {
    return r_.deck[static_cast<size_t>(faction(p))][static_cast<size_t>(card)];
  }

  // ------------------------------------------------------------ the circle

  static int left(int i) { return (i + kSpaces - 1) % kSpaces; }
  static int right(int i) { return (i + 1) % kSpaces; }

  // Pieces around i joined by `same` (colour for a group, faction for a block).
  template <class Same>
  int run(int i, Same same) const {
    if (seats_[static_cast<size_t>(i)].colour < 0) return 0;
    int n = 1;
    for (int j = left(i); j != i && same(j); j = left(j)) ++n;
    if (n >= kSpaces) return kSpaces;
    for (int j = right(i); j != i && same(j); j = right(j)) ++n;
    return std::min(n, kSpaces);
  }
  int group(int i) const {
    const int c = seats_[static_cast<size_t>(i)].colour;
    return run(i, [&](int j) { return seats_[static_cast<size_t>(j)].colour == c; });
  }
  int block(int i) const {
    const int c = seats_[static_cast<size_t>(i)].colour;
    return run(i, [&](int j) {
      const int d = seats_[static_cast<size_t>(j)].colour;
      return d >= 0 && faction_of(d) == faction_of(c);
    });
  }
  // The longest block of faction f: one walk around the circle, starting
  // after a space that is not f's.
  int longest(int f) const {
    auto is_f = [&](int i) {
      const int c = seats_[static_cast<size_t>(i)].colour;
      return c >= 0 && faction_of(c) == f;
    };
    int start = -1;
    for (int i = 0; i < kSpaces && start < 0; ++i)
      if (!is_f(i)) start = i;
    if (start < 0) return kSpaces;
    int best = 0, cur = 0;
    for (int k = 1; k <= kSpaces; ++k) {
      const int i = (start + k) % kSpaces;
      cur = is_f(i) ? cur + 1 : 0;
      best = std::max(best, cur);
    }
    return best;
  }
  int free_spaces() const {
    return static_cast<int>(std::count_if(seats_.begin(), seats_.end(), [](const Seat& s) { return s.colour < 0; }));
  }

  // What a change of the circle is worth to faction f.
  int worth(int f) const { return 2 * longest(f) - longest(1 - f); }

  void after_move(int p) {
    ++steps_;
    if (!vote_ && free_spaces() == 0) {
      vote_ = true;  // the Trilith goes to the centre: the vote begins
      vote_turn_ = turn_ + 1;
    }
    for (int f = 0; f < 2; ++f)
      if (longest(f) >= r_.win) winner_ = f;
    invariants(p);
  }

  void invariants(int p) {
    std::array<int, kPlayerColours> on_board{}, leaders_on{};
    for (const Seat& s : seats_)
      if (s.colour >= 0) ++(s.leader ? leaders_on : on_board)[static_cast<size_t>(s.colour)];
    for (size_t c = 0; c < kPlayerColours; ++c) {
      if (on_board[c] + supply_[c] != r_.anhaenger)
        violation(fmt::format("{} Anhänger of colour {}", on_board[c] + supply_[c], c));
      if (leaders_on[c] + leaders_[c] != r_.wortfuehrer) violation("a Wortführer lost or doubled");
    }
    for (int c = 0; c < kArgColours; ++c) {
      int held = 0;
      for (const auto& h : held_) held += h[static_cast<size_t>(c)];
      if (held + args_[static_cast<size_t>(c)] != r_.arguments) violation("an argument lost or doubled");
      for (int f = 0; f < 2; ++f)
        if (faction_args(f, c) > r_.limit)
          violation(fmt::format("a faction holds more than {} arguments of a colour", r_.limit));
    }
    for (size_t f = 0; f < 2; ++f) {
      size_t n = pile_[f].size() + discard_[f].size();
      for (int q = 0; q < n_; ++q)
        if (static_cast<size_t>(faction(q)) == f) n += hand_[static_cast<size_t>(q)].size();
      if (n != r_.deck[f].size()) violation("a card lost or doubled");
    }
    if (hand_[static_cast<size_t>(p)].size() > 3) violation("more than 3 cards in a hand");
  }

  // ------------------------------------------------------------ convincing

  // The arguments convincing the piece on `to` from `from` costs.
  int cost(int from, int to) const {
    const int g = group(to);
    int c = seats_[static_cast<size_t>(to)].leader || g >= 3 ? 3 : g;
    if (vote_ && group(from) > g) c = 1;  // the vote: a larger group convinces for one
    return c;
  }

  // The colour player p pays `n` arguments of from space `from`, or -1.
  int pay_colour(int p, int from, int n) const {
    const auto& h = held_[static_cast<size_t>(p)];
    const int sc = r_.space_colour[static_cast<size_t>(from)];
    if (sc != kWild) return h[static_cast<size_t>(sc)] >= n ? sc : -1;
    int best = -1;
    for (int c = 0; c < kArgColours; ++c)
      if (h[static_cast<size_t>(c)] >= n && (best < 0 || h[static_cast<size_t>(c)] > h[static_cast<size_t>(best)]))
        best = c;
    return best;
  }

  // Places one of p's Anhänger on `at` (free, or just emptied); when his
  // supply is empty he moves one from elsewhere. False when he has none.
  bool put(int p, int at) {
    int colour = -1;
    for (int c : own_colours(p)) {  // the colour that joins a neighbour, else one with pieces left
      if (supply_[static_cast<size_t>(c)] == 0) continue;
      if (colour < 0 || seats_[static_cast<size_t>(left(at))].colour == c ||
          seats_[static_cast<size_t>(right(at))].colour == c)
        colour = c;
    }
    if (colour < 0) {
      // "Keine Anhänger mehr im Vorrat": move an own Anhänger that stands alone.
      int from = -1;
      for (int i = 0; i < kSpaces; ++i) {
        const Seat& s = seats_[static_cast<size_t>(i)];
        if (i == at || s.leader || s.colour < 0) continue;
        const auto mine = own_colours(p);
        if (std::find(mine.begin(), mine.end(), s.colour) == mine.end()) continue;
        if (from < 0 || block(i) < block(from)) from = i;
      }
      if (from < 0) return false;
      colour = seats_[static_cast<size_t>(from)].colour;
      seats_[static_cast<size_t>(from)] = Seat{};
      ++supply_[static_cast<size_t>(colour)];
    }
    --supply_[static_cast<size_t>(colour)];
    seats_[static_cast<size_t>(at)] = Seat{colour, false};
    return true;
  }

  void convince_all(int p, Tally* t) {
    const int f = faction(p);
    while (winner_ < 0) {
      int best_from = -1, best_to = -1, best_gain = 0;
      const int before = worth(f);
      for (int to = 0; to < kSpaces; ++to) {
        const Seat& s = seats_[static_cast<size_t>(to)];
        if (s.colour < 0 || faction_of(s.colour) == f) continue;
        for (int from : {left(to), right(to)}) {
          const Seat& x = seats_[static_cast<size_t>(from)];
          if (x.colour < 0 || faction_of(x.colour) != f) continue;
          const int n = cost(from, to);
          if (pay_colour(p, from, n) < 0) continue;
          // Try it on a copy of the circle.
          const auto seats = seats_;
          const auto supply = supply_;
          const auto leaders = leaders_;
          seats_[static_cast<size_t>(to)] = Seat{};
          if (put(p, to)) {
            const int gain = worth(f) - before - n / 3;
            if (gain > best_gain) best_gain = gain, best_from = from, best_to = to;
          }
          seats_ = seats;
          supply_ = supply;
          leaders_ = leaders;
        }
      }
      if (best_to < 0) return;
      const int n = cost(best_from, best_to);
      const int colour = pay_colour(p, best_from, n);
      held_[static_cast<size_t>(p)][static_cast<size_t>(colour)] -= n;
      args_[static_cast<size_t>(colour)] += n;
      Seat& s = seats_[static_cast<size_t>(best_to)];
      ++(s.leader ? leaders_ : supply_)[static_cast<size_t>(s.colour)];  // back to its owner's supply
      s = Seat{};
      if (!put(p, best_to)) violation("a convincing without an Anhänger to place");
      if (t) {
        ++t->convincings;
        t->arguments_spent += n;
      }
      after_move(p);
    }
  }

  // ------------------------------------------------------------ the action

  // The value of p's piece on free space `at`.
  int seat_value(int p, int at) {
    const auto seats = seats_;
    const auto supply = supply_;
    const int before = worth(faction(p));
    int v = -1000;
    if (put(p, at)) v = worth(faction(p)) - before;
    seats_ = seats;
    supply_ = supply;
    return v;
  }

  void take_seat(int p, int card, int at, Tally* t, int pay_colour_for_three) {
    const int f = faction(p);
    discard(p, card);
    if (pay_colour_for_three >= 0) {
      held_[static_cast<size_t>(p)][static_cast<size_t>(pay_colour_for_three)] -= 3;
      args_[static_cast<size_t>(pay_colour_for_three)] += 3;
      if (!put(p, at)) violation("a seat taken without an Anhänger");
    } else {
      // The Wortführer goes where an opponent already sits next to it.
      int leader = -1;
      for (int c : own_colours(p))
        if (leaders_[static_cast<size_t>(c)] > 0) leader = c;
      const Seat l = seats_[static_cast<size_t>(left(at))], rr = seats_[static_cast<size_t>(right(at))];
      const bool exposed =
          (l.colour >= 0 && faction_of(l.colour) != f) || (rr.colour >= 0 && faction_of(rr.colour) != f);
      if (leader >= 0 && exposed) {
        --leaders_[static_cast<size_t>(leader)];
        seats_[static_cast<size_t>(at)] = Seat{leader, true};
      } else if (!put(p, at)) {
        if (leader < 0) return violation("a seat taken without a piece");
        --leaders_[static_cast<size_t>(leader)];
        seats_[static_cast<size_t>(at)] = Seat{leader, true};
      }
    }
    draw(p);
    if (t) ++t->seats_taken;
    after_move(p);
  }

  // Over 80 lines: the player's choice among the rule book's actions (take a seat, discuss, convince), in its order of
  // preference.
  // NOLINTNEXTLINE(readability-function-size)
  void action(int p, Tally* t) {
    auto& h = hand_[static_cast<size_t>(p)];
    const int f = faction(p);
    // Take a seat: a card for a free space, or a card and three arguments of
    // its colour for any free space of that colour.
    int best_card = -1, best_at = -1, best_v = -1000, best_pay = -1;
    for (int card : h) {
      const CardDef& d = def(p, card);
      if (d.trilith) continue;
      if (seats_[static_cast<size_t>(d.space)].colour < 0) {
        const int v = seat_value(p, d.space);
        if (v > best_v) best_v = v, best_card = card, best_at = d.space, best_pay = -1;
        continue;
      }
      const int pay = d.colour == kWild
                          ? pay_colour(p, d.space, 3)
                          : (held_[static_cast<size_t>(p)][static_cast<size_t>(d.colour)] >= 3 ? d.colour : -1);
      if (pay < 0) continue;
      for (int at = 0; at < kSpaces; ++at) {
        if (seats_[static_cast<size_t>(at)].colour >= 0 || r_.space_colour[static_cast<size_t>(at)] != d.colour)
          continue;
        const int v = seat_value(p, at) - 1;  // three arguments spent
        if (v > best_v) best_v = v, best_card = card, best_at = at, best_pay = pay;
      }
    }
    if (best_card >= 0 && best_v > -1000) return take_seat(p, best_card, best_at, t, best_pay);

    // Discuss: the cards of one colour (with black ones) for arguments of
    // that colour, or a Trilith card for two of any colours. Each colour
    // is wanted as often as an own piece on a space of it borders the other
    // faction.
    std::array<int, kArgColours> want{};
    for (int i = 0; i < kSpaces; ++i) {
      const Seat& s = seats_[static_cast<size_t>(i)];
      if (s.colour < 0 || faction_of(s.colour) != f) continue;
      for (int j : {left(i), right(i)}) {
        const Seat& o = seats_[static_cast<size_t>(j)];
        if (o.colour < 0 || faction_of(o.colour) == f) continue;
        const int sc = r_.space_colour[static_cast<size_t>(i)];
        if (sc == kWild)
          for (auto& w : want) ++w;
        else
          ++want[static_cast<size_t>(sc)];
      }
    }
    auto room = [&](int c) { return std::min(args_[static_cast<size_t>(c)], r_.limit - faction_args(f, c)); };
    std::vector<int> play;
    int colour = -1, gain = 0;
    for (int c = 0; c < kArgColours; ++c) {
      std::vector<int> cards;
      for (int card : h) {
        const CardDef& d = def(p, card);
        if (!d.trilith && (d.colour == c || d.colour == kWild)) cards.push_back(card);
      }
      const int n = std::min(static_cast<int>(cards.size()), room(c));
      if (n <= 0) continue;
      cards.resize(static_cast<size_t>(n));
      const int score = n * (1 + want[static_cast<size_t>(c)]);
      if (score > gain) gain = score, colour = c, play = cards;
    }
    int trilith = -1;
    if (trilith_)
      for (int card : h)
        if (def(p, card).trilith) trilith = card;
    if (trilith >= 0) {
      // Two arguments of the most wanted colours with room.
      std::array<int, 2> take{-1, -1};
      int score = 0;
      auto order = std::array<int, kArgColours>{0, 1, 2, 3, 4};
      std::stable_sort(order.begin(), order.end(),
                       [&](int a, int b) { return want[static_cast<size_t>(a)] > want[static_cast<size_t>(b)]; });
      int k = 0;
      for (int c : order)
        for (int m = 0; m < 2 && k < r_.trilith_arguments && k < 2; ++m)
          if (room(c) > m) {
            take[static_cast<size_t>(k++)] = c;
            score += 1 + want[static_cast<size_t>(c)];
          }
      if (k > 0 && score >= gain) {
        discard(p, trilith);
        for (int c : take)
          if (c >= 0) {
            --args_[static_cast<size_t>(c)];
            ++held_[static_cast<size_t>(p)][static_cast<size_t>(c)];
          }
        while (h.size() < 3) draw(p);
        if (t) ++t->trilith_plays;
        trilith_played_ = true;
        return after_move(p);
      }
    }
    if (colour >= 0) {
      for (int card : play) discard(p, card);
      args_[static_cast<size_t>(colour)] -= static_cast<int>(play.size());
      held_[static_cast<size_t>(p)][static_cast<size_t>(colour)] += static_cast<int>(play.size());
      while (h.size() < 3) draw(p);
      return after_move(p);
    }
    // Brood: three new cards.
    for (int card : std::vector<int>(h)) discard(p, card);
    for (int k = 0; k < 3; ++k) draw(p);
    after_move(p);
  }

  const Rules& r_;
  int n_;
  uint64_t seed_;
  bool trilith_;
  long long& steps_;
  long long& violations_;
  std::vector<std::string>& first_;
  std::array<Seat, kSpaces> seats_{};
  std::array<int, kPlayerColours> supply_{}, leaders_{};
  std::array<int, kArgColours> args_{};
  std::vector<std::array<int, kArgColours>> held_;
  std::vector<std::vector<int>> hand_;
  std::array<std::vector<int>, 2> pile_, discard_;
  int turn_ = 0, winner_ = -1, vote_turn_ = 0;
  bool vote_ = false, trilith_played_ = false;
  uint64_t shuffles_ = 0;
};

// What `check` asks of the councils (reach.h): the Trilith cards played,
// at the first of them, and the vote they begin.
void add_occurrences(const model::Game& game, long long trilith_plays, long long votes, SimulationReport& r) {
  SourceLoc trilith;
  for (const auto& deck : game.decks)
    for (const auto& card : deck.cards)
      if (!trilith.known() && text(game, card, "kind") == "trilith") trilith = field_loc(game, card, "kind");
  r.occurrences.push_back(
      {"special.trilith", "special card Trilith", "played", trilith_plays, r.games, "games", trilith});
  r.occurrences.push_back({"vote", "the vote", "held", votes, r.games, "games", trilith});
}

}  // namespace

SimulationReport simulate_report(const model::Model&, const model::Game& game, const SimulationOptions& options) {
  const Rules rules = read_rules(game);
  std::vector<int> counts;
  if (options.players == 0)
    counts = {2, 4};
  else if (options.players == 2 || options.players == 4)
    counts = {options.players};
  else
    throw SimulationError(fmt::format("Der Hohe Rat is played by 2 or 4 players, not {}", options.players));

  SimulationReport r;
  long long trilith_plays = 0, votes = 0;  // over every player count, for check's reach
  for (int players : counts) {
    Tally t;
    for (long i = 0; i < options.games; ++i) {
      const uint64_t seed =
          splitmix(options.seed ^ splitmix(static_cast<uint64_t>(i) * 8 + static_cast<uint64_t>(players)));
      Council c(rules, players, seed, true, r.steps, r.violations, r.first_violations);
      const int w = c.play(&t);
      ++t.games;
      if (w < 0)
        ++t.undecided;
      else
        ++t.faction_wins[static_cast<size_t>(w)];
      if (c.vote_turn()) {
        ++t.votes;
        t.vote_turns += c.vote_turn();
      }
      if (c.trilith_played()) {
        // The same game with Trilith cards that give nothing: a change of
        // winner is a game the Trilith cards decided.
        ++t.trilith_games;
        long long steps = 0;
        Council again(rules, players, seed, false, steps, r.violations, r.first_violations);
        r.steps += steps;
        if (again.play(nullptr) != w) ++t.trilith_decided;
      }
    }
    r.games += t.games;
    trilith_plays += t.trilith_plays;
    votes += t.votes;
    const double g = static_cast<double>(t.games);
    auto pct = [&](double x) { return g > 0 ? 100.0 * x / g : 0.0; };
    FigureGroup group{fmt::format("{} players", players), {}};
    for (int s = 0; s < players; ++s)
      group.figures.push_back({fmt::format("win_rate.seat_{}", s + 1),
                               fmt::format("winning move, seat {} ({})", s + 1, s % 2 ? "Contra" : "Pro"),
                               pct(static_cast<double>(t.seat_wins[static_cast<size_t>(s)])), "%"});
    group.figures.push_back({"win_rate.pro", "wins, Pro (Tag)", pct(static_cast<double>(t.faction_wins[0])), "%"});
    group.figures.push_back(
        {"win_rate.contra", "wins, Contra (Nacht)", pct(static_cast<double>(t.faction_wins[1])), "%"});
    group.figures.push_back({"undecided", "no block of 16 in 600 turns", pct(static_cast<double>(t.undecided)), "%"});
    group.figures.push_back({"length.turns", "turns per game", g > 0 ? static_cast<double>(t.turns) / g : 0, "turns"});
    group.figures.push_back({"vote.turn", "turn the vote begins",
                             t.votes ? static_cast<double>(t.vote_turns) / static_cast<double>(t.votes) : 0, "turns"});
    group.figures.push_back(
        {"convincings", "convincings per game", g > 0 ? static_cast<double>(t.convincings) / g : 0, ""});
    group.figures.push_back(
        {"arguments.spent", "arguments spent per game", g > 0 ? static_cast<double>(t.arguments_spent) / g : 0, ""});
    group.figures.push_back(
        {"trilith.plays", "Trilith cards played per game", g > 0 ? static_cast<double>(t.trilith_plays) / g : 0, ""});
    group.figures.push_back(
        {"trilith.decides", "games the Trilith cards decide", pct(static_cast<double>(t.trilith_decided)), "%"});
    r.notes.push_back(
        fmt::format("{} players: Pro wins {:.1f} %, Contra {:.1f} % ({:.1f} % undecided); the Trilith cards decide "
                    "{:.1f} % of games.",
                    players, pct(static_cast<double>(t.faction_wins[0])), pct(static_cast<double>(t.faction_wins[1])),
                    pct(static_cast<double>(t.undecided)), pct(static_cast<double>(t.trilith_decided))));
    r.groups.push_back(std::move(group));
  }
  r.notes.emplace_back(
      "The Trilith cards decide a game when the same game (same seed) played with Trilith cards that give nothing "
      "has another winner.");
  add_occurrences(game, trilith_plays, votes, r);
  return r;
}

}  // namespace kw::rules::hoher_rat
