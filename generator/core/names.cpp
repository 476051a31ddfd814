#include "core/names.h"

#include <algorithm>
#include <cctype>
#include <string>

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

std::string path_name_problem(std::string_view path) {
  if (path.empty()) return "is empty";
  if (path.front() == '/') return "is an absolute path";
  size_t parts = 0;
  for (size_t start = 0; start <= path.size();) {
    const size_t slash = std::min(path.find('/', start), path.size());
    const std::string_view part = path.substr(start, slash - start);
    if (part.empty()) return "has an empty part (two '/' in a row, or one at the end)";
    if (part == "." || part == "..") return "has a part '" + std::string(part) + "', which leaves or names its folder";
    if (part.front() == '.') return "has a part starting with '.'";
    if (part.size() > 64) return "has a part longer than 64 characters";
    for (char c : part)
      if (!letter_or_digit(c) && c != '-' && c != '_' && c != '.' && c != '+')
        return "holds a character other than letters, digits, '-', '_', '.' and '+'";
    if (++parts > 8) return "has more than 8 parts";
    start = slash + 1;
  }
  return {};
}

}  // namespace kw
