// Palantír: the rules model, the data check and the reference values. The
// simulator, the claims and the character bindings have their own files
// (palantir_simulation.cpp, palantir_claims.cpp, palantir_bindings.cpp); see
// palantir.h for the reading of the rules text.
#include "rules/palantir.h"

#include <algorithm>
#include <cctype>
#include <limits>
#include <map>
#include <numeric>
#include <random>

#include <fmt/format.h>

#include "model/strings.h"
#include "project/project.h"
#include "rules/facts.h"
#include "rules/palantir_simulation.h"
#include "rules/reach.h"
#include "rules/support.h"

namespace kw::rules::palantir {

namespace {

struct RegionInfo {
  std::string_view id, name, suit;
};
struct ClassInfo {
  std::string_view id, name, plural;
  char letter;
  int points;
  std::string_view rank;
};

// "Die Regionen": Gondor, Rohan, Rhovanion, Mordor — in the order the rules
// rank Ringträger and Erben, which is Doppelkopf's Kreuz > Pik > Herz > Karo.
constexpr RegionInfo kRegionInfo[] = {
    {"gondor", "Gondor", "Kreuz"},
    {"rohan", "Rohan", "Pik"},
    {"rhovanion", "Rhovanion", "Herz"},
    {"mordor", "Mordor", "Karo"},
};

// "Die Klassen": letter, points; the Doppelkopf rank each stands for.
constexpr ClassInfo kClassInfo[] = {
    {"artefakt", "Artefakt", "Artefakte", 'A', 11, "Ass"},
    {"streitkraft", "Streitkraft", "Streitkräfte", 'S', 10, "Zehn"},
    {"koenig", "König", "Könige", 'K', 4, "König"},
    {"ringtraeger", "Ringträger", "Ringträger", 'R', 3, "Dame"},
    {"erbe", "Erbe", "Erben", 'E', 2, "Bube"},
    {"hobbit", "Hobbit", "Hobbits", 'H', 0, "Neun"},
};

const RegionInfo& info_of(Region r) { return kRegionInfo[static_cast<size_t>(r)]; }
const ClassInfo& info_of(Class c) { return kClassInfo[static_cast<size_t>(c)]; }

}  // namespace

std::string_view id(Region r) { return info_of(r).id; }
std::string_view id(Class c) { return info_of(c).id; }
std::string_view name(Region r) { return info_of(r).name; }
std::string_view name(Class c) { return info_of(c).name; }
std::string_view plural_name(Class c) { return info_of(c).plural; }
char letter(Class c) { return info_of(c).letter; }
int points(Class c) { return info_of(c).points; }
std::string_view doppelkopf_suit(Region r) { return info_of(r).suit; }
std::string_view doppelkopf_rank(Class c) { return info_of(c).rank; }

std::optional<Region> region_from_id(std::string_view s) {
  for (Region r : kRegions)
    if (id(r) == s) return r;
  return std::nullopt;
}

std::optional<Class> class_from_id(std::string_view s) {
  for (Class c : kClasses)
    if (id(c) == s) return c;
  return std::nullopt;
}

std::string to_string(CardKey k) { return std::string(id(k.region)) + "-" + std::string(id(k.cls)); }

namespace {
std::string display(CardKey k) { return std::string(name(k.region)) + "-" + std::string(name(k.cls)); }
}  // namespace

const Facts& facts() {
  static const Facts f{};
  return f;
}

// ---------------------------------------------------------------- contracts

std::vector<Contract> Contract::all() {
  std::vector<Contract> out = {standard()};
  for (Region r : kRegions) out.push_back(region_solo(r));
  out.push_back(ringtraeger_solo());
  out.push_back(erben_solo());
  out.push_back(fehl_solo());
  return out;
}

std::string Contract::id() const {
  switch (kind) {
    case Kind::Standard:
      return "standard";
    case Kind::RegionSolo:
      return "region-solo:" + std::string(palantir::id(trump_region));
    case Kind::RingtraegerSolo:
      return "ringtraeger-solo";
    case Kind::ErbenSolo:
      return "erben-solo";
    case Kind::FehlSolo:
      return "fehl-solo";
  }
  return "standard";
}

std::string Contract::name() const {
  switch (kind) {
    case Kind::Standard:
      return "Standardspiel";
    case Kind::RegionSolo:
      return "Regionen-Solo " + std::string(palantir::name(trump_region));
    case Kind::RingtraegerSolo:
      return "Ringträger-Solo";
    case Kind::ErbenSolo:
      return "Erben-Solo";
    case Kind::FehlSolo:
      return "Fehl-Solo";
  }
  return "Standardspiel";
}

std::optional<Contract> Contract::parse(std::string_view s) {
  for (const Contract& c : all())
    if (c.id() == s) return c;
  return std::nullopt;
}

// ---------------------------------------------------------------- orders

bool is_trump(const Contract& c, CardKey k) {
  switch (c.kind) {
    case Contract::Kind::Standard:
    case Contract::Kind::RegionSolo:
      return k == kBalrog || k.cls == Class::Ringtraeger || k.cls == Class::Erbe || k.region == c.trump_region;
    case Contract::Kind::RingtraegerSolo:
      return k.cls == Class::Ringtraeger;
    case Contract::Kind::ErbenSolo:
      return k.cls == Class::Erbe;
    case Contract::Kind::FehlSolo:
      return false;
  }
  return false;
}

std::vector<CardKey> trump_order(const Contract& c, bool rings_united) {
  std::vector<CardKey> out;
  switch (c.kind) {
    case Contract::Kind::Standard:
    case Contract::Kind::RegionSolo: {
      // "Sollten sich beide Mordor-Artefakte auf einer Hand befinden so stehen
      // sie im Normalspiel noch über dem Balrog."
      const bool ring_on_top = c.kind == Contract::Kind::Standard && rings_united;
      if (ring_on_top) out.push_back(kEinerRing);
      out.push_back(kBalrog);
      for (Region r : kRegions) out.push_back({r, Class::Ringtraeger});
      for (Region r : kRegions) out.push_back({r, Class::Erbe});
      for (Class cl : {Class::Artefakt, Class::Streitkraft, Class::Koenig, Class::Hobbit}) {
        CardKey k{c.trump_region, cl};
        if (k == kBalrog || (ring_on_top && k == kEinerRing)) continue;
        out.push_back(k);
      }
      break;
    }
    case Contract::Kind::RingtraegerSolo:
      for (Region r : kRegions) out.push_back({r, Class::Ringtraeger});
      break;
    case Contract::Kind::ErbenSolo:
      for (Region r : kRegions) out.push_back({r, Class::Erbe});
      break;
    case Contract::Kind::FehlSolo:
      break;
  }
  return out;
}

std::vector<CardKey> fehl_order(const Contract& c, Region r) {
  std::vector<CardKey> out;
  for (Class cl : kClasses)  // A S K R E H: Ass, Zehn, König, Dame, Bube, Neun
    if (!is_trump(c, {r, cl})) out.push_back({r, cl});
  return out;
}

int trump_count(const Contract& c) {
  int n = 0;
  for (Region r : kRegions)
    for (Class cl : kClasses)
      if (is_trump(c, {r, cl})) n += facts().copies;
  return n;
}

Suit suit_of(const Contract& c, CardKey k) {
  if (is_trump(c, k)) return {true, k.region};
  return {false, k.region};
}

namespace {

// Position in a rank list (0 = highest); -1 when absent.
int position(const std::vector<CardKey>& order, CardKey k) {
  auto it = std::find(order.begin(), order.end(), k);
  return it == order.end() ? -1 : static_cast<int>(it - order.begin());
}

}  // namespace

bool beats(const Contract& c, bool rings_united, CardKey card, CardKey best, Suit led) {
  const bool card_trump = is_trump(c, card), best_trump = is_trump(c, best);
  if (card_trump != best_trump) return card_trump;
  if (card_trump) {
    auto order = trump_order(c, rings_united);
    return position(order, card) < position(order, best);
  }
  // Both Fehl: only the led region can win (the best card is of it or is the lead).
  if (card.region != best.region || card.region != led.region) return false;
  auto order = fehl_order(c, card.region);
  return position(order, card) < position(order, best);
}

size_t trick_winner(const Contract& c, bool rings_united, std::span<const CardKey> trick) {
  if (trick.empty()) return 0;
  const Suit led = suit_of(c, trick[0]);
  size_t best = 0;
  for (size_t i = 1; i < trick.size(); ++i)
    if (beats(c, rings_united, trick[i], trick[best], led)) best = i;
  return best;
}

bool may_play(const Contract& c, std::span<const CardKey> hand, Suit led, CardKey card) {
  if (suit_of(c, card) == led) return true;
  return std::none_of(hand.begin(), hand.end(), [&](CardKey k) { return suit_of(c, k) == led; });
}

// ---------------------------------------------------------------- names

namespace {

std::string table_name(const model::Game& game, const std::string& table, std::string_view entry,
                       const std::string& field, std::string_view fallback) {
  if (const model::Table* t = game.table(table))
    if (const model::TableEntry* e = t->find(std::string(entry))) {
      std::string s = entry_text(*e, field);
      if (!s.empty()) return s;
    }
  return std::string(fallback);
}

}  // namespace

std::vector<RankedCard> resolve(const model::Game& game, std::span<const CardKey> keys) {
  std::vector<RankedCard> out;
  for (CardKey k : keys) {
    RankedCard rc;
    rc.key = k;
    rc.region_id = id(k.region);
    rc.class_id = id(k.cls);
    rc.region_name = table_name(game, "regions", id(k.region), "name", name(k.region));
    rc.class_name = table_name(game, "classes", id(k.cls), "name", name(k.cls));
    rc.letter = table_name(game, "classes", id(k.cls), "letter", std::string(1, letter(k.cls)));
    rc.points = points(k.cls);
    for (const auto& deck : game.decks)
      for (const auto& card : deck.cards)
        if (rc.card_id.empty() && text(game, card, "region") == rc.region_id &&
            text(game, card, "class") == rc.class_id) {
          rc.card_id = card.def_id;
          rc.good_name = text(game, card, "good.name");
        }
    out.push_back(std::move(rc));
  }
  return out;
}

std::vector<ContractRanking> rankings(const model::Game& game) {
  std::vector<ContractRanking> out;
  for (const Contract& c : Contract::all()) {
    ContractRanking r;
    r.contract = c;
    r.name = c.name();
    r.trump_cards = trump_count(c);
    r.trumps = resolve(game, trump_order(c));
    if (c.kind == Contract::Kind::Standard) r.trumps_rings_united = resolve(game, trump_order(c, true));
    for (Region reg : kRegions) r.fehl[static_cast<size_t>(reg)] = resolve(game, fehl_order(c, reg));
    out.push_back(std::move(r));
  }
  return out;
}

// ---------------------------------------------------------------- data check

namespace {

// The special picture each card must (or must not) carry, by its specials table id.
std::string_view expected_special(CardKey k) {
  if (k == kBalrog) return "balrog";
  if (k == kSauronsAuge) return "sauronsauge";
  if (k == kEowyn) return "eowyn";
  return {};
}

bool table_declares(const model::Table& t, const std::string& field) {
  return std::any_of(t.fields.begin(), t.fields.end(), [&](const model::FieldSpec& f) { return f.name == field; });
}

// Compares a table entry's field with the rules' value; reports at the value.
void expect_entry(Sink& sink, const model::Table& table, const model::TableEntry& entry, const std::string& field,
                  const std::string& expected, const std::string& what, const std::string& hint) {
  if (!table_declares(table, field)) return;
  const model::Value* v = entry_field(entry, field);
  if (!v) {
    sink.error(entry.loc,
               table.id + " entry '" + entry.id + "' has no " + field + "; the rules' " + what + " is " + expected, {},
               hint);
    return;
  }
  if (canonical(*v) != expected)
    sink.error(v->loc,
               table.id + " entry '" + entry.id + "' has " + field + " " + canonical(*v) + ", but the rules' " + what +
                   " is " + expected,
               {}, hint);
}

void check_tables(const model::Game& game, Sink& sink) {
  const model::Table* regions = game.table("regions");
  if (!regions) {
    sink.error(game.loc, "Palantír needs a table 'regions' (Gondor, Rohan, Rhovanion, Mordor)");
  } else {
    for (Region r : kRegions) {
      const model::TableEntry* e = regions->find(std::string(id(r)));
      if (!e) {
        sink.error(regions->loc,
                   "table 'regions' has no entry '" + std::string(id(r)) + "' (" + std::string(name(r)) + ")");
        continue;
      }
      expect_entry(sink, *regions, *e, "suit", std::string(doppelkopf_suit(r)), std::string(name(r)) + "'s suit",
                   "Ringträger and Erben rank Gondor > Rohan > Rhovanion > Mordor, Doppelkopf's "
                   "Kreuz > Pik > Herz > Karo");
    }
    for (const auto& e : regions->entries)
      if (!region_from_id(e.id))
        sink.error(e.loc, "'" + e.id + "' is not a region of Palantír", {},
                   "the regions are gondor, rohan, rhovanion and mordor");
  }

  const model::Table* classes = game.table("classes");
  if (!classes) {
    sink.error(game.loc, "Palantír needs a table 'classes' (Artefakt ... Hobbit)");
  } else {
    for (Class c : kClasses) {
      const model::TableEntry* e = classes->find(std::string(id(c)));
      if (!e) {
        sink.error(classes->loc,
                   "table 'classes' has no entry '" + std::string(id(c)) + "' (" + std::string(name(c)) + ")");
        continue;
      }
      const std::string cname(name(c));
      expect_entry(sink, *classes, *e, "points", std::to_string(points(c)), cname + "'s points",
                   "Die Klassen: A 11, S 10, K 4, R 3, E 2, H 0 (240 in all)");
      expect_entry(sink, *classes, *e, "letter", std::string(1, letter(c)), cname + "'s letter",
                   "Die Klassen: A Artefakte, S Streitkräfte, K Könige, R Ringträger, E Erben, H Hobbits");
      expect_entry(sink, *classes, *e, "rank", std::string(doppelkopf_rank(c)), cname + "'s Doppelkopf rank",
                   "the trump order (Balrog > Ringträger > Erben > Mordor A S K H) is Doppelkopf's "
                   "Dulle > Damen > Buben > Karo A 10 K 9: R = Dame, E = Bube");
    }
    for (const auto& e : classes->entries)
      if (!class_from_id(e.id))
        sink.error(e.loc, "'" + e.id + "' is not a class of Palantír", {},
                   "the classes are artefakt, streitkraft, koenig, ringtraeger, erbe and hobbit");
  }

  if (const model::Table* specials = game.table("specials"))
    for (std::string_view s : {"balrog", "sauronsauge", "eowyn"})
      if (!specials->find(std::string(s)))
        sink.error(specials->loc, "table 'specials' has no entry '" + std::string(s) + "'", {},
                   "Sonderkarten: Saurons Auge, Balrog, Éowyn (and Der Eine Ring, the Mordor-Artefakt)");
}

// The deck a variant plays with: Scharfes Spiel ("without_classes:
// [hobbit]") leaves out whole classes, deals in the packets of `deal:` and
// may add a Lembas trigger (`lembas_fehl:`).
struct Composition {
  std::vector<Class> removed;
  SourceLoc loc;          // of the variant's rules (for findings)
  std::vector<int> deal;  // packets per player, e.g. 3-4-3; empty: the standard 3s
  SourceLoc deal_loc;
  std::vector<Region> lembas_fehl;
  std::vector<SourceLoc> lembas_fehl_locs;
  bool has(Class c) const { return std::find(removed.begin(), removed.end(), c) == removed.end(); }
  int cards() const { return facts().cards - static_cast<int>(removed.size()) * 4 * facts().copies; }
};

Composition composition(const model::Game& game, Sink* sink) {
  Composition comp;
  const model::Value& rules = game.variant_rules;
  if (!rules.is_map()) return comp;
  comp.loc = rules.loc;
  for (const auto& [key, v] : rules.map) {
    if (key == "without_classes") {
      for (const auto& item : v.list) {
        if (auto c = class_from_id(item.scalar))
          comp.removed.push_back(*c);
        else if (sink)
          sink->error(item.loc, "'" + item.scalar + "' is not a class of Palantír");
      }
    } else if (key == "deal") {
      comp.deal_loc = v.loc;
      for (const auto& item : v.list) {
        const long long packet = item.as_int().value_or(0);
        if (packet <= 0 && sink)
          sink->error(item.loc,
                      "a packet of the deal must be a whole number of cards above 0, not '" + item.scalar + "'");
        comp.deal.push_back(static_cast<int>(std::max(packet, 0LL)));
      }
      if (v.list.empty() && sink) sink->error(v.loc, "the deal needs its packets, e.g. [3, 4, 3]");
    } else if (key == "facts") {
      continue;  // the variant's changed rule facts: read by rules/facts.h
    } else if (key == "lembas_fehl") {
      for (const auto& item : v.list) {
        if (auto r = region_from_id(item.scalar)) {
          comp.lembas_fehl.push_back(*r);
          comp.lembas_fehl_locs.push_back(item.loc);
        } else if (sink) {
          sink->error(item.loc, "'" + item.scalar + "' is not a region of Palantír");
        }
      }
    } else if (sink) {
      sink->error(v.key_loc, "the Palantír rules know no variant rule '" + key + "'", {},
                  "variant rules: without_classes, deal, lembas_fehl");
    }
  }
  return comp;
}

// The playing cards of the deck, as the deck checks see them.
struct PlayingCards {
  std::array<std::vector<const model::Card*>, 24> by_key;  // by region * 6 + class
  std::vector<const model::Card*> playing;
  SourceLoc deck_loc;  // the deck they come from, for findings about the deck as a whole

