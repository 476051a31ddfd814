#pragma once
// Gives each card its grid image (card_view.h GridImage): a card whose
// fingerprint an earlier state had keeps that image (rendered or not) and
// its preflight badges; a new one gets an image rendered when first asked
// for (the page asks for those it shows).
//
// The grid's PNG is rendered at the game's resolution divided by a whole
// factor, about kGridDpi, which the grid's card width (90 to 420 px) never
// exceeds by much: painting and encoding a quarter of the pixels is what
// makes a drop that changes every card fast. Preflight judges the pixels
// at the game's resolution (as `kartenwerk preflight` does): that render is
// not part of a reload but done afterwards (judge_preflight, run by the
// studio's low-priority thread), so a card's new image reaches the page
// first and its preflight badges follow. The full resolution, for the
// large view, is rendered on request from the page the view keeps
// (render_full_png).
#include <span>
#include <string>
#include <vector>

#include "layout/game_layout.h"
#include "studio/card_view.h"
#include "verify/preflight.h"

namespace kw::studio {

inline constexpr double kGridDpi = 150;

// Fills image (about kGridDpi, not rendered yet), width_px, height_px (at
// `dpi`) and page of every view (views[i] is pages[i]), reusing `before`'s
// where the fingerprint matches, with its preflight badges when it had been
// judged (`preflighted`). Returns how many cards are new.
size_t render_cards(std::span<const layout::LaidOutCard> pages, std::span<CardView> views, const SessionState& before,
                    double dpi);

// Renders the grid images of `views` not rendered yet, on up to `threads`
// threads (the pages before of the "what changed" view, wanted whole).
void render_now(std::span<const CardView> views, unsigned threads);

// The card's page at `dpi` as a PNG (the large view's image).
std::string render_full_png(const page::Page& page, double dpi);

// Preflight's findings for the card's page rendered at `dpi`.
std::vector<Badge> judge_preflight(const page::Page& page, const verify::PrintProfile& profile, double dpi);

}  // namespace kw::studio
