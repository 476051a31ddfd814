// `kartenwerk table export|import`: a deck's cards as a spreadsheet and back.
// Export writes the cards as the data writes them (card definitions, not
// their copies); import checks every cell against the deck's schema and then
// rewrites only the deck's card list in its YAML file: cards whose row did
// not change keep their text (and comments), changed and new cards are
// written on one line each, everything else in the file stays as it was.
#include <fmt/format.h>
#include <fmt/ostream.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <ostream>
#include <set>

#include "cli/commands.h"
#include "cli/session.h"
#include "core/confine.h"
#include "core/files.h"
#include "core/names.h"
#include "model/card_table.h"
#include "model/database_schema.h"
#include "model/schema.h"
#include "sheet/sheet.h"
#include "yaml/block_list.h"
#include "yaml/reader.h"

namespace kw::cli {

namespace fs = std::filesystem;

namespace {

// Where a deck's cards are written: its YAML file, parsed, and its `cards:` list.
struct DeckSource {
  std::string file;  // project path
  std::string text;
  model::Value doc;
  const model::Value* deck = nullptr;
  const model::Value* cards = nullptr;  // null when the deck reads a CSV file (cards_csv)
};

const model::Value* find_deck(const model::Value& doc, const std::string& id) {
  for (const char* top : {"game", "extend"}) {
    const model::Value* holder = doc.find(top);
    const model::Value* decks = holder ? holder->find("decks") : nullptr;
    if (!decks) continue;
    for (const auto& d : decks->list)
      if (const model::Value* v = d.find("id"); v && v->scalar == id) return &d;
  }
  return nullptr;
}

std::optional<DeckSource> deck_source(const Session& s, const model::Deck& deck, Diagnostics& diags) {
  DeckSource src;
  src.file = deck.loc.file;
  project::InputPtr input = s.project->read(src.file);
  if (!input) return std::nullopt;
  src.text = input->text();
  auto doc = yaml::parse_yaml_string(src.text, src.file, diags);
  if (!doc) return std::nullopt;
  src.doc = std::move(*doc);
  src.deck = find_deck(src.doc, deck.id);
  if (!src.deck) return std::nullopt;
  src.cards = src.deck->find("cards");
  return src;
}

// A card of the sheet checked as the loader checks a card of the data: its
// own keys (copies, and per_copy kept from the data), then its fields.
bool check_card(const model::Game& game, const model::Deck& deck, const model::Value& card, const Session& s,
                Diagnostics& diags) {
  const std::string id = card.find("id")->scalar;
  model::Value fields;
  fields.kind = model::Value::Kind::Map;
  fields.loc = card.loc;
  bool ok = true;
  int copies = 1;
  const model::Value* per_copy = nullptr;
  for (const auto& [key, value] : card.map) {
    const yaml::Key* own = yaml::find_key(model::card_keys_schema(), key);
    if (!own) {
      fields.map.push_back({key, value});
    } else if (key != "id") {
      if (!yaml::check_value(value, own->schema, yaml::Label::of_key(key), diags, id))
        ok = false;
      else if (key == "copies")
        copies = static_cast<int>(*value.as_int());
      else
        per_copy = &value;
    }
  }
  if (!is_plain_id(id)) {
    diags.error(card.find("id")->loc,
                "card id '" + id + "' is not a plain id (lower-case letters, digits and '-', at most 64)", id);
    ok = false;
  }
  model::ValidationContext ctx{&game, s.project.get(), id, false};
  ok = model::validate_fields(fields, game.fields_of(deck.id), ctx, diags) && ok;
  if (per_copy && static_cast<int>(per_copy->list.size()) != copies) {
    diags.error(card.find("copies") ? card.find("copies")->loc : card.loc,
                fmt::format("the card has {} copies, but its per_copy patches in the data are {}: change the "
                            "data's per_copy with it",
                            copies, per_copy->list.size()),
                id);
    ok = false;
  }
  return ok;
}

// `card` with its keys in the order `old` wrote them (a changed card reads
// as it did), keys `old` lacks after them in the columns' order.
model::Value in_order_of(model::Value card, const model::Value& old) {
  auto rank = [&](const yaml::Member& m) {
    for (size_t i = 0; i < old.map.size(); ++i)
      if (old.map[i].key == m.key) return i;
    return old.map.size();
  };
  std::stable_sort(card.map.begin(), card.map.end(),
                   [&](const yaml::Member& a, const yaml::Member& b) { return rank(a) < rank(b); });
  return card;
}

int export_table(const Invocation& inv, const Session& s, const model::Game& game, const model::Deck& deck,
                 const DeckSource& src, const std::vector<model::Column>& columns, std::ostream& out,
                 std::ostream& err) {
  sheet::Grid grid;
  grid.emplace_back();
  for (const auto& c : columns) grid.back().push_back(c.name);
  for (const auto& card : src.cards->list) {
    std::string why_not;
    auto cells = model::card_cells(card, columns, why_not);
    if (!cells) {
      fmt::print(err, "{}: error: deck '{}' cannot be a spreadsheet: {}\n", card.loc.str(), deck.id, why_not);
      return 1;
    }
    if (card.find("per_copy"))
      fmt::print(err, "{}: note: card '{}' has per_copy patches: they are not in the sheet, and import keeps them\n",
                 card.loc.str(), card.find("id")->scalar);
    grid.push_back(std::move(*cells));
  }
  const std::string format = inv.table_format.empty() ? "csv" : inv.table_format;
  const fs::path file = inv.table_file.empty()
                            ? fs::path("output") / "tables" / (game.id + "-" + deck.id + "." + format)
                            : fs::path(inv.table_file);
  const std::string bytes = format == "xlsx" ? sheet::write_xlsx(grid, deck.id) : sheet::write_csv(grid);
  try {
    write_file_atomic(file, bytes);
  } catch (const std::exception& e) {
    fmt::print(err, "kartenwerk: {}\n", e.what());
    return 1;
  }
  fmt::print(out, "{}: {} cards of {}/{}\n", file.string(), grid.size() - 1, game.id, deck.id);
  (void)s;
  return 0;
}

int import_table(const Invocation& inv, const Session& s, const model::Game& game, const model::Deck& deck,
                 const DeckSource& src, const std::vector<model::Column>& columns, std::ostream& out,
                 std::ostream& err) {
  const std::string& path = inv.files.front();
  Diagnostics diags;
  std::optional<sheet::Sheet> grid;
  if (path.ends_with(".xlsx")) {
    if (!fs::is_regular_file(path))
      diags.error({path, 0, 0}, "cannot read file");
    else
      grid = sheet::parse_xlsx(path, path, diags);
  } else if (path.ends_with(".csv")) {
    if (auto text = read_file(path))
      grid = sheet::parse_csv(*text, path, diags);
    else
      diags.error({path, 0, 0}, "cannot read file");
  } else {
    diags.error({path, 0, 0}, "a spreadsheet is FILE.csv or FILE.xlsx");
  }
  std::vector<model::Value> cards;
  if (grid) cards = model::cards_from_sheet(*grid, columns, diags);
  if (grid && cards.empty() && !diags.has_errors())
    diags.error({path, 1, 1}, "the sheet has no cards (a deck needs at least one; its rows come after the header)");

  // The data's cards by id: their text is kept when their row is unchanged,
  // and their per_copy patches (which no cell holds) always.
  std::string why_not;
  yaml::BlockList list;
  if (auto split = yaml::split_block_list(src.text, *src.cards, why_not)) {
    list = std::move(*split);
  } else {
    diags.error(src.cards->loc, "cannot rewrite the card list of deck '" + deck.id + "': " + why_not, {},
                "write the deck's cards as a block list, one '- ' item per card");
  }
  std::map<std::string, size_t> old_index;
  for (size_t i = 0; i < src.cards->list.size(); ++i)
    if (const model::Value* id = src.cards->list[i].find("id")) old_index[id->scalar] = i;
  std::map<std::string, SourceLoc> seen;
  for (auto& card : cards) {
    const model::Value& idv = *card.find("id");
    if (auto [at, fresh] = seen.emplace(idv.scalar, idv.loc); !fresh)
      diags.error(idv.loc, "card id '" + idv.scalar + "' used twice (first at " + at->second.str() + ")", idv.scalar);
    for (const auto& other : game.decks)
      if (other.id != deck.id)
        for (const auto& c : other.cards)
          if (c.def_id == idv.scalar) {
            diags.error(idv.loc, "card id '" + idv.scalar + "' is a card of deck '" + other.id + "' already",
                        idv.scalar);
            break;
          }
    if (auto it = old_index.find(idv.scalar); it != old_index.end())
      if (const model::Value* per_copy = src.cards->list[it->second].find("per_copy")) card.set("per_copy", *per_copy);
    check_card(game, deck, card, s, diags);
  }
  err << format_diagnostics(diags, s.project.get());
  if (diags.has_errors()) {
    fmt::print(err, "kartenwerk: table import: {} not changed\n", src.file);
    return 1;
  }

  yaml::BlockList next = list;
  next.items.clear();
  size_t kept = 0, changed = 0, added = 0;
  for (const auto& card : cards) {
    const std::string& id = card.find("id")->scalar;
    auto it = old_index.find(id);
    std::string why;
    if (it != old_index.end()) {
      const model::Value& old = src.cards->list[it->second];
      if (model::card_cells(old, columns, why) == model::card_cells(card, columns, why)) {
        next.items.push_back(list.items[it->second]);
        ++kept;
        continue;
      }
      next.items.push_back(
          {list.items[it->second].lead, yaml::item(in_order_of(card, old), list.indent, list.items[it->second].body)});
      ++changed;
    } else {
      next.items.push_back({{}, yaml::item(card, list.indent)});
      ++added;
    }
  }
  const size_t removed = src.cards->list.size() - kept - changed;
  const std::string text = next.text();
  if (text == src.text) {
    fmt::print(out, "{}: deck '{}' unchanged ({} cards)\n", src.file, deck.id, cards.size());
    return 0;
  }
  // What was written must read back as the sheet's cards: a mistake of
  // ours here would otherwise land in the author's file.
  Diagnostics reread;
  auto doc = yaml::parse_yaml_string(text, src.file, reread);
  const model::Value* again = doc ? find_deck(*doc, deck.id) : nullptr;
  again = again ? again->find("cards") : nullptr;
  if (!again || again->list.size() != cards.size())
    throw std::runtime_error("table import: the rewritten " + src.file + " does not read back");
  for (size_t i = 0; i < cards.size(); ++i) {
    std::string why;
    if (model::card_cells(again->list[i], columns, why) != model::card_cells(cards[i], columns, why))
      throw std::runtime_error("table import: card " + cards[i].find("id")->scalar + " does not read back");
  }
  const auto target = confined(inv.root, src.file);
  if (!target) {
    fmt::print(err, "kartenwerk: table import: {} leaves the project folder; not changed\n", src.file);
    return 1;
  }
  try {
    write_file_atomic(*target, text);
  } catch (const std::exception& e) {
    fmt::print(err, "kartenwerk: {}\n", e.what());
    return 1;
  }
  fmt::print(out, "{}: deck '{}': {} cards ({} changed, {} added, {} removed)\n", src.file, deck.id, cards.size(),
             changed, added, removed);
  return 0;
}

}  // namespace

int run_table(const Invocation& inv, std::ostream& out, std::ostream& err) {
  Session s = open_session(inv, open_project(inv), err);
  if (!s.model) return 1;
  if (s.games.size() != 1) {
    fmt::print(err, "kartenwerk: table: name one game with --game ID\n");
    return 2;
  }
  const model::Game& game = *s.games.front();
  const model::Deck* deck = game.deck(inv.deck);
  if (!deck) {
    std::vector<std::string> ids;
    for (const auto& d : game.decks) ids.push_back(d.id);
    fmt::print(err, "kartenwerk: table: game '{}' has no deck '{}' (decks: {})\n", game.id, inv.deck,
               yaml::join_names(ids));
    return 1;
  }
  Diagnostics diags;
  auto src = deck_source(s, *deck, diags);
  err << format_diagnostics(diags, s.project.get());
  if (!src) return 1;
  if (!src->cards) {
    const model::Value* csv = src->deck->find("cards_csv");
    fmt::print(err, "{}: error: deck '{}' reads its cards from {} (cards_csv): edit that file\n",
               (csv ? csv->loc : src->deck->loc).str(), deck->id, csv ? csv->scalar : "a CSV file");
    return 1;
  }
  std::string why_not;
  auto columns = model::card_columns(game.fields_of(deck->id), why_not);
  if (columns.empty()) {
    fmt::print(err, "{}: error: deck '{}' cannot be a spreadsheet: {}\n", src->deck->loc.str(), deck->id, why_not);
    return 1;
  }
  if (inv.subcommand == "export") return export_table(inv, s, game, *deck, *src, columns, out, err);
  return import_table(inv, s, game, *deck, *src, columns, out, err);
}

}  // namespace kw::cli
