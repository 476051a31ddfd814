#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace kw {

// An sRGB colour with alpha, as written in data: "#rrggbb" or "#rrggbbaa".
struct Color {
  std::uint8_t r = 0, g = 0, b = 0, a = 255;
  static std::optional<Color> parse(std::string_view text);
  std::string hex() const;  // "#rrggbb" (or "#rrggbbaa" when not opaque)
  double rf() const { return r / 255.0; }
  double gf() const { return g / 255.0; }
  double bf() const { return b / 255.0; }
  double af() const { return a / 255.0; }
  friend bool operator==(const Color&, const Color&) = default;
};

}  // namespace kw
