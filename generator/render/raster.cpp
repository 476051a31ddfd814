#include "render/raster.h"

#include <cmath>
#include <cstring>
#include <stdexcept>
#include <string>

#include "core/geometry.h"
#include "render/error.h"
#include "render/painter.h"

namespace kw::render {

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

PixelSize pixel_size(const page::Page& page, double dpi) {
  if (!(dpi > 0) || !std::isfinite(dpi))
    throw std::invalid_argument("dpi must be positive, got " + std::to_string(dpi));
  if (!(page.size.w > 0 && page.size.h > 0)) throw std::invalid_argument("page '" + page.id + "' has no area");
  return {mm_to_px_count(page.size.w, dpi), mm_to_px_count(page.size.h, dpi)};
}

namespace detail {

SurfacePtr paint_to_image(const page::Page& page, double dpi) {
  PixelSize px = pixel_size(page, dpi);
  SurfacePtr surface(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, px.width, px.height));
  if (cairo_surface_status(surface.get()) != CAIRO_STATUS_SUCCESS)
    throw RenderError("cannot create a " + std::to_string(px.width) + "x" + std::to_string(px.height) +
                      " image for page '" + page.id + "'");
  CairoPtr cr(cairo_create(surface.get()));
  // Fill the whole pixel grid: 65 mm at 300 dpi is 767.7 px, rounded to 768;
  // a uniform scale would leave a half-covered column at the edge.
  cairo_scale(cr.get(), px.width / page.size.w, px.height / page.size.h);
  paint_page(cr.get(), page);
  cairo_surface_flush(surface.get());
  return surface;
}

Raster raster_from_surface(cairo_surface_t* image, double dpi) {
  Raster r;
  r.width = cairo_image_surface_get_width(image);
  r.height = cairo_image_surface_get_height(image);
  r.dpi = dpi;
  r.rgba.resize(static_cast<size_t>(r.width) * r.height * 4);
  const unsigned char* data = cairo_image_surface_get_data(image);
  int stride = cairo_image_surface_get_stride(image);
  std::uint8_t* out = r.rgba.data();
  for (int y = 0; y < r.height; ++y) {
    const unsigned char* row = data + static_cast<size_t>(y) * stride;
    for (int x = 0; x < r.width; ++x, out += 4) {
      // ARGB32 is a native-endian 32-bit word with premultiplied colour.
      std::uint32_t v;
      std::memcpy(&v, row + 4 * x, 4);
      std::uint32_t a = v >> 24;
      std::uint32_t c[3] = {(v >> 16) & 0xFF, (v >> 8) & 0xFF, v & 0xFF};
      for (int k = 0; k < 3; ++k) {
        std::uint32_t s = a == 255 ? c[k] : a == 0 ? 0 : (c[k] * 255 + a / 2) / a;
        out[k] = static_cast<std::uint8_t>(s > 255 ? 255 : s);
      }
      out[3] = static_cast<std::uint8_t>(a);
    }
  }
  return r;
}

}  // namespace detail

Raster render_raster(const page::Page& page, double dpi) {
  detail::SurfacePtr surface = detail::paint_to_image(page, dpi);
  return detail::raster_from_surface(surface.get(), dpi);
}

}  // namespace kw::render