  const std::vector<const model::Card*>& of(CardKey k) const {
    return by_key[static_cast<size_t>(k.region) * 6 + static_cast<size_t>(k.cls)];
  }
};

// Reports cards whose region or class Palantír does not know, and leaves them out.
PlayingCards playing_cards(const model::Game& game, Sink& sink) {
  PlayingCards cards;
  const model::Deck* deck_of_play = nullptr;
  for (const auto& deck : game.decks)
    for (const auto& card : deck.cards) {
      std::string r = text(game, card, "region"), c = text(game, card, "class");
      if (r.empty() || c.empty()) continue;  // not a playing card (e.g. a rule reference card)
      if (!deck_of_play) deck_of_play = &deck;
      auto region = region_from_id(r);
      auto cls = class_from_id(c);
      if (!region) sink.error(field_loc(game, card, "region"), "'" + r + "' is not a region of Palantír", card.id);
      if (!cls) sink.error(field_loc(game, card, "class"), "'" + c + "' is not a class of Palantír", card.id);
      if (!region || !cls) continue;
      cards.playing.push_back(&card);
      cards.by_key[static_cast<size_t>(*region) * 6 + static_cast<size_t>(*cls)].push_back(&card);
    }
  cards.deck_loc = deck_of_play ? deck_of_play->loc : info_loc(game, "decks");
  return cards;
}

// The number of playing cards, and whether the variant's deal hands them all out.
void check_card_count(const model::Game& game, const Composition& comp, const PlayingCards& cards, Sink& sink) {
  const int classes = 6 - static_cast<int>(comp.removed.size());
  if (static_cast<int>(cards.playing.size()) != comp.cards())
    sink.error(cards.deck_loc,
               "the deck has " + plural(static_cast<long long>(cards.playing.size()), "playing card", "playing cards") +
                   "; Palantír is played with " + std::to_string(comp.cards()) + " (4 regions x " +
                   std::to_string(classes) + " classes x 2" +
                   (comp.removed.empty() ? std::string(")") : ", variant " + game.variant + ")"));
  if (!comp.deal.empty()) {
    const int players = facts().players;
    int per_player = 0;
    for (int packet : comp.deal) per_player += packet;
    if (per_player * players != comp.cards())
      sink.error(comp.deal_loc, "the deal gives each player " + std::to_string(per_player) + " cards, but " +
                                    std::to_string(comp.cards()) + " cards make " +
                                    std::to_string(comp.cards() / players) + " per player");
  }
  // "alle vier Rhovanion-Fehl in einem Stich": the region's Fehl (standard
  // game) must fit in one trick of four cards, or the rule can never apply.
  for (size_t i = 0; i < comp.lembas_fehl.size(); ++i) {
    const Region r = comp.lembas_fehl[i];
    int fehl = 0;
    for (CardKey k : fehl_order(Contract::standard(), r))
      if (comp.has(k.cls)) fehl += facts().copies;
    if (fehl > facts().players)
      sink.error(comp.lembas_fehl_locs[i], std::string(name(r)) + " has " + std::to_string(fehl) +
                                               " Fehl cards in this deck, but a trick holds " +
                                               std::to_string(facts().players) + ": they can never all be in one");
  }
}

// Every region and class twice, except the classes the variant leaves out.
void check_copies(const model::Game& game, const Composition& comp, const PlayingCards& cards, Sink& sink) {
  const int copies = facts().copies;
  for (Region r : kRegions)
    for (Class c : kClasses) {
      CardKey k{r, c};
      const auto& same = cards.of(k);
      const int n = static_cast<int>(same.size());
      if (!comp.has(c)) {
        if (n > 0)
          sink.error(same.front()->loc,
                     display(k) + " is in the deck, but variant " + game.variant + " plays without " +
                         std::string(plural_name(c)),
                     same.front()->id);
        continue;
      }
      if (n == 0) {
        sink.error(cards.deck_loc, "no " + display(k) + " card; every region and class is there twice");
      } else if (n < copies) {
        sink.error(same.back()->loc,
                   display(k) + " is there " + plural(n, "time", "times") + ", needs " + std::to_string(copies),
                   same.back()->id);
      } else if (n > copies) {
        const model::Card* extra = same[static_cast<size_t>(copies)];
        sink.error(extra->loc,
                   display(k) + " is there " + std::to_string(n) + " times, needs " + std::to_string(copies) +
                       (extra->def_id != same.front()->def_id ? " (also " + same.front()->def_id + ")" : ""),
                   extra->id);
      }
    }
}

// Points: what the data's tables give each card, summed ("Insgesamt gibt es 240").
void check_point_sum(const model::Game& game, const Composition& comp, const PlayingCards& cards, Sink& sink) {
  long long sum = 0;
  bool all_points = true;
  for (const model::Card* card : cards.playing) {
    auto p = integer(game, *card, "class.points");
    if (p)
      sum += *p;
    else
      all_points = false;
  }
  // The total that follows from the composition: 240 for the full deck,
  // and for a variant the points of the classes it keeps.
  int expected_points = 0;
  for (Class c : kClasses)
    if (comp.has(c)) expected_points += points(c) * 4 * facts().copies;
  if (all_points && !cards.playing.empty() && sum != expected_points)
    sink.with_check("palantir.points")
        .error(cards.deck_loc,
               "the playing cards' points sum to " + std::to_string(sum) + ", the rules say " +
                   std::to_string(expected_points),
               {},
               comp.removed.empty() ? "Auswertung: \"Insgesamt gibt es 240\""
                                    : "the classes of variant " + game.variant + ", 8 cards each");
}

// Sonderkarten: the third picture. Only when the game's cards have a special field at all.
void check_special_pictures(const model::Game& game, const PlayingCards& cards, Sink& specials) {
  if (!game.card_field("special")) return;
  for (const model::Card* card : cards.playing) {
    CardKey k{*region_from_id(text(game, *card, "region")), *class_from_id(text(game, *card, "class"))};
    const std::string want(expected_special(k));
    const std::string have = text(game, *card, "special");
    if (have == want) continue;
    if (want.empty())
      specials.error(field_loc(game, *card, "special"),
                     display(k) + " carries special '" + have + "', which belongs to another card", card->id,
                     "Balrog: Rhovanion-Streitkraft; Saurons Auge: Gondor-Ringträger; Éowyn: Gondor-Erbe");
    else if (have.empty())
      specials.error(card->loc, display(k) + " must carry special '" + want + "'", card->id);
    else
      specials.error(field_loc(game, *card, "special"),
                     display(k) + " carries special '" + have + "', but must carry '" + want + "'", card->id);
  }
}

// Der Eine Ring: no evil side; the two copies carry the left and right half.
void check_one_ring(const model::Game& game, const PlayingCards& cards, Sink& specials) {
  const bool has_ring_field = game.card_field("ring.half") != nullptr;
  std::map<std::string, const model::Card*> halves;
  for (const model::Card* card : cards.of(kEinerRing)) {
    if (field(game, *card, "evil"))
      specials.error(field_loc(game, *card, "evil"), "Der Eine Ring has no evil side", card->id);
    if (!has_ring_field) continue;
    std::string half = text(game, *card, "ring.half");
    if (half.empty()) {
      specials.error(card->loc, "this copy of Der Eine Ring carries no half of the ring (ring.half)", card->id);
    } else if (!halves.emplace(half, card).second) {
      specials.error(field_loc(game, *card, "ring.half"), "both copies of Der Eine Ring carry the " + half + " half",
                     card->id, "one copy carries the left half, the other the right");
    }
  }
}

void check_deck(const model::Game& game, Sink& sink) {
  const Composition comp = composition(game, &sink);
  const PlayingCards cards = playing_cards(game, sink);
  check_card_count(game, comp, cards, sink);
  check_copies(game, comp, cards, sink);
  check_point_sum(game, comp, cards, sink);
  Sink specials = sink.with_check("palantir.specials");
  check_special_pictures(game, cards, specials);
  check_one_ring(game, cards, specials);
}

}  // namespace

VariantRules variant_rules(const model::Game& game) {
  const Composition comp = composition(game, nullptr);
  VariantRules v;
  v.removed = comp.removed;
  v.cards = comp.cards();
  v.lembas_fehl = comp.lembas_fehl;
  v.deal = comp.deal;
  if (v.deal.empty()) {
    // "je 3 Karten bis alle Karten verteilt sind"
    int left = v.cards / facts().players;
    while (left > 0) {
      v.deal.push_back(std::min(left, facts().deal_packet));
      left -= v.deal.back();
    }
  }
  return v;
}

void check_playable(const model::Game& game, Diagnostics& out) {
  Sink tables(out, game, "palantir.tables");
  check_tables(game, tables);
  Sink deck(out, game, "palantir.deck");
  check_deck(game, deck);
}

namespace {

// Balance figures from a short simulation (kartenwerk simulate plays more),
// for a deck the rules can play; broken invariants are errors.
void note_balance(const model::Model& model, const model::Game& game, Diagnostics& out) {
  Sink sink(out, game, "palantir.balance");
  SimulationOptions options;
  options.seed = 1;
  options.games = 50;  // sets of 4 rounds: 200 rounds keep check fast
  options.players = 4;
  const SimulationReport report = simulate_report(model, game, options);
  const SourceLoc at = info_loc(game, "rules");
  for (const std::string& v : report.first_violations) sink.error(at, "the simulator broke a rule: " + v);
  std::string figures;
  for (size_t i = 0; i < report.notes.size(); ++i) figures += (i ? "; " : "") + report.notes[i];
  sink.note(at, "balance over " + std::to_string(report.games * 4) + " simulated rounds: " + figures, {},
            "simple strategies; kartenwerk simulate --game " + game.id + " plays more and prints every figure");
  check_reach(sink, game, report, options.seed);
}

}  // namespace

void check(const model::Model& model, const model::Game& game, Diagnostics& out) {
  Diagnostics playable;
  check_playable(game, playable);
  const bool sound = !playable.has_errors();
  for (const Diagnostic& d : playable) out.add(d);
  check_bindings(game, out);
  check_facts(game, out);
  check_texts(model, game, out);
  if (sound) note_balance(model, game, out);
}

// The declared rule facts (README: Rule facts) against the model: the
// numbers the reference cards print through {{fact.…}} are the rules'.
void check_facts(const model::Game& game, Diagnostics& out) {
  Sink sink(out, game, "palantir.facts");
  const FactSet declared = read_facts(game);
  const Facts& f = facts();
  const Composition comp = composition(game, nullptr);
  int total = 0;
  for (Class c : kClasses)
    if (comp.has(c)) total += points(c) * 4 * f.copies;
  int dealt = 0;
  for (int packet : variant_rules(game).deal) dealt += packet;
  expect_fact_number(declared, "cards", comp.cards(), Compare::Exactly, "the deck's cards", sink, game);
  expect_fact_number(declared, "deal", dealt, Compare::Exactly, "the cards each player is dealt", sink, game);
  expect_fact_number(declared, "points_total", total, Compare::Exactly, "all card points", sink, game);
  expect_fact_number(declared, "sauron_wins", f.sauron_wins_from, Compare::AtLeast, "Saurons Auge wins from", sink,
                     game);
  expect_fact_number(declared, "gefaehrten_win", f.gefaehrten_win_from, Compare::AtLeast, "the Gefährten win from",
                     sink, game);
  long long trumps = 0;
  for (Region r : kRegions)
    for (Class c : kClasses) trumps += is_trump(Contract::standard(), {r, c}) && comp.has(c) ? f.copies : 0;
  expect_fact_number(declared, "standard_trumps", trumps, Compare::Exactly, "trumps of the standard game", sink, game);
  expect_fact_number(declared, "kapitulation", f.kapitulation_koenige, Compare::AtLeast,
                     "Kings that allow a Kapitulation", sink, game);
  expect_fact_number(declared, "unterwerfung", f.unterwerfung_max_trumps, Compare::AtMost,
                     "trumps that allow an Unterwerfung", sink, game);
  expect_fact_number(declared, "blutbad", f.blutbad_points, Compare::AtLeast, "a Blutbad trick's points", sink, game);
  // A Lembas trigger printed as a fact must be one the variant's rules play.
  if (const Fact* l = declared.find("lembas_fehl"); l && variant_rules(game).lembas_fehl.empty())
    sink.error(l->loc, "fact 'lembas_fehl' states a Lembas trigger that the variant's rules do not have", {},
               "the variant's `rules: lembas_fehl: [<region>]` plays it; keep both or neither");
  if (const Fact* p = declared.find("players"); p && (p->min != f.players || p->max != f.players))
    sink.error(p->get("players")->loc, "Palantír is played by exactly " + std::to_string(f.players) + " players");
  // The special cards' effects, as the model plays them: which card is the
  // Balrog, Saurons Auge, Éowyn and half of the Ring, and which region a
  // region solo's trump replaces.
  expect_fact_roles(declared, "balrog_highest", "card", {to_string(kBalrog)}, "the card played as the Balrog", sink);
  expect_fact_roles(declared, "sauronsauge_team", "card", {to_string(kSauronsAuge)}, "the card that is Saurons Auge",
                    sink);
  expect_fact_roles(declared, "eowyn_last_trick", "who", {to_string(kEowyn)}, "the card that becomes Éowyn", sink);
  expect_fact_roles(declared, "ring_beats_balrog", "who", {to_string(kEinerRing)}, "the halves of Der Eine Ring", sink);
  expect_fact_roles(declared, "region_solo", "instead_of", {std::string(id(Contract::standard().trump_region))},
                    "the standard game's trump region", sink);
}

// ------------------------------------------------------- printed rankings

namespace {

// A region as the game's texts name it, with its place in the rules' order
// (0: ranks highest, as Gondor's Ringträger and Erben do).
struct RegionWord {
  std::string name;
  int rank = 0;
};

// The game's own region names (translated in a translation), longest first,
// so that no name is taken for a shorter one it begins with.
std::vector<RegionWord> region_words(const model::Game& game) {
  std::vector<RegionWord> out;
  for (size_t i = 0; i < kRegions.size(); ++i)
    out.push_back(
        {table_name(game, "regions", id(kRegions[i]), "name", std::string(name(kRegions[i]))), static_cast<int>(i)});
  std::stable_sort(out.begin(), out.end(),
                   [](const RegionWord& a, const RegionWord& b) { return a.name.size() > b.name.size(); });
  return out;
}

// Letters (any UTF-8 byte beyond ASCII), digits and '-' continue a word:
// "Rhovanion-Streitkraft" names a card, not the region.
bool word_byte(char c) {
  auto u = static_cast<unsigned char>(c);
  return u >= 0x80 || std::isalnum(u) || c == '-';
}

const RegionWord* region_at(std::string_view text, size_t pos, const std::vector<RegionWord>& words) {
  if (pos > 0 && word_byte(text[pos - 1])) return nullptr;
  for (const RegionWord& w : words) {
    size_t end = pos + w.name.size();
    if (text.compare(pos, w.name.size(), w.name) == 0 && (end >= text.size() || !word_byte(text[end]))) return &w;
  }
  return nullptr;
}

// After a name ending at `pos`: the ranking sign that follows, blanks and
// bold marks around it skipped. +1 for "›" or ">" (the left one ranks
// higher), -1 for "‹" or "<", 0 when none; `pos` moves past it.
int ranking_sign(std::string_view text, size_t& pos) {
  auto skip = [&](size_t p) {
    while (p < text.size() && (text[p] == ' ' || text[p] == '*')) ++p;
    return p;
  };
  size_t p = skip(pos);
  for (auto [sign, direction] : {std::pair<std::string_view, int>{"›", 1}, {">", 1}, {"‹", -1}, {"<", -1}})
    if (text.compare(p, sign.size(), sign) == 0) {
      pos = skip(p + sign.size());
      return direction;
    }
  return 0;
}

// A run of region names joined by ranking signs, as printed.
struct PrintedRanking {
  size_t begin = 0, end = 0;          // bytes of the text
  const RegionWord* above = nullptr;  // the first pair the rules order the other way
  const RegionWord* below = nullptr;
};

// Every printed ranking of regions in `text` that contradicts the rules.
std::vector<PrintedRanking> misrankings(std::string_view text, const std::vector<RegionWord>& words) {
  std::vector<PrintedRanking> out;
  for (size_t pos = 0; pos < text.size(); ++pos) {
    const RegionWord* first = region_at(text, pos, words);
    if (!first) continue;
    PrintedRanking r{pos, pos + first->name.size()};
    const RegionWord* prev = first;
    size_t next = r.end;
    while (int direction = ranking_sign(text, next)) {
      const RegionWord* w = region_at(text, next, words);
      if (!w) break;
      const RegionWord* above = direction > 0 ? prev : w;
      const RegionWord* below = direction > 0 ? w : prev;
      if (!r.above && above->rank > below->rank) r.above = above, r.below = below;
      r.end = next + w->name.size();
      prev = w;
      next = r.end;
    }
    if (r.above) out.push_back(r);
    pos = r.end - 1;
  }
  return out;
}

std::string rules_order(const std::vector<RegionWord>& words) {
  std::vector<const RegionWord*> by_rank;
  by_rank.reserve(words.size());
  for (const RegionWord& w : words) by_rank.push_back(&w);
  std::sort(by_rank.begin(), by_rank.end(), [](auto* a, auto* b) { return a->rank < b->rank; });
  std::string out;
  for (const RegionWord* w : by_rank) out += (out.empty() ? "" : " › ") + w->name;
  return out;
}

}  // namespace

namespace {

// A deal written out as packets joined by dashes ("3-4-3", "3–4–3"): at
// least three numbers of one or two digits, not part of a longer word.
struct PrintedDeal {
  size_t begin = 0, end = 0;
  std::string packets;  // normalised to "3-4-3"
};

std::vector<PrintedDeal> printed_deals(std::string_view text) {
  std::vector<PrintedDeal> out;
  auto digit = [&](size_t p) { return p < text.size() && std::isdigit(static_cast<unsigned char>(text[p])); };
  auto dash = [&](size_t p) -> size_t {  // bytes of a dash at p, 0 when none
    if (p < text.size() && text[p] == '-') return 1;
    if (text.compare(p, 3, "–") == 0) return 3;
    return 0;
  };
  for (size_t pos = 0; pos < text.size(); ++pos) {
    if (!digit(pos) || (pos > 0 && word_byte(text[pos - 1]) && text[pos - 1] != '-')) continue;
    if (pos > 0 && (text[pos - 1] == '-' || digit(pos - 1))) continue;
    PrintedDeal d{pos, pos, ""};
    size_t p = pos;
    int numbers = 0;
    for (;;) {
      size_t start = p;
      while (digit(p) && p - start < 3) ++p;
      if (p == start || p - start > 2 || digit(p)) break;
      d.packets += (numbers ? "-" : "") + std::string(text.substr(start, p - start));
      ++numbers;
      d.end = p;
      const size_t n = dash(p);
      if (!n || !digit(p + n)) break;
      p += n;
    }
    const bool word_after = d.end < text.size() && word_byte(text[d.end]) && text[d.end] != '-';
    if (numbers >= 3 && !word_after) out.push_back(d);
    pos = std::max(pos, d.end);
  }
  return out;
}

}  // namespace

void check_texts(const model::Model& model, const model::Game& game, Diagnostics& out) {
  check_claims(model, game, out);
  // A deal printed as literal text ("Gegeben wird 3-4-3") must be the deal
  // the rules play: the variant's `deal:`, else packets of 3.
  {
    Sink deals(out, game, "palantir.deal");
    std::string deal_order;
    int hand = 0;
    for (int packet : variant_rules(game).deal) {
      deal_order += (deal_order.empty() ? "" : "-") + std::to_string(packet);
      hand += packet;
    }
    // Packets are 1 to a hand's cards: "90-60-30-0" is point steps, no deal.
    auto could_be_a_deal = [&](const std::string& packets) {
      for (size_t at = 0; at < packets.size();) {
        const size_t dash = std::min(packets.find('-', at), packets.size());
        const int n = std::stoi(packets.substr(at, dash - at));
        if (n < 1 || n > hand) return false;
        at = dash + 1;
      }
      return true;
    };
    for (const model::SourceString& s : model::data_strings(game))
      for (const PrintedDeal& d : printed_deals(s.text)) {
        if (d.packets == deal_order || !could_be_a_deal(d.packets)) continue;
        const std::string printed = s.text.substr(d.begin, d.end - d.begin);
        const SourceLoc loc = model.project ? locate_in_source(*model.project, s.loc, printed) : s.loc;
        std::string card = s.id.rfind("card.", 0) == 0 ? s.id.substr(5, s.id.find('.', 5) - 5) : std::string();
        deals.error(loc,
                    "'" + printed + "' is not the deal: " +
                        (game.variant.empty() ? "the game" : "variant " + game.variant) + " deals " + deal_order,
                    card, "print the deal with {{rules.deal_order}}, which follows the rules' `deal:`");
      }
  }
  Sink sink(out, game, "palantir.texts");
  const std::vector<RegionWord> words = region_words(game);
  for (const model::SourceString& s : model::data_strings(game))
    for (const PrintedRanking& r : misrankings(s.text, words)) {
      const std::string printed = s.text.substr(r.begin, r.end - r.begin);
      const SourceLoc loc = model.project ? locate_in_source(*model.project, s.loc, printed) : s.loc;
      // "card.<definition>.<field>": the card the text is on.
      std::string card = s.id.rfind("card.", 0) == 0 ? s.id.substr(5, s.id.find('.', 5) - 5) : std::string();
      sink.error(loc,
                 "'" + printed + "' ranks " + r.above->name + " above " + r.below->name + "; the rules rank " +
                     r.below->name + " higher",
                 card,
                 "the rules' order of the regions is " + rules_order(words) +
                     "; a ranking printed from {{rules.…}} (e.g. {{rules.trumps.standard}}) always follows it");
    }
}

// ------------------------------------------------------- reference values

namespace {

// "Rhovanion-Streitkraft": a card by region and class, joined as the
// language joins them (English: "Rhovanion Force").
std::string card_name(const model::Game& game, const RankedCard& rc) {
  std::string pattern = game.tr("rules.palantir.card", "{region}-{class}");
  for (auto [key, value] :
       {std::pair<std::string, std::string>{"{region}", rc.region_name}, {"{class}", rc.class_name}})
    if (auto pos = pattern.find(key); pos != std::string::npos) pattern.replace(pos, key.size(), value);
  return pattern;
}

// The name a single card goes by on a reference card: its third picture
// (Balrog) when it has one, else its good side (Der Eine Ring).
std::string card_title(const model::Game& game, const RankedCard& rc) {
  for (const auto& deck : game.decks)
    for (const auto& card : deck.cards)
      if (card.def_id == rc.card_id) {
        std::string special = text(game, card, "special.name");
        if (!special.empty()) return special;
        break;
      }
  return rc.good_name.empty() ? card_name(game, rc) : rc.good_name;
}

// A ranking as reference-card markup, consecutive cards grouped: a run of one
// class over several regions ("**Ringträger** Gondor › Rohan › …"), a run of
// one region over several classes ("**Mordor** A › S › K › H"), else one card.
std::string grouped(const model::Game& game, const std::vector<RankedCard>& cards) {
  std::string out;
  size_t i = 0;
  auto sep = [&] {
    if (!out.empty()) out += "\n";
  };
  while (i < cards.size()) {
    size_t j = i;
    while (j + 1 < cards.size() && cards[j + 1].class_id == cards[i].class_id) ++j;
    if (j > i) {
      sep();
      out += "**" +
             table_name(game, "classes", cards[i].class_id, "plural", std::string(plural_name(cards[i].key.cls))) +
             "** ";
      for (size_t k = i; k <= j; ++k) out += (k > i ? " › " : "") + cards[k].region_name;
      i = j + 1;
      continue;
    }
    while (j + 1 < cards.size() && cards[j + 1].region_id == cards[i].region_id) ++j;
    if (j > i) {
      sep();
      out += "**" + cards[i].region_name + "** ";
      for (size_t k = i; k <= j; ++k) out += (k > i ? " › " : "") + cards[k].letter;
      i = j + 1;
      continue;
    }
    sep();
    out += "**" + card_title(game, cards[i]) + "** (" + card_name(game, cards[i]) + ")";
    ++i;
  }
  return out.empty() ? game.tr("rules.palantir.none", "keine") : out;
}

// The Fehl of every region that has any: "**Gondor** A › S › K › H" per line.
std::string fehl_lines(const ContractRanking& r) {
  std::string out;
  for (const auto& region : r.fehl) {
    if (region.empty()) continue;
    if (!out.empty()) out += "\n";
    out += "**" + region.front().region_name + "** ";
    for (size_t k = 0; k < region.size(); ++k) out += (k ? " › " : "") + region[k].letter;
  }
  return out;
}

void append_line(std::string& out, const std::string& line) {
  if (!out.empty()) out += "\n";
  out += line;
}

// The trumps every region solo has alike: the Balrog, the Ringträger and the
// Erben; below them come the chosen region's own cards.
std::vector<RankedCard> region_solo_shared(const std::vector<RankedCard>& trumps) {
  std::vector<RankedCard> out;
  for (const RankedCard& rc : trumps)
    if (rc.key == kBalrog || rc.key.cls == Class::Ringtraeger || rc.key.cls == Class::Erbe) out.push_back(rc);
  return out;
}

// One region solo's own trumps below the shared ones, with the count of all
// its trump cards: "**Rhovanion** A › K › H (24 Karten)". The region's count
// differs where the Balrog is one of its own cards.
std::string region_solo_line(const model::Game& game, const ContractRanking& r) {
  std::string region_name =
      table_name(game, "regions", id(r.contract.trump_region), "name", std::string(name(r.contract.trump_region)));
  std::string out = "**" + region_name + "** ";
  bool first = true;
  for (const RankedCard& rc : r.trumps) {
    if (rc.key == kBalrog || rc.key.cls == Class::Ringtraeger || rc.key.cls == Class::Erbe) continue;
    out += (first ? "" : " › ") + rc.letter;
    first = false;
  }
  return out + " (" + std::to_string(r.trump_cards) + " " + game.tr("rules.palantir.cards", "Karten") + ")";
}

std::string key_of(const Contract& c) {
  // "region-solo:gondor" -> "region-solo" (all region solos rank alike; the
  // Gondor one stands as the example).
  std::string id = c.id();
  return id.substr(0, id.find(':'));
}

}  // namespace

std::vector<std::pair<std::string, std::string>> words() {
  return {{"rules.palantir.none", "keine"},
          {"rules.palantir.points", "Punkte"},
          {"rules.palantir.and", "und"},
          {"rules.palantir.card", "{region}-{class}"},
          {"rules.palantir.cards", "Karten"}};
}

// Over 80 lines: one entry per {{rules.…}} value the layouts read.
// NOLINTNEXTLINE(readability-function-size)
RuleValues values(const model::Model&, const model::Game& game) {
  const Facts& f = facts();
  const Composition comp = composition(game, nullptr);
  RuleValues v;
  v["cards"] = std::to_string(comp.cards());
  v["players"] = std::to_string(f.players);
  v["tricks"] = std::to_string(f.tricks);
  v["deal"] = std::to_string(f.deal_packet);
  // "3-4-3": the packets each player gets, in dealing order, from the data.
  std::string deal_order;
  for (int packet : variant_rules(game).deal) deal_order += (deal_order.empty() ? "" : "-") + std::to_string(packet);
  v["deal_order"] = deal_order;
  v["points"] = std::to_string(f.points_total);
  v["sauron_wins_from"] = std::to_string(f.sauron_wins_from);
  v["gefaehrten_win_from"] = std::to_string(f.gefaehrten_win_from);
  v["blutbad"] = std::to_string(f.blutbad_points);
  v["kapitulation"] = std::to_string(f.kapitulation_koenige);
  v["unterwerfung"] = std::to_string(f.unterwerfung_max_trumps);
  v["scharfes_spiel_cards"] = std::to_string(f.scharfes_spiel_cards);
  int total = 0;
  for (Class c : kClasses)
    if (comp.has(c)) total += points(c) * 4 * f.copies;
  v["points"] = std::to_string(total);
  v["split"] = std::to_string(total / 2);
  v["classes_count"] = std::to_string(6 - comp.removed.size());
  std::string absage;
  for (size_t i = 0; i < f.absage.size(); ++i) {
    if (i) absage += i + 1 == f.absage.size() ? " " + game.tr("rules.palantir.and", "und") + " " : ", ";
    absage += (f.absage[i] ? "<" : "") + std::to_string(f.absage[i]);
  }
  v["absage"] = absage;

  // Regions with their suit, classes with letter, points and rank.
  std::string regions, classes;
  for (Region r : {Region::Gondor, Region::Rohan, Region::Rhovanion, Region::Mordor}) {
    if (!regions.empty()) regions += "\n";
    // ":emblem-<region>:" draws the region's emblem inline (templates/palantir/).
    regions += ":emblem-" + std::string(id(r)) + ": **" +
               table_name(game, "regions", id(r), "name", std::string(name(r))) + "** " +
               table_name(game, "regions", id(r), "suit", std::string(doppelkopf_suit(r)));
  }
  for (Class c : {Class::Artefakt, Class::Streitkraft, Class::Koenig, Class::Ringtraeger, Class::Erbe, Class::Hobbit}) {
    if (!comp.has(c)) continue;
    if (!classes.empty()) classes += "\n";
    classes += "**" + table_name(game, "classes", id(c), "letter", std::string(1, letter(c))) + "** " +
               table_name(game, "classes", id(c), "plural", std::string(plural_name(c))) + " – " +
               std::to_string(points(c)) + " " + game.tr("rules.palantir.points", "Punkte") + " (" +
               table_name(game, "classes", id(c), "rank", std::string(doppelkopf_rank(c))) + ")";
  }
  v["regions"] = regions;
  v["classes"] = classes;

  // "card.<definition>": the names a playing card shows ("Elrond / Nazgûl-Fürst").
  for (const auto& deck : game.decks)
    for (const auto& card : deck.cards) {
      if (text(game, card, "region").empty() || text(game, card, "class").empty()) continue;
      std::string names = text(game, card, "good.name");
      if (std::string evil = text(game, card, "evil.name"); !evil.empty()) names += " / " + evil;
      v["card." + card.def_id] = names;
    }

  std::string region_solo_regions;
  for (auto r : rankings(game)) {
    // A variant's missing classes drop out of every ranking.
    auto drop = [&](std::vector<RankedCard>& list) {
      std::erase_if(list, [&](const RankedCard& rc) { return !comp.has(rc.key.cls); });
    };
    drop(r.trumps);
    drop(r.trumps_rings_united);
    for (auto& region : r.fehl) drop(region);
    r.trump_cards = static_cast<int>(r.trumps.size()) * f.copies;
    if (r.contract.kind == Contract::Kind::RegionSolo) {
      append_line(region_solo_regions, region_solo_line(game, r));
      // Every region solo shares the top of the order; Gondor's stands for all.
      if (r.contract.trump_region != Region::Gondor) continue;
      v["trumps.region-solo.shared"] = grouped(game, region_solo_shared(r.trumps));
    }
    std::string key = key_of(r.contract);
    v["trumps." + key] = grouped(game, r.trumps);
    v["trump_count." + key] = std::to_string(r.trump_cards);
    v["fehl." + key] = fehl_lines(r);
    if (!r.trumps_rings_united.empty()) {
      // The top of the order when one hand holds both rings.
      std::vector<RankedCard> top(r.trumps_rings_united.begin(),
                                  r.trumps_rings_united.begin() + std::min<size_t>(2, r.trumps_rings_united.size()));
      v["trumps." + key + ".rings_united"] = grouped(game, top);
    }
  }
  v["trumps.region-solo.regions"] = region_solo_regions;
  return v;
}

}  // namespace kw::rules::palantir
