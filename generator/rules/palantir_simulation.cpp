// Palantír's simulator (see palantir_simulation.h): sessions from the loaded
// deck, played by simple strategies and checked round by round.
#include "rules/palantir_simulation.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <random>

#include <fmt/format.h>

#include "rules/support.h"

namespace kw::rules::palantir {

namespace {

constexpr int kSeats = 4;  // cards in a trick: four play, a fifth player deals and sits out

size_t key_index(CardKey k) { return static_cast<size_t>(k.region) * 6 + static_cast<size_t>(k.cls); }

// splitmix64: spreads (seed, game, round) over the generator's seeds.
uint64_t mix(uint64_t x) {
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

}  // namespace

// ---------------------------------------------------------------- the deck

SimDeck sim_deck(const model::Model&, const model::Game& game) {
  // The deck must be the rules' deck; what is wrong with it is `check`'s to say.
  Diagnostics findings;
  check_playable(game, findings);
  for (const Diagnostic& d : findings)
    if (d.severity == Severity::Error) throw SimulationError(format_diagnostic(d));

  SimDeck deck;
  for (const auto& d : game.decks)
    for (const auto& card : d.cards) {
      auto region = region_from_id(text(game, card, "region"));
      auto cls = class_from_id(text(game, card, "class"));
      if (!region || !cls) continue;  // a reference card or a flavor page
      SimCard c;
      c.key = {*region, *cls};
      c.points = static_cast<int>(integer(game, card, "class.points").value_or(points(*cls)));
      c.eye = text(game, card, "special") == "sauronsauge";
      c.id = card.id;
      deck.points_total += c.points;
      deck.cards.push_back(std::move(c));
    }
  const VariantRules v = variant_rules(game);
  deck.deal = v.deal;
  deck.lembas_fehl = v.lembas_fehl;
  deck.hand = std::accumulate(deck.deal.begin(), deck.deal.end(), 0);
  if (deck.cards.size() > 255 || static_cast<int>(deck.cards.size()) != deck.hand * kSeats)
    throw SimulationError(
        fmt::format("{} playing cards cannot be dealt as {} cards to each of 4 players", deck.cards.size(), deck.hand));
  if (std::count_if(deck.cards.begin(), deck.cards.end(), [](const SimCard& c) { return c.eye; }) != 2)
    throw SimulationError("the deck needs exactly two Saurons Auge cards");
  return deck;
}

// ---------------------------------------------------------------- playing

namespace {

// A contract's ranks for one round, looked up per card kind.
struct Ranks {
  std::array<bool, 24> trump{};
  std::array<int, 24> strength{};  // trumps 100 + (higher is stronger); Fehl within its region

  Ranks(const Contract& c, bool rings_united) {
    auto order = trump_order(c, rings_united);
    for (size_t i = 0; i < order.size(); ++i) {
      trump[key_index(order[i])] = true;
      strength[key_index(order[i])] = 100 + static_cast<int>(order.size() - i);
    }
    for (Region r : kRegions) {
      auto fehl = fehl_order(c, r);
      for (size_t i = 0; i < fehl.size(); ++i) strength[key_index(fehl[i])] = static_cast<int>(fehl.size() - i);
    }
  }
  // -1: trump, else the Fehl region.
  int suit(CardKey k) const { return trump[key_index(k)] ? -1 : static_cast<int>(k.region); }
  // Does `card`, played later, take the trick from `best` when `led` was led?
  bool beats(CardKey card, CardKey best, int led) const {
    const int cs = suit(card), bs = suit(best);
    if (cs == -1 && bs != -1) return true;
    if (cs != bs || (cs != -1 && cs != led)) return false;
    return strength[key_index(card)] > strength[key_index(best)];
  }
};

// What a player may know of the others: sides become public by a
// declaration, an announcement or a Saurons Auge card on the table.
struct Round {
  const SimDeck& deck;
  SimRound& r;
  std::mt19937_64& rng;
  Ranks ranks;
  std::array<std::vector<uint8_t>, 4> live;
  std::array<bool, 4> is_public{};

