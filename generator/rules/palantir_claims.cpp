// Palantír: what a text claims about the rules, declared beside it as data
// (`claims:`) and verified against the model. A text says "an zweiter
// Stelle unter den Erben"; its claim `{ says: an zweiter Stelle, place: 2,
// among: erbe }` ties those words to a fact the module can check. A claim
// the model contradicts is an error at the claim; words of a claim that the
// text (in the language checked) no longer contains are an error at the
// words, so neither side can drift alone.
#include <algorithm>

#include "rules/palantir.h"
#include "rules/rewording.h"
#include "rules/support.h"

namespace kw::rules::palantir {

namespace {

// What a claim speaks of: a card kind ("rings-united": Der Eine Ring with
// both copies in one hand), or a whole region (a region's introduction).
struct Subject {
  std::optional<CardKey> card;
  bool rings_united = false;
  std::optional<Region> region;
  std::string name;  // for messages
};

constexpr std::string_view kRingsUnited = "rings-united";

// A playing card definition of the game by id: its region and class.
std::optional<CardKey> card_key(const model::Game& game, const std::string& id) {
  const model::Card* card = game.card_definition(id);
  if (!card) return std::nullopt;
  auto r = region_from_id(text(game, *card, "region"));
  auto c = class_from_id(text(game, *card, "class"));
  if (!r || !c) return std::nullopt;
  return CardKey{*r, *c};
}

// The standard game's order as one strength per kind (higher is stronger);
// `united`: both rings in one hand.
int strength(CardKey k, bool united) {
  const Contract standard = Contract::standard();
  auto trumps = trump_order(standard, united);
  if (auto it = std::find(trumps.begin(), trumps.end(), k); it != trumps.end())
    return 1000 - static_cast<int>(it - trumps.begin());
  auto fehl = fehl_order(standard, k.region);
  auto it = std::find(fehl.begin(), fehl.end(), k);
  return 100 * (3 - static_cast<int>(k.region)) + 50 - static_cast<int>(it - fehl.begin());
}

// Does `a` take a trick from `b` (b led or played first) in the standard game?
bool outranks(const Subject& a, const Subject& b) {
  const bool united = a.rings_united || b.rings_united;
  const CardKey ka = *a.card, kb = *b.card;
  const bool ta = is_trump(Contract::standard(), ka), tb = is_trump(Contract::standard(), kb);
  if (ta != tb) return ta;
  if (!ta && ka.region != kb.region) return false;  // another region's Fehl never takes a trick
  return strength(ka, united) > strength(kb, united);
}

class ClaimChecker {
 public:
  ClaimChecker(const model::Game& game, Sink& sink) : game_(game), sink_(sink), comp_(variant_rules(game)) {}

  void check_card(const model::Card& card) {
    const model::Value* claims = field(game_, card, "claims");
    if (!claims || !claims->is_list()) return;
    const std::string text_of_card = text(game_, card, "text");
    for (const model::Value& claim : claims->list) {
      // A claim of a declared fact is the generic check's (rule_texts.h).
      if (!claim.is_map() || claim.find("fact")) continue;
      card_id_ = card.id;
      if (const model::Value* says = claim.find("says"); says && says->is_scalar())
        if (!holds_words(text_of_card, says->scalar, game_.language))
          sink_.error(says->loc, "the text no longer says '" + says->scalar + "', which this claim is about", card.id,
                      "change the claim with the text: both say the same rule");
      auto subject = subject_of(card, claim);
      if (!subject) continue;
      check_claim(*subject, claim);
    }
  }

 private:
  std::optional<Subject> subject_of(const model::Card& card, const model::Value& claim) {
    std::string id;
    SourceLoc loc = claim.loc;
    if (const model::Value* c = claim.find("card")) {
      id = c->scalar;
      loc = c->loc;
    } else {
      id = text(game_, card, "card");
    }
    Subject s;
    if (id == kRingsUnited) {
      s.card = kEinerRing;
      s.rings_united = true;
      s.name = "both rings in one hand";
      return s;
    }
    if (!id.empty()) {
      s.card = card_key(game_, id);
      if (!s.card) {
        sink_.error(loc, "the claim speaks of '" + id + "', which is no playing card", card_id_);
        return std::nullopt;
      }
      s.name = to_string(*s.card);
      return s;
    }
    if (auto r = region_from_id(text(game_, card, "region"))) {
      s.region = *r;
      s.name = std::string(id_of(*r));
      return s;
    }
    sink_.error(claim.loc, "a claim needs a card or a region to speak of", card_id_);
    return std::nullopt;
  }

  static std::string_view id_of(Region r) { return id(r); }

