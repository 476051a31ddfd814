// Gelfdrakkar played by its rule text, from the loaded data: the cards
// (names, groups, ranks, points), the deals of `game.meta.play.deals`, the
// Nullkarten with seven players. The text leaves much open (who leads, what a
// trick is, how the combinations of peoples meet); the readings the simulator
// plays by are listed in docs/games/gelfdrakkar.md ("Simulation").
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <numeric>
#include <optional>
#include <random>

#include "rules/gelfdrakkar.h"
#include "rules/support.h"

namespace kw::rules::gelfdrakkar {

namespace {

enum class Kind : uint8_t {
  Vernio,
  Sinhara,
  Fessel,
  Tod,
  Unterstuetzer,
  Gegenwirker,
  Waldherr,
  ErsteDame,
  ZweiteDame,
  LetzteDame,
  Freund,
  Spion,
  Helfer,
  Drache,
  Mensch,
  Zwerg,
  Gnom,
  Null
};
constexpr size_t kKinds = static_cast<size_t>(Kind::Null) + 1;
constexpr std::array<const char*, kKinds> kKindKeys = {
    "vernio",   "sinhara",    "fessel",      "tod",         "unterstuetzer", "gegenwirker",
    "waldherr", "erste_dame", "zweite_dame", "letzte_dame", "freund",        "spion",
    "helfer",   "drache",     "mensch",      "zwerg",       "gnom",          "null"};

struct PlayCard {
  std::string id;
  Kind kind = Kind::Null;
  int rank = 0;  // peoples: 0 (E1) .. 24 (A5)
  int points = 0;
  bool people() const {
    return kind == Kind::Drache || kind == Kind::Mensch || kind == Kind::Zwerg || kind == Kind::Gnom;
  }
  bool dame() const { return kind == Kind::ErsteDame || kind == Kind::ZweiteDame || kind == Kind::LetzteDame; }
  bool elf() const { return kind == Kind::Freund || kind == Kind::Spion || kind == Kind::Helfer; }
  // Vernio is immortal; the Tod does not kill itself.
  bool mortal() const { return kind != Kind::Vernio && kind != Kind::Tod; }
};

Kind kind_of(const std::string& name, const std::string& group) {
  static const std::map<std::string, Kind, std::less<>> kNamed = {{"Vernio", Kind::Vernio},
                                                                  {"Sinhara", Kind::Sinhara},
                                                                  {"Die Fessel", Kind::Fessel},
                                                                  {"Tod", Kind::Tod},
                                                                  {"Unterstützer", Kind::Unterstuetzer},
                                                                  {"Gegenwirker", Kind::Gegenwirker},
                                                                  {"Waldherr", Kind::Waldherr},
                                                                  {"Erste Dame", Kind::ErsteDame},
                                                                  {"Zweite Dame", Kind::ZweiteDame},
                                                                  {"Letzte Dame", Kind::LetzteDame},
                                                                  {"Der Freund", Kind::Freund},
                                                                  {"Der Spion", Kind::Spion},
                                                                  {"Der Helfer", Kind::Helfer},
                                                                  {"Nullkarte", Kind::Null}};
  if (group == "drachen") return Kind::Drache;
  if (group == "menschen") return Kind::Mensch;
  if (group == "zwerge") return Kind::Zwerg;
  if (group == "gnome") return Kind::Gnom;
  if (group == "nullkarten") return Kind::Null;
  auto it = kNamed.find(name);
  if (it == kNamed.end()) throw SimulationError("card '" + name + "' (group " + group + ") is not on the rules' list");
  return it->second;
}

struct Setup {
  std::vector<PlayCard> cards;  // in play
  std::vector<PlayCard> nulls;  // the Nullkarten
  PlayFacts facts;
};

Setup read_setup(const model::Game& game) {
  Setup s;
  s.facts = play_facts(game);
  for (const auto& deck : game.decks)
    for (const auto& card : deck.cards) {
      PlayCard c;
      c.id = card.id;
      c.kind = kind_of(text(game, card, "name"), text(game, card, "group"));
      c.points = static_cast<int>(integer(game, card, "points").value_or(0));
      if (c.people()) {
        c.rank = rank_strength(text(game, card, "rank"));
        if (c.rank < 0) throw SimulationError("card '" + card.id + "' has no rank A1-E5");
      }
      (c.kind == Kind::Null ? s.nulls : s.cards).push_back(std::move(c));
    }
  for (Kind k : {Kind::Vernio, Kind::Sinhara, Kind::Tod, Kind::Fessel, Kind::Waldherr})
    if (std::none_of(s.cards.begin(), s.cards.end(), [&](const PlayCard& c) { return c.kind == k; }))
      throw SimulationError(std::string("the deck has no ") + kKindKeys[static_cast<size_t>(k)]);
  return s;
}

// Strength of a card alone: the order of the list, peoples by rank. Cards
// that never take a trick (Hohe Drachen, Fessel, Spion, Nullkarte) have none.
int single_strength(const PlayCard& c) {
  switch (c.kind) {
    case Kind::Vernio:
      return 1000;
    case Kind::Tod:
      return 990;
    case Kind::Sinhara:
      return 980;
    case Kind::Waldherr:
      return 970;
    case Kind::ErsteDame:
      return 900;
    case Kind::ZweiteDame:
      return 890;
    case Kind::LetzteDame:
      return 880;
    case Kind::Freund:
    case Kind::Helfer:
      return 800;
    case Kind::Drache:
      return 600 + c.rank;
    case Kind::Mensch:
      return 400 + c.rank;
    case Kind::Zwerg:
      return 200 + c.rank;
    case Kind::Gnom:
      return 100 + c.rank;
    default:
      return -1;
  }
}

enum class Side : uint8_t { For, Against };  // for or against Vernio

struct OnTable {
  int card = 0;
  int player = 0;
  int order = 0;      // the order it counts as played in (Der Freund moves an ally's card first)
  bool dead = false;  // killed by the Tod
};

struct Verdict {
  int winner = -1;        // player
  int winning_card = -1;  // index into the trick
};

class Round {
 public:
  Round(const Setup& s, int players, std::mt19937_64& rng, SimulationReport& report, uint64_t seed)
      : s_(s), n_(players), rng_(rng), report_(report), seed_(seed) {
    const Deal& deal = s_.facts.deal_for(n_);
    for (const auto& c : s_.cards) all_.push_back(c);
    if (deal.null_cards)
      for (const auto& c : s_.nulls) all_.push_back(c);
    std::vector<int> order(all_.size());
    std::iota(order.begin(), order.end(), 0);
    shuffle(order, rng_);
    hands_.resize(static_cast<size_t>(n_));
    const size_t dealt = static_cast<size_t>(deal.hand) * static_cast<size_t>(n_);
    if (dealt + static_cast<size_t>(deal.stock) != order.size())
      violation(fmt::format("{} cards do not deal {} × {} + {} stock", order.size(), n_, deal.hand, deal.stock));
    // One at a time, starting left of the dealer (seat 1 deals, seat 2 leads).
    for (size_t i = 0; i < std::min(dealt, order.size()); ++i)
      hands_[(i + 1) % static_cast<size_t>(n_)].push_back(order[i]);
    for (size_t i = dealt; i < order.size(); ++i) stock_.push_back(order[i]);
    side_.assign(static_cast<size_t>(n_), Side::Against);
    for (int p = 0; p < n_; ++p)
      for (int c : hands_[static_cast<size_t>(p)])
        if (all_[static_cast<size_t>(c)].kind == Kind::Vernio || all_[static_cast<size_t>(c)].kind == Kind::Sinhara)
          side_[static_cast<size_t>(p)] = Side::For;
    // The stock is never played: the points in play are the dealt cards'.
    waldherr_partner_ = static_cast<int>(random_below(rng_, static_cast<uint64_t>(n_)));
    total_points_ = 0;
    for (int p = 0; p < n_; ++p)
      for (int c : hands_[static_cast<size_t>(p)]) total_points_ += card(c).points;
  }

