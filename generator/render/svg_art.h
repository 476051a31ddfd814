#pragma once
// SVG art through librsvg. Internal to the render stage.
#include <cairo.h>

#include "page/page.h"

namespace kw::render::detail {

// Draws `art` (the element `#element_id`, or the whole document) with its
// stylesheet applied, scaled to fit art.box keeping its aspect ratio and
// centred, in the current user space of `cr`. Throws RenderError naming the
// file when it does not parse or lacks the element. Parsed handles are kept
// with the SVG's input, one per thread and stylesheet.
// The stylesheet is a user-origin sheet (librsvg 2.54): it overrides the art's
// presentation attributes (fill="...") but not rules in the art's own <style>
// element unless marked !important.
void paint_svg_art(cairo_t* cr, const page::SvgArt& art);

}  // namespace kw::render::detail
