#include "verify/separation_map.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>

namespace kw::verify {

namespace {

// The band's tint and how strongly it covers the grey (0: not at all).
struct Tint {
  std::array<double, 3> rgb;
  double cover;
};
Tint tint_of(double delta_e) {
  if (delta_e < 2) return {{0, 0, 0}, 0};
  if (delta_e < 3) return {{40, 110, 230}, 0.55};
  if (delta_e < 6) return {{245, 210, 30}, 0.7};
  if (delta_e < 10) return {{245, 130, 20}, 0.8};
  return {{220, 20, 30}, 0.9};
}

}  // namespace

render::Raster separation_map(const SeparationCells& cells, int scale) {
  render::Raster out;
  if (!cells.measured() || cells.columns <= 0 || cells.rows <= 0) return out;
  out.width = cells.columns * scale;
  out.height = cells.rows * scale;
  out.rgba.assign(static_cast<size_t>(out.width) * out.height * 4, 255);
  for (int r = 0; r < cells.rows; ++r)
    for (int c = 0; c < cells.columns; ++c) {
      const size_t i = static_cast<size_t>(r) * cells.columns + c;
      const double grey = i < cells.lightness.size() ? std::clamp(cells.lightness[i] / 100.0, 0.0, 1.0) * 255 : 128;
      const Tint t = tint_of(cells.delta_e[i]);
      std::array<std::uint8_t, 3> px{};
      for (int k = 0; k < 3; ++k)
        px[k] = static_cast<std::uint8_t>(std::lround(grey * (1 - t.cover) + t.rgb[k] * t.cover));
      for (int y = r * scale; y < (r + 1) * scale; ++y)
        for (int x = c * scale; x < (c + 1) * scale; ++x)
          std::copy(px.begin(), px.end(), &out.rgba[(static_cast<size_t>(y) * out.width + x) * 4]);
    }
  return out;
}

}  // namespace kw::verify
