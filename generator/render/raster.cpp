#include "render/raster.h"

#include <cmath>
#include <stdexcept>
#include <string>

#include "core/geometry.h"
#include "render/image_surface.h"

namespace kw::render {

PixelSize pixel_size(const page::Page& page, double dpi) {
  if (!(dpi > 0) || !std::isfinite(dpi))
    throw std::invalid_argument("dpi must be positive, got " + std::to_string(dpi));
  if (!(page.size.w > 0 && page.size.h > 0)) throw std::invalid_argument("page '" + page.id + "' has no area");
  return {mm_to_px_count(page.size.w, dpi), mm_to_px_count(page.size.h, dpi)};
}

Raster render_raster(const page::Page& page, double dpi) {
  detail::PaintedImage image = detail::paint_to_image(page, dpi);
  return detail::raster_from_surface(image.surface.get(), dpi);
}

Raster render_region(const page::Page& page, double dpi, PixelRect region) {
  const PixelSize px = pixel_size(page, dpi);
  if (region.width <= 0 || region.height <= 0 || region.x < 0 || region.y < 0 || region.x + region.width > px.width ||
      region.y + region.height > px.height)
    throw std::invalid_argument("region outside page '" + page.id + "'");
  detail::PaintedImage image = detail::paint_region(page, px, region);
  return detail::raster_from_surface(image.surface.get(), dpi);
}

void row_over_white(const Raster& raster, int y, std::uint8_t* rgb) {
  if (y < 0 || y >= raster.height || raster.rgba.size() != static_cast<size_t>(raster.width) * raster.height * 4)
    throw std::invalid_argument("row " + std::to_string(y) + " is not in the raster");
  const std::uint8_t* in = raster.rgba.data() + static_cast<size_t>(y) * raster.width * 4;
  for (int x = 0; x < raster.width; ++x, in += 4, rgb += 3) {
    const std::uint32_t a = in[3];
    if (a == 255) {
      rgb[0] = in[0];
      rgb[1] = in[1];
      rgb[2] = in[2];
      continue;
    }
    // As surface_from_raster premultiplies, then Cairo's OVER onto white.
    for (int k = 0; k < 3; ++k) rgb[k] = static_cast<std::uint8_t>((in[k] * a + 127) / 255 + (255 - a));
  }
}

}  // namespace kw::render
