#include "core/color.h"

#include <fmt/format.h>

namespace kw {

namespace {
int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}
}  // namespace

std::optional<Color> Color::parse(std::string_view t) {
  if (t.empty() || t[0] != '#') return std::nullopt;
  t.remove_prefix(1);
  if (t.size() != 6 && t.size() != 8) return std::nullopt;
  std::uint8_t v[4] = {0, 0, 0, 255};
  for (size_t i = 0; i < t.size() / 2; ++i) {
    int hi = hex_digit(t[2 * i]), lo = hex_digit(t[2 * i + 1]);
    if (hi < 0 || lo < 0) return std::nullopt;
    v[i] = static_cast<std::uint8_t>(hi * 16 + lo);
  }
  return Color{v[0], v[1], v[2], v[3]};
}

std::string Color::hex() const {
  if (a == 255) return fmt::format("#{:02x}{:02x}{:02x}", r, g, b);
  return fmt::format("#{:02x}{:02x}{:02x}{:02x}", r, g, b, a);
}

}  // namespace kw
