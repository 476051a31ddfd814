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

// A spreadsheet's own bounds (Excel's; LibreOffice's are alike): what a
// sheet written here may hold, so that it opens whole. `cell_length`
// counts as Excel does, in UTF-16 units.
inline constexpr size_t kMaxCellLength = 32767;
inline constexpr size_t kMaxRows = 1048576;
inline constexpr size_t kMaxColumns = 16384;
size_t cell_length(std::string_view text);

// What a sheet read here may hold, so that a small file cannot take the
// memory of a large one: cells (empty ones inside a row included) and
// bytes of cell text, in all. Past either, reading stops with an error at
// the cell.
inline constexpr size_t kMaxReadCells = 2'000'000;
inline constexpr size_t kMaxReadTextBytes = 256u << 20;

// OOXML's escapes in a string (ECMA-376 ST_Xstring): "_xHHHH_" stands for
// the character U+HHHH (Excel and libxlsxwriter write a carriage return as
// "_x000D_", since XML would turn it into a line feed), and "_x005F_" for
// an underscore that starts such a sequence literally. decode_xstring
// reads them; escape_xstring marks each literal "_xHHHH_" of `text` so, so
// that what libxlsxwriter writes (it escapes the control characters
// itself) reads back as it was.
std::string decode_xstring(std::string_view text);
std::string escape_xstring(std::string_view text);

// Formula injection: a spreadsheet runs a cell that starts with '=', '+',
// '-' or '@' (and, in some, a tab or carriage return before one) as a
// formula when it opens a CSV file. Written to CSV, such a cell gets an
// apostrophe in front (as the spreadsheets' own "text" mark), and a cell
// that already starts with apostrophes before such a character one more,
// so that reading takes exactly one off again and every cell comes back
// as it was. Plain numbers ("-3", "-0.5") are left as they are: they are
// numbers to a spreadsheet, not formulas.
std::string guard_formula(std::string cell);
std::string unguard_formula(std::string cell);

// Reads CSV text (RFC 4180: commas, "quoted" cells with "" for a quote and
// line breaks inside), formula guards taken off (unguard_formula). A UTF-8
// byte order mark is skipped; text that is not UTF-8 or holds a NUL,
// quotes that do not close and more than the reading bounds are errors at
// their row. nullopt
// on errors.
std::optional<Sheet> parse_csv(std::string_view text, const std::string& file, Diagnostics& diags);

// CSV of `grid`, rows ending in "\n", cells guarded (guard_formula); a cell
// is quoted only when it must be (a comma, quote, line break, space at
// either end, or a U+FEFF first, which would read as a byte order mark).
std::string write_csv(const Grid& grid);

// The bytes of an xlsx workbook with one sheet named `sheet_name` (cut to
// the 31 characters a sheet name may have) holding `grid` as text cells
// (the first row bold and frozen). Every cell is a string formatted as
// text ("@"), so a spreadsheet neither runs one as a formula nor turns one
// into a formula when it is edited; the strings are written as they are.
// The same grid always gives the same bytes: the document's date is
// `clock`'s. Throws std::runtime_error when a
// cell or the grid is past the bounds above (check them first for a located
// error) or libxlsxwriter fails.
std::string write_xlsx(const Grid& grid, const std::string& sheet_name, const Clock& clock);

// Reads the first sheet of the xlsx workbook at `path` (named `file` in
// messages): shared strings, inline strings, numbers and booleans as their
// text. The parts are read as streams, never whole (a part's declared size
// is not trusted: at most file-bytes are inflated from it), and within the
// reading bounds above and Excel's (rows, columns, cell length). nullopt on
// errors (not a zip, no sheet, broken XML, a bound passed), reported at the
// file, or at the cell.
std::optional<Sheet> parse_xlsx(const std::string& path, const std::string& file, Diagnostics& diags);

}  // namespace kw::sheet