  // The card kinds an item names: a card id, a class, a region, "trump",
  // "rings-united"; within the deck's classes.
  std::vector<Subject> expand(const model::Value& item) {
    std::vector<Subject> out;
    const std::string& s = item.scalar;
    auto add = [&](CardKey k) {
      if (std::find(comp_.removed.begin(), comp_.removed.end(), k.cls) == comp_.removed.end())
        out.push_back({k, false, std::nullopt, to_string(k)});
    };
    if (s == kRingsUnited) {
      out.push_back({kEinerRing, true, std::nullopt, "both rings in one hand"});
    } else if (s == "trump") {
      for (CardKey k : trump_order(Contract::standard())) add(k);
    } else if (s == "fehl") {
      for (Region r : kRegions)
        for (CardKey k : fehl_order(Contract::standard(), r)) add(k);
    } else if (auto c = class_from_id(s)) {
      for (Region r : kRegions) add({r, *c});
    } else if (auto r = region_from_id(s)) {
      for (Class each : kClasses) add({*r, each});
    } else if (auto k = card_key(game_, s)) {
      add(*k);
    } else {
      sink_.error(item.loc,
                  "'" + s + "' names no card: use a card id, a class, a region, 'trump', 'fehl' or 'rings-united'",
                  card_id_);
    }
    return out;
  }

  std::vector<Subject> expand_list(const model::Value& v) {
    std::vector<Subject> out;
    if (v.is_list())
      for (const auto& item : v.list)
        for (auto& s : expand(item)) out.push_back(std::move(s));
    else if (v.is_scalar())
      out = expand(v);
    return out;
  }

  static bool same(const Subject& a, const Subject& b) {
    return a.card && b.card && *a.card == *b.card && a.rings_united == b.rings_united;
  }

  // A claim the model contradicts; rank claims get the rules' order as a hint.
  void wrong(const model::Value& at, const std::string& message, bool ranking = true) {
    sink_.error(at.loc, message, card_id_, ranking ? "the standard game's " + order_text() : std::string());
  }

  static std::string order_text() {
    std::string out;
    for (CardKey k : trump_order(Contract::standard())) out += (out.empty() ? "" : " > ") + to_string(k);
    return "trumps, highest first: " + out;
  }

  void check_claim(const Subject& subject, const model::Value& claim) {
    const Contract standard = Contract::standard();
    for (const auto& [key, v] : claim.map) {
      if (key == "says" || key == "card" || key == "among" || key == "except" || key == "trick" || key == "from")
        continue;
      if (key == "points") {
        if (!subject.card) continue;
        const int want = points(subject.card->cls);
        if (v.as_int() != want)
          wrong(v, subject.name + " is worth " + std::to_string(want) + " points, not " + v.scalar, false);
      } else if (key == "most_points") {
        if (!subject.card) continue;
        int most = 0;
        for (Class c : kClasses) most = std::max(most, points(c));
        if ((points(subject.card->cls) == most) != v.as_bool().value_or(false))
          wrong(v,
                subject.name + (points(subject.card->cls) == most ? " is" : " is not") +
                    " among the cards worth the most points (" + std::to_string(most) + ")",
                false);
      } else if (key == "trump") {
        const bool want = v.as_bool().value_or(false);
        if (subject.card && is_trump(standard, *subject.card) != want)
          wrong(v, subject.name + (want ? " is no trump" : " is trump") + " in the standard game");
        if (subject.region)
          for (Class c : kClasses)
            if (is_trump(standard, {*subject.region, c}) != want) {
              wrong(v,
                    to_string({*subject.region, c}) + (want ? " is no trump" : " is trump") + " in the standard game");
              break;
            }
      } else if (key == "special") {
        // Sonderkarten: the rules give each role to one card.
        const std::optional<CardKey> bearer = v.scalar == "balrog"        ? std::optional(kBalrog)
                                              : v.scalar == "sauronsauge" ? std::optional(kSauronsAuge)
                                              : v.scalar == "eowyn"       ? std::optional(kEowyn)
                                                                          : std::nullopt;
        if (!bearer)
          wrong(v, "'" + v.scalar + "' is no special of Palantír (balrog, sauronsauge, eowyn)");
        else if (!subject.card || *subject.card != *bearer)
          wrong(v, "the rules make " + to_string(*bearer) + " the " + v.scalar + ", not " + subject.name, false);
      } else if (key == "marker") {
        check_marker(subject, claim, v);
      } else if (key == "place") {
        check_place(subject, claim, v);
      } else if (key == "outranks") {
        check_outranks(subject, claim, v);
      } else if (key == "heads") {
        if (!subject.region) continue;
        for (const auto& item : v.list) {
          auto c = class_from_id(item.scalar);
          if (!c) {
            wrong(item, "'" + item.scalar + "' is not a class");
            continue;
          }
          const CardKey own{*subject.region, *c};
          for (Region other : kRegions)
            if (other != *subject.region && !outranks({own, false, {}, ""}, {CardKey{other, *c}, false, {}, ""}))
              wrong(item, to_string(own) + " does not outrank " + to_string({other, *c}));
        }
      } else if (key == "fewer_fehl_than") {
        if (!subject.region) continue;
        const size_t own = fehl_kinds(*subject.region);
        for (const auto& item : v.list) {
          auto r = region_from_id(item.scalar);
          if (!r) {
            wrong(item, "'" + item.scalar + "' is not a region");
          } else if (own >= fehl_kinds(*r)) {
            wrong(item, std::string(id(*subject.region)) + " has " + std::to_string(own) + " Fehl cards, " +
                            item.scalar + " " + std::to_string(fehl_kinds(*r)));
          }
        }
      } else {
        sink_.error(v.key_loc, "the Palantír rules know no claim '" + key + "'", card_id_,
                    "claims: says, card, points, most_points, trump, place + among, outranks (+ except), heads, "
                    "fewer_fehl_than, special, marker (+ trick, from)");
      }
    }
  }