  void play() {
    announce();
    int leader = 1 % n_;
    const int tricks = static_cast<int>(hands_[0].size());
    for (int t = 0; t < tricks; ++t) leader = play_trick(leader, t == tricks - 1);
    // Cards still bound by the Fessel or left by a Gegenwirker go with the last trick.
    if (!heap_.empty() || !bound_.empty()) violation("cards were left on the table after the last trick");
    const int sum = pile_[0] + pile_[1] + destroyed_points_;
    if (sum - doubled_ != total_points_)
      violation(fmt::format("points do not add up: {} + {} + {} destroyed - {} doubled != {}", pile_[0], pile_[1],
                            destroyed_points_, doubled_, total_points_));
  }

  std::array<int, 2> points() const { return {pile_[0] + bonus_[0], pile_[1] + bonus_[1]}; }

  // The announcements (one of each per side at most), before the first trick.
  struct Announcement {
    Side side;
    int target = -1;      // "keine <target>": the other side stays at or below it; -1: none
    double factor = 1;    // what it multiplies the stake by
    bool vernio = false;  // "Für/Gegen Vernio": 20 points more at stake
  };
  std::vector<Announcement> announcements;

  // The stake in copper coins after the round, and who pays: one coin per
  // point of difference, times the highest announced factor, plus 20 per
  // "für/gegen Vernio"; a side that misses its own announcement loses.
  std::pair<std::optional<Side>, double> settle() const {
    const auto pts = points();
    std::optional<Side> won;
    if (pts[0] != pts[1]) won = pts[0] > pts[1] ? Side::For : Side::Against;
    double factor = 1, extra = 0;
    for (const auto& a : announcements) {
      factor = std::max(factor, a.factor);
      if (a.vernio) extra += 20;
      const int other = pts[a.side == Side::For ? 1 : 0];
      if (a.target >= 0 && other > a.target) won = a.side == Side::For ? Side::Against : Side::For;
    }
    return {won, std::abs(pts[0] - pts[1]) * factor + extra};
  }
  int tricks_played = 0;
  std::array<long long, kKinds> decisive_points{};  // per kind: points of the heaps it sent to a side
  std::array<Side, kKinds> decisive_side{};
  std::array<bool, kKinds> decided_some{};
  int destroyed_points() const { return destroyed_points_; }
  int fessel_points = 0;
  bool pure_trick = false, letzte_dame_bonus = false;

