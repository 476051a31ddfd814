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

namespace kw::sheet {

struct CsvEditError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// `text` with the cell at `row`:`column` (from 1, as Cell::loc says) set to
// `value`, when it reads `expected` now (else CsvEditError: the file changed).
std::string set_csv_cell(const std::string& text, int row, int column, const std::string& expected,
                         const std::string& value, const std::string& file);

}  // namespace kw::sheet
