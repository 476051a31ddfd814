// Der Hohe Rat: board, Tag/Nacht decks, Trilith cards and pieces. All Hohe
// Rat knowledge lives in this file (see hoher_rat.h).
#include "rules/hoher_rat.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <map>
#include <optional>
#include <set>

#include <fmt/format.h>

#include "rules/fact_text.h"
#include "rules/facts.h"
#include "rules/reach.h"
#include "rules/rewording.h"
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
      if (deck.product == model::Product::Board) break;  // the board is drawn from the `board` table checked here
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

// ------------------------------------------------------------ rule facts

// The rules' example under "Überzeugen": a yellow Wortführer on space 7, a
// single red Anhänger on space 6. Pro convinces the Anhänger from 7 with one
// white argument (so 7 is white); Contra convinces the Wortführer from 6 with
// three arguments of any colour (so 6 is black).
struct ExamplePiece {
  const char* key;
  int space;
  const char* colour;  // of the piece
  const char* kind;    // anhaenger or wortfuehrer
  int pays;            // arguments it costs to convince this piece from the other
  const char* with;    // the colour of those arguments ("any": the space convinced from is black)
};
const std::array<ExamplePiece, 2>& example() {
  static const std::array<ExamplePiece, 2> e = {
      {{"wortfuehrer", 7, "gelb", "wortfuehrer", 3, "any"}, {"anhaenger", 6, "rot", "anhaenger", 1, "weiss"}}};
  return e;
}

// `meta.example`: the example's two pieces with their spaces, and what each
// costs to convince; held against the rules and against the board.
void check_example(const model::Game& game, Sink& sink) {
  const model::Value* ex = info(game, "meta.example");
  if (!ex || !ex->is_map()) {
    sink.error(info_loc(game, "meta"), "meta.example is missing: the rules' example of convincing (spaces 7 and 6)", {},
               "example: { wortfuehrer: { space: 7, colour: gelb, pays: 3, with: any }, anhaenger: { space: 6, colour: "
               "rot, pays: 1, with: weiss } }");
    return;
  }
  const model::Table* board = game.table("board");
  for (const ExamplePiece& want : example()) {
    const model::Value* v = ex->find(want.key);
    if (!v || !v->is_map()) {
      sink.error(ex->loc, std::string("the example lacks its ") + want.key);
      continue;
    }
    auto num = [&](const char* k) { return v->find(k) ? v->find(k)->as_int().value_or(-1) : -1; };
    auto str = [&](const char* k) { return v->find(k) ? v->find(k)->scalar : std::string(); };
    auto at = [&](const char* k) { return v->find(k) ? v->find(k)->loc : v->loc; };
    if (num("space") != want.space)
      sink.error(at("space"),
                 fmt::format("the rules' example puts the {} on space {}, not {}", want.key, want.space, str("space")));
    if (str("colour") != want.colour)
      sink.error(at("colour"),
                 fmt::format("the rules' example has a {} {}, not {}", want.colour, want.key, str("colour")));
    if (num("pays") != want.pays)
      sink.error(at("pays"),
                 fmt::format("convincing the example's {} costs {} (a {}), not {}", want.key, want.pays,
                             want.pays == 3 ? "Wortführer costs 3" : "single Anhänger costs 1", str("pays")));
    if (str("with") != want.with)
      sink.error(at("with"), fmt::format("the rules' example pays for the {} with {} arguments, not {}", want.key,
                                         want.with, str("with")));
  }
  // The board: the space convinced from is the other piece's. Its colour is
  // the colour paid with, black when any colour will do.
  if (!board) return;
  for (const ExamplePiece& target : example()) {
    const ExamplePiece& from = &target == &example()[0] ? example()[1] : example()[0];
    const model::TableEntry* e = board->find(std::to_string(from.space));
    if (!e) continue;
    const std::string want = std::string(target.with) == "any" ? std::string(wild_colour()) : target.with;
    const std::string have = entry_text(*e, "colour");
    if (have != want) {
      const model::Value* c = entry_field(*e, "colour");
      sink.error(c ? c->loc : e->loc,
                 fmt::format("space {} is {}, but the rules' example convinces from it with {} arguments: it is {}",
                             from.space, have, target.with, want));
    }
  }
  if (std::abs(example()[0].space - example()[1].space) != 1)
    sink.error(ex->loc, "the example's spaces are not neighbours");
}

