#include "core/utf8.h"

#include <algorithm>
#include <cstdint>

#include <fmt/format.h>
#include <unicode/utf8.h>

namespace kw::utf8 {

std::optional<char32_t> decode(std::string_view s, std::size_t& i) {
  // ICU indexes with int32_t; a sequence is at most 4 bytes, so decode from a
  // window at s[i] and texts of any length work.
  const auto* bytes = reinterpret_cast<const std::uint8_t*>(s.data() + i);
  const auto length = static_cast<std::int32_t>(std::min<std::size_t>(s.size() - i, U8_MAX_LENGTH));
  std::int32_t k = 0;
  UChar32 c = 0;
  U8_NEXT(bytes, k, length, c);
  i += static_cast<std::size_t>(k);
  if (c < 0) return std::nullopt;
  return static_cast<char32_t>(c);
}

char32_t next(std::string_view s, std::size_t& i) { return decode(s, i).value_or(U'\uFFFD'); }

std::size_t first_invalid(std::string_view s) {
  for (std::size_t i = 0; i < s.size();) {
    if (static_cast<unsigned char>(s[i]) < 0x80) {  // most of a data file: no call per byte
      ++i;
      continue;
    }
    const std::size_t at = i;
    if (!decode(s, i)) return at;
  }
  return std::string_view::npos;
}

void append(std::string& out, char32_t cp) {
  std::uint8_t bytes[U8_MAX_LENGTH];
  std::int32_t length = 0;
  UBool error = false;
  U8_APPEND(bytes, length, U8_MAX_LENGTH, static_cast<UChar32>(cp), error);
  if (error) {
    append(out, U'\uFFFD');
    return;
  }
  out.append(reinterpret_cast<const char*>(bytes), static_cast<std::size_t>(length));
}

std::string encode(char32_t cp) {
  std::string s;
  append(s, cp);
  return s;
}

std::string hex(char32_t cp) { return fmt::format("U+{:04X}", static_cast<std::uint32_t>(cp)); }

}  // namespace kw::utf8
