#include "render/canvas.h"

#include <mutex>
#include <stdexcept>

#include "render/image_surface.h"
#include "render/jpeg_compress.h"
#include "render/painter.h"

namespace kw::render {

struct Canvas::State {
  detail::PaintedImage image;
  Size page_size;
  double dpi = 0;
  std::mutex mutex;  // one painter at a time; reads wait for it
};

Canvas::Canvas(const page::Page& ground, double dpi)
    : state_(new State{detail::paint_to_image(ground, dpi), ground.size, dpi, {}}) {}

Canvas::~Canvas() = default;

void Canvas::paint(const page::Page& layer) {
  if (layer.size != state_->page_size)
    throw std::invalid_argument("layer '" + layer.id + "' is not the size of the canvas it is painted on");
  std::lock_guard lock(state_->mutex);
  cairo_surface_t* surface = state_->image.surface.get();
  detail::CairoPtr cr(cairo_create(surface));
  detail::scale_to_page(cr.get(), state_->page_size, state_->image.px);
  detail::paint_page(cr.get(), layer);
  cairo_surface_flush(surface);
}

PixelSize Canvas::size() const { return state_->image.px; }

Raster Canvas::raster() const {
  std::lock_guard lock(state_->mutex);
  return detail::raster_from_surface(state_->image.surface.get(), state_->dpi);
}

std::string Canvas::encode_jpeg(const JpegOptions& options) const {
  std::lock_guard lock(state_->mutex);
  cairo_surface_t* surface = state_->image.surface.get();
  cairo_surface_flush(surface);
  return detail::compress_jpeg(state_->image.px.width, state_->image.px.height, state_->dpi, options,
                               detail::JpegInput::Rgb, [surface](int y, std::uint8_t* rgb) {
                                 detail::row_over_white(surface, y, rgb);
                                 return rgb;
                               });
}

}  // namespace kw::render