// The factions as the rules bind them: Pro plays white and yellow and gets
// the Tag cards, Contra red and blue and the Nacht cards. Checked where the
// data names them: the board's legend (`factions`) and the decks' looks
// (`meta.looks.<time>.faction`).
void check_factions(const model::Game& game, Sink& sink) {
  struct Faction {
    const char* name;
    const char* time;
    std::vector<std::string> colours;
  };
  static const std::vector<Faction> rules = {{"Pro", "tag", {"gelb", "weiss"}}, {"Contra", "nacht", {"blau", "rot"}}};
  for (const Faction& f : rules)
    if (const model::Value* v = info(game, std::string("meta.looks.") + f.time + ".faction"); v && v->scalar != f.name)
      sink.error(v->loc, fmt::format("the {} deck belongs to {}, not {}",
                                     f.time == std::string("tag") ? "Tag" : "Nacht", f.name, v->scalar));
  for (const auto& deck : game.decks) {
    if (deck.product != model::Product::Board) continue;
    for (const auto& card : deck.cards) {
      const model::Value* legend = field(game, card, "factions");
      if (!legend || !legend->is_list()) continue;
      for (const auto& entry : legend->list) {
        const model::Value* name = entry.find("name");
        auto f =
            std::find_if(rules.begin(), rules.end(), [&](const Faction& x) { return name && name->scalar == x.name; });
        if (f == rules.end()) {
          sink.error(name ? name->loc : entry.loc, "a faction of the legend is neither Pro nor Contra", card.id);
          continue;
        }
        if (const model::Value* t = entry.find("time"); t && t->scalar != f->time)
          sink.error(t->loc, fmt::format("{} plays the {} cards, not {}", f->name, f->time, t->scalar), card.id);
        if (const model::Value* c = entry.find("colours"); c && c->is_list()) {
          std::vector<std::string> have;
          for (const auto& x : c->list) have.push_back(x.scalar);
          std::sort(have.begin(), have.end());
          if (have != f->colours)
            sink.error(c->loc, fmt::format("{} plays {}, not {}", f->name, join_and(f->colours), join_and(have)),
                       card.id);
        }
      }
    }
  }
}

// A Trilith card's effect, as the rules give it: 2 arguments of any colours,
// within the limit of 6 per colour and faction.
struct TrilithEffect {
  int arguments = 2;
  bool mixed = true;
  int limit = 6;
};

std::optional<TrilithEffect> read_trilith(const model::Game& game, const model::Card& card) {
  const model::Value* v = field(game, card, "effect");
  if (!v || !v->is_map()) return std::nullopt;
  TrilithEffect e;
  if (auto* a = v->find("arguments")) e.arguments = static_cast<int>(a->as_int().value_or(-1));
  if (auto* m = v->find("mixed")) e.mixed = m->as_bool().value_or(false);
  if (auto* l = v->find("limit")) e.limit = static_cast<int>(l->as_int().value_or(-1));
  return e;
}