 private:
  void violation(const std::string& what) {
    ++report_.violations;
    if (report_.first_violations.size() < 10)
      report_.first_violations.push_back(fmt::format("seed {}, {} players: {}", seed_, n_, what));
  }
  const PlayCard& card(int c) const { return all_[static_cast<size_t>(c)]; }
  bool allies(int a, int b) const { return side_[static_cast<size_t>(a)] == side_[static_cast<size_t>(b)]; }

  // "in Folge": the longest run of cards of `kinds` in play order, skipping
  // Nullkarten (they count as played, not as lying open). Returns its
  // first card's trick index and its length.
  std::pair<int, int> run_of(const std::vector<OnTable>& trick, std::initializer_list<Kind> kinds) const {
    int best_start = -1, best_len = 0, start = -1, len = 0;
    for (int i = 0; i < static_cast<int>(trick.size()); ++i) {
      const PlayCard& c = card(trick[static_cast<size_t>(i)].card);
      if (c.kind == Kind::Null) continue;
      if (!trick[static_cast<size_t>(i)].dead && std::find(kinds.begin(), kinds.end(), c.kind) != kinds.end()) {
        if (len == 0) start = i;
        if (++len > best_len) {
          best_len = len;
          best_start = start;
        }
      } else {
        len = 0;
      }
    }
    return {best_start, best_len};
  }

  int count_of(const std::vector<OnTable>& trick, Kind k) const {
    return static_cast<int>(
        std::count_if(trick.begin(), trick.end(), [&](const OnTable& o) { return !o.dead && card(o.card).kind == k; }));
  }
  int first_of(const std::vector<OnTable>& trick, Kind k) const {
    int best = -1;
    for (int i = 0; i < static_cast<int>(trick.size()); ++i)
      if (!trick[static_cast<size_t>(i)].dead && card(trick[static_cast<size_t>(i)].card).kind == k &&
          (best < 0 || trick[static_cast<size_t>(i)].order < trick[static_cast<size_t>(best)].order))
        best = i;
    return best;
  }

