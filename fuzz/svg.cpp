// libFuzzer target: an arbitrary SVG painted through the renderer's own SVG
// art path (render::detail::paint_svg_art, librsvg) onto a small page, whole
// and by element id.
#include <cairo.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "page/page.h"
#include "project/input.h"
#include "render/error.h"
#include "render/svg_art.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  auto input = std::make_shared<const kw::project::Input>("templates/fuzz.svg",
                                                          std::string(reinterpret_cast<const char*>(data), size));
  cairo_surface_t* surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 64, 64);
  cairo_t* cr = cairo_create(surface);
  cairo_scale(cr, 2, 2);  // 2 px per mm, as a small page
  kw::page::SvgArt art;
  art.svg = input;
  art.box = kw::Rect{2, 2, 20, 28};
  // A RenderError is the path's answer to a broken SVG (the build reports it).
  try {
    kw::render::detail::paint_svg_art(cr, art);
  } catch (const kw::render::RenderError&) {
  }
  art.element_id = "a";
  art.stylesheet = "path { fill: #123456 }";
  try {
    kw::render::detail::paint_svg_art(cr, art);
  } catch (const kw::render::RenderError&) {
  }
  cairo_destroy(cr);
  cairo_surface_destroy(surface);
  return 0;
}
