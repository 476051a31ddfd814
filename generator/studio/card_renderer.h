#pragma once
// Renders the cards whose fingerprint is new; a card whose fingerprint an
// earlier state already rendered keeps that PNG (and its preflight badges).
#include <span>

#include "layout/game_layout.h"
#include "studio/card_view.h"
#include "verify/preflight.h"

namespace kw::studio {

// Fills png, width_px, height_px and the preflight badges of every view
// (views[i] is pages[i]), reusing `before`'s where the fingerprint matches.
// Renders at `dpi` on up to `threads` threads. Returns how many it rendered.
size_t render_cards(std::span<const layout::LaidOutCard> pages, std::span<CardView> views, const SessionState& before,
                    const verify::PrintProfile& profile, double dpi, unsigned threads);

}  // namespace kw::studio