  // Who takes `trick` (the cards lying open in play order).
  Verdict judge(const std::vector<OnTable>& trick) const {
    // Der Spion cancels the highest card of each of his opponents' side.
    std::vector<bool> cancelled(trick.size(), false);
    for (const auto& spy : trick) {
      if (spy.dead || card(spy.card).kind != Kind::Spion) continue;
      int top = -1;
      for (int i = 0; i < static_cast<int>(trick.size()); ++i) {
        const OnTable& o = trick[static_cast<size_t>(i)];
        if (o.dead || allies(o.player, spy.player) || single_strength(card(o.card)) < 0) continue;
        if (top < 0 || single_strength(card(o.card)) > single_strength(card(trick[static_cast<size_t>(top)].card)))
          top = i;
      }
      if (top >= 0) cancelled[static_cast<size_t>(top)] = true;
    }
    int best = -1;
    for (int i = 0; i < static_cast<int>(trick.size()); ++i) {
      const OnTable& o = trick[static_cast<size_t>(i)];
      if (o.dead || cancelled[static_cast<size_t>(i)] || single_strength(card(o.card)) < 0) continue;
      if (best < 0) {
        best = i;
        continue;
      }
      const int a = single_strength(card(o.card)), b = single_strength(card(trick[static_cast<size_t>(best)].card));
      if (a > b || (a == b && o.order < trick[static_cast<size_t>(best)].order)) best = i;
    }
    if (best < 0) return {};
    const PlayCard& top = card(trick[static_cast<size_t>(best)].card);
    // The peoples' combinations beat the strongest single card they name;
    // the trick goes to the first card of the combination.
    auto take = [&](int i) { return Verdict{trick[static_cast<size_t>(i)].player, i}; };
    if (top.dame() && count_of(trick, Kind::Drache) >= 3) return take(first_of(trick, Kind::Drache));
    if (top.elf() && count_of(trick, Kind::Drache) >= 2) return take(first_of(trick, Kind::Drache));
    if (top.kind == Kind::Drache) {
      auto [start, len] = run_of(trick, {Kind::Mensch, Kind::Zwerg});
      if (len >= 4) return take(start);
    }
    if (top.kind == Kind::Mensch) {
      auto [start, len] = run_of(trick, {Kind::Zwerg});
      if (len >= 3) return take(start);
    }
    if (top.kind == Kind::Zwerg) {
      auto [start, len] = run_of(trick, {Kind::Gnom});
      if (len >= 3) return take(start);
    }
    return take(best);
  }

  // Where the cards of `heap` go when `winner` takes them with the card of
  // kind `winning`: the Waldherr takes any trick for his side; an
  // Unterstützer sends it to Vernio (and cancels a Gegenwirker); a
  // Gegenwirker's cards go against Vernio; else the winner's side. Tricks
  // made by the Zweite or Letzte Dame go to whoever won the Erste Dame
  // (who takes them when they would go to the other side).
  Side destination(const std::vector<OnTable>& heap, int winner, int winner_card, Kind winning) const {
    const bool unterstuetzer = count_of(heap, Kind::Unterstuetzer) > 0;
    const bool gegenwirker = count_of(heap, Kind::Gegenwirker) > 0;
    Side to = side_[static_cast<size_t>(winner)];
    if (winning == Kind::Waldherr)
      to = waldherr_side(winner_card);
    else if (unterstuetzer)
      to = Side::For;
    else if (gegenwirker)
      to = Side::Against;
    if ((winning == Kind::ZweiteDame || winning == Kind::LetzteDame) && erste_dame_owner_ >= 0)
      to = side_[static_cast<size_t>(erste_dame_owner_)];
    return to;
  }

  // Where the trick would go if it ended now (nullopt: nobody takes it).
  std::optional<Side> destination_now(const std::vector<OnTable>& trick) const {
    const Verdict v = judge(trick);
    if (v.winner < 0) return std::nullopt;
    std::vector<OnTable> heap = heap_;
    heap.insert(heap.end(), trick.begin(), trick.end());
    return destination(heap, v.winner, trick[static_cast<size_t>(v.winning_card)].player,
                       card(trick[static_cast<size_t>(v.winning_card)].card).kind);
  }

