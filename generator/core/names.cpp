#include "core/names.h"

#include <algorithm>
#include <cctype>

namespace kw {

namespace {

bool lower_or_digit(char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); }
bool letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool letter_or_digit(char c) { return letter(c) || (c >= '0' && c <= '9'); }

}  // namespace

bool is_plain_id(std::string_view id) {
  return !id.empty() && id.size() <= 64 && lower_or_digit(id[0]) &&
         std::all_of(id.begin(), id.end(), [](char c) { return lower_or_digit(c) || c == '-'; });
}

bool is_language_code(std::string_view code) {
  size_t i = 0;
  while (i < code.size() && letter(code[i])) ++i;
  if (i < 2 || i > 8) return false;
  while (i < code.size()) {
    if (code[i] != '-' && code[i] != '_') return false;
    const size_t start = ++i;
    while (i < code.size() && letter_or_digit(code[i])) ++i;
    if (i - start < 1 || i - start > 8) return false;
  }
  return true;
}

}  // namespace kw
