#pragma once
// Spreadsheets as plain grids of text: CSV (libcsv) and xlsx (written with
// libxlsxwriter, read with minizip and libxml2). Every cell remembers where it
// is (file:row:col, both counted from 1 as a spreadsheet shows them), so a
// later stage can point at a bad cell. What the cells mean is the model's
// business (model/card_table.h); this only reads and writes grids.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/clock.h"
#include "core/diagnostic.h"

namespace kw::sheet {

struct Cell {
  std::string text;
  SourceLoc loc;  // file:row:col
};

struct Row {
  int number = 0;  // the row as the spreadsheet shows it (1 = the header)
  std::vector<Cell> cells;
};

// A grid read from a file: its rows in order, blank rows left out (their
// numbers are skipped, so later rows keep the numbers a spreadsheet shows).
struct Sheet {
  std::string file;
  std::vector<Row> rows;
};

using Grid = std::vector<std::vector<std::string>>;

// Reads CSV text (RFC 4180: commas, "quoted" cells with "" for a quote and
// line breaks inside). A UTF-8 byte order mark is skipped; text that is not
// UTF-8 or quotes that do not close are errors at their row. nullopt on errors.
std::optional<Sheet> parse_csv(std::string_view text, const std::string& file, Diagnostics& diags);

// CSV of `grid`, rows ending in "\n"; a cell is quoted only when it must be
// (a comma, quote, line break, or space at either end).
std::string write_csv(const Grid& grid);

// The bytes of an xlsx workbook with one sheet named `sheet_name` holding
// `grid` as text cells (the first row bold and frozen). The same grid always
// gives the same bytes: the document's date is `clock`'s. Throws std::runtime_error when libxlsxwriter fails.
std::string write_xlsx(const Grid& grid, const std::string& sheet_name, const Clock& clock);

// Reads the first sheet of the xlsx workbook at `path` (named `file` in messages) (shared strings, inline strings,
// numbers and booleans as their text). nullopt on errors (not a zip, no sheet,
// broken XML), reported at the file.
std::optional<Sheet> parse_xlsx(const std::string& path, const std::string& file, Diagnostics& diags);

}  // namespace kw::sheet