  // The card to play: when the trick goes to one's side already, the
  // cheapest card; else the cheapest card that sends it there; else the
  // cheapest card. The Waldherr must leave the hand by the third-last card.
  int choose(int player, const std::vector<OnTable>& trick) {
    auto& hand = hands_[static_cast<size_t>(player)];
    for (int c : hand)
      if (card(c).kind == Kind::Waldherr && hand.size() <= 3) return c;
    auto cost = [&](int c) { return card(c).points * 1000 + std::max(0, single_strength(card(c))); };
    const Side mine = side_[static_cast<size_t>(player)];
    const std::optional<Side> now = destination_now(trick);
    int pick = -1;
    if (now != mine) {
      for (int c : hand) {
        std::vector<OnTable> with = trick;
        with.push_back({c, player, static_cast<int>(trick.size())});
        apply_tod(with);
        if (destination_now(with) == mine && (pick < 0 || cost(c) < cost(pick))) pick = c;
      }
    }
    if (pick < 0) {
      for (int c : hand)
        if (pick < 0 || cost(c) < cost(pick)) pick = c;
    }
    return pick;
  }

  // The Tod kills every mortal card lying open: the trick's and the bound ones.
  void apply_tod(std::vector<OnTable>& trick) const {
    if (std::none_of(trick.begin(), trick.end(), [&](const OnTable& o) { return card(o.card).kind == Kind::Tod; }))
      return;
    for (auto& o : trick)
      if (card(o.card).mortal() && card(o.card).kind != Kind::Null) o.dead = true;
  }

  // A trick: every player plays one card; returns the next leader.
  // Over 80 lines: the trick's steps in the order the rule book gives them (play, Freund, Tod, judge, Fessel,
  // Gegenwirker, heap); each reads what the one before changed.
  // NOLINTNEXTLINE(readability-function-size)
  int play_trick(int leader, bool last) {
    ++tricks_played;
    std::vector<OnTable> trick;
    for (int k = 0; k < n_; ++k) {
      const int p = (leader + k) % n_;
      auto& hand = hands_[static_cast<size_t>(p)];
      if (hand.empty()) {
        violation(fmt::format("player {} has no card for trick {}", p + 1, tricks_played));
        continue;
      }
      const int c = choose(p, trick);
      auto it = std::find(hand.begin(), hand.end(), c);
      if (it == hand.end()) {
        violation("a card was played that was not in the hand");
        continue;
      }
      hand.erase(it);
      trick.push_back({c, p, k});
      ++report_.steps;
      // The Waldherr rule, checked: never held into the last two cards.
      for (int h : hand)
        if (card(h).kind == Kind::Waldherr && hand.size() < 3)
          violation("the Waldherr was held past the third-last card");
    }
    // Der Freund: the ally's card counts as played first.
    for (const auto& f : std::vector<OnTable>(trick))
      if (card(f.card).kind == Kind::Freund)
        for (auto& o : trick)
          if (o.player != f.player && allies(o.player, f.player) && single_strength(card(o.card)) > 0) {
            o.order = -1;
            break;
          }
    const bool tod =
        std::any_of(trick.begin(), trick.end(), [&](const OnTable& o) { return card(o.card).kind == Kind::Tod; });
    const bool breaks = std::any_of(trick.begin(), trick.end(), [&](const OnTable& o) {
      return card(o.card).kind == Kind::Vernio || card(o.card).kind == Kind::Sinhara;
    });
    apply_tod(trick);
    if (tod) {
      // Bound cards lie open too: the Tod kills them.
      for (auto it = bound_.begin(); it != bound_.end();)
        if (card(it->card).mortal() && card(it->card).kind != Kind::Null) {
          destroyed_points_ += card(it->card).points;
          it = bound_.erase(it);
        } else {
          ++it;
        }
    }
    const Verdict v = judge(trick);
    const int winner = v.winner >= 0 ? v.winner : leader;
    const Kind winning_kind =
        v.winning_card >= 0 ? card(trick[static_cast<size_t>(v.winning_card)].card).kind : Kind::Null;
    for (auto& o : trick) heap_.push_back(o);
    if (tod)  // cards a Gegenwirker left lie open as well
      for (auto& o : heap_)
        if (card(o.card).mortal() && card(o.card).kind != Kind::Null) o.dead = true;
    const bool unterstuetzer = count_of(heap_, Kind::Unterstuetzer) > 0;
    const bool gegenwirker = count_of(trick, Kind::Gegenwirker) > 0;
    const bool fessel = count_of(trick, Kind::Fessel) > 0;
    if (fessel && !breaks && !last) {
      // Die Fessel binds the trick's cards (not the Tod) to the table.
      for (const auto& o : heap_)
        if (card(o.card).kind != Kind::Tod && !o.dead) bound_.push_back(o);
      for (const auto& o : heap_)
        if (o.dead) destroyed_points_ += card(o.card).points;
      std::vector<OnTable> tods;
      for (const auto& o : heap_)
        if (card(o.card).kind == Kind::Tod) tods.push_back(o);
      heap_ = tods;
      if (heap_.empty()) return winner;
    } else if (gegenwirker && !unterstuetzer && winning_kind != Kind::Waldherr && !last) {
      // "Der Gegenwirker läßt die Runde auf dem Tisch liegen. Der Leger des
      // Gegenwirkers kommt an die Reihe."
      return trick[static_cast<size_t>(first_of(trick, Kind::Gegenwirker))].player;
    }
    const Side to = destination(
        heap_, winner, v.winning_card >= 0 ? trick[static_cast<size_t>(v.winning_card)].player : winner, winning_kind);
    if (std::any_of(heap_.begin(), heap_.end(), [&](const OnTable& o) { return card(o.card).kind == Kind::ErsteDame; }))
      erste_dame_owner_ = winner;
    // Breaking the Fessel, or the last trick, takes the bound cards along.
    if ((breaks || last) && !bound_.empty()) {
      for (const auto& o : bound_) fessel_points += card(o.card).points;
      for (const auto& o : bound_) heap_.push_back(o);
      bound_.clear();
    }
    int heap_points = 0;
    for (const auto& o : heap_)
      if (o.dead)
        destroyed_points_ += card(o.card).points;
      else
        heap_points += card(o.card).points;
    // A trick of one people only counts twice.
    const Kind first = card(trick.front().card).kind;
    if (card(trick.front().card).people() && std::all_of(trick.begin(), trick.end(), [&](const OnTable& o) {
          return card(o.card).kind == first && !o.dead;
        })) {
      int extra = 0;
      for (const auto& o : trick) extra += card(o.card).points;
      heap_points += extra;
      doubled_ += extra;
      pure_trick = true;
    }
    pile_[static_cast<size_t>(to)] += heap_points;
    if (last && winning_kind == Kind::LetzteDame) {
      bonus_[static_cast<size_t>(side_[static_cast<size_t>(winner)])] += kLetzteDameBonus;
      letzte_dame_bonus = true;
    }
    // Which special sent these points where.
    for (const auto& o : heap_) {
      const auto k = static_cast<size_t>(card(o.card).kind);
      if (!card(o.card).people() && card(o.card).kind != Kind::Null) {
        decisive_points[k] += heap_points;
        decisive_side[k] = to;
        decided_some[k] = true;
      }
    }
    heap_.clear();
    return winner;
  }