void check_trilith_effects(const model::Game& game, Sink& sink) {
  const TrilithEffect want;
  for (const auto& deck : game.decks)
    for (const auto& card : deck.cards) {
      if (deck.product == model::Product::Board) break;
      if (text(game, card, "kind") != "trilith" || card.copy > 1) continue;  // copies share the definition
      auto have = read_trilith(game, card);
      if (!have) {
        sink.error(card.loc, "a Trilith card needs its `effect` (arguments, mixed, limit)", card.id,
                   "effect: { arguments: 2, mixed: true, limit: 6 }");
        continue;
      }
      const model::Value* v = field(game, card, "effect");
      auto at = [&](const char* k) { return v->find(k) ? v->find(k)->loc : v->loc; };
      if (have->arguments != want.arguments)
        sink.error(at("arguments"),
                   fmt::format("a Trilith card gives {} arguments, not {}", want.arguments, have->arguments), card.id);
      if (have->mixed != want.mixed)
        sink.error(at("mixed"), "the two arguments of a Trilith card may differ in colour: `mixed: true`", card.id);
      if (have->limit != want.limit)
        sink.error(at("limit"),
                   fmt::format("a faction holds at most {} arguments of a colour, not {}", want.limit, have->limit),
                   card.id);
    }
}

}  // namespace

// The numbers a Trilith card's text states are its effect's: the arguments
// it gives, then the limit per colour.
void check_texts(const model::Model& model, const model::Game& game, Diagnostics& out) {
  Sink sink(out, game, "hoher-rat.claims");
  // Read as the facts read a text: numbers in digits or words, what a
  // {{fact.…}} prints, and only those of the noun arguments are counted by.
  const FactSet facts = read_facts(game);
  const Fact* arguments = facts.find("trilith_arguments");
  const RuleValues values = rule_values(model, game);
  for (const auto& deck : game.decks)
    for (const auto& card : deck.cards) {
      if (deck.product == model::Product::Board) break;
      if (text(game, card, "kind") != "trilith" || card.copy > 1) continue;  // copies share the definition
      auto effect = read_trilith(game, card);
      const model::Value* rule = field(game, card, "rule");
      if (!effect || !rule) continue;
      std::vector<int> said;
      for (const Quantity& q : quantities(printed_text(rule->scalar, values), model, game.language, facts))
        if (!arguments || arguments->of.empty() || q.noun == arguments->of) said.push_back(static_cast<int>(q.n));
      const std::vector<int> meant = {effect->arguments, effect->limit};
      // The text may leave a number out ("höchstens 6 Argumente je Farbe").
      if (!in_order_within(said, meant)) {
        std::string s;
        for (int n : said) s += (s.empty() ? "" : ", ") + std::to_string(n);
        sink.error(field_loc(game, card, "rule"),
                   fmt::format("the Trilith text states {}; its effect gives {} arguments with a limit of {}", s,
                               effect->arguments, effect->limit),
                   card.id, "the text names the arguments a Trilith card gives, then the limit per colour");
      }
    }
}

// Where the pieces stand (the board's hint), as the rules place them: an
// Anhänger or a Wortführer stands on the coloured part of a council space
// and leaves its number free to read; arguments are not placed on spaces.
// The places are the game's terms `farbteil` and `zahl` (facts: terms:).
void check_placement(const model::Game& game, const FactSet& declared, Sink& sink) {
  expect_fact_roles(declared, "placement", "where", {"farbteil"}, "a piece stands on the coloured part", sink);
  expect_fact_roles(declared, "placement", "free", {"zahl"}, "the number of the space stays free", sink);
  const Fact* f = declared.find("placement");
  const model::Table* pieces = game.table("pieces");
  if (!f || !pieces) return;
  const auto who = std::find_if(f->roles.begin(), f->roles.end(), [](const auto& r) { return r.first == "who"; });
  if (who == f->roles.end()) return;
  std::set<std::string> kinds;
  for (const std::string& id : who->second) {
    const model::TableEntry* e = pieces->find(id.substr(id.find('.') == std::string::npos ? 0 : id.find('.') + 1));
    kinds.insert(e ? entry_text(*e, "kind") : std::string("(not a piece: " + id + ")"));
  }
  if (kinds == std::set<std::string>{"anhaenger", "wortfuehrer"}) return;
  const model::Value* roles = f->get("roles");
  const model::Value* at = roles ? roles->find("who") : nullptr;
  std::string named;
  for (const std::string& k : kinds) named += (named.empty() ? "" : ", ") + k;
  sink.error(at ? at->loc : f->loc,
             "fact 'placement': role 'who' names pieces of kind " + named +
                 "; the rules place an Anhänger and a Wortführer (kinds anhaenger, wortfuehrer) on a space",
             {}, "name a pieces entry of each kind, e.g. pieces.anhaenger-weiss and pieces.wortfuehrer-weiss");
}

