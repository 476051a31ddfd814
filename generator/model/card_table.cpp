#include "model/card_table.h"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <map>

#include "model/schema.h"

namespace kw::model {

using Type = FieldSpec::Type;
using yaml::Member;

namespace {

// Items of a list cell are separated by ';' ("1; 0; 1; 1"), the separator
// spreadsheet users know from nanDECK and Squib, and one that ids and
// numbers never hold.
constexpr char kItemSeparator = ';';

bool scalar_type(Type t) { return t != Type::Record && t != Type::List; }

void add_columns(const std::vector<FieldSpec>& specs, const std::string& prefix, std::vector<const FieldSpec*>& path,
                 std::vector<Column>& out, std::string& why_not) {
  for (const auto& spec : specs) {
    path.push_back(&spec);
    const std::string name = prefix + spec.name;
    if (spec.type == Type::Record)
      add_columns(spec.fields, name + ".", path, out, why_not);
    else if (spec.type == Type::List && !scalar_type(spec.element.front().type))
      why_not = "field '" + name + "' is a list of " + type_name(spec.element.front().type) +
                "s, which a spreadsheet cell cannot hold";
    else
      out.push_back({name, path});
    path.pop_back();
  }
}

std::string trim(const std::string& s) {
  const size_t b = s.find_first_not_of(" \t");
  if (b == std::string::npos) return {};
  return s.substr(b, s.find_last_not_of(" \t") - b + 1);
}

// A scalar's cell, written the one way the table writes it, so a value
// reads back equal whatever way the YAML wrote it (1.50 and 1.5, yes and true).
std::string scalar_cell(const Value& v, Type t) {
  if (t == Type::Int)
    if (auto i = v.as_int()) return std::to_string(*i);
  if (t == Type::Number)
    if (auto d = v.as_number()) return fmt::format("{}", *d);
  if (t == Type::Bool)
    if (auto b = v.as_bool()) return *b ? "true" : "false";
  return v.scalar;
}

std::optional<std::string> value_cell(const Value& v, const FieldSpec& spec, std::string& why_not) {
  if (v.is_null()) return std::string();
  if (spec.type != Type::List) return scalar_cell(v, spec.type);
  if (v.list.empty()) return std::string("[]");
  std::string cell;
  for (const auto& item : v.list) {
    std::string text = scalar_cell(item, spec.element.front().type);
    if (text.find(kItemSeparator) != std::string::npos) {
      why_not = "an item of field '" + spec.name + "' holds ';', the separator of list items in a cell";
      return std::nullopt;
    }
    cell += (cell.empty() ? "" : "; ") + text;
  }
  return cell;
}

// The cell's text as a value of `type`, or nullopt (reported).
std::optional<Value> scalar_value(const std::string& text, Type type, const SourceLoc& loc, const std::string& what,
                                  Diagnostics& diags, const std::string& card) {
  Value v;
  v.kind = Value::Kind::Scalar;
  v.loc = loc;
  auto bad = [&](const char* expected, const std::string& got) -> std::optional<Value> {
    diags.error(loc, fmt::format("{}: expected {}, got '{}'", what, expected, got), card);
    return std::nullopt;
  };
  const std::string t = trim(text);
  switch (type) {
    case Type::Int: {
      errno = 0;
      char* end = nullptr;
      const long long i = std::strtoll(t.c_str(), &end, 10);
      if (t.empty() || errno != 0 || end != t.c_str() + t.size()) return bad("a whole number", text);
      v.scalar = std::to_string(i);
      return v;
    }
    case Type::Number: {
      errno = 0;
      char* end = nullptr;
      const double d = std::strtod(t.c_str(), &end);
      if (t.empty() || errno != 0 || end != t.c_str() + t.size() || !std::isfinite(d) ||
          t.find_first_of("xXnN") != std::string::npos)  // no hex floats, infinities or NaN
        return bad("a number", text);
      v.scalar = fmt::format("{}", d);
      return v;
    }
    case Type::Bool: {
      std::string lower = t;
      std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
      if (lower == "true" || lower == "yes")
        v.scalar = "true";
      else if (lower == "false" || lower == "no")
        v.scalar = "false";
      else
        return bad("true or false", text);
      return v;
    }
    case Type::Text:
      v.scalar = text;  // as written: spaces and line breaks are the text's
      v.quoted = true;
      return v;
    default:  // ids, references, colours, art paths: names, never text with spaces around
      v.scalar = t;
      v.quoted = true;
      return v;
  }
}

std::optional<Value> cell_value(const sheet::Cell& cell, const FieldSpec& spec, const std::string& column,
                                Diagnostics& diags, const std::string& card) {
  const std::string what = "column '" + column + "'";
  if (spec.type != Type::List) return scalar_value(cell.text, spec.type, cell.loc, what, diags, card);
  Value list;
  list.kind = Value::Kind::List;
  list.loc = cell.loc;
  if (trim(cell.text) == "[]") return list;
  size_t start = 0;
  bool ok = true;
  for (int n = 1;; ++n) {
    const size_t end = cell.text.find(kItemSeparator, start);
    const std::string item = trim(cell.text.substr(start, end == std::string::npos ? std::string::npos : end - start));
    if (item.empty()) {
      diags.error(cell.loc, fmt::format("{}: item {} is empty (items are separated by ';')", what, n), card);
      ok = false;
    } else if (auto v = scalar_value(item, spec.element.front().type, cell.loc, fmt::format("{}, item {}", what, n),
                                     diags, card)) {
      list.list.push_back(std::move(*v));
    } else {
      ok = false;
    }
    if (end == std::string::npos) break;
    start = end + 1;
  }
  if (!ok) return std::nullopt;
  return list;
}

// Sets `value` at the record path of `column` inside `card`, making the records on the way.
void place(Value& card, const Column& column, Value value) {
  Value* at = &card;
  for (size_t i = 0; i + 1 < column.path.size(); ++i) {
    Value* next = at->find(column.path[i]->name);
    if (!next) {
      Value record;
      record.kind = Value::Kind::Map;
      record.loc = value.loc;
      at->map.push_back({column.path[i]->name, std::move(record)});
      at->map.back().value.key_loc = value.loc;
      next = &at->map.back().value;
    }
    at = next;
  }
  value.key_loc = value.loc;
  at->map.push_back({column.path.back()->name, std::move(value)});
}

}  // namespace

std::vector<Column> card_columns(const std::vector<FieldSpec>& specs, std::string& why_not, bool with_copies) {
  std::vector<Column> out{{"id", {}}};
  if (with_copies) out.push_back({"copies", {}});
  std::vector<const FieldSpec*> path;
  add_columns(specs, "", path, out, why_not);
  if (!why_not.empty()) out.clear();
  return out;
}

std::optional<std::vector<std::string>> card_cells(const Value& card, const std::vector<Column>& columns,
                                                   std::string& why_not) {
  std::vector<std::string> cells;
  for (const auto& column : columns) {
    if (column.path.empty()) {
      const Value* v = card.find(column.name);
      cells.push_back(!v ? std::string() : column.name == "copies" ? scalar_cell(*v, Type::Int) : v->scalar);
      continue;
    }
    const Value* v = &card;
    for (const FieldSpec* spec : column.path) v = v && v->is_map() ? v->find(spec->name) : nullptr;
    if (!v) {
      cells.emplace_back();
      continue;
    }
    auto cell = value_cell(*v, *column.path.back(), why_not);
    if (!cell) return std::nullopt;
    cells.push_back(std::move(*cell));
  }
  return cells;
}

// Over 80 lines: the header's columns and every row's cells are read in one place so that each message names its cell
// by the header's column.
// NOLINTNEXTLINE(readability-function-size)
std::vector<Value> cards_from_sheet(const sheet::Sheet& sheet, const std::vector<Column>& columns, Diagnostics& diags) {
  std::vector<Value> cards;
  if (sheet.rows.empty()) {
    diags.error({sheet.file, 1, 1}, "the sheet is empty: its first row names the columns (id, ...)");
    return cards;
  }
  // The header: which column each cell of a row belongs to.
  std::vector<const Column*> header;
  std::vector<std::string> known;
  known.reserve(columns.size());
  for (const auto& c : columns) known.push_back(c.name);
  bool header_ok = true;
  std::map<std::string, SourceLoc> seen;
  for (const auto& cell : sheet.rows.front().cells) {
    const std::string name = trim(cell.text);
    auto it = std::find_if(columns.begin(), columns.end(), [&](const Column& c) { return c.name == name; });
    if (name.empty()) {
      header.push_back(nullptr);  // an unnamed column must stay empty (checked below)
    } else if (it == columns.end()) {
      yaml::report_unknown(diags, cell.loc, name, known, "column", {});
      header_ok = false;
      header.push_back(nullptr);
    } else if (!seen.emplace(name, cell.loc).second) {
      diags.error(cell.loc, "column '" + name + "' appears twice (first at " + seen[name].str() + ")");
      header_ok = false;
      header.push_back(nullptr);
    } else {
      header.push_back(&*it);
    }
  }
  if (!seen.count("id")) {
    diags.error({sheet.file, sheet.rows.front().number, 1}, "the sheet has no 'id' column", {},
                "the first row names the columns: " + join_names(known));
    header_ok = false;
  }
  if (!header_ok) return cards;
  for (size_t r = 1; r < sheet.rows.size(); ++r) {
    const sheet::Row& row = sheet.rows[r];
    Value card;
    card.kind = Value::Kind::Map;
    card.loc = {sheet.file, row.number, 1};
    std::string id;
    for (size_t c = 0; c < row.cells.size() && c < header.size(); ++c)
      if (header[c] && header[c]->name == "id") id = trim(row.cells[c].text);
    bool ok = true;
    if (id.empty()) {
      diags.error(card.loc, "row " + std::to_string(row.number) + " has no id (column 'id' is empty)");
      ok = false;
    }
    for (size_t c = 0; c < row.cells.size(); ++c) {
      const sheet::Cell& cell = row.cells[c];
      const Column* column = c < header.size() ? header[c] : nullptr;
      if (!column) {
        if (!trim(cell.text).empty()) {
          diags.error(cell.loc, "a value in a column without a name (the first row names the columns)", id);
          ok = false;
        }
        continue;
      }
      if (column->path.empty() ? trim(cell.text).empty() : cell.text.empty()) {  // an empty cell: absent
        if (column->path.size() == 1 && column->path.front()->required) {
          diags.error(cell.loc, "column '" + column->name + "': the field is required, the cell is empty", id);
          ok = false;
        }
        continue;
      }
      if (column->name == "id") {
        Value v;
        v.kind = Value::Kind::Scalar;
        v.scalar = id;
        v.loc = v.key_loc = cell.loc;
        card.map.push_back({"id", std::move(v)});
      } else if (column->name == "copies") {
        auto v = scalar_value(cell.text, Type::Int, cell.loc, "column 'copies'", diags, id);
        if (!v) {
          ok = false;
          continue;
        }
        v->key_loc = cell.loc;
        card.map.push_back({"copies", std::move(*v)});
      } else if (auto v = cell_value(cell, *column->path.back(), column->name, diags, id)) {
        place(card, *column, std::move(*v));
      } else {
        ok = false;
      }
    }
    // The card's keys in the columns' order (id, copies, the schema's), whatever the sheet's order.
    auto rank = [&](const Member& m) {
      for (size_t i = 0; i < columns.size(); ++i)
        if ((columns[i].path.empty() ? columns[i].name : columns[i].path.front()->name) == m.key) return i;
      return columns.size();
    };
    std::stable_sort(card.map.begin(), card.map.end(),
                     [&](const Member& a, const Member& b) { return rank(a) < rank(b); });
    if (ok) cards.push_back(std::move(card));
  }
  return cards;
}

}  // namespace kw::model
