#pragma once
// What a colour drawn in sRGB prints as on a press condition: LittleCMS
// transforms from sRGB into the condition's output profile (relative
// colorimetric with black point compensation), plus the prepress rules of
// data/print/color.yaml that a plain profile conversion does not know:
//   - near black (within near_black CIEDE2000 of black) prints as 100 % K in
//     text and lines; in small shapes too when it is a grey or 100 % K
//     prints within kRichBlackMatch of its plain conversion; and as the rich
//     black in large areas when it is also nearly neutral (a deep blue stays
//     blue) and a grey, or the rich black prints within kRichBlackMatch of
//     its plain conversion (a dark brown stays brown, in a small shape as in
//     an area: colours blended over it keep their hue);
//   - greys print as a tint of K alone, matched in lightness;
//   - no colour carries more than the ink limit (C, M and Y give way, K stays).
// Components are 0-1 throughout (PDF's convention).
#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <span>
#include <vector>

#include "exporters/cmyk.h"

namespace kw::exporters {

struct Rgb {
  double r = 0, g = 0, b = 0;
  // NOLINTNEXTLINE(modernize-use-nullptr): clang-tidy 14 flags the 0 of the comparison it synthesizes
  auto operator<=>(const Rgb&) const = default;
};

struct Cmyk {
  double c = 0, m = 0, y = 0, k = 0;
  double total() const { return c + m + y + k; }  // 0-4
  friend bool operator==(const Cmyk&, const Cmyk&) = default;
};

// How a colour is used: the black rules differ for each.
enum class PaintUse {
  Text,       // glyphs
  Line,       // strokes up to thin_line_pt, as printed
  SmallFill,  // fills and strokes whose smaller side is below rich_black_min_mm
  Area,       // everything larger
  Blend,      // gradient stops and image pixels: the profile alone (and the ink limit)
};

struct PrintColour {
  Cmyk cmyk;
  bool overprint = false;  // K-only black text and lines
};

// How close (CIEDE2000, both as printed) a substitute black (the rich black,
// or 100 % K in a small shape) must come to a colour's plain conversion to
// stand in for it.
constexpr double kRichBlackMatch = 3;

class PressColours {
 public:
  // Opens the profile named by `settings`; throws std::runtime_error when it
  // cannot be read or is not a 4-channel output profile.
  explicit PressColours(const CmykSettings& settings);
  ~PressColours();
  PressColours(const PressColours&) = delete;
  PressColours& operator=(const PressColours&) = delete;

  PrintColour convert(Rgb rgb, PaintUse use);
  // A grey (0 black - 1 white) as in a DeviceGray operator.
  PrintColour convert_grey(double grey, PaintUse use);
  // 8-bit RGB pixels to 8-bit CMYK, ink limited (for images).
  std::vector<std::uint8_t> convert_pixels(std::span<const std::uint8_t> rgb) const;

  // CIEDE2000 between `rgb` and black (both from sRGB).
  double distance_from_black(Rgb rgb) const;
  // CIEDE2000 between a colour as printed and black (preflight's test for
  // near-black text built from four inks).
  double distance_from_black(Cmyk cmyk) const;
  // CIEDE2000 between two L*a*b* colours.
  static double delta_e(const std::array<double, 3>& a, const std::array<double, 3>& b);
  // CIE L*a*b* (D50) of a colour as printed.
  std::array<double, 3> lab_of(Cmyk cmyk) const;
  // The profile's conversion alone (relative colorimetric, black point
  // compensation), ink limited: no black rules.
  Cmyk plain(Rgb rgb) const;
  // The ink limit applied: C, M, Y scaled down until the total fits.
  Cmyk limit_ink(Cmyk cmyk) const;
  const CmykSettings& settings() const { return settings_; }

 private:
  double k_for_grey(double grey);
  struct Lcms;
  std::unique_ptr<Lcms> lcms_;
  CmykSettings settings_;
  std::map<std::pair<Rgb, int>, PrintColour> memo_;
  std::map<double, double> grey_k_;
};

// The PDF's luminosity of an RGB colour (ISO 32000 11.3.3, non-separable
// blend modes): what a soft mask drawn in RGB measures.
double luminosity(Rgb rgb);

}  // namespace kw::exporters
