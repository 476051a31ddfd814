#pragma once
// Pixels: a rendered page, a decoded PNG or JPEG, or an image that a display
// list places (page::Image). A plain value; the render stage makes and reads
// them, the page stage only carries them.
#include <cstdint>
#include <vector>

#include "core/color.h"

namespace kw::page {

struct Raster {
  int width = 0, height = 0;
  double dpi = 0;                  // resolution the pixels stand for; 0 = unknown
  std::vector<std::uint8_t> rgba;  // row-major, 4 bytes per pixel, straight (not premultiplied) alpha

  // Colour of pixel (x, y), origin top-left. Throws std::out_of_range outside.
  Color pixel(int x, int y) const;
  // True when every pixel has alpha 255.
  bool opaque() const;
};

}  // namespace kw::page
