// CSV through Debian's libcsv: it splits cells (quotes, doubled quotes, line
// breaks in cells); this file counts rows and columns for the locations.
#include <csv.h>

#include <fmt/format.h>

#include <memory>

#include "core/utf8.h"
#include "sheet/sheet.h"

namespace kw::sheet {

namespace {

// What libcsv's callbacks build up.
struct Reading {
  Sheet sheet;
  Row row;
  size_t cells = 0, bytes = 0;  // read so far, against the reading bounds
  bool over = false;            // a bound was passed: the rest is skipped
  int number = 1;               // the row being read
  bool after_cr = false;        // the last row ended in '\r': a '\n' next is its "\r\n"
  std::vector<int> blank_cr;    // rows that ended in '\r' with no cells (of "\r\n")
};

void on_cell(void* data, size_t size, void* state) {
  auto& r = *static_cast<Reading*>(state);
  if (r.over) return;
  if (++r.cells > kMaxReadCells || (r.bytes += size) > kMaxReadTextBytes) {
    r.over = true;
    return;
  }
  Cell cell;
  if (data) cell.text = unguard_formula(std::string(static_cast<const char*>(data), size));
  cell.loc = {r.sheet.file, r.number, static_cast<int>(r.row.cells.size()) + 1};
  r.row.cells.push_back(std::move(cell));
}

void on_row_end(int terminator, void* state) {
  auto& r = *static_cast<Reading*>(state);
  if (r.over) return;
  // libcsv reports every line break (CSV_REPALL_NL), so a "\r\n" ends one row
  // and then an empty one: that one is no row of the spreadsheet.
  const bool crlf_tail = terminator == '\n' && r.after_cr && r.row.cells.empty();
  r.after_cr = terminator == '\r';
  if (crlf_tail) return;
  bool blank = true;
  for (const auto& c : r.row.cells) blank = blank && c.text.empty();
  if (!blank) {
    r.row.number = r.number;
    r.sheet.rows.push_back(std::move(r.row));
  }
  r.row = {};
  ++r.number;
}

// libcsv trims spaces and tabs around unquoted cells by default; a cell's
// text is kept as written.
int no_space(unsigned char) { return 0; }

}  // namespace

std::optional<Sheet> parse_csv(std::string_view text, const std::string& file, Diagnostics& diags) {
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);  // the byte order mark spreadsheets write
  if (size_t bad = utf8::first_invalid(text); bad != std::string_view::npos) {
    int row = 1;
    for (size_t i = 0; i < bad; ++i) row += text[i] == '\n';
    diags.error({file, row, 0},
                "the CSV file is not UTF-8 text (byte " + std::to_string(bad) + "); save it as \"CSV UTF-8\"");
    return std::nullopt;
  }
  if (size_t nul = text.find('\0'); nul != std::string_view::npos) {
    int row = 1;
    for (size_t i = 0; i < nul; ++i) row += text[i] == '\n';
    diags.error({file, row, 0},
                "the CSV file holds a NUL character (byte " + std::to_string(nul) + "), which no text may hold");
    return std::nullopt;
  }
  csv_parser parser;
  if (csv_init(&parser, CSV_STRICT | CSV_STRICT_FINI | CSV_REPALL_NL | CSV_APPEND_NULL) != 0) throw std::bad_alloc();
  std::unique_ptr<csv_parser, void (*)(csv_parser*)> guard(&parser, csv_free);
  csv_set_space_func(&parser, no_space);
  Reading r;
  r.sheet.file = file;
  const size_t used = csv_parse(&parser, text.data(), text.size(), on_cell, on_row_end, &r);
  if (used != text.size() || csv_fini(&parser, on_cell, on_row_end, &r) != 0) {
    diags.error({file, r.number, static_cast<int>(r.row.cells.size()) + 1},
                std::string("cannot read the CSV file: ") + csv_strerror(csv_error(&parser)), {},
                "a quote inside a cell is written twice, and a cell with quotes, commas or line breaks is quoted");
    return std::nullopt;
  }
  if (r.over) {
    diags.error({file, r.number, static_cast<int>(r.row.cells.size()) + 1},
                fmt::format("the CSV file holds more than {} cells or {} bytes of text, more than a card table can "
                            "have",
                            kMaxReadCells, kMaxReadTextBytes));
    return std::nullopt;
  }
  return std::move(r.sheet);
}

namespace {

bool needs_quotes(const std::string& cell) {
  if (cell.empty()) return false;
  if (cell.front() == ' ' || cell.back() == ' ' || cell.front() == '\t' || cell.back() == '\t') return true;
  // A cell starting with U+FEFF would read as the byte order mark at the
  // start of a file (and be dropped): quoted, it is text (found by fuzzing).
  if (cell.starts_with("\xEF\xBB\xBF")) return true;
  return cell.find_first_of(",\"\r\n") != std::string::npos;
}

}  // namespace

std::string write_csv(const Grid& grid) {
  std::string out;
  for (const auto& row : grid) {
    for (size_t i = 0; i < row.size(); ++i) {
      if (i > 0) out += ',';
      const std::string cell = guard_formula(row[i]);
      if (!needs_quotes(cell)) {
        out += cell;
        continue;
      }
      // csv_write quotes the cell and doubles its quotes; it says how much
      // room that takes when given none.
      std::string quoted(csv_write(nullptr, 0, cell.data(), cell.size()), '\0');
      csv_write(quoted.data(), quoted.size(), cell.data(), cell.size());
      out += quoted;
    }
    out += '\n';
  }
  return out;
}

}  // namespace kw::sheet
