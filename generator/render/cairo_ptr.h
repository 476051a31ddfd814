#pragma once
// unique_ptr owners for cairo objects, so every early return and exception
// releases what it created. Internal to the render stage.
#include <cairo.h>

#include <memory>

namespace kw::render::detail {

struct CairoDeleter {
  void operator()(cairo_t* cr) const { cairo_destroy(cr); }
  void operator()(cairo_surface_t* s) const { cairo_surface_destroy(s); }
  void operator()(cairo_font_face_t* f) const { cairo_font_face_destroy(f); }
  void operator()(cairo_font_options_t* o) const { cairo_font_options_destroy(o); }
};

using CairoPtr = std::unique_ptr<cairo_t, CairoDeleter>;
using SurfacePtr = std::unique_ptr<cairo_surface_t, CairoDeleter>;
using FontFacePtr = std::unique_ptr<cairo_font_face_t, CairoDeleter>;
using FontOptionsPtr = std::unique_ptr<cairo_font_options_t, CairoDeleter>;

}  // namespace kw::render::detail
