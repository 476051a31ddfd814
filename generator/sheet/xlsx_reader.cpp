// Reading xlsx: Debian has no maintained xlsx reader (its freexl, 1.0.6,
// reads only .xls), so the workbook is opened as what it is, a zip of XML
// parts, with minizip and libxml2. Only what a sheet of text needs is read:
// the first sheet's cells and the shared strings they point into.
//
// A workbook is small on disk and may be large inside (a part inflates a
// thousandfold, a shared string is pointed at by every cell), so nothing
// here is sized by what the file says: parts are inflated as a stream into
// libxml2's pull parser (xmlTextReader, no tree), counted as they come
// (at most file-bytes each), and the cells and their text are counted
// against the bounds of sheet.h as they are made.
#include <libxml/xmlreader.h>
#include <minizip/unzip.h>

#include <fmt/format.h>

#include <map>
#include <memory>

#include "core/limits.h"
#include "sheet/sheet.h"

namespace kw::sheet {

namespace {

// What stops reading, with the place it concerns.
struct Failure {
  SourceLoc loc;
  std::string why;
};

// One part of the zip as a stream of inflated bytes, at most `limit` of them.
class Part {
 public:
  Part(unzFile zip, std::string name, std::uint64_t limit) : zip_(zip), name_(std::move(name)), limit_(limit) {
    open_ = unzLocateFile(zip_, name_.c_str(), 1) == UNZ_OK && unzOpenCurrentFile(zip_) == UNZ_OK;
  }
  ~Part() {
    if (open_) unzCloseCurrentFile(zip_);
  }
  Part(const Part&) = delete;
  Part& operator=(const Part&) = delete;

  bool is_open() const { return open_; }
  bool over() const { return over_; }
  const std::string& name() const { return name_; }

  // libxml2's read callback: inflated bytes, 0 at the end, -1 on an error
  // or past the limit.
  static int read(void* context, char* buffer, int length) {
    auto* p = static_cast<Part*>(context);
    const int n = unzReadCurrentFile(p->zip_, buffer, static_cast<unsigned>(length));
    if (n < 0) return -1;
    p->read_ += static_cast<std::uint64_t>(n);
    if (p->read_ > p->limit_) {
      p->over_ = true;
      return -1;
    }
    return n;
  }
  static int close(void*) { return 0; }

