#include "render/image_surface.h"

#include <bit>
#include <cstdint>
#include <cstring>
#include <string>

#include "render/error.h"
#include "render/painter.h"

namespace kw::render::detail {

namespace {

// One ARGB32 pixel of `row`.
std::uint32_t argb(const unsigned char* row, int x) {
  std::uint32_t v;
  std::memcpy(&v, row + 4 * x, 4);
  return v;
}

const unsigned char* row_of(cairo_surface_t* image, int y) {
  return cairo_image_surface_get_data(image) + static_cast<size_t>(y) * cairo_image_surface_get_stride(image);
}

SurfacePtr new_image(int width, int height, const std::string& what) {
  SurfacePtr surface(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height));
  if (cairo_surface_status(surface.get()) != CAIRO_STATUS_SUCCESS)
    throw RenderError("cannot create a " + std::to_string(width) + "x" + std::to_string(height) + " image for " + what);
  return surface;
}

// One pixel of premultiplied ARGB32 as straight RGBA. Card pixels are nearly
// all opaque, where there is nothing to divide: they take the first branch,
// and the division (rounded to nearest) is left to edges and shadows.
void unpremultiply(std::uint32_t v, std::uint8_t* out) {
  const std::uint32_t a = v >> 24;
  if (a == 255) {
    out[0] = static_cast<std::uint8_t>(v >> 16);
    out[1] = static_cast<std::uint8_t>(v >> 8);
    out[2] = static_cast<std::uint8_t>(v);
    out[3] = 255;
    return;
  }
  if (a == 0) {
    std::memset(out, 0, 4);
    return;
  }
  const std::uint32_t c[3] = {(v >> 16) & 0xFF, (v >> 8) & 0xFF, v & 0xFF};
  for (int k = 0; k < 3; ++k) {
    std::uint32_t s = (c[k] * 255 + a / 2) / a;
    out[k] = static_cast<std::uint8_t>(s > 255 ? 255 : s);
  }
  out[3] = static_cast<std::uint8_t>(a);
}

// A row of opaque pixels, where premultiplied is straight: each ARGB32 word
// (0xAARRGGBB) becomes the bytes R G B A by moving two bytes, in a loop the
// compiler vectorizes (a pixel at a time through unpremultiply's branches
// took a tenth of a card's build). false when a pixel is not opaque: then
// `out` holds nothing useful and the row is converted pixel by pixel.
bool opaque_row_to_rgba(const unsigned char* row, int width, std::uint8_t* out) {
  std::uint32_t alpha = 0xFF000000;
  for (int x = 0; x < width; ++x) {
    std::uint32_t v;
    std::memcpy(&v, row + 4 * x, 4);
    alpha &= v;
    const std::uint32_t rgba = (v & 0xFF00FF00) | (v >> 16 & 0xFF) | (v & 0xFF) << 16;  // 0xAABBGGRR
    if constexpr (std::endian::native == std::endian::little) {
      std::memcpy(out + 4 * x, &rgba, 4);
    } else {
      const std::uint8_t bytes[4] = {static_cast<std::uint8_t>(rgba), static_cast<std::uint8_t>(rgba >> 8),
                                     static_cast<std::uint8_t>(rgba >> 16), static_cast<std::uint8_t>(rgba >> 24)};
      std::memcpy(out + 4 * x, bytes, 4);
    }
  }
  return alpha == 0xFF000000;
}

}  // namespace

void scale_to_page(cairo_t* cr, Size size, PixelSize px) { cairo_scale(cr, px.width / size.w, px.height / size.h); }

PaintedImage paint_to_image(const page::Page& page, double dpi) {
  PaintedImage image{nullptr, pixel_size(page, dpi)};
  image.surface = new_image(image.px.width, image.px.height, "page '" + page.id + "'");
  CairoPtr cr(cairo_create(image.surface.get()));
  scale_to_page(cr.get(), page.size, image.px);
  paint_page(cr.get(), page);
  cairo_surface_flush(image.surface.get());
  return image;
}

PaintedImage paint_region(const page::Page& page, PixelSize px, PixelRect region) {
  PaintedImage image{nullptr, {region.width, region.height}};
  image.surface = new_image(region.width, region.height, "page '" + page.id + "'");
  cairo_surface_set_device_offset(image.surface.get(), -region.x, -region.y);
  CairoPtr cr(cairo_create(image.surface.get()));
  scale_to_page(cr.get(), page.size, px);
  paint_page(cr.get(), page);
  cairo_surface_flush(image.surface.get());
  return image;
}

Raster raster_from_surface(cairo_surface_t* image, double dpi) {
  cairo_surface_flush(image);
  Raster r;
  r.width = cairo_image_surface_get_width(image);
  r.height = cairo_image_surface_get_height(image);
  r.dpi = dpi;
  r.rgba.resize(static_cast<size_t>(r.width) * r.height * 4);
  std::uint8_t* out = r.rgba.data();
  for (int y = 0; y < r.height; ++y, out += static_cast<size_t>(r.width) * 4) {
    const unsigned char* row = row_of(image, y);
    if (!opaque_row_to_rgba(row, r.width, out))
      for (int x = 0; x < r.width; ++x) unpremultiply(argb(row, x), out + 4 * x);
  }
  return r;
}

SurfacePtr surface_from_raster(const Raster& raster) {
  if (raster.width <= 0 || raster.height <= 0 ||
      raster.rgba.size() != static_cast<size_t>(raster.width) * raster.height * 4)
    throw RenderError("image without pixels, or with too few for its size");
  SurfacePtr surface = new_image(raster.width, raster.height, "an image");
  cairo_surface_flush(surface.get());
  unsigned char* data = cairo_image_surface_get_data(surface.get());
  const int stride = cairo_image_surface_get_stride(surface.get());
  const std::uint8_t* in = raster.rgba.data();
  for (int y = 0; y < raster.height; ++y) {
    unsigned char* row = data + static_cast<size_t>(y) * stride;
    for (int x = 0; x < raster.width; ++x, in += 4) {
      // Rounded to nearest, which undoes raster_from_surface's division
      // exactly for every alpha and premultiplied value.
      std::uint32_t a = in[3];
      auto premultiply = [a](std::uint32_t c) { return (c * a + 127) / 255; };
      std::uint32_t v = a << 24 | premultiply(in[0]) << 16 | premultiply(in[1]) << 8 | premultiply(in[2]);
      std::memcpy(row + 4 * x, &v, 4);
    }
  }
  cairo_surface_mark_dirty(surface.get());
  return surface;
}

void row_over_white(cairo_surface_t* image, int y, std::uint8_t* rgb) {
  const unsigned char* row = row_of(image, y);
  const int width = cairo_image_surface_get_width(image);
  for (int x = 0; x < width; ++x) {
    // Premultiplied colour over white: c + (255 - a).
    std::uint32_t v = argb(row, x);
    std::uint32_t white = 255 - (v >> 24);
    rgb[3 * x] = static_cast<std::uint8_t>(((v >> 16) & 0xFF) + white);
    rgb[3 * x + 1] = static_cast<std::uint8_t>(((v >> 8) & 0xFF) + white);
    rgb[3 * x + 2] = static_cast<std::uint8_t>((v & 0xFF) + white);
  }
}

}  // namespace kw::render::detail
