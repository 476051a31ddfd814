// Monddämmerung: colours, numbers, Der Allereinzigste and moons. All
// Monddämmerung knowledge lives in this file (see monddaemmerung.h).
#include "rules/monddaemmerung.h"

#include <algorithm>
#include <map>

#include "rules/support.h"

namespace kw::rules::monddaemmerung {

const std::vector<std::string>& colours() {
  static const std::vector<std::string> c = {"gelb", "rot", "gruen", "blau"};
  return c;
}

const std::vector<std::string>& moons() {
  static const std::vector<std::string> m = {"vollmond",   "leermond", "halbmond",
                                             "sichelmond", "blutmond", "sonnenfinsternis"};
  return m;
}

namespace {

bool contains(const std::vector<std::string>& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

void check_table(const model::Game& game, Sink& sink, const std::string& table, const std::vector<std::string>& ids,
                 const std::string& what) {
  const model::Table* t = game.table(table);
  if (!t) {
    sink.error(game.loc, "Monddämmerung needs a table '" + table + "' (" + model::join_names(ids) + ")");
    return;
  }
  for (const auto& id : ids)
    if (!t->find(id)) sink.error(t->loc, "table '" + table + "' has no entry '" + id + "'");
  for (const auto& e : t->entries)
    if (!contains(ids, e.id))
      sink.error(e.loc, "'" + e.id + "' is not one of the " + what, {}, "they are " + model::join_names(ids));
}

using ByNumber = std::map<long long, std::vector<const model::Card*>>;

// The deck as the checks below see it.
struct Tally {
  const model::Deck* first_deck = nullptr;
  int total = 0;
  std::vector<const model::Card*> specials;   // Der Allereinzigste, however often
  std::map<std::string, ByNumber> by_colour;  // a two-coloured card under both colours
};

void check_allereinzigste(const model::Game& game, const model::Card& card, Sink& sink) {
  if (field(game, card, "moon"))
    sink.warning(field_loc(game, card, "moon"),
                 "Der Allereinzigste carries a moon, but it is never played, so the moon can never act", card.id);
  if (field(game, card, "number"))
    sink.error(field_loc(game, card, "number"), "Der Allereinzigste has no number", card.id);
}

// Files a numbered card under each of its colours; reports a missing or bad
// number and bad colours.
void tally_numbered(const model::Game& game, const model::Card& card, Tally& tally, Sink& sink) {
  auto number = integer(game, card, "number");
  if (!number || *number < 1 || *number > kNumbersPerColour) {
    sink.error(field_loc(game, card, "number"),
               number ? "number " + std::to_string(*number) + " is not one of 1-18" : "a numbered card needs a number",
               card.id);
    return;
  }
  const model::Value* cs = field(game, card, "colours");
  if (!cs || !cs->is_list() || cs->list.empty()) {
    sink.error(field_loc(game, card, "colours"), "a numbered card needs a colour", card.id);
    return;
  }
  if (cs->list.size() > 2)
    sink.warning(field_loc(game, card, "colours"),
                 "a card of " + std::to_string(cs->list.size()) + " colours; the game's multi-coloured cards have two",
                 card.id);
  std::vector<std::string> seen;
  for (const auto& c : cs->list) {
    if (contains(seen, c.scalar)) {
      sink.error(c.loc, "colour '" + c.scalar + "' named twice", card.id);
      continue;
    }
    seen.push_back(c.scalar);
    if (!contains(colours(), c.scalar)) {
      sink.error(c.loc, "'" + c.scalar + "' is not one of the four colours", card.id);
      continue;
    }
    tally.by_colour[c.scalar][*number].push_back(&card);
  }
}

Tally tally_cards(const model::Game& game, Sink& sink) {
  Tally tally;
  for (const auto& deck : game.decks)
    for (const auto& card : deck.cards) {
      if (!tally.first_deck) tally.first_deck = &deck;
      ++tally.total;
      if (text(game, card, "special") == kSpecial) {
        tally.specials.push_back(&card);
        check_allereinzigste(game, card, sink);
      } else {
        tally_numbered(game, card, tally, sink);
      }
    }
  return tally;
}

// The card count, and Der Allereinzigste exactly once.
void check_counts(const Tally& tally, const SourceLoc& deck_loc, Sink& sink) {
  if (tally.total != kCards)
    sink.error(deck_loc, "the game has " + plural(tally.total, "card", "cards") + "; Monddämmerung has " +
                             std::to_string(kCards));
  if (tally.specials.empty()) sink.error(deck_loc, "Der Allereinzigste is missing");
  for (size_t i = 1; i < tally.specials.size(); ++i)
    sink.error(tally.specials[i]->loc,
               "a second Der Allereinzigste (also " + tally.specials.front()->id + "); there is one",
               tally.specials[i]->id);
}

// Every colour holds the numbers 1-18 once.
void check_colour_numbers(const model::Game& game, const Tally& tally, const SourceLoc& deck_loc, Sink& sink) {
  const ByNumber none;
  for (const auto& colour : colours()) {
    const auto filed = tally.by_colour.find(colour);
    const ByNumber& numbers = filed != tally.by_colour.end() ? filed->second : none;
    for (long long n = 1; n <= kNumbersPerColour; ++n) {
      auto it = numbers.find(n);
      if (it == numbers.end()) {
        sink.error(deck_loc, "no " + colour + " card with number " + std::to_string(n), {},
                   "every colour holds the numbers 1-18 once; two-coloured cards count in both");
        continue;
      }
      for (size_t k = 1; k < it->second.size(); ++k)
        sink.error(field_loc(game, *it->second[k], "number"),
                   colour + " " + std::to_string(n) + " is there twice (also " + it->second.front()->id + ")",
                   it->second[k]->id, "every colour holds the numbers 1-18 once; two-coloured cards count in both");
    }
  }
}

}  // namespace

void check(const model::Model&, const model::Game& game, Diagnostics& out) {
  Sink tables(out, game, "monddaemmerung.tables");
  check_table(game, tables, "colours", colours(), "four colours");
  check_table(game, tables, "moons", moons(), "six kinds of moon");

  Sink sink(out, game, "monddaemmerung.cards");
  const Tally tally = tally_cards(game, sink);
  const SourceLoc deck_loc = tally.first_deck ? tally.first_deck->loc : info_loc(game, "decks");
  check_counts(tally, deck_loc, sink);
  check_colour_numbers(game, tally, deck_loc, sink);
}

}  // namespace kw::rules::monddaemmerung
