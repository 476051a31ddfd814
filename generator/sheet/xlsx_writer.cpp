// xlsx through Debian's libxlsxwriter. It writes to a file only, so the
// workbook goes to a private temporary file whose bytes are returned.
#include <unistd.h>
#include <xlsxwriter.h>

#include <cstdlib>
#include <filesystem>
#include <stdexcept>

#include "core/files.h"
#include "sheet/sheet.h"

namespace kw::sheet {

namespace {

void check(lxw_error e, const char* what) {
  if (e != LXW_NO_ERROR) throw std::runtime_error(std::string("xlsx: ") + what + ": " + lxw_strerror(e));
}

// A sheet name has at most 31 characters and none of []:*?/\ (Excel's
// rules; libxlsxwriter gives no sheet for another name, and writing into
// none crashed): the name is only a label, the ids are in the cells.
std::string sheet_name_of(const std::string& wanted) {
  std::string name;
  for (char c : wanted) {
    const auto u = static_cast<unsigned char>(c);
    if (u >= 0x20 && u < 0x80 && std::string_view("[]:*?/\\'").find(c) == std::string_view::npos) name += c;
  }
  name = name.substr(0, LXW_SHEETNAME_MAX);
  return name.empty() ? "cards" : name;
}

}  // namespace

std::string write_xlsx(const Grid& grid, const std::string& sheet_name, const Clock& clock) {
  // The bounds first (the caller reports them at their place; this is the
  // last line of defence): nothing is written past them.
  size_t columns = 0;
  if (grid.size() > kMaxRows) throw std::runtime_error("xlsx: more rows than a sheet holds");
  for (const auto& row : grid) {
    columns = std::max(columns, row.size());
    for (const auto& cell : row)
      if (cell_length(cell) > kMaxCellLength) throw std::runtime_error("xlsx: a cell longer than a sheet holds");
  }
  if (columns > kMaxColumns) throw std::runtime_error("xlsx: more columns than a sheet holds");

  std::string tmp = (std::filesystem::temp_directory_path() / "kartenwerk-xlsx-XXXXXX").string();
  const int fd = mkstemp(tmp.data());
  if (fd < 0) throw std::runtime_error("xlsx: cannot create a temporary file");
  close(fd);
  struct Remove {
    std::string path;
    ~Remove() { std::remove(path.c_str()); }
  } remove{tmp};

  lxw_workbook* book = workbook_new(tmp.c_str());
  if (!book) throw std::runtime_error("xlsx: cannot start a workbook");
  // The document's creation date is the build's (it would be the machine's
  // clock otherwise), so the same cards give the same file.
  lxw_doc_properties props{};
  props.created = static_cast<time_t>(clock.epoch_seconds);
  workbook_set_properties(book, &props);
  const std::string name = sheet_name_of(sheet_name);
  lxw_worksheet* sheet = workbook_add_worksheet(book, name.c_str());
  lxw_format* text = workbook_add_format(book);
  lxw_format* bold = workbook_add_format(book);
  if (!sheet || !text || !bold) {
    workbook_close(book);
    throw std::runtime_error("xlsx: cannot start a sheet named '" + name + "'");
  }
  // "@": the cells are text, also when edited (a typed "=..." stays text in
  // Excel and LibreOffice), and so are the empty cells of these columns.
  format_set_num_format(text, "@");
  format_set_num_format(bold, "@");
  format_set_bold(bold);
  if (columns > 0)
    check(worksheet_set_column(sheet, 0, static_cast<lxw_col_t>(columns - 1), LXW_DEF_COL_WIDTH, text),
          "cannot format the columns");
  for (size_t r = 0; r < grid.size(); ++r)
    for (size_t c = 0; c < grid[r].size(); ++c) {
      if (grid[r][c].empty()) continue;
      // Every cell is text, as in the CSV: "007" or "1; 0" must come back
      // as written, and the column types are the game's schema, not Excel's.
      // Literal "_xHHHH_" marked as such; libxlsxwriter escapes the control
      // characters (a carriage return as "_x000D_") itself.
      const std::string escaped = escape_xstring(grid[r][c]);
      const lxw_error e = worksheet_write_string(sheet, static_cast<lxw_row_t>(r), static_cast<lxw_col_t>(c),
                                                 escaped.c_str(), r == 0 ? bold : text);
      if (e != LXW_NO_ERROR) {
        workbook_close(book);
        check(e, "cannot write a cell");
      }
    }
  if (!grid.empty()) worksheet_freeze_panes(sheet, 1, 1);
  check(workbook_close(book), "cannot write the workbook");
  auto bytes = read_file(tmp);
  if (!bytes) throw std::runtime_error("xlsx: cannot read back the workbook");
  return *bytes;
}

}  // namespace kw::sheet
