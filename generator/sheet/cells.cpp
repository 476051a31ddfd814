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
