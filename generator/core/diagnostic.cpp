#include "core/diagnostic.h"

#include <algorithm>

namespace kw {

std::string SourceLoc::str() const {
  std::string s = file;
  if (line > 0) {
    s += ":" + std::to_string(line);
    if (column > 0) s += ":" + std::to_string(column);
  }
  return s;
}

namespace {

// The 1-based line and character column of byte `at` in `text`.
SourceLoc position_of(std::string_view text, size_t at, const std::string& file) {
  SourceLoc loc{file, 1, 1};
  size_t line_start = 0;
  for (size_t i = 0; i < at; ++i)
    if (text[i] == '\n') {
      ++loc.line;
      line_start = i + 1;
    }
  for (size_t i = line_start; i < at; ++i)
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) ++loc.column;  // UTF-8 lead bytes only
  return loc;
}

}  // namespace

SourceLoc locate_in_source(const SourceTexts& sources, const SourceLoc& from, std::string_view needle) {
  if (needle.empty() || from.line < 1) return from;
  auto source = sources.source_text(from.file);
  if (!source) return from;
  std::string_view text = *source;
  size_t start = 0;
  for (int line = 1; line < from.line && start != std::string_view::npos; ++line) {
    start = text.find('\n', start);
    if (start != std::string_view::npos) ++start;
  }
  if (start == std::string_view::npos) return from;
  size_t at = text.find(needle, start);
  return at == std::string_view::npos ? from : position_of(text, at, from.file);
}

void Diagnostics::error(SourceLoc loc, std::string message, std::string card_id, std::string hint) {
  items_.push_back({Severity::Error, loc, std::move(message), std::move(card_id), std::move(hint)});
}
void Diagnostics::warning(SourceLoc loc, std::string message, std::string card_id, std::string hint) {
  items_.push_back({Severity::Warning, loc, std::move(message), std::move(card_id), std::move(hint)});
}
void Diagnostics::note(SourceLoc loc, std::string message, std::string card_id, std::string hint) {
  items_.push_back({Severity::Note, loc, std::move(message), std::move(card_id), std::move(hint)});
}
void Diagnostics::append(const Diagnostics& other) {
  items_.insert(items_.end(), other.items_.begin(), other.items_.end());
}
bool Diagnostics::has_errors() const { return error_count() > 0; }
size_t Diagnostics::error_count() const { return count(Severity::Error); }
size_t Diagnostics::count(Severity severity) const {
  return static_cast<size_t>(
      std::count_if(items_.begin(), items_.end(), [&](const Diagnostic& d) { return d.severity == severity; }));
}

namespace {
// Line `line` (1-based) of `text`, without its newline; empty past the end.
std::string line_of(std::string_view text, int line) {
  size_t start = 0;
  for (int i = 1; i < line; ++i) {
    const size_t nl = text.find('\n', start);
    if (nl == std::string_view::npos) return {};
    start = nl + 1;
  }
  return std::string(text.substr(start, text.find('\n', start) - start));
}
}  // namespace

std::string format_diagnostic(const Diagnostic& d, const SourceTexts* sources) {
  std::string out;
  if (d.loc.known()) out += d.loc.str() + ": ";
  out += severity_name(d.severity);
  out += ": " + d.message;
  if (!d.card_id.empty()) out += " (card " + d.card_id + ")";
  if (!d.languages.empty()) {
    out += d.languages.size() == 1 ? " (language " : " (languages ";
    for (size_t i = 0; i < d.languages.size(); ++i) out += (i ? ", " : "") + d.languages[i];
    out += ")";
  }
  if (!d.game.empty() || !d.check.empty())
    out += " [" + d.game + (d.game.empty() || d.check.empty() ? "" : ": ") + d.check + "]";
  out += "\n";
  const auto text = sources && d.loc.known() && d.loc.line > 0 ? sources->source_text(d.loc.file) : std::nullopt;
  if (text) {
    std::string src;
    // A control character (a NUL, an escape) is shown as one U+FFFD: never
    // written to the terminal, and the caret stays under its column.
    std::string line = line_of(*text, d.loc.line);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    for (char c : line) {
      const auto u = static_cast<unsigned char>(c);
      src += (u < 0x20 && c != '\t') || u == 0x7F ? std::string("\xEF\xBF\xBD") : std::string(1, c);
    }
    if (!src.empty()) {
      out += "    " + src + "\n";
      if (d.loc.column > 0) {
        // Columns count characters (UTF-8 sequences); keep tabs so the caret
        // lines up under tab-indented sources.
        std::string pad;
        int column = 1;
        for (size_t i = 0; i < src.size() && column < d.loc.column; ++i) {
          unsigned char c = static_cast<unsigned char>(src[i]);
          if ((c & 0xC0) == 0x80) continue;
          pad += c == '\t' ? '\t' : ' ';
          ++column;
        }
        out += "    " + pad + "^\n";
      }
    }
  }
  if (!d.hint.empty()) out += "hint: " + d.hint + "\n";
  return out;
}

std::string format_diagnostics(const Diagnostics& ds, const SourceTexts* sources) {
  std::string out;
  for (const auto& d : ds.items()) out += format_diagnostic(d, sources);
  return out;
}

}  // namespace kw

// Leaks inside libraries we use, not ours to fix, for LeakSanitizer (`make
// asan`): it asks the program for this hook, so every test binary and
// kartenwerk (all of which link this file) need no options. There must be one
// definition per program, hence here, in the file everything links.
//  - libhyphen 2.8 leaks ~900 bytes loading the German patterns
//    (hnj_hyphen_load, once per process; reproducible with load + free alone);
//  - libgettextpo leaks a few bytes per PO file read (its lexer's copy of the
//    file name, for one).
extern "C" __attribute__((used)) const char* __lsan_default_suppressions() {  // LSan's name
  return "leak:libhyphen.so\nleak:libgettextpo\n";
}

// ...and without a table of the suppressions used at exit: LSan prints it to
// stdout, where `check --format json` writes its JSON.
extern "C" __attribute__((used)) const char* __lsan_default_options() {  // LSan's name
  return "print_suppressions=0";
}
