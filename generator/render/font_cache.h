#pragma once
// Cairo font faces made from font files with FreeType, cached per
// (file, face index) for the life of the process. Internal to the render stage.
#include <cairo.h>

#include <string>

#include "render/cairo_ptr.h"

namespace kw::render::detail {

// A new reference to the face for `file`/`face_index`. Thread-safe.
// Throws RenderError naming the file if FreeType cannot open it.
FontFacePtr font_face(const std::string& file, int face_index);

}  // namespace kw::render::detail