// The declared rule facts (README: Rule facts) against the model: the
// numbers the Trilith cards print through {{fact.…}} are the rules'.
void check_facts(const model::Game& game, Diagnostics& out) {
  Sink sink(out, game, "hoher-rat.facts");
  const FactSet declared = read_facts(game);
  const TrilithEffect rules;
  expect_fact_number(declared, "trilith_arguments", rules.arguments, Compare::Exactly,
                     "the arguments a Trilith card gives", sink, game);
  expect_fact_number(declared, "argument_limit", rules.limit, Compare::AtMost,
                     "the arguments of one colour a faction may hold", sink, game);
  expect_fact_number(declared, "win_block", win_block(), Compare::AtLeast, "the block of council spaces that wins",
                     sink, game);
  expect_fact_number(declared, "spaces", kSpaces, Compare::Exactly, "the council spaces", sink, game);
  expect_fact_number(declared, "trilith_per_deck", kTrilithPerDeck, Compare::Exactly, "the Trilith cards in each deck",
                     sink, game);
  for (const std::string& time : decks())
    expect_fact_number(declared, time + "_cards", kSpaces + kTrilithPerDeck, Compare::Exactly,
                       "the cards of the " + deck_name(time) + " deck", sink, game);
  check_placement(game, declared, sink);
}

void check(const model::Model& model, const model::Game& game, Diagnostics& out) {
  check_facts(game, out);
  Sink board(out, game, "hoher-rat.board");
  const size_t errors_before = board.errors();
  check_colours(game, board);
  check_board(game, board);
  Sink cards(out, game, "hoher-rat.cards");
  check_cards(game, cards);
  Sink pieces(out, game, "hoher-rat.pieces");
  check_pieces(game, pieces);
  Sink example(out, game, "hoher-rat.example");
  check_example(game, example);
  Sink factions(out, game, "hoher-rat.factions");
  check_factions(game, factions);
  Sink trilith(out, game, "hoher-rat.trilith");
  check_trilith_effects(game, trilith);
  check_texts(model, game, out);
  if (const model::Value* w = info(game, "meta.win_block")) {
    auto n = w->as_int();
    if (!n || *n != win_block())
      board.with_check("hoher-rat.win")
          .error(w->loc, "win_block is " + canonical(*w) + "; a block of " + std::to_string(win_block()) + " of the " +
                             std::to_string(kSpaces) + " spaces wins");
  }
  if (board.errors() != errors_before) return;
  // Balance: a few hundred councils per player count (the simulator's
  // figures in full: kartenwerk simulate --game hoher-rat).
  SimulationOptions options;
  options.games = 300;
  try {
    const SimulationReport r = simulate_report(model, game, options);
    std::string figures;
    for (const auto& g : r.groups) {
      double pro = 0, contra = 0;
      for (const auto& f : g.figures) {
        if (f.key == "win_rate.pro") pro = f.value;
        if (f.key == "win_rate.contra") contra = f.value;
      }
      figures +=
          fmt::format("{}{}: Pro wins {:.1f} %, Contra {:.1f} %", figures.empty() ? "" : "; ", g.title, pro, contra);
    }
    board.with_check("hoher-rat.balance")
        .note(info_loc(game, "rules"),
              fmt::format("balance over {} simulated councils per player count: {}", options.games, figures), {},
              "greedy players; `kartenwerk simulate --game hoher-rat` gives the figures");
    check_reach(board, game, r, options.seed);
  } catch (const SimulationError&) {
    // The data's faults are reported above.
  }
}

}  // namespace kw::rules::hoher_rat
