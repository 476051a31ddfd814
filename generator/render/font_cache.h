#pragma once
// Cairo font faces made from font files with FreeType, from the bytes of the
// file's input and kept with it, per face index. Internal to the render stage.
#include <cairo.h>

#include <string>

#include "project/input.h"
#include "render/cairo_ptr.h"

namespace kw::render::detail {

// A new reference to the face `face_index` of `font`. Thread-safe.
// Throws RenderError naming the file if FreeType cannot open it.
FontFacePtr font_face(const project::Input& font, int face_index);

}  // namespace kw::render::detail
