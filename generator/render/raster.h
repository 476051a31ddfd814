#pragma once
// Pixels of a rendered page, for raster export, tests and preflight.
#include <cstdint>

#include "page/page.h"
#include "page/raster.h"

namespace kw::render {

// The page stage's pixels: what render_raster and the decoders give is what
// a page::Image can place on another page.
using Raster = page::Raster;

// Pixel size of a page at `dpi`: round(mm / 25.4 * dpi) per axis
// (65 x 97 mm at 300 dpi = 768 x 1146), as print shops count them.
struct PixelSize {
  int width = 0, height = 0;
};
PixelSize pixel_size(const page::Page& page, double dpi);

// A rectangle of pixels, origin top-left.
struct PixelRect {
  int x = 0, y = 0, width = 0, height = 0;
};

// Renders `page` at `dpi`. The page is scaled to fill the whole pixel grid
// (each axis separately, the difference is below 0.05 %), so the bleed
// reaches every edge pixel. Unpainted areas stay transparent.
// Throws std::invalid_argument for a non-positive dpi or page size.
Raster render_raster(const page::Page& page, double dpi);

// The pixels of render_raster(page, dpi) inside `region`, the same values,
// painted without the rest of the page: a large sheet is rendered strip by
// strip, or cell by cell, in the memory of one strip. Throws
// std::invalid_argument when `region` is empty or not inside the page.
Raster render_region(const page::Page& page, double dpi, PixelRect region);

// Row `y` of `raster` as 8-bit RGB, painted over white paper: the pixels a
// white page with the raster placed on it pixel for pixel renders to (Cairo
// composites premultiplied colour: c * a / 255 rounded, plus 255 - a), so a
// sheet can be assembled from its cells without painting it. encode_jpeg's
// own blend of a transparent raster rounds once, and can differ by 1.
void row_over_white(const Raster& raster, int y, std::uint8_t* rgb);

}  // namespace kw::render
