#include "page/raster.h"

#include <stdexcept>
#include <string>

namespace kw::page {

Color Raster::pixel(int x, int y) const {
  if (x < 0 || y < 0 || x >= width || y >= height)
    throw std::out_of_range("pixel (" + std::to_string(x) + "," + std::to_string(y) + ") outside " +
                            std::to_string(width) + "x" + std::to_string(height));
  const std::uint8_t* p = &rgba[(static_cast<size_t>(y) * width + x) * 4];
  return Color{p[0], p[1], p[2], p[3]};
}

bool Raster::opaque() const {
  for (size_t i = 3; i < rgba.size(); i += 4)
    if (rgba[i] != 255) return false;
  return true;
}

}  // namespace kw::page
