#pragma once
// Paints the display list onto any cairo surface (image or PDF). The painter
// only draws what layout computed; it never decides positions, sizes or
// colours itself. Internal to the render stage: outside it, pages are
// rendered through render.h.
#include <cairo.h>

#include "page/page.h"

namespace kw::render::detail {

// Paints `page` with its top-left bleed corner at the current user-space
// origin. The caller must have scaled `cr` so that 1 user unit = 1 mm.
// Painting is clipped to the page rectangle (0,0,w,h). Throws RenderError
// naming the item when an asset is missing or cairo fails.
void paint_page(cairo_t* cr, const page::Page& page);

// Paints one item under its transform; `cr` as for paint_page.
void paint_item(cairo_t* cr, const page::Item& item);

}  // namespace kw::render::detail
