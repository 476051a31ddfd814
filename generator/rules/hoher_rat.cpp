// Der Hohe Rat: board, Tag/Nacht decks, Trilith cards and pieces. All Hohe
// Rat knowledge lives in this file (see hoher_rat.h).
#include "rules/hoher_rat.h"

#include <algorithm>
#include <map>

#include "rules/support.h"

namespace kw::rules::hoher_rat {

const std::vector<std::string>& colours() {
  static const std::vector<std::string> c = {"weiss", "gelb", "rot", "blau", "gruen", "schwarz"};
  return c;
}
std::string_view wild_colour() { return "schwarz"; }
const std::vector<std::string>& player_colours() {
  static const std::vector<std::string> c = {"weiss", "gelb", "rot", "blau"};
  return c;
}
const std::vector<std::string>& argument_colours() {
  static const std::vector<std::string> c = {"weiss", "gelb", "rot", "blau", "gruen"};
  return c;
}
const std::vector<std::string>& decks() {
  static const std::vector<std::string> d = {"tag", "nacht"};
  return d;
}
int win_block(int spaces) { return spaces / 2 + 1; }

namespace {

std::string deck_name(const std::string& time) { return time == "tag" ? "Tag" : "Nacht"; }

void check_colours(const model::Game& game, Sink& sink) {
  const model::Table* t = game.table("colours");
  if (!t) {
    sink.error(game.loc, "Der Hohe Rat needs a table 'colours' (weiss, gelb, rot, blau, gruen, schwarz)");
    return;
  }
  for (const auto& c : colours())
    if (!t->find(c)) sink.error(t->loc, "table 'colours' has no entry '" + c + "'");
  const bool has_wild =
      std::any_of(t->fields.begin(), t->fields.end(), [](const model::FieldSpec& f) { return f.name == "wild"; });
  for (const auto& e : t->entries) {
    if (std::find(colours().begin(), colours().end(), e.id) == colours().end()) {
      sink.error(e.loc, "'" + e.id + "' is not a colour of the council", {},
                 "the colours are white, yellow, red, blue, green and black (wild)");
      continue;
    }
    if (!has_wild) continue;
    const model::Value* w = entry_field(e, "wild");
    const bool wild = w && w->as_bool().value_or(false);
    if (wild != (e.id == wild_colour()))
      sink.error(w ? w->loc : e.loc, e.id == wild_colour() ? "black is the wild colour: set `wild: true`"
                                                           : "only black is wild, not '" + e.id + "'");
  }
}

void check_board(const model::Game& game, Sink& sink) {
  const model::Table* t = game.table("board");
  if (!t) {
    sink.error(game.loc, "Der Hohe Rat needs a table 'board' with the council spaces 1-30");
    return;
  }
  for (const auto& e : t->entries) {
    int n = 0;
    bool numeric = !e.id.empty() && e.id.size() <= 2 &&
                   std::all_of(e.id.begin(), e.id.end(), [](char c) { return c >= '0' && c <= '9'; });
    if (numeric) n = std::stoi(e.id);
    if (!numeric || n < 1 || n > kSpaces || e.id[0] == '0')
      sink.error(e.loc, "board space '" + e.id + "' is not one of 1-30");
  }
  for (int n = 1; n <= kSpaces; ++n)
    if (!t->find(std::to_string(n))) sink.error(t->loc, "the board has no space " + std::to_string(n));
}

void check_cards(const model::Game& game, Sink& sink) {
  const model::Table* board = game.table("board");
  struct PerDeck {
    const model::Deck* deck = nullptr;
    std::map<int, std::vector<const model::Card*>> by_space;
    std::vector<const model::Card*> trilith;
  };
  std::map<std::string, PerDeck> per;
  Sink colour_sink = sink.with_check("hoher-rat.colours");
  for (const auto& deck : game.decks)
    for (const auto& card : deck.cards) {
      if (deck.product == "board") break;  // the board is drawn from the `board` table checked here
      const std::string time = text(game, card, "time"), kind = text(game, card, "kind");
      if (std::find(decks().begin(), decks().end(), time) == decks().end()) {
        sink.error(field_loc(game, card, "time"), "card belongs to neither the Tag nor the Nacht deck", card.id);
        continue;
      }
      PerDeck& p = per[time];
      if (!p.deck) p.deck = &deck;
      if (kind == "trilith") {
        p.trilith.push_back(&card);
        continue;
      }
      if (kind != "number") {
        sink.error(field_loc(game, card, "kind"), "kind '" + kind + "' is neither number nor trilith", card.id);
        continue;
      }
      const std::string space = text(game, card, "space");
      const model::TableEntry* entry = board ? board->find(space) : nullptr;
      if (!entry) {
        sink.error(field_loc(game, card, "space"),
                   space.empty() ? "a number card needs its council space" : "'" + space + "' is not a council space",
                   card.id);
        continue;
      }
      p.by_space[std::stoi(space)].push_back(&card);
      const std::string have = text(game, card, "colour"), want = entry_text(*entry, "colour");
      if (have != want)
        colour_sink.error(field_loc(game, card, "colour"),
                          deck_name(time) + " card " + space + " is " + (have.empty() ? "uncoloured" : have) +
                              ", but council space " + space + " is " + want,
                          card.id, "a number card has the colour of its space on the board");
    }
  for (const auto& time : decks()) {
    const PerDeck& p = per[time];
    const SourceLoc at = p.deck ? p.deck->loc : info_loc(game, "decks");
    for (int n = 1; n <= kSpaces; ++n) {
      auto it = p.by_space.find(n);
      if (it == p.by_space.end()) {
        sink.error(at, "the " + deck_name(time) + " deck has no card for council space " + std::to_string(n));
        continue;
      }
      for (size_t k = 1; k < it->second.size(); ++k)
        sink.error(field_loc(game, *it->second[k], "space"),
                   "a second " + deck_name(time) + " card for council space " + std::to_string(n) + " (also " +
                       it->second.front()->id + ")",
                   it->second[k]->id);
    }
    const int n = static_cast<int>(p.trilith.size());
    if (n > kTrilithPerDeck)
      sink.error(
          p.trilith[kTrilithPerDeck]->loc,
          "the " + deck_name(time) + " deck has " + std::to_string(n) + " Trilith cards; each deck has 2 (4 in all)",
          p.trilith[kTrilithPerDeck]->id);
    else if (n < kTrilithPerDeck)
      sink.error(at, "the " + deck_name(time) + " deck has " + std::to_string(n) +
                         " Trilith cards; each deck has 2 (4 in all)");
  }
}

void check_pieces(const model::Game& game, Sink& sink) {
  const model::Table* t = game.table("pieces");
  if (!t) return;  // pieces are not printed; counted when the data lists them
  std::map<std::pair<std::string, std::string>, std::pair<long long, const model::TableEntry*>> have;
  for (const auto& e : t->entries) {
    auto& slot = have[{entry_text(e, "kind"), entry_text(e, "colour")}];
    const model::Value* c = entry_field(e, "count");
    slot.first += c ? c->as_int().value_or(0) : 0;
    slot.second = &e;
  }
  auto expect = [&](const std::string& kind, const std::string& colour, long long n, const std::string& what) {
    auto it = have.find({kind, colour});
    if (it == have.end()) {
      sink.error(t->loc, "the pieces lack the " + what + " in " + colour);
      return;
    }
    if (it->second.first != n) {
      const model::Value* c = entry_field(*it->second.second, "count");
      sink.error(c ? c->loc : it->second.second->loc, std::to_string(it->second.first) + " " + what + " in " + colour +
                                                          "; the game has " + std::to_string(n));
    }
    have.erase(it);
  };
  for (const auto& c : player_colours()) {
    expect("anhaenger", c, kAnhaengerPerColour, "Anhänger");
    expect("wortfuehrer", c, kWortfuehrerPerColour, "Wortführer");
  }
  for (const auto& c : argument_colours()) expect("argument", c, kArgumentsPerColour, "Argumente");
  for (const auto& [key, slot] : have)
    sink.error(slot.second->loc, "the game has no " + key.first + " in " + key.second);
}

}  // namespace

void check(const model::Model&, const model::Game& game, Diagnostics& out) {
  Sink board(out, game, "hoher-rat.board");
  check_colours(game, board);
  check_board(game, board);
  Sink cards(out, game, "hoher-rat.cards");
  check_cards(game, cards);
  Sink pieces(out, game, "hoher-rat.pieces");
  check_pieces(game, pieces);
  if (const model::Value* w = info(game, "meta.win_block")) {
    auto n = w->as_int();
    if (!n || *n != win_block())
      board.with_check("hoher-rat.win")
          .error(w->loc, "win_block is " + canonical(*w) + "; a block of " + std::to_string(win_block()) + " of the " +
                             std::to_string(kSpaces) + " spaces wins");
  }
}

}  // namespace kw::rules::hoher_rat
