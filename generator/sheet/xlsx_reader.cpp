// Reading xlsx: Debian has no maintained xlsx reader (its freexl, 1.0.6,
// reads only .xls), so the workbook is opened as what it is, a zip of XML
// parts, with minizip and libxml2. Only what a sheet of text needs is read:
// the first sheet's cells and the shared strings they point into.
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <minizip/unzip.h>

#include <map>
#include <memory>

#include "core/limits.h"
#include "sheet/sheet.h"

namespace kw::sheet {

namespace {

using Doc = std::unique_ptr<xmlDoc, void (*)(xmlDoc*)>;

// One part of the zip, or nullopt when it is absent or larger than the limit.
std::optional<std::string> part(unzFile zip, const std::string& name) {
  if (unzLocateFile(zip, name.c_str(), 1) != UNZ_OK) return std::nullopt;
  unz_file_info info{};
  if (unzGetCurrentFileInfo(zip, &info, nullptr, 0, nullptr, 0, nullptr, 0) != UNZ_OK) return std::nullopt;
  if (info.uncompressed_size > limits().file_bytes) return std::nullopt;
  if (unzOpenCurrentFile(zip) != UNZ_OK) return std::nullopt;
  std::string bytes(info.uncompressed_size, '\0');
  const int n = bytes.empty() ? 0 : unzReadCurrentFile(zip, bytes.data(), static_cast<unsigned>(bytes.size()));
  unzCloseCurrentFile(zip);
  if (n < 0 || static_cast<size_t>(n) != bytes.size()) return std::nullopt;
  return bytes;
}

Doc parse_xml(const std::string& bytes) {
  // No network, no entities from outside the part, no DTD loading.
  return Doc(xmlReadMemory(bytes.data(), static_cast<int>(bytes.size()), nullptr, nullptr, XML_PARSE_NONET),
             xmlFreeDoc);
}

bool named(const xmlNode* n, const char* name) {
  return n->type == XML_ELEMENT_NODE && xmlStrcmp(n->name, reinterpret_cast<const xmlChar*>(name)) == 0;
}

std::string attribute(const xmlNode* n, const char* name) {
  for (const xmlAttr* a = n->properties; a; a = a->next)
    if (xmlStrcmp(a->name, reinterpret_cast<const xmlChar*>(name)) == 0 && a->children && a->children->content)
      return reinterpret_cast<const char*>(a->children->content);
  return {};
}

// The text of every <t> below `n` (a rich-text string is several runs), but
// not of <rPh>, the phonetic guide a Japanese Excel adds.
void texts(const xmlNode* n, std::string& out) {
  for (const xmlNode* c = n->children; c; c = c->next) {
    if (named(c, "rPh")) continue;
    if (named(c, "t")) {
      for (const xmlNode* t = c->children; t; t = t->next)
        if (t->content) out += reinterpret_cast<const char*>(t->content);
    } else {
      texts(c, out);
    }
  }
}

const xmlNode* child(const xmlNode* n, const char* name) {
  for (const xmlNode* c = n ? n->children : nullptr; c; c = c->next)
    if (named(c, name)) return c;
  return nullptr;
}

std::string content(const xmlNode* n) {
  std::string out;
  for (const xmlNode* t = n ? n->children : nullptr; t; t = t->next)
    if (t->content) out += reinterpret_cast<const char*>(t->content);
  return out;
}

// "BC12" -> column 55, row 12; nullopt when it is no cell reference.
std::optional<std::pair<int, int>> cell_ref(const std::string& r) {
  size_t i = 0;
  long col = 0;
  while (i < r.size() && r[i] >= 'A' && r[i] <= 'Z' && col < 100000) col = col * 26 + (r[i++] - 'A' + 1);
  long row = 0;
  const size_t digits = i;
  while (i < r.size() && r[i] >= '0' && r[i] <= '9' && row < 10000000) row = row * 10 + (r[i++] - '0');
  if (col == 0 || i == digits || i != r.size() || row == 0) return std::nullopt;
  return std::pair<int, int>(static_cast<int>(row), static_cast<int>(col));
}

// The zip path of the workbook's first sheet, through workbook.xml and its relations.
std::string first_sheet(unzFile zip) {
  auto book = part(zip, "xl/workbook.xml");
  auto rels = part(zip, "xl/_rels/workbook.xml.rels");
  if (!book || !rels) return "xl/worksheets/sheet1.xml";
  Doc b = parse_xml(*book), r = parse_xml(*rels);
  if (!b || !r) return {};
  const xmlNode* sheets = child(xmlDocGetRootElement(b.get()), "sheets");
  const xmlNode* sheet = child(sheets, "sheet");
  if (!sheet) return {};
  std::string id;
  for (const xmlAttr* a = sheet->properties; a; a = a->next)  // r:id, in the relationships namespace
    if (xmlStrcmp(a->name, reinterpret_cast<const xmlChar*>("id")) == 0 && a->children && a->children->content)
      id = reinterpret_cast<const char*>(a->children->content);
  for (const xmlNode* n = xmlDocGetRootElement(r.get())->children; n; n = n->next)
    if (named(n, "Relationship") && attribute(n, "Id") == id) {
      std::string target = attribute(n, "Target");
      if (target.starts_with("/")) return target.substr(1);
      return "xl/" + target;
    }
  return {};
}

}  // namespace

std::optional<Sheet> parse_xlsx(const std::string& path, const std::string& file, Diagnostics& diags) {
  auto fail = [&](const std::string& why) -> std::optional<Sheet> {
    diags.error({file, 0, 0}, "cannot read the xlsx file: " + why);
    return std::nullopt;
  };
  std::unique_ptr<void, int (*)(unzFile)> zip(unzOpen64(path.c_str()), unzClose);
  if (!zip) return fail("it is not an xlsx workbook (no zip archive)");
  std::vector<std::string> shared;
  if (auto strings = part(zip.get(), "xl/sharedStrings.xml")) {
    Doc doc = parse_xml(*strings);
    if (!doc) return fail("xl/sharedStrings.xml is not well-formed XML");
    for (const xmlNode* si = xmlDocGetRootElement(doc.get())->children; si; si = si->next)
      if (named(si, "si")) {
        shared.emplace_back();
        texts(si, shared.back());
      }
  }
  const std::string sheet_part = first_sheet(zip.get());
  auto bytes = sheet_part.empty() ? std::nullopt : part(zip.get(), sheet_part);
  if (!bytes) return fail("it has no worksheet");
  Doc doc = parse_xml(*bytes);
  if (!doc) return fail(sheet_part + " is not well-formed XML");
  Sheet sheet;
  sheet.file = file;
  const xmlNode* data = child(xmlDocGetRootElement(doc.get()), "sheetData");
  for (const xmlNode* row = data ? data->children : nullptr; row; row = row->next) {
    if (!named(row, "row")) continue;
    Row out;
    out.number = static_cast<int>(sheet.rows.empty() ? 1 : sheet.rows.back().number + 1);
    if (auto n = std::atoi(attribute(row, "r").c_str()); n > 0) out.number = n;
    for (const xmlNode* c = row->children; c; c = c->next) {
      if (!named(c, "c")) continue;
      int col = static_cast<int>(out.cells.size()) + 1;
      if (auto ref = cell_ref(attribute(c, "r"))) col = ref->second;
      const std::string type = attribute(c, "t");
      std::string text;
      if (type == "s") {
        const std::string v = content(child(c, "v"));
        const long index = std::atol(v.c_str());
        if (v.empty() || index < 0 || static_cast<size_t>(index) >= shared.size())
          return fail("cell " + attribute(c, "r") + " names no shared string");
        text = shared[static_cast<size_t>(index)];
      } else if (type == "inlineStr") {
        texts(child(c, "is"), text);
      } else if (type == "b") {
        text = content(child(c, "v")) == "1" ? "true" : "false";
      } else {
        text = content(child(c, "v"));  // a number, a formula's cached text ("str") or an error
      }
      if (col > 16384) return fail("cell " + attribute(c, "r") + " lies past the last column");
      while (static_cast<int>(out.cells.size()) < col - 1)
        out.cells.push_back({{}, {file, out.number, static_cast<int>(out.cells.size()) + 1}});
      if (static_cast<int>(out.cells.size()) >= col) continue;  // a cell given twice: the first counts
      out.cells.push_back({std::move(text), {file, out.number, col}});
    }
    bool blank = true;
    for (const auto& cell : out.cells) blank = blank && cell.text.empty();
    if (!blank) sheet.rows.push_back(std::move(out));
  }
  return sheet;
}

}  // namespace kw::sheet
