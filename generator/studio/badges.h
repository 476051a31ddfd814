#pragma once
// The badges on the studio's cards: the rules engine's findings and the
// layout's warnings (overflowing text) that name a card, and the in-memory
// preflight of each rendered card.
#include <vector>

#include "core/diagnostic.h"
#include "page/page.h"
#include "render/raster.h"
#include "studio/card_view.h"
#include "verify/preflight.h"

namespace kw::studio {

// Attaches every diagnostic of `diags` that names a card (by its id or its
// definition's id, as the rules engine names them) to that card's view.
void add_badges(const Diagnostics& diags, Badge::Kind kind, std::vector<CardView>& views);

// Preflight's findings for a card rendered as `raster`.
std::vector<Badge> preflight_badges(const page::Page& page, const render::Raster& raster,
                                    const verify::PrintProfile& profile);

}  // namespace kw::studio
