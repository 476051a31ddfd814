#include "page/raster.h"

#include <algorithm>
#include <cstring>
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

// Every PNG and JPEG written asks this of a whole card, so it ANDs eight
// bytes (two pixels) at a time instead of testing each alpha byte, and
// looks at the result once a row-sized block.
bool Raster::opaque() const {
  constexpr size_t kBlock = 4096;  // bytes: a multiple of 8
  const std::uint8_t alpha[8] = {0, 0, 0, 255, 0, 0, 0, 255};
  std::uint64_t mask;
  std::memcpy(&mask, alpha, 8);  // the alpha bytes, whatever the byte order
  const size_t whole = rgba.size() / 8 * 8;
  for (size_t start = 0; start < whole; start += kBlock) {
    const size_t end = std::min(whole, start + kBlock);
    std::uint64_t all = ~std::uint64_t{0};
    for (size_t i = start; i < end; i += 8) {
      std::uint64_t word;
      std::memcpy(&word, &rgba[i], 8);
      all &= word;
    }
    if ((all & mask) != mask) return false;
  }
  return whole == rgba.size() || rgba.back() == 255;  // an odd pixel count leaves one
}

}  // namespace kw::page
