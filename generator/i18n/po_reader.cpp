// Reading PO files with GNU gettext's libgettextpo, the parser behind msgfmt
// and msgmerge: escapes, continuation lines, msgctxt, plural forms, comments,
// flags and obsolete entries all read as gettext itself reads them. Its
// reports go through an error handler into our diagnostics.
#include "i18n/po.h"

#include <algorithm>
#include <cerrno>
#include <csetjmp>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <string_view>
#include <type_traits>

#include <fmt/format.h>
#include <gettext-po.h>
#include <strings.h>
#include <sys/mman.h>
#include <unistd.h>

#include "core/quoted.h"
#include "core/utf8.h"

namespace kw::i18n {

namespace {

// Our PO files are some 100 KB. libgettextpo ends the process when memory
// runs out (xmalloc), so absurd sizes are refused before parsing.
constexpr size_t kMaxPoBytes = 16 * 1024 * 1024;

// libgettextpo keeps its parser state and the error handler in globals, and
// its callbacks carry no user pointer: one read at a time, its state here.
struct ReadState {
  std::string file;
  Diagnostics* diags = nullptr;
  // Lines that end inside a "string", with the column of its opening quote.
  // gettext reports such a string where the next line starts (it has read
  // the newline by then), without a column; we point at the quote instead.
  std::map<int, int> open_strings;
  // One error per line: gettext reports a garbled line word by word.
  std::set<int> lines_with_errors;
};
std::mutex g_read_mutex;
ReadState* g_state = nullptr;
std::jmp_buf g_fatal;

int clamp_line(size_t n) {
  return n == static_cast<size_t>(-1) ? 0 : static_cast<int>(std::min<size_t>(n, std::numeric_limits<int>::max()));
}

// A message as one line: gettext ends (multi-line) messages with newlines.
std::string one_line(const char* text) {
  std::string s = text ? text : "";
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  for (char& c : s)
    if (c == '\n') c = ' ';
  return s;
}

SourceLoc locate(const ReadState& st, const char* filename, size_t line, size_t column) {
  if (!filename || line == static_cast<size_t>(-1) || line == 0) return {st.file, 0, 0};
  const int l = clamp_line(line);
  if (column != static_cast<size_t>(-1)) return {st.file, l, clamp_line(column)};
  return {st.file, l, 1};  // the line is known, the column is not
}

void report(int severity, const char* filename, size_t line, size_t column, const std::string& message) {
  // While reading, libgettextpo only warns about the header's charset, which
  // read_po checks itself (kartenwerk reads UTF-8).
  if (!g_state || severity == PO_SEVERITY_WARNING) return;
  SourceLoc loc = locate(*g_state, filename, line, column);
  if (column == static_cast<size_t>(-1) && loc.line > 1) {
    if (auto open = g_state->open_strings.find(loc.line - 1); open != g_state->open_strings.end()) {
      loc = {g_state->file, open->first, open->second};
      g_state->open_strings.erase(open);
    }
  }
  if (loc.line > 0 && !g_state->lines_with_errors.insert(loc.line).second) return;
  g_state->diags->error(loc, message);
}

// libgettextpo's error handlers; C callbacks, so nothing may throw.
void on_error(int severity, po_message_t, const char* filename, size_t line, size_t column, int,
              const char* text) noexcept {
  report(severity, filename, line, column, one_line(text));
  // A fatal error must not return (gettext-po.h). libgettextpo raises one
  // only when the file cannot be read or iconv breaks, neither of which a
  // file in memory does; should it happen, read_guarded returns nullptr, at
  // the cost of what libgettextpo had allocated for the read.
  if (severity == PO_SEVERITY_FATAL_ERROR) std::longjmp(g_fatal, 1);
}

// "duplicate message definition", with the first definition as a message
// whose line libgettextpo keeps to itself: named by its msgctxt instead.
void report_pair(int severity, const char* filename1, size_t line1, size_t column1, const char* text1,
                 po_message_t message2, const char* filename2, size_t line2) {
  std::string message = one_line(text1);
  if (const char* ctxt = message2 ? po_message_msgctxt(message2) : nullptr)
    message += " (msgctxt \"" + std::string(ctxt) + "\")";
  if (filename2 && line2 != static_cast<size_t>(-1) && line2 > 0) message += ", first at line " + std::to_string(line2);
  report(severity, filename1, line1, column1, message);
}

void on_error2(int severity, po_message_t, const char* filename1, size_t line1, size_t column1, int, const char* text1,
               po_message_t message2, const char* filename2, size_t line2, size_t, int, const char*) noexcept {
  report_pair(severity, filename1, line1, column1, text1, message2, filename2, line2);
  if (severity == PO_SEVERITY_FATAL_ERROR) std::longjmp(g_fatal, 1);
}

const po_xerror_handler kHandler = {on_error, on_error2};

// Only trivially destructible locals here: a fatal error longjmps back.
po_file_t read_guarded(const char* path) {
  if (setjmp(g_fatal) != 0) return nullptr;
  return po_file_read(path, &kHandler);
}

// The lines of `text` that end inside a "string", with the column (in
// characters) of its opening quote. Comment lines hold no strings, except
// "#~" (obsolete) and "#|" (previous) entries, which gettext parses too.
std::map<int, int> open_strings(std::string_view text) {
  std::map<int, int> out;
  int line_no = 1;
  for (size_t start = 0; start <= text.size(); ++line_no) {
    size_t end = std::min(text.find('\n', start), text.size());
    std::string_view line = text.substr(start, end - start);
    start = end + 1;
    if (line.starts_with("#") && !line.starts_with("#~") && !line.starts_with("#|")) continue;
    bool in_string = false;
    int column = 0, quote_column = 0;
    for (size_t i = 0; i < line.size();) {
      ++column;
      const char32_t c = utf8::next(line, i);
      if (in_string && c == '\\' && i < line.size()) {
        utf8::next(line, i);  // the escaped character
        ++column;
      } else if (c == '"') {
        in_string = !in_string;
        quote_column = column;
      }
    }
    if (in_string) out[line_no] = quote_column;
  }
  return out;
}

// file:line:col of byte `at` in `text` (columns count characters).
SourceLoc locate_byte(const std::string& text, size_t at, const std::string& file) {
  SourceLoc loc{file, 1, 1};
  for (size_t i = 0; i < at;) {
    if (text[i] == '\n') {
      ++loc.line;
      loc.column = 1;
      ++i;
    } else {
      utf8::next(text, i);
      ++loc.column;
    }
  }
  return loc;
}

// What is not parsed at all: a file too large, or binary (NUL bytes, at
// which libgettextpo would silently cut strings short).
bool parsable(const std::string& text, const std::string& file, Diagnostics& diags) {
  if (text.size() > kMaxPoBytes) {
    diags.error({file, 0, 0},
                fmt::format("the file has {} bytes; PO files of up to {} MB are read", text.size(), kMaxPoBytes >> 20));
    return false;
  }
  if (size_t nul = text.find('\0'); nul != std::string::npos) {
    diags.error(locate_byte(text, nul, file), "a NUL byte: this is not a PO (text) file");
    return false;
  }
  return true;
}

// The first malformed UTF-8 sequence, reported (libgettextpo checks only
// files that declare UTF-8); its line, or 0 when the text is UTF-8.
int check_utf8(const std::string& text, const std::string& file, Diagnostics& diags) {
  const size_t bad = utf8::first_invalid(text);
  if (bad == std::string::npos) return 0;
  const SourceLoc loc = locate_byte(text, bad, file);
  diags.error(loc, fmt::format("invalid UTF-8 (byte 0x{:02X})", static_cast<unsigned char>(text[bad])), {},
              "kartenwerk reads PO files in UTF-8; msgconv --to-code=UTF-8 converts one");
  return loc.line;
}

// `text` as a file libgettextpo can open by name (it reads only from
// files), without touching the disk: an anonymous in-memory file.
class MemoryFile {
 public:
  explicit MemoryFile(const std::string& text) : fd_(memfd_create("kartenwerk-po", MFD_CLOEXEC)) {
    if (fd_ < 0) error_ = errno;
    for (size_t done = 0; fd_ >= 0 && done < text.size();) {
      const ssize_t n = write(fd_, text.data() + done, text.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        error_ = n < 0 ? errno : EIO;
        close(fd_);
        fd_ = -1;
      } else {
        done += static_cast<size_t>(n);
      }
    }
  }
  ~MemoryFile() {
    if (fd_ >= 0) close(fd_);
  }
  MemoryFile(const MemoryFile&) = delete;
  MemoryFile& operator=(const MemoryFile&) = delete;
  bool ok() const { return fd_ >= 0; }
  int error() const { return error_; }
  std::string path() const { return "/proc/self/fd/" + std::to_string(fd_); }

