#pragma once
// Cairo image surfaces (ARGB32: native-endian 32-bit words, premultiplied
// alpha) and the Rasters the public API speaks. Internal to the render stage.
#include <cairo.h>

#include <cstdint>

#include "page/page.h"
#include "render/cairo_ptr.h"
#include "render/raster.h"

namespace kw::render::detail {

// A transparent image of `page` at `dpi` (pixel_size) with `page` painted on it.
struct PaintedImage {
  SurfacePtr surface;
  PixelSize px;
};
PaintedImage paint_to_image(const page::Page& page, double dpi);

// The part `region` of the image of `page` on its `px` grid, painted as
// paint_to_image paints the whole (the same scale, the region's corner
// moved to the origin by a whole-pixel device offset).
PaintedImage paint_region(const page::Page& page, PixelSize px, PixelRect region);

// Scales `cr` so that one unit is one millimetre of a page of `size` drawn
// onto the whole `px` grid (each axis separately: 65 mm at 300 dpi is
// 767.7 px, rounded to 768; a uniform scale would leave a half-covered
// column at the edge).
void scale_to_page(cairo_t* cr, Size size, PixelSize px);

// Un-premultiplies the image into a Raster.
Raster raster_from_surface(cairo_surface_t* image, double dpi);

// The raster as a new image (premultiplied). Exactly the inverse of
// raster_from_surface: raster_from_surface(surface_from_raster(r)) == r for
// every raster, and the other way round for every image.
SurfacePtr surface_from_raster(const Raster& raster);

// Row `y` of the image composited over white (the paper), as 8-bit RGB.
void row_over_white(cairo_surface_t* image, int y, std::uint8_t* rgb);

}  // namespace kw::render::detail
