// What every sheet's cells share: their length as a spreadsheet counts it,
// and the guard against formula injection (sheet.h).
#include <algorithm>

#include "sheet/sheet.h"

namespace kw::sheet {

namespace {

bool formula_start(char c) { return c == '=' || c == '+' || c == '-' || c == '@' || c == '\t' || c == '\r'; }

// "-3", "-0.5", "12": a number a spreadsheet reads as a number, not a formula.
bool plain_number(const std::string& s) {
  size_t i = s[0] == '-' ? 1 : 0;
  const size_t digits = i;
  while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
  if (i == digits) return false;
  if (i < s.size() && s[i] == '.') {
    const size_t frac = ++i;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
    if (i == frac) return false;
  }
  return i == s.size();
}

// The apostrophes a cell starts with, and whether a formula's first character follows them.
std::pair<size_t, bool> leading(const std::string& cell) {
  const size_t quotes = std::min(cell.find_first_not_of('\''), cell.size());
  return {quotes, quotes < cell.size() && formula_start(cell[quotes])};
}

}  // namespace

namespace {

// Whether `text` has "_xHHHH_" at `at`, and the code point.
bool xescape_at(std::string_view text, size_t at, char32_t& cp) {
  if (at + 7 > text.size() || text[at] != '_' || text[at + 1] != 'x' || text[at + 6] != '_') return false;
  cp = 0;
  for (size_t i = at + 2; i < at + 6; ++i) {
    const char c = text[i];
    const int v = c >= '0' && c <= '9'   ? c - '0'
                  : c >= 'a' && c <= 'f' ? c - 'a' + 10
                  : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                         : -1;
    if (v < 0) return false;
    cp = cp * 16 + static_cast<char32_t>(v);
  }
  return true;
}

void append_utf8(std::string& out, char32_t cp) {
  if (cp >= 0xD800 && cp <= 0xDFFF) cp = 0xFFFD;  // half a surrogate pair is no character
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

}  // namespace

std::string decode_xstring(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    char32_t cp = 0;
    if (xescape_at(text, i, cp)) {
      append_utf8(out, cp);
      i += 7;
    } else {
      out += text[i++];
    }
  }
  return out;
}

std::string escape_xstring(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    char32_t cp = 0;
    if (xescape_at(text, i, cp)) out += "_x005F";  // "_x0041_" -> "_x005F_x0041_"
    out += text[i];
  }
  return out;
}

size_t cell_length(std::string_view text) {
  size_t units = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    const auto b = static_cast<unsigned char>(text[i]);
    if ((b & 0xC0) == 0x80) continue;  // a continuation byte
    units += b >= 0xF0 ? 2 : 1;        // past U+FFFF: a surrogate pair in UTF-16
  }
  return units;
}

std::string guard_formula(std::string cell) {
  if (cell.empty()) return cell;
  auto [quotes, formula] = leading(cell);
  if (!formula || (quotes == 0 && plain_number(cell))) return cell;
  return "'" + cell;
}

std::string unguard_formula(std::string cell) {
  auto [quotes, formula] = leading(cell);
  if (quotes > 0 && formula) cell.erase(0, 1);
  return cell;
}

}  // namespace kw::sheet