 private:
  int fd_;
  int error_ = 0;
};

// Strings libgettextpo hands over with malloc.
struct FreeDeleter {
  void operator()(char* p) const { std::free(p); }
};
using CString = std::unique_ptr<char, FreeDeleter>;

std::string header_field(const char* header, const char* field) {
  CString value(header ? po_header_field(header, field) : nullptr);
  return value ? value.get() : std::string();
}

// The charset of a Content-Type header value ("text/plain; charset=UTF-8").
std::string charset_of(const std::string& content_type) {
  const size_t at = content_type.find("charset=");
  if (at == std::string::npos) return {};
  const size_t begin = at + 8;
  return content_type.substr(begin, content_type.find_first_of(" ;", begin) - begin);
}

// Comments as libgettextpo gives them: one line each, each ending in "\n".
std::string without_last_newline(const char* s) {
  std::string out = s ? s : "";
  if (!out.empty() && out.back() == '\n') out.pop_back();
  return out;
}

PoEntry entry_of(po_message_t m) {
  PoEntry e;
  if (const char* ctxt = po_message_msgctxt(m)) e.context = ctxt;
  e.source = po_message_msgid(m);
  e.fuzzy = po_message_is_fuzzy(m) != 0;
  if (const char* previous = po_message_prev_msgid(m)) e.previous_source = previous;
  e.comment = without_last_newline(po_message_extracted_comments(m));
  e.translator_comment = without_last_newline(po_message_comments(m));
  for (int i = 0; po_filepos_t pos = po_message_filepos(m, i); ++i) {
    if (i > 0) e.reference += ' ';
    e.reference += po_filepos_file(pos);
    if (size_t line = po_filepos_start_line(pos); line != static_cast<size_t>(-1))
      e.reference += ":" + std::to_string(line);
  }
  if (const char* plural = po_message_msgid_plural(m)) {
    e.source_plural = plural;
    for (int i = 0; const char* form = po_message_msgstr_plural(m, i); ++i) e.plural_translations.emplace_back(form);
  } else {
    e.translation = po_message_msgstr(m);
  }
  return e;
}

// Everything but the header and obsolete ("#~") entries, from every domain.
void read_entries(po_file_t file, PoFile& po) {
  for (const char* const* domain = po_file_domains(file); *domain; ++domain) {
    std::unique_ptr<std::remove_pointer_t<po_message_iterator_t>, decltype(&po_message_iterator_free)> it(
        po_message_iterator(file, *domain), &po_message_iterator_free);
    while (po_message_t m = po_next_message(it.get())) {
      const bool header = !po_message_msgctxt(m) && *po_message_msgid(m) == '\0';
      if (!header && !po_message_is_obsolete(m)) po.entries.push_back(entry_of(m));
    }
  }
}

// The line of each entry's msgstr, for messages about a translation:
// libgettextpo keeps only the references' lines. Entries come in file order;
// each is found after the one before by its msgctxt.
void locate_entries(const std::string& text, PoFile& po) {
  size_t from = 0;
  for (auto& e : po.entries) {
    if (e.context.empty()) continue;
    const size_t ctxt = text.find("msgctxt " + c_quoted(e.context, ControlEscape::Octal), from);
    const size_t msgstr = ctxt == std::string::npos ? std::string::npos : text.find("\nmsgstr", ctxt);
    if (msgstr == std::string::npos) continue;
    e.line = 2 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(msgstr), '\n'));
    from = msgstr;
  }
}

