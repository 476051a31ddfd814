#pragma once
// What preflight can check of a card before any file is written: its display
// list and its raster in memory (the studio's per-card badge). The checks are
// preflight's own (safe area, bleed), run against the card's own geometry;
// text sizes are read from the display list's glyph runs instead of a PDF.
// What needs the files (boxes, fonts, image headers, marks, line widths,
// light-on-dark text) stays with preflight_game.
#include "page/page.h"
#include "render/raster.h"
#include "verify/preflight.h"

namespace kw::verify {

// `profile` gives the limits (minimum text size, bleed tolerance); the trim,
// bleed and safe margin are the page's, so a card is judged by its own format.
CardPreflight preflight_page(const page::Page& page, const render::Raster& raster, const PrintProfile& profile);

}  // namespace kw::verify
