#include "tables/card_rows.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <stdexcept>

#include "core/files.h"
#include "core/names.h"
#include "model/database_schema.h"
#include "model/schema.h"
#include "project/overlay_project.h"
#include "yaml/block_list.h"
#include "yaml/reader.h"

namespace kw::tables {

namespace fs = std::filesystem;

namespace {

model::Value with_id(const std::string& id, const model::Value& fields) {
  model::Value row = fields;
  model::Value idv;
  idv.kind = model::Value::Kind::Scalar;
  idv.scalar = id;
  idv.loc = fields.key_loc;
  row.kind = model::Value::Kind::Map;
  row.map.insert(row.map.begin(), {"id", idv});
  return row;
}

// The rows `items` holds as the data writes them: maps with `id` first.
std::vector<model::Value> rows_of(const model::Value& items, bool table) {
  if (!table) return items.list;
  std::vector<model::Value> out;
  for (const auto& [key, value] : items.map) out.push_back(with_id(key, value));
  return out;
}

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

const model::Value* holder_of(const model::Value& doc, const std::string& name, bool table) {
  return table ? find_table(doc, name) : find_deck(doc, name);
}

// A card of the sheet checked as the loader checks a card of the data: its
// own keys (copies, and per_copy kept from the data), then its fields.
void check_card(const model::Game& game, const std::vector<model::FieldSpec>& specs, const model::Value& card,
                const project::Project& project, Diagnostics& diags) {
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
  model::ValidationContext ctx{&game, &project, id, false};
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

// The specs of `game`'s table or deck `name`; null (and said in `problem`)
// when it has none of that name.
const std::vector<model::FieldSpec>* specs_of(const model::Game& game, const std::string& name, bool table,
                                              std::string& file, std::string& problem) {
  if (table) {
    const model::Table* t = game.table(name);
    if (!t) {
      std::vector<std::string> ids;
      for (const auto& x : game.tables) ids.push_back(x.id);
      problem = fmt::format("game '{}' has no table '{}' (tables: {})", game.id, name,
                            ids.empty() ? "none" : yaml::join_names(ids));
      return nullptr;
    }
    file = t->loc.file;
    return &t->fields;
  }
  const model::Deck* d = game.deck(name);
  if (!d) {
    std::vector<std::string> ids;
    for (const auto& x : game.decks) ids.push_back(x.id);
    problem = fmt::format("game '{}' has no deck '{}' (decks: {})", game.id, name, yaml::join_names(ids));
    return nullptr;
  }
  file = d->loc.file;
  return &game.fields_of(d->id);
}

}  // namespace

std::vector<model::Value> Rows::written() const { return rows_of(*items, table); }

std::optional<Rows> find_rows(const project::Project& project, const model::Game& game, const std::string& deck,
                              const std::string& table, Diagnostics& diags, std::string& problem) {
  Rows rows;
  rows.table = !table.empty();
  rows.name = rows.table ? table : deck;
  rows.what = (rows.table ? "table '" : "deck '") + rows.name + "'";
  // The model's own specs: the columns point into them.
  const std::vector<model::FieldSpec>* specs = specs_of(game, rows.name, rows.table, rows.file, problem);
  if (!specs) return std::nullopt;
  project::InputPtr input = project.read(rows.file);
  auto doc = input ? yaml::parse_yaml_string(input->text(), rows.file, diags) : std::nullopt;
  if (!doc) return std::nullopt;
  rows.text = input->text();
  rows.doc = std::move(*doc);
  rows.holder = holder_of(rows.doc, rows.name, rows.table);
  if (!rows.holder) throw std::logic_error("table: " + rows.what + " is not in " + rows.file);
  rows.items = rows.holder->find(rows.table ? "entries" : "cards");
  if (!rows.items) {
    const model::Value* csv = rows.holder->find("cards_csv");
    diags.error(csv ? csv->loc : rows.holder->loc, fmt::format("{} reads its cards from {} (cards_csv): edit that file",
                                                               rows.what, csv ? csv->scalar : "a CSV file"));
    return std::nullopt;
  }
  std::string why_not;
  rows.columns = model::card_columns(*specs, why_not, !rows.table);
  if (rows.columns.empty()) {
    diags.error(rows.holder->loc, fmt::format("{} cannot be a spreadsheet: {}", rows.what, why_not));
    return std::nullopt;
  }
  return rows;
}

std::optional<sheet::Grid> export_rows(const Rows& rows, Diagnostics& diags) {
  sheet::Grid grid;
  grid.emplace_back();
  for (const auto& c : rows.columns) grid.back().push_back(c.name);
  // A spreadsheet's own bounds: a sheet past them would not open whole (a
  // cell cut short, rows missing), and what came back would be wrong.
  if (rows.columns.size() > sheet::kMaxColumns)
    diags.error(rows.holder->loc, fmt::format("{} has {} columns, more than the {} a spreadsheet holds", rows.what,
                                              rows.columns.size(), sheet::kMaxColumns));
  for (const auto& row : rows.written()) {
    std::string why_not;
    auto cells = model::card_cells(row, rows.columns, why_not);
    if (!cells) {
      diags.error(row.loc, fmt::format("{} cannot be a spreadsheet: {}", rows.what, why_not));
      return std::nullopt;
    }
    const model::Value* idv = row.find("id");
    const std::string id = idv ? idv->scalar : std::string();
    for (size_t c = 0; c < cells->size(); ++c)
      if (const size_t length = sheet::cell_length((*cells)[c]); length > sheet::kMaxCellLength)
        diags.error(cell_loc(row, rows.columns[c].name),
                    fmt::format("column '{}' would hold {} characters, more than the {} a spreadsheet cell holds",
                                rows.columns[c].name, length, sheet::kMaxCellLength),
                    id);
    if (row.find("per_copy"))
      diags.note(row.loc,
                 fmt::format("card '{}' has per_copy patches: they are not in the sheet, and import keeps them", id));
    grid.push_back(std::move(*cells));
  }
  if (grid.size() > sheet::kMaxRows)
    diags.error(rows.items->loc, fmt::format("{} has {} rows, more than the {} a spreadsheet holds", rows.what,
                                             grid.size(), sheet::kMaxRows));
  if (diags.has_errors()) return std::nullopt;
  return grid;
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

namespace {

// Where each id stands among `old`, the rows the data has now.
std::map<std::string, size_t> index_by_id(const std::vector<model::Value>& old) {
  std::map<std::string, size_t> index;
  for (size_t i = 0; i < old.size(); ++i)
    if (const model::Value* id = old[i].find("id")) index[id->scalar] = i;
  return index;
}

// The sheet's rows, each checked as the loader checks the data's (ids once,
// not another deck's, cells by the schema); per_copy patches taken from the
// data's row of the same id (`old`, indexed by `old_index`).
std::vector<model::Value> checked_rows(const project::Project& project, const model::Game& game, const Rows& rows,
                                       const sheet::Sheet& sheet, const std::string& path,
                                       const std::vector<model::Value>& old,
                                       const std::map<std::string, size_t>& old_index, Diagnostics& diags) {
  std::map<int, std::string> header;  // column number -> the column's name
  if (!sheet.rows.empty())
    for (const auto& cell : sheet.rows.front().cells) header[cell.loc.column] = cell.text;
  std::vector<model::Value> sheet_rows = model::cards_from_sheet(sheet, rows.columns, diags);
  if (sheet_rows.empty() && !diags.has_errors())
    diags.error({path, 1, 1}, "the sheet has no rows after the header (" + rows.what + " needs at least one)");
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
    Diagnostics found;
    if (table) {
      model::Value fields = row;
      fields.map.erase(fields.map.begin());  // the id
      model::ValidationContext ctx{&game, &project, idv.scalar, false};
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
    check_card(game, game.fields_of(rows.name), row, project, found);
    with_columns(found);
  }
  return sheet_rows;
}

// Whether `text`, read again, holds exactly `expected` as `rows`' items.
bool reads_back_as(const Rows& rows, const std::string& text, const std::vector<model::Value>& expected) {
  Diagnostics reread;
  auto doc = yaml::parse_yaml_string(text, rows.file, reread);
  const model::Value* holder = doc ? holder_of(*doc, rows.name, rows.table) : nullptr;
  const model::Value* items = holder ? holder->find(rows.table ? "entries" : "cards") : nullptr;
  const auto back = items ? rows_of(*items, rows.table) : std::vector<model::Value>{};
  if (back.size() != expected.size()) return false;
  for (size_t i = 0; i < back.size(); ++i) {
    std::string why;
    if (model::card_cells(back[i], rows.columns, why) != model::card_cells(expected[i], rows.columns, why))
      return false;
  }
  return true;
}

}  // namespace

ImportOutcome import_rows(const project::Project& project, const model::Game& game, const Rows& rows,
                          const sheet::Sheet& sheet, const std::string& path) {
  ImportOutcome outcome;
  Diagnostics& diags = outcome.diagnostics;
  const std::vector<model::Value> old = rows.written();
  const std::map<std::string, size_t> old_index = index_by_id(old);
  const std::vector<model::Value> sheet_rows = checked_rows(project, game, rows, sheet, path, old, old_index, diags);
  std::string why_not;
  auto split = rows.table ? yaml::split_block_map(rows.text, *rows.items, why_not)
                          : yaml::split_block_list(rows.text, *rows.items, why_not);
  if (!split)
    diags.error(rows.items->loc, "cannot rewrite " + rows.what + " in place: " + why_not, {},
                "write it in block style, one item per line start");
  if (diags.has_errors()) return outcome;

  yaml::BlockList next = *split;
  next.items.clear();
  size_t kept = 0;
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
      ++outcome.added;
      continue;
    }
    const auto& item = split->items[it->second];
    std::string why;
    if (model::card_cells(old[it->second], rows.columns, why) == model::card_cells(row, rows.columns, why)) {
      next.items.push_back(item);
      ++kept;
    } else {
      next.items.push_back({item.lead, write_item(in_order_of(row, old[it->second]), item.body)});
      ++outcome.changed;
    }
  }
  outcome.rows = sheet_rows.size();
  outcome.removed = old.size() - kept - outcome.changed;
  outcome.text = next.text();
  if (outcome.text == rows.text) {
    outcome.status = ImportOutcome::Status::Unchanged;
    return outcome;
  }
  // The whole database as it would be: what the rows change elsewhere (a
  // card naming a removed entry, a card reference to a removed card) is
  // found before anything is written.
  project::OverlayProject after(project, rows.file, outcome.text);
  auto reload = model::load_model(after);
  if (!reload.model) {
    outcome.status = ImportOutcome::Status::DoesNotLoad;
    diags = std::move(reload.diagnostics);
    return outcome;
  }
  // What is written must read back as the sheet's rows: a mistake of ours
  // here would otherwise land in the author's file.
  if (!reads_back_as(rows, outcome.text, sheet_rows))
    throw std::logic_error("table import: the rewritten " + rows.file + " does not read back as the sheet");
  outcome.status = ImportOutcome::Status::Changed;
  return outcome;
}

}  // namespace kw::tables