  // "bei 5 oder 6 Spielern muß er sich beim Aufspielen für einen Mitspieler
  // entscheiden, auch wenn er noch nicht weiß, ob der für oder gegen Vernio
  // ist" (a fellow player drawn at the deal: he cannot know sides), "bei
  // mind. 7 Spielern spielt er automatisch für Vernio"; with four players
  // the text says nothing: he plays for his own side.
  Side waldherr_side(int player) const {
    if (n_ >= 7) return Side::For;
    if (n_ >= 5) return side_[static_cast<size_t>(waldherr_partner_)];
    return side_[static_cast<size_t>(player)];
  }

  // Every player knows their own side (Vernio's side holds Vernio or
  // Sinhara). A player whose hand holds a large share of the points
  // announces that the other side stays low; a player with Vernio and a
  // strong hand announces "für Vernio".
  void announce() {
    static constexpr std::array<std::pair<int, double>, 5> kTargets = {
        {{160, 1.5}, {120, 2.0}, {80, 2.5}, {40, 3.0}, {0, 5.0}}};  // "Angesagt werden können"
    std::array<bool, 2> announced{};
    for (int p = 0; p < n_; ++p) {
      const Side side = side_[static_cast<size_t>(p)];
      int hand_points = 0;
      bool vernio = false;
      for (int c : hands_[static_cast<size_t>(p)]) {
        hand_points += card(c).points;
        vernio = vernio || card(c).kind == Kind::Vernio;
      }
      const double share = static_cast<double>(hand_points) / std::max(1, total_points_);
      // The team's expected share: this hand, and the rest spread evenly.
      const int team = static_cast<int>(std::count(side_.begin(), side_.end(), side));
      const double expected = share + (1.0 - share) * (team - 1) / std::max(1, n_ - 1);
      if (announced[static_cast<size_t>(side)]) continue;
      Announcement a{side};
      for (const auto& [target, factor] : kTargets)
        if ((1.0 - expected) * total_points_ < target * 0.6) {
          a.target = target;
          a.factor = factor;
        }
      a.vernio = vernio && expected > 0.6;
      if (a.target >= 0 || a.vernio) {
        announcements.push_back(a);
        announced[static_cast<size_t>(side)] = true;
      }
    }
  }

