#include "sheet/csv_edit.h"

#include <fmt/format.h>

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

}  // namespace kw::sheet
