#pragma once
// Pixels of a rendered page, for raster export, tests and preflight.
#include <cstdint>
#include <vector>

#include "core/color.h"
#include "page/page.h"
#include "render/cairo_ptr.h"

namespace kw::render {

struct Raster {
  int width = 0, height = 0;
  double dpi = 0;                  // resolution the pixels stand for; 0 = unknown
  std::vector<std::uint8_t> rgba;  // row-major, 4 bytes per pixel, straight (not premultiplied) alpha

  // Colour of pixel (x, y), origin top-left. Throws std::out_of_range outside.
  Color pixel(int x, int y) const;
  // True when every pixel has alpha 255.
  bool opaque() const;
};

// Pixel size of a page at `dpi`: round(mm / 25.4 * dpi) per axis
// (65 x 97 mm at 300 dpi = 768 x 1146), as print shops count them.
struct PixelSize {
  int width = 0, height = 0;
};
PixelSize pixel_size(const page::Page& page, double dpi);

// Renders `page` at `dpi`. The page is scaled to fill the whole pixel grid
// (each axis separately, the difference is below 0.05 %), so the bleed
// reaches every edge pixel. Unpainted areas stay transparent.
// Throws std::invalid_argument for a non-positive dpi or page size.
Raster render_raster(const page::Page& page, double dpi);

namespace detail {
// The cairo image (ARGB32, premultiplied) that render_raster converts.
SurfacePtr paint_to_image(const page::Page& page, double dpi);
// Un-premultiplies cairo's native-endian ARGB32 into a Raster.
Raster raster_from_surface(cairo_surface_t* image, double dpi);
}  // namespace detail

}  // namespace kw::render
