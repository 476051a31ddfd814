#include "sheet/csv_edit.h"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "sheet/sheet.h"

namespace kw::sheet {

namespace {

// A cell's bytes [begin, end) and its text as parse_csv reads it.
struct Span {
  size_t begin = 0, end = 0;
  std::string text;
};

// The cell starting at `at`; `at` is left at the byte after it (a comma,
// a line end, or the end).
Span cell_at(const std::string& text, size_t& at) {
  Span s;
  s.begin = at;
  if (at < text.size() && text[at] == '"') {
    for (++at; at < text.size(); ++at) {
      if (text[at] != '"') {
        s.text += text[at];
      } else if (at + 1 < text.size() && text[at + 1] == '"') {
        s.text += '"';
        ++at;
      } else {
        ++at;
        break;
      }
    }
  } else {
    while (at < text.size() && text[at] != ',' && text[at] != '\n' && text[at] != '\r') s.text += text[at++];
  }
  s.end = at;
  return s;
}

}  // namespace

std::string set_csv_cell(const std::string& text, int row, int column, const std::string& expected,
                         const std::string& value, const std::string& file) {
  size_t at = text.starts_with("\xEF\xBB\xBF") ? 3 : 0;
  int r = 1, c = 1;
  while (at <= text.size()) {
    Span cell = cell_at(text, at);
    if (r == row && c == column) {
      if (unguard_formula(cell.text) != expected)
        throw CsvEditError(fmt::format("{}:{}:{}: the cell no longer reads what the page shows (the file changed?)",
                                       file, row, column));
      std::string written = write_csv({{value}});
      if (written.ends_with('\n')) written.pop_back();
      return text.substr(0, cell.begin) + written + text.substr(cell.end);
    }
    if (at >= text.size()) break;
    if (text[at] == ',') {
      ++c;
      ++at;
      continue;
    }
    // A row ends: "\r\n" once, "\n" or "\r" alone.
    at += text.compare(at, 2, "\r\n") == 0 ? 2 : 1;
    ++r;
    c = 1;
  }
  throw CsvEditError(fmt::format("{}:{}:{}: no such cell in the file", file, row, column));
}

namespace {

// A row's bytes [begin, end), its line end included, and its cells' texts.
struct RowSpan {
  size_t begin = 0, end = 0;
  std::vector<std::string> cells;
  bool ended = false;  // has a line end
};

std::vector<RowSpan> rows_of(const std::string& text) {
  std::vector<RowSpan> rows;
  size_t at = text.starts_with("\xEF\xBB\xBF") ? 3 : 0;
  RowSpan row;
  row.begin = at;
  while (at < text.size()) {
    row.cells.push_back(unguard_formula(cell_at(text, at).text));
    if (at >= text.size()) break;
    if (text[at] == ',') {
      ++at;
      if (at == text.size()) row.cells.emplace_back();
      continue;
    }
    at += text.compare(at, 2, "\r\n") == 0 ? 2 : 1;
    row.end = at;
    row.ended = true;
    rows.push_back(std::move(row));
    row = RowSpan{};
    row.begin = at;
  }
  if (row.begin < text.size()) {
    row.end = text.size();
    rows.push_back(std::move(row));
  }
  return rows;
}

// The file's line end: its first row's.
std::string line_end_of(const std::string& text, const std::vector<RowSpan>& rows) {
  if (rows.empty() || !rows.front().ended) return "\n";
  return text.compare(rows.front().end - 2, 2, "\r\n") == 0 ? "\r\n" : "\n";
}

const RowSpan& checked_row(const std::vector<RowSpan>& rows, int row, int column, const std::string& expected,
                           const std::string& file) {
  if (row < 2 || static_cast<size_t>(row) > rows.size())
    throw CsvEditError(fmt::format("{}:{}: no such card row in the file (the file changed?)", file, row));
  const RowSpan& r = rows[static_cast<size_t>(row) - 1];
  if (column < 1 || static_cast<size_t>(column) > r.cells.size() ||
      r.cells[static_cast<size_t>(column) - 1] != expected)
    throw CsvEditError(
        fmt::format("{}:{}:{}: the row no longer holds '{}' (the file changed?)", file, row, column, expected));
  return r;
}

// The row's bytes with a line end (a last row without one gets the file's).
std::string whole(const std::string& text, const std::vector<RowSpan>& rows, const RowSpan& r) {
  std::string bytes = text.substr(r.begin, r.end - r.begin);
  return r.ended ? bytes : bytes + line_end_of(text, rows);
}

// `text` as it ends: with a line end or without, as before.
std::string ending_as(const std::string& out, const std::string& text, const std::vector<RowSpan>& rows) {
  const bool ended = rows.empty() || rows.back().ended;
  if (ended) return out;
  std::string trimmed = out;
  if (trimmed.ends_with("\r\n"))
    trimmed.resize(trimmed.size() - 2);
  else if (trimmed.ends_with('\n'))
    trimmed.pop_back();
  (void)text;
  return trimmed;
}

}  // namespace

std::string remove_csv_row(const std::string& text, int row, int column, const std::string& expected,
                           const std::string& file) {
  const auto rows = rows_of(text);
  const RowSpan& r = checked_row(rows, row, column, expected, file);
  std::string out = text.substr(0, r.begin);
  for (size_t i = static_cast<size_t>(row); i < rows.size(); ++i) out += whole(text, rows, rows[i]);
  return ending_as(out, text, rows);
}

std::string duplicate_csv_row(const std::string& text, int row, int column, const std::string& expected,
                              const std::string& value, const std::string& file) {
  const auto rows = rows_of(text);
  const RowSpan& r = checked_row(rows, row, column, expected, file);
  const std::string copy = set_csv_cell(whole(text, rows, r), 1, column, expected, value, file);
  std::string out = text.substr(0, r.begin) + whole(text, rows, r) + copy;
  for (size_t i = static_cast<size_t>(row); i < rows.size(); ++i) out += whole(text, rows, rows[i]);
  return ending_as(out, text, rows);
}

std::string insert_csv_row(const std::string& text, int row, int column, const std::string& expected,
                           const std::vector<std::pair<std::string, std::string>>& cells, const std::string& file) {
  const auto rows = rows_of(text);
  const RowSpan& r = checked_row(rows, row, column, expected, file);
  const std::vector<std::string>& header = rows.front().cells;
  std::vector<std::string> values(header.size());
  for (const auto& [name, value] : cells) {
    auto it = std::find(header.begin(), header.end(), name);
    if (it == header.end()) throw CsvEditError(fmt::format("{}:1: no column '{}' in the header", file, name));
    values[static_cast<size_t>(it - header.begin())] = value;
  }
  std::string added = write_csv({values});
  if (added.ends_with('\n')) added.pop_back();
  added += line_end_of(text, rows);
  std::string out = text.substr(0, r.begin) + whole(text, rows, r) + added;
  for (size_t i = static_cast<size_t>(row); i < rows.size(); ++i) out += whole(text, rows, rows[i]);
  return ending_as(out, text, rows);
}

std::string move_csv_row(const std::string& text, int from, int to, int column, const std::string& expected,
                         const std::string& file) {
  const auto rows = rows_of(text);
  checked_row(rows, from, column, expected, file);
  if (to < 2 || static_cast<size_t>(to) > rows.size())
    throw CsvEditError(fmt::format("{}:{}: no row to move it to", file, to));
  std::vector<std::string> data;
  for (size_t i = 1; i < rows.size(); ++i) data.push_back(whole(text, rows, rows[i]));
  std::string moved = data[static_cast<size_t>(from) - 2];
  data.erase(data.begin() + from - 2);
  data.insert(data.begin() + to - 2, std::move(moved));
  std::string out = text.substr(0, rows[1].begin);
  for (const auto& d : data) out += d;
  return ending_as(out, text, rows);
}

int csv_column(const std::string& text, const std::string& name) {
  const auto rows = rows_of(text);
  if (rows.empty()) return 0;
  for (size_t i = 0; i < rows.front().cells.size(); ++i)
    if (rows.front().cells[i] == name) return static_cast<int>(i) + 1;
  return 0;
}

}  // namespace kw::sheet