  CardKey key(uint8_t c) const { return deck.cards[c].key; }
  bool friends(int p, int q) const { return (p == q || is_public[q]) && r.re[p] == r.re[q]; }
};

int count_trumps(const SimDeck& deck, const Ranks& ranks, const std::vector<uint8_t>& hand) {
  return static_cast<int>(
      std::count_if(hand.begin(), hand.end(), [&](uint8_t c) { return ranks.suit(deck.cards[c].key) == -1; }));
}

int count_class(const SimDeck& deck, const std::vector<uint8_t>& hand, Class cls) {
  return static_cast<int>(
      std::count_if(hand.begin(), hand.end(), [&](uint8_t c) { return deck.cards[c].key.cls == cls; }));
}

bool holds_both(const SimDeck& deck, const std::vector<uint8_t>& hand, CardKey k) {
  return std::count_if(hand.begin(), hand.end(), [&](uint8_t c) { return deck.cards[c].key == k; }) == 2;
}

// How many of a kind of card a hand of `n` holds on average, when `of` of
// the deck's cards are of that kind: the strategies' bars are counted from
// it, so they hold for the 12 cards of the base game and the 10 of a variant.
int above_average(int n, long of, size_t deck_size, double extra) {
  return static_cast<int>(
      std::ceil(static_cast<double>(n) * static_cast<double>(of) / static_cast<double>(deck_size) + extra));
}

long trump_cards(const SimDeck& deck, const Ranks& ranks) {
  return std::count_if(deck.cards.begin(), deck.cards.end(), [&](const SimCard& c) { return ranks.suit(c.key) == -1; });
}

// The strategy's wish for a solo: the contract in which the hand is
// strongest, when it clears the bar (margin >= 0): four trumps more than an
// average hand (11 of 12 in a region solo, 6 of the 8 Ringträger or Erben),
// or for a Fehl-Solo four Artefakte more than average (6 of 12).
std::optional<Contract> solo_wish(const SimDeck& deck, const std::vector<uint8_t>& hand) {
  std::optional<Contract> best;
  int best_margin = 0;
  const int n = static_cast<int>(hand.size());
  for (const Contract& c : Contract::all()) {
    if (c.kind == Contract::Kind::Standard) continue;
    const Ranks ranks(c, false);
    int margin = 0;
    switch (c.kind) {
      case Contract::Kind::RegionSolo:
      case Contract::Kind::RingtraegerSolo:
      case Contract::Kind::ErbenSolo:
        margin = count_trumps(deck, ranks, hand) - above_average(n, trump_cards(deck, ranks), deck.cards.size(), 4);
        break;
      case Contract::Kind::FehlSolo: {
        const long artefakte = std::count_if(deck.cards.begin(), deck.cards.end(),
                                             [](const SimCard& x) { return x.key.cls == Class::Artefakt; });
        margin = count_class(deck, hand, Class::Artefakt) - above_average(n, artefakte, deck.cards.size(), 4);
        break;
      }
      case Contract::Kind::Standard:
        break;
    }
    if (margin >= 0 && (!best || margin > best_margin)) {
      best = c;
      best_margin = margin;
    }
  }
  return best;
}

// The deal: the deck shuffled, then packets around the table starting left
// of the dealer ("der Reihe nach ... je 3 Karten"; Scharfes Spiel 3-4-3).
void deal(const SimDeck& deck, SimRound& r, std::mt19937_64& rng) {
  r.shuffled.resize(deck.cards.size());
  std::iota(r.shuffled.begin(), r.shuffled.end(), uint8_t{0});
  shuffle(r.shuffled, rng);
  for (auto& h : r.dealt) h.clear();
  size_t next = 0;
  for (int packet : deck.deal)
    for (int pos = 0; pos < kSeats; ++pos)
      for (int i = 0; i < packet; ++i) r.dealt[static_cast<size_t>(pos)].push_back(r.shuffled[next++]);
}

// The Vorbehalte, checked around the table in the text's order of
// precedence: Solo, Kapitulation, Unterwerfung, Bündnis. Returns false on a
// Kapitulation (the cards are thrown in and dealt again).
bool declare(const SimDeck& deck, SimRound& r) {
  const Ranks standard(Contract::standard(), false);
  r.kind = RoundKind::Standard;
  r.contract = Contract::standard();
  r.declarer = -1;
  for (int pos = 0; pos < kSeats; ++pos)
    if (auto c = solo_wish(deck, r.dealt[static_cast<size_t>(pos)])) {
      r.kind = RoundKind::Solo;
      r.contract = *c;
      r.declarer = pos;
      return true;
    }
  for (int pos = 0; pos < kSeats; ++pos)
    if (count_class(deck, r.dealt[static_cast<size_t>(pos)], Class::Koenig) >= facts().kapitulation_koenige)
      return false;
  r.contract = Contract::standard();
  for (int pos = 0; pos < kSeats; ++pos)
    if (count_trumps(deck, standard, r.dealt[static_cast<size_t>(pos)]) <= facts().unterwerfung_max_trumps) {
      r.kind = RoundKind::Unterwerfung;
      r.declarer = pos;
      return true;
    }
  for (int pos = 0; pos < kSeats; ++pos) {
    const auto& hand = r.dealt[static_cast<size_t>(pos)];
    if (std::count_if(hand.begin(), hand.end(), [&](uint8_t c) { return deck.cards[c].eye; }) == 2) {
      // Strategy: with a strong hand play alone in silence, else take the bribe.
      const int bar = above_average(static_cast<int>(hand.size()), trump_cards(deck, standard), deck.cards.size(), 1.5);
      r.kind = count_trumps(deck, standard, hand) >= bar ? RoundKind::StillesBuendnis : RoundKind::Buendnis;
      r.declarer = pos;
      return true;
    }
  }
  r.kind = RoundKind::Standard;
  return true;
}

// Unterwerfung: the declarer's trumps go face down to the player with the
// most trumps (the first clockwise among equals), who gives back as many
// cards, his cheapest Fehl first.
void exchange(const SimDeck& deck, SimRound& r) {
  const Ranks ranks(Contract::standard(), false);
  auto& poor = r.hands[static_cast<size_t>(r.declarer)];
  int taker = -1, most = -1;
  for (int i = 1; i < kSeats; ++i) {
    const int pos = (r.declarer + i) % kSeats;
    const int t = count_trumps(deck, ranks, r.hands[static_cast<size_t>(pos)]);
    if (t > most) most = t, taker = pos;
  }
  auto& rich = r.hands[static_cast<size_t>(taker)];
  r.partner = taker;
  for (uint8_t c : poor)
    if (ranks.suit(deck.cards[c].key) == -1) r.offered.push_back(c);
  std::vector<uint8_t> candidates;
  for (uint8_t c : rich) candidates.push_back(c);
  std::stable_sort(candidates.begin(), candidates.end(), [&](uint8_t a, uint8_t b) {
    const CardKey ka = deck.cards[a].key, kb = deck.cards[b].key;
    const bool ta = ranks.suit(ka) == -1, tb = ranks.suit(kb) == -1;
    if (ta != tb) return !ta;
    if (deck.cards[a].points != deck.cards[b].points) return deck.cards[a].points < deck.cards[b].points;
    return ranks.strength[key_index(ka)] < ranks.strength[key_index(kb)];
  });
  r.returned.assign(candidates.begin(), candidates.begin() + static_cast<std::ptrdiff_t>(r.offered.size()));
  auto drop = [](std::vector<uint8_t>& hand, const std::vector<uint8_t>& cards) {
    std::erase_if(hand, [&](uint8_t c) { return std::find(cards.begin(), cards.end(), c) != cards.end(); });
  };
  drop(poor, r.offered);
  drop(rich, r.returned);
  poor.insert(poor.end(), r.returned.begin(), r.returned.end());
  rich.insert(rich.end(), r.offered.begin(), r.offered.end());
}

// Sides as the declarations make them (Bündnis: the partner is named in play).
void sides(const SimDeck& deck, SimRound& r) {
  r.re = {};
  switch (r.kind) {
    case RoundKind::Standard:
      for (int pos = 0; pos < kSeats; ++pos)
        for (uint8_t c : r.hands[static_cast<size_t>(pos)])
          if (deck.cards[c].eye) r.re[static_cast<size_t>(pos)] = true;
      break;
    case RoundKind::Unterwerfung:
      r.re[static_cast<size_t>(r.declarer)] = r.re[static_cast<size_t>(r.partner)] = true;
      break;
    case RoundKind::Buendnis:
    case RoundKind::StillesBuendnis:
    case RoundKind::Solo:
      r.re[static_cast<size_t>(r.declarer)] = true;
      break;
  }
}

bool alone(const SimRound& r) {
  return r.kind == RoundKind::Solo || r.kind == RoundKind::StillesBuendnis ||
         (r.kind == RoundKind::Buendnis && r.partner < 0);
}

// Announcements before the first lead, one per side at most: a player who
// knows his side and holds many trumps says it ("Saurons Auge" or
// "Gefährten"), and with a hand of trumps also bids Absage steps.
void announce(Round& g) {
  SimRound& r = g.r;
  for (int pos = 0; pos < kSeats; ++pos) {
    const bool knows_side = r.kind != RoundKind::Buendnis || pos == r.declarer;
    if (!knows_side) continue;
    const size_t side = r.re[static_cast<size_t>(pos)] ? 0 : 1;
    if (r.ansage[side]) continue;
    if (alone(r) && side == 1) continue;  // three against a soloist do not bid
    const int trumps = count_trumps(g.deck, g.ranks, r.hands[static_cast<size_t>(pos)]);
    const int n = static_cast<int>(r.hands[static_cast<size_t>(pos)].size());
    const long in_deck = trump_cards(g.deck, g.ranks);
    if (trumps < above_average(n, in_deck, g.deck.cards.size(), 0.5)) continue;  // 7 of 12
    r.ansage[side] = true;
    g.is_public[static_cast<size_t>(pos)] = true;
    // Absage only with nothing but trumps, and one step (<90): the other
    // side's Fehl Artefakte (11 points each) make deeper bids lose.
    r.absage[side] = trumps == n ? 1 : 0;
  }
}

// The card a player picks from the legal ones: lead a region's top Fehl
// card when he holds it, else trump; follow a partner known to lead the
// trick with points, take a trick from the other side as cheaply as
// possible, else throw off the cheapest card.
size_t pick(const Round& g, int pos, const std::vector<uint8_t>& hand, const std::vector<size_t>& legal,
            const SimTrick& trick, int played, CardKey best, int best_pos, int led) {
  const SimDeck& deck = g.deck;
  auto strength = [&](size_t i) { return g.ranks.strength[key_index(deck.cards[hand[i]].key)]; };
  auto pts = [&](size_t i) { return deck.cards[hand[i]].points; };
  if (played == 0) {
    for (size_t i : legal) {
      const CardKey k = deck.cards[hand[i]].key;
      if (g.ranks.suit(k) == -1) continue;
      bool top = true;  // no stronger Fehl of its region left in the deck beyond this hand's
      for (const SimCard& c : deck.cards)
        if (c.key.region == k.region && g.ranks.suit(c.key) != -1 &&
            g.ranks.strength[key_index(c.key)] > g.ranks.strength[key_index(k)])
          top = false;
      if (top) return i;
    }
    return legal[static_cast<size_t>(random_below(g.rng, legal.size()))];
  }
  (void)trick;
  if (g.friends(pos, best_pos)) {
    return *std::max_element(legal.begin(), legal.end(), [&](size_t a, size_t b) {
      return pts(a) != pts(b) ? pts(a) < pts(b) : strength(a) > strength(b);
    });
  }
  std::vector<size_t> winning;
  for (size_t i : legal)
    if (g.ranks.beats(deck.cards[hand[i]].key, best, led)) winning.push_back(i);
  if (!winning.empty())
    return *std::min_element(winning.begin(), winning.end(),
                             [&](size_t a, size_t b) { return strength(a) < strength(b); });
  return *std::min_element(legal.begin(), legal.end(), [&](size_t a, size_t b) {
    return pts(a) != pts(b) ? pts(a) < pts(b) : strength(a) < strength(b);
  });
}

void play(Round& g) {
  SimRound& r = g.r;
  const SimDeck& deck = g.deck;
  g.live = r.hands;
  int leader = 0;  // "Der Spieler links vom Geber hat das erste Aufspiel."
  for (int t = 0; t < deck.hand; ++t) {
    SimTrick trick;
    trick.leader = leader;
    CardKey best{};
    int best_pos = leader, led = -1;
    for (int i = 0; i < kSeats; ++i) {
      const int pos = (leader + i) % kSeats;
      auto& hand = g.live[static_cast<size_t>(pos)];
      std::vector<size_t> legal;
      if (i > 0)
        for (size_t h = 0; h < hand.size(); ++h)
          if (g.ranks.suit(deck.cards[hand[h]].key) == led) legal.push_back(h);
      if (legal.empty()) {
        legal.resize(hand.size());
        std::iota(legal.begin(), legal.end(), size_t{0});
      }
      const size_t choice = pick(g, pos, hand, legal, trick, i, best, best_pos, led);
      const uint8_t card = hand[choice];
      const CardKey k = deck.cards[card].key;
      hand.erase(hand.begin() + static_cast<std::ptrdiff_t>(choice));
      trick.cards[static_cast<size_t>(i)] = card;
      trick.points += deck.cards[card].points;
      if (deck.cards[card].eye && r.kind != RoundKind::Solo) g.is_public[static_cast<size_t>(pos)] = true;
      if (i == 0) {
        led = g.ranks.suit(k);
        best = k;
      } else if (g.ranks.beats(k, best, led)) {
        best = k;
        best_pos = pos;
      }
    }
    trick.winner = best_pos;
    r.points[static_cast<size_t>(best_pos)] += trick.points;
    // Bündnis: "der erste Stich in fremder Hand" names the partner.
    if (r.kind == RoundKind::Buendnis && r.partner < 0 && best_pos != r.declarer) {
      r.partner = best_pos;
      r.re[static_cast<size_t>(best_pos)] = true;
      g.is_public[static_cast<size_t>(best_pos)] = true;
    }
    leader = best_pos;
    r.tricks.push_back(trick);
  }
}

}  // namespace

// ---------------------------------------------------------------- scoring

namespace {

// The markers of one round and its winner, from its tricks and sides (shared
// by play and verification: both feed it the round's record).
struct Tally {
  int winner = -1;
  std::array<int, 2> side_points{};
  std::array<int, 2> blutbad{}, ring{}, eowyn{}, solo{};
  int base = 0;  // the winner's markers for the win itself and the announcements
  bool lembas_next = false;
};

// The special cards' markers hold in every game but a declared solo ("in
// keinem Solo"); a silent Bündnis looks like a standard game to the table.
bool with_specials(const SimRound& r) { return r.kind != RoundKind::Solo; }

Tally tally(const SimDeck& deck, const SimRound& r) {
  const Facts& f = facts();
  Tally t;
  auto side = [&](int pos) { return r.re[static_cast<size_t>(pos)] ? 0 : 1; };
  for (int pos = 0; pos < kSeats; ++pos)
    t.side_points[static_cast<size_t>(side(pos))] += r.points[static_cast<size_t>(pos)];

  // The winner: Saurons Auge (or the soloist) from 121, the Gefährten from
  // 120. An Absage binds the side that bid it (it must keep the other side
  // below the step, "0": at no points) and lowers the other side's goal to
  // that step (Doppelkopf's reading): whoever misses its goal does not win.
  auto bid = [&](size_t s) { return r.absage[s] ? f.absage[static_cast<size_t>(r.absage[s] - 1)] : -1; };
  auto reached = [&](size_t s) {
    int need = s == 0 ? f.sauron_wins_from : f.gefaehrten_win_from;
    if (const int other_bid = bid(1 - s); other_bid >= 0) need = std::min(need, std::max(other_bid, 1));
    if (t.side_points[s] < need) return false;
    const int own_bid = bid(s);
    const int other = t.side_points[1 - s];
    return own_bid < 0 || (own_bid == 0 ? other == 0 : other < own_bid);
  };
  if (reached(0))
    t.winner = 0;
  else if (reached(1))
    t.winner = 1;

  if (t.winner >= 0) {
    const int loser_points = t.side_points[static_cast<size_t>(1 - t.winner)];
    t.base = 1;  // Sieg
    for (int limit : f.absage) t.base += limit == 0 ? loser_points == 0 : loser_points < limit;
    for (size_t s = 0; s < 2; ++s) t.base += (r.ansage[s] ? 2 : 0) + r.absage[s];
    if (t.winner == 1 && !alone(r)) t.base += 1;  // Gegen das Böse
    if (t.winner == 0 && alone(r)) t.solo[0] = 1;
  }

  const size_t last = r.tricks.empty() ? 0 : r.tricks.size() - 1;
  for (size_t i = 0; i < r.tricks.size(); ++i) {
    const SimTrick& tr = r.tricks[i];
    const size_t won_by = static_cast<size_t>(side(tr.winner));
    if (tr.points >= f.blutbad_points) ++t.blutbad[won_by];
    std::array<bool, 4> ringtraeger{}, erben{};
    int region_fehl = 0;
    for (int k = 0; k < kSeats; ++k) {
      const uint8_t c = tr.cards[static_cast<size_t>(k)];
      const CardKey key = deck.cards[c].key;
      const int pos = (tr.leader + k) % kSeats;
      if (key.cls == Class::Ringtraeger) ringtraeger[static_cast<size_t>(key.region)] = true;
      if (key.cls == Class::Erbe) erben[static_cast<size_t>(key.region)] = true;
      for (Region reg : deck.lembas_fehl)
        if (key.region == reg && !is_trump(Contract::standard(), key)) ++region_fehl;
      // Der Eine Ring: an opponent's ring caught (outside solos).
      if (with_specials(r) && key == kEinerRing && static_cast<size_t>(side(pos)) != won_by) ++t.ring[won_by];
    }
    auto all4 = [](const std::array<bool, 4>& a) { return std::all_of(a.begin(), a.end(), [](bool b) { return b; }); };
    if (all4(ringtraeger) || all4(erben)) t.lembas_next = true;
    if (!deck.lembas_fehl.empty() && region_fehl > 0) {
      // Every Fehl card of the variant's region in this one trick.
      int total = 0;
      for (const SimCard& c : deck.cards)
        for (Region reg : deck.lembas_fehl) total += c.key.region == reg && !is_trump(Contract::standard(), c.key);
      if (region_fehl == total) t.lembas_next = true;
    }
    if (i == last && with_specials(r)) {
      size_t w = 0;
      for (size_t k = 0; k < 4; ++k)
        if ((tr.leader + static_cast<int>(k)) % kSeats == tr.winner) w = k;
      const CardKey key = deck.cards[tr.cards[w]].key;
      if (key == kEinerRing) ++t.ring[won_by];  // the last trick won with a ring
      if (key == kEowyn) ++t.eowyn[won_by];     // Éowyn (or Gothmog) takes the last trick
    }
  }
  if (alone(r) && t.winner != 0) t.lembas_next = true;  // Solo verloren
  if (t.winner >= 0 && t.side_points[static_cast<size_t>(1 - t.winner)] == 0) t.lembas_next = true;
  if (t.side_points[0] == f.points_total / 2 && t.side_points[1] == f.points_total / 2) t.lembas_next = true;
  return t;
}

// The re side's markers: the win's (for the winner) plus its own special
// markers minus the other side's, doubled in a Lembas round.
int round_value(const Tally& t, bool lembas) {
  auto specials = [&](size_t s) { return t.blutbad[s] + t.ring[s] + t.eowyn[s] + t.solo[s]; };
  int v = specials(0) - specials(1);
  if (t.winner == 0) v += t.base;
  if (t.winner == 1) v -= t.base;
  return lembas ? 2 * v : v;
}

// Per position: each re player gains the value, each contra player loses it;
// a player alone against three takes it three times (the sum stays 0).
// A declared Bündnis adds the bribe: "von den drei anderen Mitspielern
// jeweils einen Siegesmarker" (doubled in a Lembas round like every marker).
std::array<int, 4> scores(const SimRound& r, int value) {
  std::array<int, 4> s{};
  const int re = static_cast<int>(std::count(r.re.begin(), r.re.end(), true));
  const int contra = kSeats - re;
  for (size_t pos = 0; pos < 4; ++pos) s[pos] = r.re[pos] ? value * contra / std::max(re, 1) : -value;
  if (r.kind == RoundKind::Buendnis) {
    const int bribe = r.lembas ? 2 : 1;
    for (int pos = 0; pos < kSeats; ++pos) s[static_cast<size_t>(pos)] += pos == r.declarer ? 3 * bribe : -bribe;
  }
  return s;
}

}  // namespace

SimRound play_sim_round(const SimDeck& deck, uint64_t seed, bool lembas) {
  std::mt19937_64 rng(seed);
  SimRound r;
  r.seed = seed;
  r.lembas = lembas;
  // "Kapitulation": thrown in and dealt again (bounded: five Könige are rare).
  for (;;) {
    deal(deck, r, rng);
    if (declare(deck, r) || r.kapitulationen >= 100) break;
    ++r.kapitulationen;
  }
  r.hands = r.dealt;
  if (r.kind == RoundKind::Unterwerfung) exchange(deck, r);
  r.rings_united =
      std::any_of(r.hands.begin(), r.hands.end(), [&](const auto& h) { return holds_both(deck, h, kEinerRing); });
  sides(deck, r);
  // The ring rule: trump_order applies it in the standard game only.
  const bool ring_rule = r.rings_united;
  Round g{deck, r, rng, Ranks(r.contract, ring_rule), {}, {}};
  if (r.kind != RoundKind::Standard) g.is_public[static_cast<size_t>(r.declarer)] = true;
  if (r.kind == RoundKind::Unterwerfung) g.is_public[static_cast<size_t>(r.partner)] = true;
  announce(g);
  play(g);
  const Tally t = tally(deck, r);
  r.winner = t.winner;
  r.blutbad = t.blutbad;
  r.ring = t.ring;
  r.eowyn = t.eowyn;
  r.solo = t.solo;
  r.lembas_next = t.lembas_next;
  r.value = round_value(t, lembas);
  r.score = scores(r, r.value);
  return r;
}

// ---------------------------------------------------------------- checking

// Over 80 lines: one check per rule a round must keep (deal, Vorbehalte, tricks, score), in the order of the rule book.
// NOLINTNEXTLINE(readability-function-size)
std::vector<std::string> verify_sim_round(const SimDeck& deck, const SimRound& r) {
  std::vector<std::string> bad;
  auto fail = [&](const std::string& s) {
    bad.push_back(fmt::format("seed {} ({} {}): {}", r.seed, kind_id(r.kind), r.contract.id(), s));
  };
  const size_t n = deck.cards.size();
  // The deal: a permutation of the deck, handed out in the packets of the rules.
  {
    std::vector<int> seen(n, 0);
    for (uint8_t c : r.shuffled)
      if (c < n) ++seen[c];
    if (r.shuffled.size() != n || std::any_of(seen.begin(), seen.end(), [](int x) { return x != 1; }))
      fail("the shuffled deck is not every card once");
    std::array<std::vector<uint8_t>, 4> expect;
    size_t next = 0;
    for (int packet : deck.deal)
      for (int pos = 0; pos < kSeats; ++pos)
        for (int i = 0; i < packet && next < r.shuffled.size(); ++i)
          expect[static_cast<size_t>(pos)].push_back(r.shuffled[next++]);
    if (expect != r.dealt) fail("the hands are not dealt in the packets of the deal");
  }
  // The Vorbehalte the hands allow.
  const Ranks standard(Contract::standard(), false);
  auto trumps = [&](const std::vector<uint8_t>& h) { return count_trumps(deck, standard, h); };
  if (r.kind == RoundKind::Unterwerfung) {
    if (trumps(r.dealt[static_cast<size_t>(r.declarer)]) > facts().unterwerfung_max_trumps)
      fail("Unterwerfung with more than " + std::to_string(facts().unterwerfung_max_trumps) + " trumps");
    if (r.offered.size() != r.returned.size()) fail("Unterwerfung: not as many cards given back as taken");
  } else if (r.hands != r.dealt) {
    fail("hands changed after the deal without an Unterwerfung");
  }
  if (r.kind == RoundKind::Buendnis || r.kind == RoundKind::StillesBuendnis) {
    const auto& h = r.dealt[static_cast<size_t>(r.declarer)];
    if (std::count_if(h.begin(), h.end(), [&](uint8_t c) { return deck.cards[c].eye; }) != 2)
      fail("Bündnis without both Saurons Auge in one hand");
  }
  // Sides: two against two, or one against three.
  const int re = static_cast<int>(std::count(r.re.begin(), r.re.end(), true));
  if (alone(r) ? re != 1 : re != 2) fail(fmt::format("{} players on the Saurons-Auge side", re));
  if (r.kind == RoundKind::Standard)
    for (int pos = 0; pos < kSeats; ++pos) {
      const auto& h = r.hands[static_cast<size_t>(pos)];
      const bool eye = std::any_of(h.begin(), h.end(), [&](uint8_t c) { return deck.cards[c].eye; });
      if (eye != r.re[static_cast<size_t>(pos)]) fail("a side that does not follow the Saurons Auge cards");
    }
  bool united = false;
  for (const auto& h : r.hands) united = united || holds_both(deck, h, kEinerRing);
  if (united != r.rings_united) fail("rings_united does not match the hands");

  // The tricks, replayed with the model's own judgement (may_play, trick_winner).
  const Contract& c = r.contract;
  const bool ring_rule = r.rings_united;
  if (static_cast<int>(r.tricks.size()) != deck.hand)
    fail(fmt::format("{} tricks instead of {}", r.tricks.size(), deck.hand));
  auto live = r.hands;
  std::vector<int> played(n, 0);
  std::array<int, 4> pts{};
  int leader = 0;
  for (size_t t = 0; t < r.tricks.size(); ++t) {
    const SimTrick& tr = r.tricks[t];
    const std::string at = fmt::format("trick {}: ", t + 1);
    if (tr.leader != leader) fail(at + "led by the wrong player");
    std::array<CardKey, 4> keys{};
    Suit led;
    int sum = 0;
    for (int i = 0; i < kSeats; ++i) {
      const int pos = (tr.leader + i) % kSeats;
      const uint8_t card = tr.cards[static_cast<size_t>(i)];
      auto& hand = live[static_cast<size_t>(pos)];
      auto it = std::find(hand.begin(), hand.end(), card);
      if (card >= n || it == hand.end()) {
        fail(at + fmt::format("position {} played a card it does not hold", pos + 1));
        continue;
      }
      const CardKey k = deck.cards[card].key;
      keys[static_cast<size_t>(i)] = k;
      if (i == 0) led = suit_of(c, k);
      std::vector<CardKey> held;
      for (uint8_t x : hand) held.push_back(deck.cards[x].key);
      if (i > 0 && !may_play(c, held, led, k))
        fail(at + fmt::format("position {} did not follow suit with {}", pos + 1, to_string(k)));
      hand.erase(it);
      ++played[card];
      sum += deck.cards[card].points;
    }
    const int winner = (tr.leader + static_cast<int>(trick_winner(c, ring_rule, keys))) % kSeats;
    if (winner != tr.winner)
      fail(at + fmt::format("won by position {}, the strongest card is position {}'s", tr.winner + 1, winner + 1));
    if (sum != tr.points) fail(at + "points miscounted");
    pts[static_cast<size_t>(tr.winner)] += sum;
    leader = tr.winner;
  }
  if (std::any_of(played.begin(), played.end(), [](int x) { return x != 1; })) fail("not every card played once");
  if (pts != r.points) fail("points per player miscounted");
  if (std::accumulate(pts.begin(), pts.end(), 0) != deck.points_total)
    fail(fmt::format("the tricks hold {} points, not {}", std::accumulate(pts.begin(), pts.end(), 0),
                     deck.points_total));
  if (r.kind == RoundKind::Buendnis && r.partner >= 0) {
    for (const SimTrick& tr : r.tricks)
      if (tr.winner != r.declarer) {
        if (tr.winner != r.partner) fail("Bündnis: the partner is not the first trick in another hand");
        break;
      }
  }

  // Scoring: winner, markers and a zero-sum score, recounted.
  const Tally t = tally(deck, r);
  if (t.winner != r.winner) fail("the wrong side won");
  if (t.side_points[0] + t.side_points[1] != deck.points_total) fail("side points do not add up");
  const int value = round_value(t, r.lembas);
  if (value != r.value) fail("markers miscounted");
  if (std::accumulate(r.score.begin(), r.score.end(), 0) != 0) fail("the score does not sum to zero");
  if (r.score != scores(r, value)) fail("the score does not follow the markers");
  if (t.winner >= 0 && (t.base < 1 || t.base > 1 + 4 + 2 * 2 + 2 * 4 + 1)) fail("markers out of range");
  return bad;
}

// ---------------------------------------------------------------- the report

namespace {

struct ContractStats {
  long rounds = 0, re_wins = 0, contra_wins = 0;
  long long re_points = 0, value = 0;
};

struct PlayerCountStats {
  long sessions = 0, rounds = 0, kapitulationen = 0, lembas = 0;
  std::array<long, 4> position_wins{};  // rounds whose winning side had this position
  std::array<long long, 4> position_score{};
  std::array<long long, 5> seat_score{};  // over all sessions
  long long abs_session_balance = 0;      // sum over sessions and seats of |markers|
  long re_wins = 0, contra_wins = 0, no_winner = 0;
};

struct Stats {
  std::map<std::string, ContractStats> contracts;
  std::map<std::string, std::string> contract_names;
  std::map<int, PlayerCountStats> by_players;
  long rounds = 0, ansage = 0, absage = 0;
  long blutbad = 0, ring = 0, eowyn = 0, solo = 0;  // rounds in which the marker went to someone
  long decided_balrog = 0, decided_ring = 0, decided_eowyn = 0, rings_united = 0;
  long lembas_rhovanion = 0;  // unused unless a variant has the rule
  long sauronsauge = 0;       // rounds whose teams Saurons Auge formed (standard game, Bündnis)
};

std::string contract_key(const SimRound& r) {
  return r.kind == RoundKind::Solo ? r.contract.id() : std::string(kind_id(r.kind));
}

std::string contract_label(const SimRound& r) {
  switch (r.kind) {
    case RoundKind::Standard:
      return "Standardspiel";
    case RoundKind::Unterwerfung:
      return "Unterwerfung";
    case RoundKind::Buendnis:
      return "Bündnis";
    case RoundKind::StillesBuendnis:
      return "Bündnis, alone in silence";
    case RoundKind::Solo:
      return r.contract.name();
  }
  return "";
}

// Did a trick the winning side took with this card carry the points it needed?
void count_decisions(const SimDeck& deck, const SimRound& r, Stats& s) {
  if (r.winner < 0) return;
  const Facts& f = facts();
  int side_points = 0;
  for (int pos = 0; pos < kSeats; ++pos)
    if (r.re[static_cast<size_t>(pos)] == (r.winner == 0)) side_points += r.points[static_cast<size_t>(pos)];
  const int need = r.winner == 0 ? f.sauron_wins_from : f.gefaehrten_win_from;
  bool balrog = false, ring = false, eowyn = false;
  for (size_t i = 0; i < r.tricks.size(); ++i) {
    const SimTrick& tr = r.tricks[i];
    if (r.re[static_cast<size_t>(tr.winner)] != (r.winner == 0)) continue;
    if (side_points - tr.points >= need) continue;
    const CardKey k = deck.cards[tr.cards[static_cast<size_t>((tr.winner - tr.leader + kSeats) % kSeats)]].key;
    const bool specials = with_specials(r);
    if (k == kBalrog && is_trump(r.contract, kBalrog) && r.contract.kind != Contract::Kind::RingtraegerSolo)
      balrog = true;
    if (specials && r.rings_united && k == kEinerRing) ring = true;
    if (specials && i + 1 == r.tricks.size() && k == kEowyn) eowyn = true;
  }
  s.decided_balrog += balrog;
  s.decided_ring += ring;
  s.decided_eowyn += eowyn;
}

void add_round(const SimDeck& deck, const SimRound& r, int players, Stats& s) {
  ++s.rounds;
  PlayerCountStats& p = s.by_players[players];
  ++p.rounds;
  p.kapitulationen += r.kapitulationen;
  p.lembas += r.lembas;
  if (r.winner == 0)
    ++p.re_wins;
  else if (r.winner == 1)
    ++p.contra_wins;
  else
    ++p.no_winner;
  for (size_t pos = 0; pos < 4; ++pos) {
    if (r.winner >= 0 && r.re[pos] == (r.winner == 0)) ++p.position_wins[pos];
    p.position_score[pos] += r.score[pos];
  }
  const std::string key = contract_key(r);
  s.contract_names.emplace(key, contract_label(r));
  ContractStats& c = s.contracts[key];
  ++c.rounds;
  c.re_wins += r.winner == 0;
  c.contra_wins += r.winner == 1;
  for (size_t pos = 0; pos < 4; ++pos)
    if (r.re[pos]) c.re_points += r.points[pos];
  c.value += r.value;
  s.ansage += r.ansage[0] || r.ansage[1];
  s.absage += r.absage[0] > 0 || r.absage[1] > 0;
  s.blutbad += r.blutbad[0] + r.blutbad[1] > 0;
  s.ring += r.ring[0] + r.ring[1] > 0;
  s.eowyn += r.eowyn[0] + r.eowyn[1] > 0;
  s.solo += r.solo[0] > 0;
  s.rings_united += r.rings_united && with_specials(r);
  s.sauronsauge +=
      r.kind == RoundKind::Standard || r.kind == RoundKind::Buendnis || r.kind == RoundKind::StillesBuendnis;
  count_decisions(deck, r, s);
}

double pct(long a, long b) { return b ? 100.0 * static_cast<double>(a) / static_cast<double>(b) : 0; }

// Where the data states a contract: the rule fact that names it (README:
// Rule facts); a contract without one is located at the game's `rules:`.
SourceLoc contract_loc(const model::Game& game, const std::string& key) {
  static const std::map<std::string, std::string> kFact = {
      {"kapitulation", "kapitulation"}, {"unterwerfung", "unterwerfung"},       {"buendnis", "buendnis"},
      {"stilles-buendnis", "buendnis"}, {"ringtraeger-solo", "fehl_by_region"}, {"erben-solo", "fehl_by_region"},
      {"fehl-solo", "fehl_solo"},       {"standard", "standard_trumps"},        {"solo", "solo"}};
  auto it = kFact.find(key);
  const std::string fact = it != kFact.end() ? it->second : key.starts_with("region-solo") ? "region_solo" : "";
  const model::Value* v = fact.empty() ? nullptr : info(game, "facts.rules." + fact);
  return v ? (v->key_loc.known() ? v->key_loc : v->loc) : SourceLoc{};
}

// What `check` asks of the rounds (reach.h): every contract of the rules
// (the deals thrown in by a Kapitulation among them), at the fact that
// states it, and every special of the specials table taking effect, at its
// entry.
void add_occurrences(const model::Game& game, const Stats& s, SimulationReport& report) {
  std::vector<std::pair<std::string, std::string>> contracts = {{"standard", "Standardspiel"},
                                                                {"unterwerfung", "Unterwerfung"},
                                                                {"buendnis", "Bündnis"},
                                                                {"stilles-buendnis", "Bündnis, alone in silence"}};
  for (const Contract& c : Contract::all())
    if (c.kind != Contract::Kind::Standard) contracts.emplace_back(c.id(), c.name());
  for (const auto& [id, name] : contracts) {
    const auto found = s.contracts.find(id);
    std::string key = id;
    std::replace(key.begin(), key.end(), ':', '-');
    report.occurrences.push_back({"contract." + key, "contract " + name, "played",
                                  found == s.contracts.end() ? 0 : found->second.rounds, s.rounds, "rounds",
                                  contract_loc(game, key)});
  }
  long solos = 0;  // any solo: a choice of the declarer, each kind seldom, together often
  for (const Contract& c : Contract::all())
    if (const auto found = s.contracts.find(c.id()); c.kind != Contract::Kind::Standard && found != s.contracts.end())
      solos += found->second.rounds;
  report.occurrences.push_back(
      {"contract.solo", "a solo of any kind", "played", solos, s.rounds, "rounds", contract_loc(game, "solo")});
  long kapitulationen = 0;
  for (const auto& [players, p] : s.by_players) kapitulationen += p.kapitulationen;
  report.occurrences.push_back({"contract.kapitulation", "contract Kapitulation", "declared", kapitulationen, s.rounds,
                                "rounds", contract_loc(game, "kapitulation")});
  const model::Table* table = game.table("specials");
  const std::array<std::pair<const char*, long>, 3> specials = {
      {{"balrog", s.decided_balrog}, {"sauronsauge", s.sauronsauge}, {"eowyn", s.eowyn}}};
  const std::array<const char*, 3> events = {"deciding a round with its trick", "forming a team",
                                             "winning the last trick"};
  for (size_t i = 0; i < specials.size(); ++i) {
    const model::TableEntry* e = table ? table->find(specials[i].first) : nullptr;
    const std::string name = e ? entry_text(*e, "name") : std::string(specials[i].first);
    report.occurrences.push_back({std::string("special.") + specials[i].first, "special " + name,
                                  std::string("seen ") + events[i], specials[i].second, s.rounds, "rounds",
                                  e ? e->loc : SourceLoc{}});
  }
}

}  // namespace

// Over 80 lines: the sessions' tallies, then one figure per tally, in the order the report prints them.
// NOLINTNEXTLINE(readability-function-size)
SimulationReport simulate_report(const model::Model& model, const model::Game& game, const SimulationOptions& options) {
  const SimDeck deck = sim_deck(model, game);
  std::vector<int> counts;
  if (options.players == 0)
    counts = {4, 5};
  else if (options.players == 4 || options.players == 5)
    counts = {options.players};
  else
    throw SimulationError(
        fmt::format("Palantír is played by 4 players, or by 5 with the dealer sitting out, not {}", options.players));
  SimulationReport report;
  Stats s;
  for (int players : counts) {
    PlayerCountStats& p = s.by_players[players];
    for (long game_no = 0; game_no < options.games; ++game_no) {
      // A session: a set of rounds in which every seat deals once.
      std::array<long long, 5> balance{};
      bool lembas = false;
      for (int dealer = 0; dealer < players; ++dealer) {
        const uint64_t seed =
            mix(mix(mix(options.seed) ^ static_cast<uint64_t>(game_no)) ^ static_cast<uint64_t>(players * 8 + dealer));
        SimRound r = play_sim_round(deck, seed, lembas);
        report.steps += static_cast<long long>(r.tricks.size()) * kSeats + 1;
        auto bad = verify_sim_round(deck, r);
        if (!bad.empty()) {
          ++report.violations;
          for (auto& b : bad)
            if (report.first_violations.size() < 10)
              report.first_violations.push_back(fmt::format("{} players, game {}: {}", players, game_no, b));
        }
        // Position 0 sits left of the dealer; with five players the dealer sits out.
        for (int pos = 0; pos < kSeats; ++pos)
          balance[static_cast<size_t>((dealer + 1 + pos) % players)] += r.score[static_cast<size_t>(pos)];
        add_round(deck, r, players, s);
        lembas = r.lembas_next;
      }
      ++report.games;
      ++p.sessions;
      if (std::accumulate(balance.begin(), balance.end(), 0LL) != 0) {
        ++report.violations;
        if (report.first_violations.size() < 10)
          report.first_violations.push_back(
              fmt::format("{} players, game {}: the session's balances do not sum to 0", players, game_no));
      }
      for (int seat = 0; seat < players; ++seat) {
        p.seat_score[static_cast<size_t>(seat)] += balance[static_cast<size_t>(seat)];
        p.abs_session_balance += std::llabs(balance[static_cast<size_t>(seat)]);
      }
    }
  }

  const std::string variant = game.variant.empty() ? "" : " (" + game.variant + ")";
  for (const auto& [players, p] : s.by_players) {
    FigureGroup g;
    g.title =
        players == 5 ? "5 players (the dealer sits out)" + variant : fmt::format("{} players{}", players, variant);
    const std::string k = fmt::format("p{}.", players);
    const double rounds = static_cast<double>(std::max(p.rounds, 1L));
    g.figures.push_back(
        {k + "games", "games (sets of " + std::to_string(players) + " rounds)", static_cast<double>(p.sessions), ""});
    g.figures.push_back({k + "rounds", "rounds played", static_cast<double>(p.rounds), ""});
    g.figures.push_back({k + "deals_per_round", "deals per round (Kapitulation deals again)",
                         static_cast<double>(p.rounds + p.kapitulationen) / rounds, ""});
    g.figures.push_back({k + "tricks_per_round", "round length", static_cast<double>(deck.hand), "tricks"});
    g.figures.push_back({k + "win_rate.sauron", "Saurons Auge (or soloist) wins", pct(p.re_wins, p.rounds), "%"});
    g.figures.push_back({k + "win_rate.gefaehrten", "Gefährten win", pct(p.contra_wins, p.rounds), "%"});
    g.figures.push_back({k + "no_winner", "nobody wins (an Absage missed)", pct(p.no_winner, p.rounds), "%"});
    for (size_t pos = 0; pos < 4; ++pos)
      g.figures.push_back({fmt::format("{}win_rate.position_{}", k, pos + 1),
                           fmt::format("on the winning side, position {}{}", pos + 1,
                                       pos == 0                   ? " (first lead)"
                                       : pos == 3 && players == 4 ? " (dealer)"
                                                                  : ""),
                           pct(p.position_wins[pos], p.rounds), "%"});
    for (size_t pos = 0; pos < 4; ++pos)
      g.figures.push_back({fmt::format("{}markers.position_{}", k, pos + 1),
                           fmt::format("markers per round, position {}", pos + 1),
                           static_cast<double>(p.position_score[pos]) / rounds, "markers"});
    g.figures.push_back(
        {k + "session_balance", "markers won or lost per player and game",
         static_cast<double>(p.abs_session_balance) / static_cast<double>(std::max(1L, p.sessions * players)),
         "markers"});
    g.figures.push_back({k + "lembas", "Lembas rounds", pct(p.lembas, p.rounds), "%"});
    report.groups.push_back(std::move(g));
  }

  FigureGroup contracts{std::string("contracts") + (counts.size() > 1 ? " (4 and 5 players)" : "") + variant, {}};
  // The games without a solo first, then the solos in the rules' order.
  std::vector<std::string> order = {"standard", "unterwerfung", "buendnis", "stilles-buendnis"};
  for (const Contract& c : Contract::all())
    if (c.kind != Contract::Kind::Standard) order.push_back(c.id());
  for (const std::string& key : order) {
    const auto found = s.contracts.find(key);
    if (found == s.contracts.end()) continue;
    const ContractStats& c = found->second;
    const std::string& label = s.contract_names[key];
    contracts.figures.push_back({"contract." + key + ".share", label + ": rounds", pct(c.rounds, s.rounds), "%"});
    contracts.figures.push_back({"contract." + key + ".win_rate.sauron", label + ": Saurons Auge / soloist wins",
                                 pct(c.re_wins, c.rounds), "%"});
    contracts.figures.push_back({"contract." + key + ".points.sauron", label + ": points of Saurons Auge / soloist",
                                 static_cast<double>(c.re_points) / static_cast<double>(std::max(c.rounds, 1L)),
                                 "points"});
  }
  report.groups.push_back(std::move(contracts));

  FigureGroup specials{"markers and special cards", {}};
  specials.figures.push_back({"announce.ansage", "rounds with an Ansage", pct(s.ansage, s.rounds), "%"});
  specials.figures.push_back({"announce.absage", "rounds with an Absage", pct(s.absage, s.rounds), "%"});
  specials.figures.push_back({"marker.blutbad", "Blutbad marker given", pct(s.blutbad, s.rounds), "%"});
  specials.figures.push_back({"marker.ring", "Der Eine Ring marker given", pct(s.ring, s.rounds), "%"});
  specials.figures.push_back({"marker.eowyn", "Éowyn marker given", pct(s.eowyn, s.rounds), "%"});
  specials.figures.push_back({"marker.solo", "Solo marker given", pct(s.solo, s.rounds), "%"});
  specials.figures.push_back(
      {"rings_united", "both rings in one hand (outside solos)", pct(s.rings_united, s.rounds), "%"});
  specials.figures.push_back(
      {"decides.balrog", "a Balrog's trick decides the round", pct(s.decided_balrog, s.rounds), "%"});
  specials.figures.push_back(
      {"decides.ring", "the united ring's trick decides the round", pct(s.decided_ring, s.rounds), "%"});
  specials.figures.push_back(
      {"decides.eowyn", "Éowyn's last trick decides the round", pct(s.decided_eowyn, s.rounds), "%"});
  report.groups.push_back(std::move(specials));
  add_occurrences(game, s, report);

  // Notes: what a designer would look at first.
  for (const auto& [players, p] : s.by_players) {
    const double first = pct(p.position_wins[0], p.rounds), last = pct(p.position_wins[3], p.rounds);
    report.notes.push_back(
        fmt::format("{} players: Saurons Auge (or the soloist) wins {:.1f} % of rounds, the Gefährten {:.1f} %; the "
                    "first lead is on "
                    "the winning side in {:.1f} %, position 4 in {:.1f} %",
                    players, pct(p.re_wins, p.rounds), pct(p.contra_wins, p.rounds), first, last));
  }
  long solo_rounds = 0, solo_wins = 0;
  for (const auto& [key, c] : s.contracts)
    if (key != "standard" && key != "unterwerfung" && key != "buendnis") {
      solo_rounds += c.rounds;
      solo_wins += c.re_wins;
    }
  report.notes.push_back(
      fmt::format("a player plays alone (solo or silent Bündnis) in {:.1f} % of rounds and wins {:.1f} % of them",
                  pct(solo_rounds, s.rounds), pct(solo_wins, solo_rounds)));
  report.notes.push_back(
      fmt::format("special cards: a Balrog's trick decides {:.1f} % of rounds, the united ring's {:.1f} %, Éowyn's "
                  "last trick {:.1f} %",
                  pct(s.decided_balrog, s.rounds), pct(s.decided_ring, s.rounds), pct(s.decided_eowyn, s.rounds)));
  return report;
}

}  // namespace kw::rules::palantir
