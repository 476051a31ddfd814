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

}  // namespace kw::render
