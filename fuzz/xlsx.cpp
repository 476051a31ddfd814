// libFuzzer target: an xlsx workbook as `table import` reads it
// (sheet::parse_xlsx: minizip, libxml2's pull parser, the bounds). Inputs
// that start with "PK" are the workbook's bytes as they are; any other
// input is cut at its 0x01 bytes into the parts of a workbook
// (xl/sharedStrings.xml, xl/worksheets/sheet1.xml, xl/workbook.xml,
// xl/_rels/workbook.xml.rels) and zipped, so that the mutations reach the
// XML rather than break the zip's checksums.
#include <minizip/zip.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "sheet/sheet.h"

namespace {

// A file in memory: its bytes and a path that opens it.
struct MemoryFile {
  int fd = ::memfd_create("fuzz.xlsx", 0);
  ~MemoryFile() { ::close(fd); }
  std::string path() const { return "/proc/self/fd/" + std::to_string(fd); }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  MemoryFile file;
  if (file.fd < 0) return 0;
  if (input.rfind("PK", 0) == 0) {
    if (::write(file.fd, input.data(), input.size()) != static_cast<ssize_t>(input.size())) return 0;
  } else {
    std::vector<std::string> parts(1);
    for (char c : input) {
      if (c == '\x01' && parts.size() < 4)
        parts.emplace_back();
      else
        parts.back() += c;
    }
    static const char* names[] = {"xl/sharedStrings.xml", "xl/worksheets/sheet1.xml", "xl/workbook.xml",
                                  "xl/_rels/workbook.xml.rels"};
    zipFile zip = zipOpen(file.path().c_str(), APPEND_STATUS_CREATE);
    if (!zip) return 0;
    for (size_t i = 0; i < parts.size(); ++i) {
      zipOpenNewFileInZip(zip, names[i], nullptr, nullptr, 0, nullptr, 0, nullptr, Z_DEFLATED, 1);
      zipWriteInFileInZip(zip, parts[i].data(), static_cast<unsigned>(parts[i].size()));
      zipCloseFileInZip(zip);
    }
    zipClose(zip, nullptr);
  }
  kw::Diagnostics diags;
  auto sheet = kw::sheet::parse_xlsx(file.path(), "fuzz.xlsx", diags);
  if (sheet) {
    for (const auto& row : sheet->rows)
      for (const auto& cell : row.cells)
        if (kw::sheet::cell_length(cell.text) > kw::sheet::kMaxCellLength) __builtin_trap();  // a bound let through
  } else if (!diags.has_errors()) {
    __builtin_trap();  // refused without saying why
  }
  return 0;
}