  const Setup& s_;
  int n_;
  std::mt19937_64& rng_;
  SimulationReport& report_;
  uint64_t seed_;
  std::vector<PlayCard> all_;
  std::vector<std::vector<int>> hands_;
  std::vector<int> stock_;
  std::vector<Side> side_;
  std::vector<OnTable> heap_, bound_;
  int erste_dame_owner_ = -1;
  int waldherr_partner_ = 0;
  std::array<int, 2> pile_{}, bonus_{};
  int destroyed_points_ = 0, doubled_ = 0, total_points_ = 0;
};

// What `check` asks of the rounds (reach.h): every special card of the
// rules' list played into a trick, at its card (the first copy).
void add_occurrences(const model::Game& game, const std::array<long long, kKinds>& played, SimulationReport& report) {
  std::array<bool, kKinds> seen{};
  for (const auto& deck : game.decks)
    for (const auto& card : deck.cards) {
      PlayCard c;
      c.kind = kind_of(text(game, card, "name"), text(game, card, "group"));
      const auto k = static_cast<size_t>(c.kind);
      if (c.people() || c.kind == Kind::Null || seen[k]) continue;
      seen[k] = true;
      report.occurrences.push_back({std::string("special.") + kKindKeys[k], "special card " + text(game, card, "name"),
                                    "played", played[k], report.games, "rounds", card.loc});
    }
}

}  // namespace

// Over 80 lines: the rounds' tallies, then one figure per tally, in the order the report prints them.
// NOLINTNEXTLINE(readability-function-size)
SimulationReport simulate_report(const model::Model&, const model::Game& game, const SimulationOptions& options) {
  const Setup setup = read_setup(game);
  SimulationReport report;
  const std::vector<int> counts =
      player_counts("Gelfdrakkar", setup.facts.min_players, setup.facts.max_players, options.players);
  std::array<long long, kKinds> played_all{};  // over every player count, for check's reach
  for (int n : counts) {
    double announced = 0, announced_kept = 0, stake = 0, settled_for = 0;
    double for_wins = 0, against_wins = 0, ties = 0, for_points = 0, against_points = 0, destroyed = 0, fessel = 0,
           pure = 0, bonus = 0, tricks = 0;
    std::array<double, kKinds> decided{}, present{};
    for (long i = 0; i < options.games; ++i) {
      const uint64_t seed = options.seed + static_cast<uint64_t>(i);
      std::mt19937_64 rng(seed * 0x9E3779B97F4A7C15ULL + static_cast<uint64_t>(n));
      Round r(setup, n, rng, report, seed);
      r.play();
      const auto pts = r.points();
      for_points += pts[0];
      against_points += pts[1];
      const int margin = std::abs(pts[0] - pts[1]);
      const Side won = pts[0] > pts[1] ? Side::For : Side::Against;
      if (pts[0] > pts[1])
        ++for_wins;
      else if (pts[1] > pts[0])
        ++against_wins;
      else
        ++ties;
      const auto [payee, coins] = r.settle();
      stake += coins;
      if (payee == Side::For) ++settled_for;
      for (const auto& a : r.announcements) {
        ++announced;
        const int other = pts[a.side == Side::For ? 1 : 0];
        if (a.target < 0 || other <= a.target) ++announced_kept;
      }
      destroyed += r.destroyed_points();
      fessel += r.fessel_points;
      pure += r.pure_trick ? 1 : 0;
      bonus += r.letzte_dame_bonus ? 1 : 0;
      tricks += r.tricks_played;
      // A special decided the round when the heap it was in went to the
      // winning side and carried more points than the margin.
      for (size_t k = 0; k < kKinds; ++k) {
        if (!r.decided_some[k]) continue;
        ++present[k];
        if (pts[0] != pts[1] && r.decisive_side[k] == won && r.decisive_points[k] > margin) ++decided[k];
      }
    }
    report.games += options.games;
    for (size_t k = 0; k < kKinds; ++k) played_all[k] += static_cast<long long>(present[k]);
    const double g = static_cast<double>(options.games);
    FigureGroup group{
        fmt::format("{} players ({} cards each{})", n, setup.facts.deal_for(n).hand,
                    setup.facts.deal_for(n).stock ? fmt::format(", {} in the stock", setup.facts.deal_for(n).stock)
                                                  : std::string()),
        {}};
    group.figures.push_back(
        percent_figure(fmt::format("p{}.win_rate.for_vernio", n), "rounds won by Vernio's side", for_wins, g));
    group.figures.push_back(
        percent_figure(fmt::format("p{}.win_rate.against_vernio", n), "rounds won against Vernio", against_wins, g));
    group.figures.push_back(percent_figure(fmt::format("p{}.ties", n), "tied rounds (dealt again)", ties, g));
    group.figures.push_back(
        {fmt::format("p{}.points.for_vernio", n), "points of Vernio's side", for_points / g, "points"});
    group.figures.push_back(
        {fmt::format("p{}.points.against_vernio", n), "points against Vernio", against_points / g, "points"});
    group.figures.push_back(
        {fmt::format("p{}.points.destroyed", n), "points the Tod destroys", destroyed / g, "points"});
    group.figures.push_back({fmt::format("p{}.points.fessel", n), "points bound by the Fessel", fessel / g, "points"});
    group.figures.push_back(
        percent_figure(fmt::format("p{}.pure_trick", n), "rounds with a trick of one people (doubled)", pure, g));
    group.figures.push_back(
        percent_figure(fmt::format("p{}.letzte_dame", n), "rounds with the Letzte Dame's 20 points", bonus, g));
    group.figures.push_back({fmt::format("p{}.tricks", n), "tricks per round", tricks / g, "tricks"});
    group.figures.push_back({fmt::format("p{}.announcements", n), "announcements per round", announced / g, ""});
    group.figures.push_back(
        percent_figure(fmt::format("p{}.announcements_kept", n), "announcements kept", announced_kept, announced));
    group.figures.push_back(percent_figure(fmt::format("p{}.paid_to_vernio", n),
                                           "rounds Vernio's side is paid (announcements counted)", settled_for, g));
    group.figures.push_back({fmt::format("p{}.stake", n), "stake per round", stake / g, "coins"});
    for (size_t k = 0; k < kKinds; ++k) {
      const Kind kind = static_cast<Kind>(k);
      if (kind == Kind::Drache || kind == Kind::Mensch || kind == Kind::Zwerg || kind == Kind::Gnom ||
          kind == Kind::Null)
        continue;
      group.figures.push_back(percent_figure(fmt::format("p{}.decides.{}", n, kKindKeys[k]),
                                             fmt::format("{}: its trick outweighs the margin", kKindKeys[k]),
                                             decided[k], g));
    }
    const double share = for_wins / g;
    report.notes.push_back(
        fmt::format("{} players: Vernio's side wins {:.1f} % ± {:.1f} of the rounds ({} rounds), {:.1f} % are tied", n,
                    100 * share, 196.0 * std::sqrt(share * (1 - share) / g), options.games, 100 * ties / g));
    report.groups.push_back(std::move(group));
  }
  add_occurrences(game, played_all, report);
  return report;
}

std::vector<std::string> cards_of_kind(const model::Game& game, std::string_view kind_key) {
  std::vector<std::string> ids;
  for (const model::Deck& deck : game.decks)
    for (const model::Card& card : deck.cards) {
      Kind k = Kind::Null;
      try {
        k = kind_of(text(game, card, "name"), text(game, card, "group"));
      } catch (const SimulationError&) {
        continue;  // a card the rules do not list: the card checks say so
      }
      if (kKindKeys[static_cast<size_t>(k)] == kind_key && std::find(ids.begin(), ids.end(), card.def_id) == ids.end())
        ids.push_back(card.def_id);
    }
  return ids;
}

}  // namespace kw::rules::gelfdrakkar
