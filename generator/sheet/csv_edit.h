#pragma once
// One cell of a CSV file changed in place (a card table's cell edited in the
// studio): every other byte stays as it was, the other cells' quoting and
// the file's line ends included. Rows are counted as parse_csv counts them
// (a record per row, "\r\n" one row end, blank rows counted); the new text
// is written as write_csv writes a cell (quoted only when it must be, with
// its formula guard). Hand-written because libcsv, which reads the files,
// tells no byte offsets of cells.
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace kw::sheet {

struct CsvEditError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// `text` with the cell at `row`:`column` (from 1, as Cell::loc says) set to
// `value`, when it reads `expected` now (else CsvEditError: the file changed).
std::string set_csv_cell(const std::string& text, int row, int column, const std::string& expected,
                         const std::string& value, const std::string& file);

// Whole rows (a card table's cards added, removed and moved in the studio),
// rows counted as above (1: the header), each with its line end. `column`
// and `expected`: the row's cell there (its id) must read that now, else
// CsvEditError (the file changed). A row written where none was gets the
// line end the file uses.
std::string remove_csv_row(const std::string& text, int row, int column, const std::string& expected,
                           const std::string& file);
// Row `row` copied right after itself, its cell at `column` set to `value`.
std::string duplicate_csv_row(const std::string& text, int row, int column, const std::string& expected,
                              const std::string& value, const std::string& file);
// A new row right after row `row`: in each column the header names in
// `cells` that text (written as write_csv writes a cell), the other cells
// empty. CsvEditError for a name the header does not have.
std::string insert_csv_row(const std::string& text, int row, int column, const std::string& expected,
                           const std::vector<std::pair<std::string, std::string>>& cells, const std::string& file);
// Row `from` moved to be row `to` (the header, row 1, stays where it is).
std::string move_csv_row(const std::string& text, int from, int to, int column, const std::string& expected,
                         const std::string& file);
// The column (from 1) whose header cell reads `name`; 0 when none does.
int csv_column(const std::string& text, const std::string& name);

}  // namespace kw::sheet