 private:
  unzFile zip_;
  std::string name_;
  std::uint64_t limit_;
  std::uint64_t read_ = 0;
  bool open_ = false, over_ = false;
};

using ReaderPtr = std::unique_ptr<xmlTextReader, void (*)(xmlTextReader*)>;

// libxml2 prints what it finds to stderr unless told otherwise: its first
// error is kept instead (with its line in the part) for the message.
void first_error(void* into, const char* message, xmlParserSeverities severity, xmlTextReaderLocatorPtr where) {
  auto& kept = *static_cast<std::string*>(into);
  if (!kept.empty() || !message ||
      (severity != XML_PARSER_SEVERITY_ERROR && severity != XML_PARSER_SEVERITY_VALIDITY_ERROR))
    return;
  std::string text = message;
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  kept = "line " + std::to_string(xmlTextReaderLocatorLineNumber(where)) + ": " + text;
}

// A pull parser over `part`: no network, no DTD loaded, no entity expanded.
ReaderPtr reader_for(Part& part, std::string& error) {
  ReaderPtr r(xmlReaderForIO(&Part::read, &Part::close, &part, nullptr, nullptr, XML_PARSE_NONET), xmlFreeTextReader);
  if (r) xmlTextReaderSetErrorHandler(r.get(), first_error, &error);
  return r;
}

std::string local_name(xmlTextReader* r) {
  const xmlChar* n = xmlTextReaderConstLocalName(r);
  return n ? reinterpret_cast<const char*>(n) : "";
}

std::string attribute(xmlTextReader* r, const char* name) {
  xmlChar* v = xmlTextReaderGetAttribute(r, reinterpret_cast<const xmlChar*>(name));
  if (!v) return {};
  std::string out = reinterpret_cast<const char*>(v);
  xmlFree(v);
  return out;
}

// The attribute `local` in any namespace (r:id).
std::string attribute_any_ns(xmlTextReader* r, const char* local) {
  std::string out;
  if (xmlTextReaderMoveToFirstAttribute(r) != 1) return out;
  do {
    const xmlChar* n = xmlTextReaderConstLocalName(r);
    if (n && xmlStrcmp(n, reinterpret_cast<const xmlChar*>(local)) == 0) {
      const xmlChar* v = xmlTextReaderConstValue(r);
      if (v) out = reinterpret_cast<const char*>(v);
      break;
    }
  } while (xmlTextReaderMoveToNextAttribute(r) == 1);
  xmlTextReaderMoveToElement(r);
  return out;
}

bool is_text(int type) {
  return type == XML_READER_TYPE_TEXT || type == XML_READER_TYPE_CDATA ||
         type == XML_READER_TYPE_SIGNIFICANT_WHITESPACE || type == XML_READER_TYPE_WHITESPACE;
}

// Walks `part` node by node; `visit` sees each node with the reader on it.
// A DTD is refused (no spreadsheet writes one, and entities are a way to
// make little text into much).
template <class Visit>
void walk(Part& part, const std::string& file, Visit&& visit) {
  std::string error;
  ReaderPtr r = reader_for(part, error);
  if (!r) throw Failure{{file, 0, 0}, "cannot read " + part.name()};
  int status;
  while ((status = xmlTextReaderRead(r.get())) == 1) {
    const int type = xmlTextReaderNodeType(r.get());
    if (type == XML_READER_TYPE_DOCUMENT_TYPE || type == XML_READER_TYPE_ENTITY_REFERENCE)
      throw Failure{{file, 0, 0}, part.name() + " declares a DTD or entities, which a workbook does not have"};
    visit(r.get(), type);
  }
  if (part.over())
    throw Failure{{file, 0, 0},
                  fmt::format("{} inflates to more than {} bytes (the limit file-bytes; raise it with "
                              "--limit file-bytes=N)",
                              part.name(), limits().file_bytes)};
  if (status != 0)
    throw Failure{{file, 0, 0}, part.name() + " is not well-formed XML" + (error.empty() ? "" : " (" + error + ")")};
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

// The counts every cell and string spends, against sheet.h's bounds.
struct Budget {
  size_t cells = 0, bytes = 0;
  void spend(size_t more_cells, size_t more_bytes, const SourceLoc& at) {
    cells += more_cells;
    bytes += more_bytes;
    if (cells > kMaxReadCells || bytes > kMaxReadTextBytes)
      throw Failure{at, fmt::format("the workbook holds more than {} cells or {} bytes of text, more than a card "
                                    "table can have",
                                    kMaxReadCells, kMaxReadTextBytes)};
  }
};

// The shared strings (xl/sharedStrings.xml): each <si> is the text of its
// <t> runs, without <rPh>, the phonetic guide a Japanese Excel adds.
std::vector<std::string> shared_strings(unzFile zip, const std::string& file, Budget& budget) {
  std::vector<std::string> out;
  Part part(zip, "xl/sharedStrings.xml", limits().file_bytes);
  if (!part.is_open()) return out;
  bool in_si = false, in_t = false;
  int in_phonetic = 0;
  walk(part, file, [&](xmlTextReader* r, int type) {
    const std::string name =
        type == XML_READER_TYPE_ELEMENT || type == XML_READER_TYPE_END_ELEMENT ? local_name(r) : "";
    const bool empty = type == XML_READER_TYPE_ELEMENT && xmlTextReaderIsEmptyElement(r);
    if (type == XML_READER_TYPE_ELEMENT) {
      if (name == "si") {
        budget.spend(1, 0, {file, 0, 0});
        out.emplace_back();
        in_si = !empty;
      } else if (name == "rPh" && !empty) {
        ++in_phonetic;
      } else if (name == "t" && !empty) {
        in_t = true;
      }
    } else if (type == XML_READER_TYPE_END_ELEMENT) {
      if (name == "si" && in_si) out.back() = decode_xstring(out.back());
      if (name == "si") in_si = false;
      if (name == "rPh") in_phonetic = std::max(0, in_phonetic - 1);
      if (name == "t") in_t = false;
    } else if (is_text(type) && in_si && in_t && in_phonetic == 0) {
      const xmlChar* v = xmlTextReaderConstValue(r);
      const std::string text = v ? reinterpret_cast<const char*>(v) : "";
      budget.spend(0, text.size(), {file, 0, 0});
      out.back() += text;
      if (cell_length(out.back()) > kMaxCellLength)
        throw Failure{{file, 0, 0},
                      fmt::format("shared string {} of the workbook is longer than the {} characters a "
                                  "cell holds",
                                  out.size() - 1, kMaxCellLength)};
    }
  });
  return out;
}

// The zip path of the workbook's first sheet, through workbook.xml and its relations.
std::string first_sheet(unzFile zip, const std::string& file) {
  std::string id;
  {
    Part book(zip, "xl/workbook.xml", limits().file_bytes);
    if (!book.is_open()) return "xl/worksheets/sheet1.xml";
    walk(book, file, [&](xmlTextReader* r, int type) {
      if (id.empty() && type == XML_READER_TYPE_ELEMENT && local_name(r) == "sheet") {
        id = attribute_any_ns(r, "id");
        if (id.empty()) id = "?";  // a sheet without its relation: no sheet found below
      }
    });
  }
  if (id.empty()) return {};
  std::string target;
  Part rels(zip, "xl/_rels/workbook.xml.rels", limits().file_bytes);
  if (!rels.is_open()) return "xl/worksheets/sheet1.xml";
  walk(rels, file, [&](xmlTextReader* r, int type) {
    if (target.empty() && type == XML_READER_TYPE_ELEMENT && local_name(r) == "Relationship" &&
        attribute(r, "Id") == id)
      target = attribute(r, "Target");
  });
  if (target.empty()) return {};
  return target.starts_with("/") ? target.substr(1) : "xl/" + target;
}

// The cells of a sheet part, read node by node: a row's cells are kept as
// they end, and the row as it ends unless all its cells are blank.
class CellReader {
 public:
  CellReader(const std::string& file, const std::vector<std::string>& shared, Budget& budget)
      : file_(file), shared_(shared), budget_(budget) {
    sheet_.file = file;
  }

  void visit(xmlTextReader* r, int node) {
    if (node == XML_READER_TYPE_ELEMENT)
      on_element(r, local_name(r), xmlTextReaderIsEmptyElement(r));
    else if (node == XML_READER_TYPE_END_ELEMENT)
      on_end_element(local_name(r));
    else if (is_text(node) && in_cell_)
      on_text(r);
  }

  Sheet finish() {
    if (row_) end_row();
    return std::move(sheet_);
  }

 private:
  void on_element(xmlTextReader* r, const std::string& name, bool empty) {
    if (name == "row") {
      start_row(attribute(r, "r"));
      if (empty) end_row();
    } else if (name == "c") {
      ref_ = attribute(r, "r");
      type_ = attribute(r, "t");
      value_.clear();
      inline_text_.clear();
      in_cell_ = true;
      if (empty) end_cell();
    } else if (in_cell_ && name == "v" && !empty) {
      in_value_ = true;
    } else if (in_cell_ && name == "is" && !empty) {
      in_inline_ = true;
    } else if (in_inline_ && name == "rPh" && !empty) {
      ++in_phonetic_;
    } else if (in_inline_ && name == "t" && !empty) {
      in_t_ = true;
    }
  }

  void on_end_element(const std::string& name) {
    if (name == "row" && row_) end_row();
    if (name == "c" && in_cell_) end_cell();
    if (name == "v") in_value_ = false;
    if (name == "is") in_inline_ = false;
    if (name == "rPh") in_phonetic_ = std::max(0, in_phonetic_ - 1);
    if (name == "t") in_t_ = false;
  }

  // Text inside a cell: its <v>, or the <t> runs of its inline string
  // without their phonetic guide (<rPh>).
  void on_text(xmlTextReader* r) {
    if (!(in_value_ || (in_inline_ && in_t_ && in_phonetic_ == 0))) return;
    const xmlChar* v = xmlTextReaderConstValue(r);
    const std::string_view text = v ? reinterpret_cast<const char*>(v) : "";
    std::string& into = in_value_ ? value_ : inline_text_;
    if (into.size() + text.size() > 4 * kMaxCellLength)  // UTF-8 of the longest cell
      throw Failure{{file_, row_ ? row_->number : 0, 0}, "cell " + ref_ + " holds more than a cell can"};
    into += text;
  }

  void start_row(const std::string& r) {
    if (row_) end_row();
    row_.emplace();
    row_->number = sheet_.rows.empty() ? 1 : sheet_.rows.back().number + 1;
    if (!r.empty()) {
      const long n = r.size() <= 8 && r.find_first_not_of("0123456789") == std::string::npos ? std::stol(r) : -1;
      if (n < 1 || n > static_cast<long>(kMaxRows))
        throw Failure{{file_, 0, 0}, fmt::format("row '{}' lies past the last row of a sheet ({})", r, kMaxRows)};
      row_->number = static_cast<int>(n);
    }
  }

  void end_row() {
    bool blank = true;
    for (const auto& cell : row_->cells) blank = blank && cell.text.empty();
    if (!blank) sheet_.rows.push_back(std::move(*row_));
    row_.reset();
  }

  void end_cell() {
    in_cell_ = false;
    if (!row_) start_row({});
    const int number = row_->number;
    int col = static_cast<int>(row_->cells.size()) + 1;
    if (auto at = cell_ref(ref_)) col = at->second;
    const SourceLoc at{file_, number, col};
    if (col > static_cast<int>(kMaxColumns))
      throw Failure{at, fmt::format("cell {} lies past the last column of a sheet ({})", ref_, kMaxColumns)};
    std::string text = cell_text(at);
    if (text.find('\0') != std::string::npos)
      throw Failure{at, "cell " + ref_ + " holds a NUL character (_x0000_), which no text may hold"};
    if (cell_length(text) > kMaxCellLength)
      throw Failure{at, fmt::format("cell {} holds {} characters, more than the {} a cell holds", ref_,
                                    cell_length(text), kMaxCellLength)};
    if (static_cast<int>(row_->cells.size()) >= col) return;  // a cell given twice: the first counts
    const size_t padding = static_cast<size_t>(col - 1) - row_->cells.size();
    budget_.spend(padding + 1, text.size(), at);
    while (static_cast<int>(row_->cells.size()) < col - 1)
      row_->cells.push_back({{}, {file_, number, static_cast<int>(row_->cells.size()) + 1}});
    row_->cells.push_back({std::move(text), at});
  }

  // The text of the cell just read, by its type (t="...").
  std::string cell_text(const SourceLoc& at) {
    if (type_ == "s") {
      const bool digits =
          !value_.empty() && value_.size() <= 9 && value_.find_first_not_of("0123456789") == std::string::npos;
      const size_t index = digits ? std::stoul(value_) : shared_.size();
      if (index >= shared_.size()) throw Failure{at, "cell " + ref_ + " names no shared string"};
      return shared_[index];
    }
    if (type_ == "inlineStr") return decode_xstring(inline_text_);
    if (type_ == "b") return value_ == "1" ? "true" : "false";
    return std::move(value_);  // a number, a formula's cached text ("str") or an error
  }

  const std::string& file_;
  const std::vector<std::string>& shared_;
  Budget& budget_;
  Sheet sheet_;
  std::optional<Row> row_;
  // The cell being read.
  bool in_cell_ = false, in_value_ = false, in_inline_ = false, in_t_ = false;
  int in_phonetic_ = 0;
  std::string ref_, type_, value_, inline_text_;
};

// The cells of the sheet part, row by row.
Sheet cells(unzFile zip, const std::string& part_name, const std::string& file, const std::vector<std::string>& shared,
            Budget& budget) {
  Part part(zip, part_name, limits().file_bytes);
  if (!part.is_open()) throw Failure{{file, 0, 0}, "it has no worksheet"};
  CellReader reader(file, shared, budget);
  walk(part, file, [&](xmlTextReader* r, int node) { reader.visit(r, node); });
  return reader.finish();
}

}  // namespace

std::optional<Sheet> parse_xlsx(const std::string& path, const std::string& file, Diagnostics& diags) {
  std::unique_ptr<void, int (*)(unzFile)> zip(unzOpen64(path.c_str()), unzClose);
  if (!zip) {
    diags.error({file, 0, 0}, "cannot read the xlsx file: it is not an xlsx workbook (no zip archive)");
    return std::nullopt;
  }
  try {
    Budget budget;
    const std::vector<std::string> shared = shared_strings(zip.get(), file, budget);
    const std::string sheet_part = first_sheet(zip.get(), file);
    if (sheet_part.empty()) throw Failure{{file, 0, 0}, "it has no worksheet"};
    return cells(zip.get(), sheet_part, file, shared, budget);
  } catch (const Failure& f) {
    diags.error(f.loc, "cannot read the xlsx file: " + f.why);
    return std::nullopt;
  }
}

}  // namespace kw::sheet