void read_header(po_file_t file, PoFile& po, const std::string& file_name, Diagnostics& diags) {
  // A fresh copy (malloc) despite the const in its declaration.
  CString header(const_cast<char*>(po_file_domain_header(file, nullptr)));
  po.language = header_field(header.get(), "Language");
  po.game = header_field(header.get(), "X-Kartenwerk-Game");
  po.source_language = header_field(header.get(), "X-Source-Language");
  po.variant = header_field(header.get(), "X-Kartenwerk-Variant");
  const std::string charset = charset_of(header_field(header.get(), "Content-Type"));
  if (!charset.empty() && strcasecmp(charset.c_str(), "UTF-8") != 0)
    diags.error({file_name, 0, 0}, "the header declares charset " + charset + "; kartenwerk reads PO files in UTF-8",
                {}, "msgconv --to-code=UTF-8 converts one");
}

}  // namespace

PoFile read_po(const std::string& text, const std::string& file_name, Diagnostics& diags) {
  PoFile po;
  if (!parsable(text, file_name, diags)) return po;
  MemoryFile memory(text);
  if (!memory.ok()) {
    diags.error({file_name, 0, 0},
                std::string("cannot hand the file to the PO reader: ") + std::strerror(memory.error()));
    return po;
  }
  ReadState state{file_name, &diags, open_strings(text), {}};
  if (int line = check_utf8(text, file_name, diags)) state.lines_with_errors.insert(line);
  std::lock_guard<std::mutex> lock(g_read_mutex);
  const size_t errors_before = diags.error_count();
  g_state = &state;
  std::unique_ptr<std::remove_pointer_t<po_file_t>, decltype(&po_file_free)> file(read_guarded(memory.path().c_str()),
                                                                                  &po_file_free);
  g_state = nullptr;
  if (!file) {
    if (diags.error_count() == errors_before) diags.error({file_name, 0, 0}, "the PO reader could not read the file");
    return po;
  }
  read_header(file.get(), po, file_name, diags);
  read_entries(file.get(), po);
  locate_entries(text, po);
  return po;
}

}  // namespace kw::i18n
