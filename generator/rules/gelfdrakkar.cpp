// Gelfdrakkar: the rules' card list and point totals. All Gelfdrakkar
// knowledge lives in this file (see gelfdrakkar.h).
#include "rules/gelfdrakkar.h"

#include <fmt/format.h>
#include <algorithm>

#include <map>

#include "rules/facts.h"
#include "rules/support.h"

namespace kw::rules::gelfdrakkar {

const std::vector<Listed>& listed_cards() {
  // "Karten (120 Blatt + 4 Nullkarten)", in the rules' order. Elves come as
  // (m, w): one of each for Freund and Spion, two of each for the 4 Helfer.
  static const std::vector<Listed> list = {
      {"Vernio", "goetter", 1, 25, -1},
      {"Sinhara", "heilige", 1, 20, -1},
      {"Die Fessel", "kerker", 1, 0, -1},
      {"Tod", "tod", 1, 0, -1},
      {"Unterstützer", "hohe-drachen", 2, 15, -1},
      {"Gegenwirker", "hohe-drachen", 2, 15, -1},
      {"Waldherr", "gelflinge", 1, 12, 1},
      {"Erste Dame", "gelflinge", 1, 10, 0},
      {"Zweite Dame", "gelflinge", 1, 8, 0},
      {"Letzte Dame", "gelflinge", 1, 6, 0},
      {"Der Freund", "elfen", 2, 5, 1},
      {"Der Spion", "elfen", 2, 5, 1},
      {"Der Helfer", "elfen", 4, 5, 2},
      {"Nullkarte", "nullkarten", 4, 0, -1},
  };
  return list;
}

const std::vector<People>& peoples() {
  // 25 each, A1-E5. (The rules write "Das Gleichgewachsenen" for the Gnome.)
  static const std::vector<People> list = {
      {"drachen", "Die Windkrallen", 4},
      {"menschen", "Die Hochgewachsenen", 3},
      {"zwerge", "Die Streitbaren", 2},
      {"gnome", "Die Gleichgewachsenen", 1},
  };
  return list;
}

namespace {
constexpr std::string_view kNullGroup = "nullkarten";
}

int listed_points() {
  int sum = 0;
  for (const auto& l : listed_cards()) sum += l.count * l.points;
  for (const auto& p : peoples()) sum += kRanksPerPeople * p.points;
  return sum;
}

int listed_count(bool with_null_cards) {
  int n = 0;
  for (const auto& l : listed_cards())
    if (with_null_cards || l.group != kNullGroup) n += l.count;
  return n + kRanksPerPeople * static_cast<int>(peoples().size());
}

int rank_strength(std::string_view rank) {
  if (rank.size() != 2 || rank[0] < 'A' || rank[0] > 'E' || rank[1] < '1' || rank[1] > '5') return -1;
  return ('E' - rank[0]) * 5 + (rank[1] - '1');
}

std::vector<std::string> rank_order() {
  std::vector<std::string> out;
  for (char l = 'A'; l <= 'E'; ++l)
    for (char n = '5'; n >= '1'; --n) out.push_back(std::string{l, n});
  return out;
}

const std::vector<std::string_view>& highest_cards() {
  static const std::vector<std::string_view> top = {"Vernio", "Tod", "Sinhara"};
  return top;
}

namespace {

// "25 + 20 + ... + 25×1 = 431"
std::string list_sum_text() {
  std::string s;
  auto term = [&](int count, int points) {
    if (!s.empty()) s += " + ";
    s += count == 1 ? std::to_string(points) : std::to_string(count) + "×" + std::to_string(points);
  };
  for (const auto& l : listed_cards())
    if (l.group != kNullGroup) term(l.count, l.points);
  for (const auto& p : peoples()) term(kRanksPerPeople, p.points);
  return s + " = " + std::to_string(listed_points());
}

// The deck as the checks below see it: the cards sorted onto the rules' list
// and the peoples' ranks, and the totals of the cards in play.
struct Tally {
  std::vector<std::vector<const model::Card*>> by_listed;               // per entry of listed_cards()
  std::vector<std::map<int, std::vector<const model::Card*>>> by_rank;  // per people, by rank_strength
  const model::Deck* play_deck = nullptr;
  long long points_in_play = 0;
  int cards_in_play = 0;
};

// Sorts one card into the tally; reports a card the list does not know, a
// bad rank, and points that differ from the list's.
void tally_card(const model::Game& game, const model::Deck& deck, const model::Card& card, Tally& tally, Sink& sink) {
  const auto& list = listed_cards();
  const std::string group = text(game, card, "group"), name = text(game, card, "name");
  auto pts = integer(game, card, "points");
  if (group != kNullGroup) {
    if (!tally.play_deck) tally.play_deck = &deck;
    ++tally.cards_in_play;
    tally.points_in_play += pts.value_or(0);
  }
  int expected_points = -1;
  std::string what;
  auto people = std::find_if(peoples().begin(), peoples().end(), [&](const People& p) { return p.group == group; });
  if (people != peoples().end()) {
    const std::string rank = text(game, card, "rank");
    const int strength = rank_strength(rank);
    if (strength < 0)
      sink.error(
          field_loc(game, card, "rank"),
          rank.empty() ? "a card of the " + group + " needs a rank (A1-E5)" : "rank '" + rank + "' is not one of A1-E5",
          card.id);
    else
      tally.by_rank[static_cast<size_t>(people - peoples().begin())][strength].push_back(&card);
    expected_points = people->points;
    what = "a card of the " + group;
  } else {
    auto it =
        std::find_if(list.begin(), list.end(), [&](const Listed& l) { return l.name == name && l.group == group; });
    if (it == list.end()) {
      auto named = std::find_if(list.begin(), list.end(), [&](const Listed& l) { return l.name == name; });
      if (named != list.end())
        sink.error(field_loc(game, card, "group"),
                   name + " belongs to group '" + std::string(named->group) + "', not '" + group + "'", card.id);
      else
        sink.error(field_loc(game, card, "name"), "'" + name + "' is not on the rules' card list", card.id,
                   "the list names Vernio, Sinhara, Die Fessel, Tod, Unterstützer, Gegenwirker, Waldherr, "
                   "Erste/Zweite/Letzte Dame, Der Freund, Der Spion, Der Helfer, the four peoples and the "
                   "Nullkarten");
      return;
    }
    tally.by_listed[static_cast<size_t>(it - list.begin())].push_back(&card);
    expected_points = it->points;
    what = name;
  }
  if (pts && *pts != expected_points)
    sink.with_check("gelfdrakkar.points")
        .error(field_loc(game, card, "points"),
               what + " shows " + std::to_string(*pts) + " points; the rules list " + std::to_string(expected_points),
               card.id);
}

Tally tally_cards(const model::Game& game, Sink& sink) {
  Tally tally;
  tally.by_listed.resize(listed_cards().size());
  tally.by_rank.resize(peoples().size());
  for (const auto& deck : game.decks)
    for (const auto& card : deck.cards) tally_card(game, deck, card, tally, sink);
  return tally;
}

// How many of one listed card the deck holds.
void check_listed_count(const Listed& l, const std::vector<const model::Card*>& cards, const SourceLoc& deck_loc,
                        Sink& sink) {
  const int n = static_cast<int>(cards.size());
  const std::string name(l.name);
  if (n > l.count) {
    sink.error(cards[static_cast<size_t>(l.count)]->loc,
               std::to_string(n) + " × " + name + "; the rules list " + std::to_string(l.count),
               cards[static_cast<size_t>(l.count)]->id);
  } else if (n < l.count) {
    // Copies that all come from one definition: the finding points there,
    // where the missing ones would be added.
    bool one_def = n > 0 && std::all_of(cards.begin(), cards.end(),
                                        [&](const model::Card* c) { return c->def_id == cards.front()->def_id; });
    sink.error(one_def ? cards.front()->loc : deck_loc,
               (n == 0 ? "no " + name + " card" : std::to_string(n) + " × " + name) + "; the rules list " +
                   std::to_string(l.count),
               one_def ? cards.front()->def_id : std::string());
  }
}

// The sexes of a listed card's copies (elves and Gelflinge): `male` of them
// male, the rest female.
void check_sexes(const model::Game& game, const Listed& l, const std::vector<const model::Card*>& cards, Sink& sink) {
  if (l.male < 0) return;
  const std::string name(l.name);
  int male = 0, female = 0;
  for (const model::Card* c : cards) {
    const std::string sex = text(game, *c, "sex");
    if (sex.empty()) continue;
    int& k = sex == "m" ? male : female;
    const int allowed = sex == "m" ? l.male : l.count - l.male;
    if (++k > allowed)
      sink.error(field_loc(game, *c, "sex"),
                 name + ": " + std::to_string(k) + " " + (sex == "m" ? "male" : "female") + " cards; the rules have " +
                     std::to_string(allowed),
                 c->id);
  }
}

// Every people has A1-E5 once.
void check_ranks(const model::Game& game, const Tally& tally, const SourceLoc& deck_loc, Sink& sink) {
  const auto order = rank_order();
  for (size_t p = 0; p < peoples().size(); ++p) {
    const std::string group(peoples()[p].group);
    for (const auto& rank : order) {
      auto it = tally.by_rank[p].find(rank_strength(rank));
      if (it == tally.by_rank[p].end()) {
        sink.error(deck_loc, "no card " + rank + " of the " + group, {}, "every people has the ranks A1-E5 once");
      } else {
        for (size_t k = 1; k < it->second.size(); ++k)
          sink.error(field_loc(game, *it->second[k], "rank"),
                     "rank " + rank + " of the " + group + " is there twice (also " + it->second.front()->id + ")",
                     it->second[k]->id);
      }
    }
  }
}

// The totals: the deck against the list, the list against the rules' claim.
void check_point_totals(const model::Game& game, const Tally& tally, const SourceLoc& deck_loc, Sink& points) {
  const int list_sum = listed_points();
  if (tally.points_in_play != list_sum)
    points.error(deck_loc, "the cards in play show " + std::to_string(tally.points_in_play) +
                               " points in all; the rules' card list sums to " + std::to_string(list_sum));
  points.warning(
      info_loc(game, "rules"),
      "the rules claim " + std::to_string(kClaimedPoints) + " points in play, but their own card list sums to " +
          std::to_string(list_sum) + " (" + std::to_string(kClaimedPoints - list_sum) + " less, one per card for " +
          std::to_string(kCardsInPlay) + " cards); the deck follows the list: its cards sum to " +
          std::to_string(tally.points_in_play),
      {}, "the list: " + list_sum_text() + ". The claim, not the deck, disagrees, so this does not stop the build.");
}

}  // namespace

namespace {

int read_int(const model::Value* v, const std::string& what) {
  if (!v) return 0;
  try {
    size_t used = 0;
    int n = std::stoi(v->scalar, &used);
    if (v->is_scalar() && used == v->scalar.size()) return n;
  } catch (const std::exception&) {
  }
  throw SimulationError(v->loc.str() + ": " + what + " is not a whole number");
}

// The deals against the rules: every player count 4-8 has one; the cards
// add up; the Nullkarten join with seven players only; a stock is a warning
// (the rules deal everything evenly), one that could deal another round an error.
void check_deals(const model::Game& game, const PlayFacts& facts, Sink& sink) {
  if (const model::Value* v = info(game, "meta.play.players");
      v && (facts.min_players != kMinPlayers || facts.max_players != kMaxPlayers))
    sink.error(v->loc, "meta.play.players is " + canonical(*v) + ", but the rules are for " +
                           std::to_string(kMinPlayers) + " to " + std::to_string(kMaxPlayers) + " players");
  const model::Value* deals = info(game, "meta.play.deals");
  if (!deals) return;  // the rules' values
  const int nulls = listed_count(true) - listed_count(false);
  for (int n = facts.min_players; n <= facts.max_players; ++n)
    if (std::none_of(facts.deals.begin(), facts.deals.end(), [&](const Deal& d) { return d.players == n; }))
      sink.error(deals->loc, "meta.play.deals has no deal for " + std::to_string(n) + " players");
  for (const Deal& d : facts.deals) {
    const std::string who = std::to_string(d.players) + " players";
    if (d.players < facts.min_players || d.players > facts.max_players)
      sink.error(d.loc, "a deal for " + who + ", but the game is for " + std::to_string(facts.min_players) + " to " +
                            std::to_string(facts.max_players));
    if (d.null_cards != (d.players == kNullCardPlayers))
      sink.error(d.loc, d.null_cards ? "the Nullkarten join with " + who + ", but the rules use them only with 7"
                                     : "the rules add the 4 Nullkarten with 7 players; this deal leaves them out");
    const int cards = kCardsInPlay + (d.null_cards ? nulls : 0);
    if (d.hand < 1 || d.stock < 0 || d.hand * d.players + d.stock != cards) {
      sink.error(d.loc, fmt::format("{} × {} cards + {} in the stock is {}, but {} cards are dealt{}", d.players,
                                    d.hand, d.stock, d.hand * d.players + d.stock, cards,
                                    d.null_cards ? " (120 and the 4 Nullkarten)" : ""));
    } else if (d.stock >= d.players) {
      sink.error(d.loc,
                 fmt::format("a stock of {} could deal every one of the {} players another card", d.stock, d.players));
    } else if (d.stock > 0) {
      sink.warning(d.loc,
                   fmt::format("the rules give every player the same number of cards, but {} cards do not divide "
                               "among {}: this deal gives {} each and leaves {} as the stock",
                               cards, who, d.hand, d.stock),
                   {}, "the rule text is inconsistent here; the stock is our reading (the Helfer swaps with it)");
    }
  }
}

}  // namespace

const Deal& PlayFacts::deal_for(int players) const {
  for (const Deal& d : deals)
    if (d.players == players) return d;
  throw SimulationError("meta.play.deals has no deal for " + std::to_string(players) + " players");
}

PlayFacts play_facts(const model::Game& game) {
  PlayFacts f;
  if (const model::Value* v = info(game, "meta.play.players")) {
    if (!v->is_list() || v->list.size() != 2)
      throw SimulationError(v->loc.str() + ": meta.play.players is not [min, max]");
    f.min_players = read_int(&v->list[0], "meta.play.players");
    f.max_players = read_int(&v->list[1], "meta.play.players");
  }
  const int nulls = listed_count(true) - listed_count(false);
  if (const model::Value* deals = info(game, "meta.play.deals"); deals && deals->is_list()) {
    for (const auto& d : deals->list) {
      Deal deal;
      deal.loc = d.loc;
      deal.players = read_int(d.find("players"), "players");
      deal.hand = read_int(d.find("hand"), "hand");
      deal.stock = read_int(d.find("stock"), "stock");
      const model::Value* n = d.find("null_cards");
      deal.null_cards = n && n->is_scalar() && n->scalar == "true";
      f.deals.push_back(deal);
    }
  } else {
    // The rules' reading without data: everything dealt, the remainder a stock.
    for (int n = f.min_players; n <= f.max_players; ++n) {
      const bool null_cards = n == kNullCardPlayers;
      const int cards = kCardsInPlay + (null_cards ? nulls : 0);
      f.deals.push_back({n, cards / n, cards % n, null_cards, info_loc(game, "meta")});
    }
  }
  if (f.min_players < 2 || f.max_players > 16 || f.max_players < f.min_players)
    throw SimulationError("meta.play.players is outside 2-16");
  return f;
}

// The declared rule facts (README: Rule facts) against the rules: the
// numbers the card texts print or claim, and each player count's deal as the
// rules deal it (everything, the 4 Nullkarten joining with 7 players).
void check_facts(const model::Game& game, Diagnostics& out) {
  Sink sink(out, game, "gelfdrakkar.facts");
  const FactSet declared = read_facts(game);
  const int nulls = listed_count(true) - listed_count(false);
  expect_fact_number(declared, "cards", kCardsInPlay, Compare::Exactly, "the cards without the Nullkarten", sink, game);
  expect_fact_number(declared, "null_cards", nulls, Compare::Exactly, "the Nullkarten", sink, game);
  expect_fact_number(declared, "null_players", kNullCardPlayers, Compare::Exactly,
                     "the players with whom the Nullkarten join", sink, game);
  expect_fact_number(declared, "letzte_dame", kLetzteDameBonus, Compare::Exactly,
                     "the points the Letzte Dame's last trick scores", sink, game);
  expect_fact_number(declared, "waldherr_vernio", kWaldherrForVernio, Compare::AtLeast,
                     "the players from which on the Waldherr plays for Vernio", sink, game);
  for (int n = kMinPlayers; n <= kMaxPlayers; ++n)
    expect_fact_number(declared, "deal_" + std::to_string(n), (kCardsInPlay + (n == kNullCardPlayers ? nulls : 0)) / n,
                       Compare::Exactly, "the cards each of " + std::to_string(n) + " players is dealt", sink, game);
  if (const Fact* p = declared.find("players"); p && (p->min != kMinPlayers || p->max != kMaxPlayers))
    sink.error(p->get("players")->loc, "Gelfdrakkar is played by " + std::to_string(kMinPlayers) + " to " +
                                           std::to_string(kMaxPlayers) + " players");
  // The effects' structure as the play model plays it: Vernio's or
  // Sinhara's card in a trick breaks the Fessel, which does not hold the
  // Tod; the Tod kills every mortal card lying open, not Vernio.
  auto cards = [&](std::initializer_list<std::string_view> kinds) {
    std::vector<std::string> ids;
    for (std::string_view k : kinds)
      for (std::string& id : cards_of_kind(game, k)) ids.push_back(std::move(id));
    return ids;
  };
  expect_fact_roles(declared, "fessel_broken", "who", cards({"vernio", "sinhara"}),
                    "the cards whose play breaks the Fessel", sink);
  expect_fact_roles(declared, "fessel_broken", "except", cards({"tod"}), "the card the Fessel does not hold", sink);
  expect_fact_roles(declared, "tod_power", "who", cards({"tod"}), "the card that kills what lies open", sink);
  expect_fact_roles(declared, "tod_power", "spares", cards({"vernio"}), "the card the Tod cannot kill", sink);
  // Sinhara is mortal in the play model: the Tod kills her like any card.
  expect_fact_roles(declared, "tod_power", "not_spared", cards({"sinhara"}), "the highest card the Tod still kills",
                    sink);
  expect_fact_roles(declared, "fessel_power", "except", cards({"tod"}), "the card the Fessel does not bind", sink);
}

void check(const model::Model& model, const model::Game& game, Diagnostics& out) {
  check_facts(game, out);
  Sink sink(out, game, "gelfdrakkar.cards");
  const Tally tally = tally_cards(game, sink);
  const SourceLoc deck_loc = tally.play_deck ? tally.play_deck->loc : info_loc(game, "decks");

  const auto& list = listed_cards();
  for (size_t i = 0; i < list.size(); ++i) {
    check_listed_count(list[i], tally.by_listed[i], deck_loc, sink);
    check_sexes(game, list[i], tally.by_listed[i], sink);
  }
  check_ranks(game, tally, deck_loc, sink);
  if (tally.cards_in_play != kCardsInPlay)
    sink.error(deck_loc, "the game has " + std::to_string(tally.cards_in_play) + " cards in play; the rules list " +
                             std::to_string(kCardsInPlay) + " (and 4 Nullkarten for 7 players)");

  Sink points = sink.with_check("gelfdrakkar.points");
  check_point_totals(game, tally, deck_loc, points);

  Sink deal = sink.with_check("gelfdrakkar.deal");
  PlayFacts facts;
  try {
    facts = play_facts(game);
  } catch (const SimulationError& e) {
    deal.error(info_loc(game, "meta"), e.what());
    return;
  }
  check_deals(game, facts, deal);
  if (sink.errors() > 0) return;  // a broken deck cannot be played
  note_balance(sink.with_check("gelfdrakkar.balance"), model, game, &simulate_report, 200, "rounds");
}

}  // namespace kw::rules::gelfdrakkar
