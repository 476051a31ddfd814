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

}  // namespace

std::string write_xlsx(const Grid& grid, const std::string& sheet_name, const Clock& clock) {
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
  lxw_worksheet* sheet = workbook_add_worksheet(book, sheet_name.c_str());
  lxw_format* bold = workbook_add_format(book);
  format_set_bold(bold);
  for (size_t r = 0; r < grid.size(); ++r)
    for (size_t c = 0; c < grid[r].size(); ++c) {
      if (grid[r][c].empty()) continue;
      // Every cell is text, as in the CSV: "007" or "1; 0" must come back
      // as written, and the column types are the game's schema, not Excel's.
      check(worksheet_write_string(sheet, static_cast<lxw_row_t>(r), static_cast<lxw_col_t>(c), grid[r][c].c_str(),
                                   r == 0 ? bold : nullptr),
            "cannot write a cell");
    }
  if (!grid.empty()) worksheet_freeze_panes(sheet, 1, 1);
  check(workbook_close(book), "cannot write the workbook");
  auto bytes = read_file(tmp);
  if (!bytes) throw std::runtime_error("xlsx: cannot read back the workbook");
  return *bytes;
}

}  // namespace kw::sheet
