#pragma once
// Renders the cards whose fingerprint is new; a card whose fingerprint an
// earlier state already rendered keeps that PNG (and its preflight badges).
//
// A card is rendered at the game's resolution (preflight judges those
// pixels, as `kartenwerk preflight` does), but the PNG the grid shows is
// that raster shrunk by a whole factor to about kGridDpi (each pixel the
// mean of those it covers), which the grid's
// card width (90 to 420 px) never exceeds by much: encoding a quarter of
// the pixels is most of what a drop that changes every card costs (the
// PNG's deflate was 44 % of a reload's CPU time for Palantír). The full
// resolution, for the large view, is rendered again on request from the
// page the view keeps (render_full_png).
#include <span>
#include <string>

#include "layout/game_layout.h"
#include "studio/card_view.h"
#include "verify/preflight.h"

namespace kw::studio {

inline constexpr double kGridDpi = 150;

// Fills png (about kGridDpi), width_px, height_px (at `dpi`), page and
// the preflight badges of every view (views[i] is pages[i]), reusing
// `before`'s where the fingerprint matches. Renders at `dpi` on up to
// `threads` threads. Returns how many it rendered.
size_t render_cards(std::span<const layout::LaidOutCard> pages, std::span<CardView> views, const SessionState& before,
                    const verify::PrintProfile& profile, double dpi, unsigned threads);

// The card's page at `dpi` as a PNG (the large view's image).
std::string render_full_png(const page::Page& page, double dpi);

}  // namespace kw::studio