  // "Im letzten Kampf ... Éowyn": the Siegesmarker a card earns, and when.
  // Éowyn: the Gondor-Erbe in the last trick; Der Eine Ring: a
  // Mordor-Artefakt (caught, or taking the last trick); Blutbad: a trick of
  // facts().blutbad_points or more.
  void check_marker(const Subject& subject, const model::Value& claim, const model::Value& v) {
    const model::Value* trick = claim.find("trick");
    if (v.scalar == "eowyn" || v.scalar == "ring") {
      const CardKey bearer = v.scalar == "eowyn" ? kEowyn : kEinerRing;
      if (!subject.card || *subject.card != bearer)
        wrong(v, "the rules give the " + v.scalar + " marker to " + to_string(bearer) + ", not " + subject.name, false);
      if (v.scalar == "eowyn" && trick && trick->scalar != "last")
        wrong(*trick, "the rules give the eowyn marker in the last trick only", false);
    } else if (v.scalar == "blutbad") {
      const model::Value* from = claim.find("from");
      if (from && from->as_int() != facts().blutbad_points)
        wrong(
            *from,
            "Blutbad is a trick of " + std::to_string(facts().blutbad_points) + " points or more, not " + from->scalar,
            false);
    } else {
      wrong(v, "'" + v.scalar + "' is no marker the rules give a card (eowyn, ring, blutbad)", false);
    }
  }

  size_t fehl_kinds(Region r) const {
    size_t n = 0;
    for (CardKey k : fehl_order(Contract::standard(), r))
      n += std::find(comp_.removed.begin(), comp_.removed.end(), k.cls) == comp_.removed.end();
    return n;
  }

  // "an zweiter Stelle unter den Erben": the place among a class's trumps,
  // among all trumps, or among a region's Fehl ("<region>-fehl").
  void check_place(const Subject& subject, const model::Value& claim, const model::Value& v) {
    if (!subject.card) return;
    const model::Value* among = claim.find("among");
    const std::string group = among ? among->scalar : "trump";
    std::vector<CardKey> order;
    if (group.ends_with("-fehl")) {
      if (auto r = region_from_id(group.substr(0, group.size() - 5))) order = fehl_order(Contract::standard(), *r);
    } else {
      const auto cls = class_from_id(group);
      for (CardKey k : trump_order(Contract::standard(), subject.rings_united))
        if (group == "trump" || (cls && k.cls == *cls)) order.push_back(k);
    }
    std::erase_if(order, [&](CardKey k) {
      return std::find(comp_.removed.begin(), comp_.removed.end(), k.cls) != comp_.removed.end();
    });
    if (order.empty()) {
      wrong(among ? *among : v, "'" + group + "' is no group of ranked cards (a class, 'trump' or '<region>-fehl')");
      return;
    }
    auto it = std::find(order.begin(), order.end(), *subject.card);
    if (it == order.end()) {
      wrong(v, subject.name + " is not among " + group);
      return;
    }
    const int place = static_cast<int>(it - order.begin()) + 1;
    const bool last = place == static_cast<int>(order.size());
    const bool ok = v.scalar == "last" ? last : v.as_int() == place;
    if (!ok)
      wrong(v, subject.name + " ranks " + std::to_string(place) + (last ? " (last)" : "") + " of " +
                   std::to_string(order.size()) + " in " + group + ", not " + v.scalar);
  }

  // "sticht jeden Erben", "überragen alle außer ...": the subject takes a
  // trick from each named card, and each excepted card takes one from it.
  void check_outranks(const Subject& subject, const model::Value& claim, const model::Value& v) {
    if (!subject.card) return;
    std::vector<Subject> except;
    const model::Value* except_v = claim.find("except");
    if (except_v) except = expand_list(*except_v);
    for (const Subject& other : expand_list(v)) {
      if (same(other, subject)) continue;
      if (std::any_of(except.begin(), except.end(), [&](const Subject& e) { return same(e, other); })) continue;
      if (!outranks(subject, other)) {
        wrong(v, subject.name + " does not outrank " + other.name + " in the standard game");
        return;  // one finding per claim
      }
    }
    for (const Subject& e : except)
      if (!same(e, subject) && !outranks(e, subject)) {
        wrong(*except_v, e.name + " does not outrank " + subject.name + ", so it is no exception");
        return;
      }
  }

  const model::Game& game_;
  Sink& sink_;
  VariantRules comp_;
  std::string card_id_;
};

}  // namespace

void check_claims(const model::Model&, const model::Game& game, Diagnostics& out) {
  Sink sink(out, game, "palantir.claims");
  ClaimChecker checker(game, sink);
  for (const auto& deck : game.decks)
    for (const auto& card : deck.cards)
      if (card.copy <= 1) checker.check_card(card);
}

}  // namespace kw::rules::palantir
