// `kartenwerk table export|import`: a deck's cards (or a game table's
// entries) as a spreadsheet and back. Export writes the cards as the data
// writes them (card definitions, not their copies); import checks every cell
// against the schema, loads the whole database as it would be, and only then
// rewrites the deck's card list (the table's entries) in its YAML file: rows
// that did not change keep their text and comments, changed rows are written
// in the style their item had, everything else in the file stays as it was.
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
#include "project/overlay_project.h"
#include "sheet/sheet.h"
#include "yaml/block_list.h"
#include "yaml/reader.h"

namespace kw::cli {

namespace fs = std::filesystem;

namespace {

// What a spreadsheet stands for: a deck's `cards:` list or a table's
// `entries:` map, in the YAML file that holds it.
struct Rows {
  std::string what;  // "deck 'gandalf'", "table 'sides'"
  std::string name;  // "gandalf", "sides": the sheet's name, the default file's
  bool table = false;
  std::string file;  // project path of the YAML file
  std::string text;  // its bytes
  model::Value doc;
  const model::Value* holder = nullptr;  // the deck's map, the table's map
  const model::Value* items = nullptr;   // `cards:` (a list), `entries:` (a map)
  std::vector<model::Column> columns;

  // The rows as the data writes them: maps with `id` first.
  std::vector<model::Value> written() const {
    if (!table) return items->list;
    std::vector<model::Value> out;
    for (const auto& [key, value] : items->map) out.push_back(with_id(key, value));
    return out;
  }
  static model::Value with_id(const std::string& id, const model::Value& fields) {
    model::Value row = fields;
    model::Value idv;
    idv.kind = model::Value::Kind::Scalar;
    idv.scalar = id;
    idv.loc = fields.key_loc;
    row.kind = model::Value::Kind::Map;
    row.map.insert(row.map.begin(), {"id", idv});
    return row;
  }
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

const model::Value* find_table(const model::Value& doc, const std::string& id) {
  const model::Value* game = doc.find("game");
  const model::Value* tables = game ? game->find("tables") : nullptr;
  return tables ? tables->find(id) : nullptr;
}

// The rows of `inv`'s deck or table, from the file the loader read it from.
std::optional<Rows> find_rows(const TableArgs& inv, const Session& s, const model::Game& game, std::ostream& err) {
  Rows rows;
  rows.table = !inv.table.empty();
  rows.name = rows.table ? inv.table : inv.deck;
  rows.what = (rows.table ? "table '" : "deck '") + rows.name + "'";
  // The model's own specs: the columns point into them.
  const std::vector<model::FieldSpec>* specs = nullptr;
  if (rows.table) {
    const model::Table* t = game.table(inv.table);
    if (!t) {
      std::vector<std::string> ids;
      for (const auto& x : game.tables) ids.push_back(x.id);
      fmt::print(err, "kartenwerk: table: game '{}' has no table '{}' (tables: {})\n", game.id, inv.table,
                 ids.empty() ? "none" : yaml::join_names(ids));
      return std::nullopt;
    }
    rows.file = t->loc.file;
    specs = &t->fields;
  } else {
    const model::Deck* d = game.deck(inv.deck);
    if (!d) {
      std::vector<std::string> ids;
      for (const auto& x : game.decks) ids.push_back(x.id);
      fmt::print(err, "kartenwerk: table: game '{}' has no deck '{}' (decks: {})\n", game.id, inv.deck,
                 yaml::join_names(ids));
      return std::nullopt;
    }
    rows.file = d->loc.file;
    specs = &game.fields_of(d->id);
  }
  project::InputPtr input = s.project->read(rows.file);
  Diagnostics diags;
  auto doc = input ? yaml::parse_yaml_string(input->text(), rows.file, diags) : std::nullopt;
  err << format_diagnostics(diags, s.project);
  if (!doc) return std::nullopt;
  rows.text = input->text();
  rows.doc = std::move(*doc);
  rows.holder = rows.table ? find_table(rows.doc, rows.name) : find_deck(rows.doc, rows.name);
  if (!rows.holder) throw std::runtime_error("table: " + rows.what + " is not in " + rows.file);
  rows.items = rows.holder->find(rows.table ? "entries" : "cards");
  if (!rows.items) {
    const model::Value* csv = rows.holder->find("cards_csv");
    fmt::print(err, "{}: error: {} reads its cards from {} (cards_csv): edit that file\n",
               (csv ? csv->loc : rows.holder->loc).str(), rows.what, csv ? csv->scalar : "a CSV file");
    return std::nullopt;
  }
  std::string why_not;
  rows.columns = model::card_columns(*specs, why_not, !rows.table);
  if (rows.columns.empty()) {
    fmt::print(err, "{}: error: {} cannot be a spreadsheet: {}\n", rows.holder->loc.str(), rows.what, why_not);
    return std::nullopt;
  }
  return rows;
}

// A card of the sheet checked as the loader checks a card of the data: its
// own keys (copies, and per_copy kept from the data), then its fields.
void check_card(const model::Game& game, const std::vector<model::FieldSpec>& specs, const model::Value& card,
                const Session& s, Diagnostics& diags) {
  const std::string id = card.find("id")->scalar;
  model::Value fields;
  fields.kind = model::Value::Kind::Map;
  fields.loc = card.loc;
  int copies = 1;
  const model::Value* per_copy = nullptr;
  for (const auto& [key, value] : card.map) {
    const yaml::Key* own = yaml::find_key(model::card_keys_schema(), key);
    if (!own) {
      fields.map.push_back({key, value});
    } else if (key != "id" && yaml::check_value(value, own->schema, yaml::Label::of_key(key), diags, id)) {
      if (key == "copies")
        copies = static_cast<int>(*value.as_int());
      else
        per_copy = &value;
    }
  }
  if (!is_plain_id(id))
    diags.error(card.find("id")->loc,
                "card id '" + id + "' is not a plain id (lower-case letters, digits and '-', at most 64)", id);
  model::ValidationContext ctx{&game, s.project, id, false};
  model::validate_fields(fields, specs, ctx, diags);
  if (per_copy && static_cast<int>(per_copy->list.size()) != copies)
    diags.error(card.find("copies") ? card.find("copies")->loc : card.loc,
                fmt::format("the card has {} copies, but its per_copy patches in the data are {}: change the "
                            "data's per_copy with it",
                            copies, per_copy->list.size()),
                id);
}

// `row` with its keys in the order `old` wrote them (a changed row reads as
// it did), keys `old` lacks after them in the columns' order.
model::Value in_order_of(model::Value row, const model::Value& old) {
  auto rank = [&](const yaml::Member& m) {
    for (size_t i = 0; i < old.map.size(); ++i)
      if (old.map[i].key == m.key) return i;
    return old.map.size();
  };
  std::stable_sort(row.map.begin(), row.map.end(),
                   [&](const yaml::Member& a, const yaml::Member& b) { return rank(a) < rank(b); });
  return row;
}

// Where in the data a cell's value is written: the field's value (a
// record member's, for "good.name"), else the card.
SourceLoc cell_loc(const model::Value& row, const std::string& column) {
  const model::Value* v = &row;
  for (size_t start = 0; v;) {
    const size_t dot = column.find('.', start);
    v = v->find(column.substr(start, dot == std::string::npos ? std::string::npos : dot - start));
    if (dot == std::string::npos) break;
    start = dot + 1;
  }
  return v ? v->loc : row.loc;
}

int export_table(const TableArgs& inv, const model::Game& game, const Rows& rows, const Clock& clock, std::ostream& out,
                 std::ostream& err) {
  sheet::Grid grid;
  grid.emplace_back();
  for (const auto& c : rows.columns) grid.back().push_back(c.name);
  // A spreadsheet's own bounds: a sheet past them would not open whole (a
  // cell cut short, rows missing), and what came back would be wrong.
  Diagnostics bounds;
  if (rows.columns.size() > sheet::kMaxColumns)
    bounds.error(rows.holder->loc, fmt::format("{} has {} columns, more than the {} a spreadsheet holds", rows.what,
                                               rows.columns.size(), sheet::kMaxColumns));
  for (const auto& row : rows.written()) {
    std::string why_not;
    auto cells = model::card_cells(row, rows.columns, why_not);
    if (!cells) {
      fmt::print(err, "{}: error: {} cannot be a spreadsheet: {}\n", row.loc.str(), rows.what, why_not);
      return 1;
    }
    const model::Value* idv = row.find("id");
    const std::string id = idv ? idv->scalar : std::string();
    for (size_t c = 0; c < cells->size(); ++c)
      if (const size_t length = sheet::cell_length((*cells)[c]); length > sheet::kMaxCellLength)
        bounds.error(cell_loc(row, rows.columns[c].name),
                     fmt::format("column '{}' would hold {} characters, more than the {} a spreadsheet cell holds",
                                 rows.columns[c].name, length, sheet::kMaxCellLength),
                     id);
    if (row.find("per_copy"))
      fmt::print(err, "{}: note: card '{}' has per_copy patches: they are not in the sheet, and import keeps them\n",
                 row.loc.str(), id);
    grid.push_back(std::move(*cells));
  }
  if (grid.size() > sheet::kMaxRows)
    bounds.error(rows.items->loc, fmt::format("{} has {} rows, more than the {} a spreadsheet holds", rows.what,
                                              grid.size(), sheet::kMaxRows));
  if (bounds.has_errors()) {
    err << format_diagnostics(bounds);
    fmt::print(err, "kartenwerk: table export: nothing written\n");
    return 1;
  }
  const std::string format = inv.table_format.empty() ? "csv" : inv.table_format;
  // The default file's name is made of the game's id and the deck's or
  // table's name: it must stay in output/tables/.
  std::optional<fs::path> file = fs::path(inv.table_file);
  if (inv.table_file.empty()) {
    const std::string name = game.id + "-" + rows.name + "." + format;
    file = is_plain_id(rows.name) ? confined(fs::path("output") / "tables", name) : std::nullopt;
    if (!file) {
      fmt::print(err, "kartenwerk: table export: '{}' cannot be part of a file name; name the file with --out FILE\n",
                 rows.name);
      return 1;
    }
  }
  const std::string bytes = format == "xlsx" ? sheet::write_xlsx(grid, rows.name, clock) : sheet::write_csv(grid);
  try {
    write_file_atomic(*file, bytes);
  } catch (const std::exception& e) {
    fmt::print(err, "kartenwerk: {}\n", e.what());
    return 1;
  }
  fmt::print(out, "{}: {} {} of {}/{}\n", file->string(), grid.size() - 1, rows.table ? "entries" : "cards", game.id,
             rows.name);
  return 0;
}

std::optional<sheet::Sheet> read_sheet(const std::string& path, Diagnostics& diags) {
  if (path.ends_with(".xlsx")) {
    if (fs::is_regular_file(path)) return sheet::parse_xlsx(path, path, diags);
  } else if (path.ends_with(".csv")) {
    if (auto text = read_file(path)) return sheet::parse_csv(*text, path, diags);
  } else {
    diags.error({path, 0, 0}, "a spreadsheet is FILE.csv or FILE.xlsx");
    return std::nullopt;
  }
  diags.error({path, 0, 0}, "cannot read file");
  return std::nullopt;
}

// Over 80 lines: all or nothing: every row checked, merged, the game reloaded and the text read back before one write;
// the steps share the rows, the file's split items and one Diagnostics (issue 26 moves this out of cli/).
// NOLINTNEXTLINE(readability-function-size)
int import_table(const TableArgs& inv, const Session& s, const model::Game& game, const Rows& rows, std::ostream& out,
                 std::ostream& err) {
  const std::string& path = inv.files.front();
  Diagnostics diags;
  std::vector<model::Value> sheet_rows;
  std::map<int, std::string> header;  // column number -> the column's name
  if (auto grid = read_sheet(path, diags)) {
    if (!grid->rows.empty())
      for (const auto& cell : grid->rows.front().cells) header[cell.loc.column] = cell.text;
    sheet_rows = model::cards_from_sheet(*grid, rows.columns, diags);
    if (sheet_rows.empty() && !diags.has_errors())
      diags.error({path, 1, 1}, "the sheet has no rows after the header (" + rows.what + " needs at least one)");
  }
  std::string why_not;
  auto split = rows.table ? yaml::split_block_map(rows.text, *rows.items, why_not)
                          : yaml::split_block_list(rows.text, *rows.items, why_not);
  if (!split)
    diags.error(rows.items->loc, "cannot rewrite " + rows.what + " in place: " + why_not, {},
                "write it in block style, one item per line start");
  const std::vector<model::Value> old = rows.written();
  std::map<std::string, size_t> old_index;
  for (size_t i = 0; i < old.size(); ++i)
    if (const model::Value* id = old[i].find("id")) old_index[id->scalar] = i;
  std::map<std::string, SourceLoc> seen;
  const model::Table* table = rows.table ? game.table(rows.name) : nullptr;
  // What the loader's checks say of a cell ("unknown farbe 'lila'") names
  // the cell's column too, as the sheet's own checks do.
  auto with_columns = [&](const Diagnostics& found) {
    for (Diagnostic d : found) {
      auto name = header.find(d.loc.column);
      if (d.loc.file == path && name != header.end() && !d.message.starts_with("column '"))
        d.message = "column '" + name->second + "': " + d.message;
      diags.add(std::move(d));
    }
  };
  for (auto& row : sheet_rows) {
    const model::Value& idv = *row.find("id");
    if (auto [at, fresh] = seen.emplace(idv.scalar, idv.loc); !fresh)
      diags.error(idv.loc, "id '" + idv.scalar + "' used twice (first at " + at->second.str() + ")", idv.scalar);
    if (table) {
      model::Value fields = row;
      fields.map.erase(fields.map.begin());  // the id
      model::ValidationContext ctx{&game, s.project, idv.scalar, false};
      Diagnostics found;
      model::validate_fields(fields, table->fields, ctx, found);
      with_columns(found);
      continue;
    }
    for (const auto& other : game.decks)
      if (other.id != rows.name && std::any_of(other.cards.begin(), other.cards.end(),
                                               [&](const model::Card& c) { return c.def_id == idv.scalar; }))
        diags.error(idv.loc, "card id '" + idv.scalar + "' is a card of deck '" + other.id + "' already", idv.scalar);
    if (auto it = old_index.find(idv.scalar); it != old_index.end())
      if (const model::Value* per_copy = old[it->second].find("per_copy")) row.set("per_copy", *per_copy);
    Diagnostics found;
    check_card(game, game.fields_of(rows.name), row, s, found);
    with_columns(found);
  }
  auto refuse = [&](const Diagnostics& d) {
    err << format_diagnostics(d, s.project);
    fmt::print(err, "kartenwerk: table import: {} not changed\n", rows.file);
    return 1;
  };
  if (diags.has_errors()) return refuse(diags);

  yaml::BlockList next = *split;
  next.items.clear();
  size_t kept = 0, changed = 0, added = 0;
  auto write_item = [&](const model::Value& row, const std::string& like) {
    if (!rows.table) return yaml::item(row, split->indent, like);
    model::Value fields = row;
    fields.map.erase(fields.map.begin());
    return yaml::entry(row.find("id")->scalar, fields, split->indent, like);
  };
  for (const auto& row : sheet_rows) {
    auto it = old_index.find(row.find("id")->scalar);
    if (it == old_index.end()) {
      next.items.push_back({{}, write_item(row, {})});
      ++added;
      continue;
    }
    const auto& item = split->items[it->second];
    std::string why;
    if (model::card_cells(old[it->second], rows.columns, why) == model::card_cells(row, rows.columns, why)) {
      next.items.push_back(item);
      ++kept;
    } else {
      next.items.push_back({item.lead, write_item(in_order_of(row, old[it->second]), item.body)});
      ++changed;
    }
  }
  const size_t removed = old.size() - kept - changed;
  const std::string text = next.text();
  if (text == rows.text) {
    fmt::print(out, "{}: {} unchanged ({} rows)\n", rows.file, rows.what, sheet_rows.size());
    return 0;
  }
  // The whole database as it would be: what the rows change elsewhere (a
  // card naming a removed entry, a card reference to a removed card) is
  // found before anything is written.
  project::OverlayProject after(*s.project, rows.file, text);
  auto reload = model::load_model(after);
  if (!reload.model) {
    fmt::print(err, "kartenwerk: table import: with these rows the game does not load:\n");
    err << format_diagnostics(reload.diagnostics, &after);
    fmt::print(err, "kartenwerk: table import: {} not changed\n", rows.file);
    return 1;
  }
  // What is written must read back as the sheet's rows: a mistake of ours
  // here would otherwise land in the author's file.
  Diagnostics reread;
  auto doc = yaml::parse_yaml_string(text, rows.file, reread);
  Rows again = rows;
  if (doc) {
    again.doc = std::move(*doc);
    again.holder = rows.table ? find_table(again.doc, rows.name) : find_deck(again.doc, rows.name);
    again.items = again.holder ? again.holder->find(rows.table ? "entries" : "cards") : nullptr;
  }
  const auto back = doc && again.items ? again.written() : std::vector<model::Value>{};
  bool same = back.size() == sheet_rows.size();
  for (size_t i = 0; same && i < back.size(); ++i) {
    std::string why;
    same = model::card_cells(back[i], rows.columns, why) == model::card_cells(sheet_rows[i], rows.columns, why);
  }
  if (!same) throw std::runtime_error("table import: the rewritten " + rows.file + " does not read back as the sheet");
  const auto target = confined(inv.root, rows.file);
  if (!target) {
    fmt::print(err, "kartenwerk: table import: {} leaves the project folder; not changed\n", rows.file);
    return 1;
  }
  try {
    write_file_atomic(*target, text);
  } catch (const std::exception& e) {
    fmt::print(err, "kartenwerk: {}\n", e.what());
    return 1;
  }
  fmt::print(out, "{}: {}: {} rows ({} changed, {} added, {} removed)\n", rows.file, rows.what, sheet_rows.size(),
             changed, added, removed);
  return 0;
}

}  // namespace

int run_table(const TableArgs& inv, std::ostream& out, std::ostream& err) {
  const auto world = open_world(inv, err);
  if (!world) return 2;
  Session s = open_session(inv, *world, err);
  if (!s.model) return 1;
  if (s.games.size() != 1) {
    fmt::print(err, "kartenwerk: table: name one game with --game ID\n");
    return 2;
  }
  if (inv.deck.empty() == inv.table.empty()) {
    fmt::print(err, "kartenwerk: table {}: name the rows: --deck ID or --table NAME\n", inv.subcommand);
    return 2;
  }
  const model::Game& game = *s.games.front();
  auto rows = find_rows(inv, s, game, err);
  if (!rows) return 1;
  if (inv.subcommand == "export") return export_table(inv, game, *rows, world->clock(), out, err);
  return import_table(inv, s, game, *rows, out, err);
}

}  // namespace kw::cli
