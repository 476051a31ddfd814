// libFuzzer target: CSV as `table import` and `cards_csv:` read it
// (sheet::parse_csv, libcsv), and the way back: a sheet read is written
// (formula guards and quotes) and read again, and must give the same cells.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "core/diagnostic.h"
#include "sheet/sheet.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  kw::Diagnostics diags;
  auto sheet = kw::sheet::parse_csv(std::string(reinterpret_cast<const char*>(data), size), "fuzz.csv", diags);
  if (!sheet) return 0;
  kw::sheet::Grid grid;
  for (const auto& row : sheet->rows) {
    grid.emplace_back();
    for (const auto& cell : row.cells) grid.back().push_back(cell.text);
  }
  kw::Diagnostics again_diags;
  auto again = kw::sheet::parse_csv(kw::sheet::write_csv(grid), "again.csv", again_diags);
  if (!again || again->rows.size() != grid.size()) std::abort();  // what we write, we read
  for (size_t r = 0; r < grid.size(); ++r) {
    const auto& cells = again->rows[r].cells;
    if (cells.size() != grid[r].size()) std::abort();
    for (size_t c = 0; c < cells.size(); ++c)
      if (cells[c].text != grid[r][c]) std::abort();  // the guard comes off exactly
  }
  return 0;
}
