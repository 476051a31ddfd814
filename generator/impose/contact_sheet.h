#pragma once
// overview.png as pages: every card of a game (fronts in card order, then
// the backs) on one contact sheet, cut to its trim with its rounded corners,
// each labelled with its file name, on a light grey ground. The cards are
// placed as the rasters the build renders anyway (scaled down), not laid
// out again. The sheet is measured in pixels of its own resolution; its
// pages in millimetres, like every page.
#include <memory>
#include <span>
#include <string>

#include "core/diagnostic.h"
#include "page/page.h"
#include "text/typesetter.h"

namespace kw::impose {

struct ContactSheetGeometry {
  int columns = 0, rows = 0;
  int card_w = 0, card_h = 0;     // px
  int gap = 0, label_h = 0;       // px
  int width = 0, height = 0;      // px
  double dpi = 0;                 // of the cards on the sheet
  Rect card(size_t index) const;  // px
  Rect label(size_t index) const;
  Size page_size() const;  // mm
};

// At most this many pixels: the 1,001 cards of the bench deck (38.7 million
// at 60 dpi) still get their 60 dpi; larger decks get smaller cards.
inline constexpr double kMaxContactSheetPixels = 40e6;

// Roughly 4:3 landscape; cards at `dpi` (of their trim), or less when the
// sheet would exceed kMaxContactSheetPixels.
ContactSheetGeometry contact_sheet_geometry(size_t count, Size trim, double dpi = 60);

// The trim of `card`, rendered as `image` (its whole page, bleed included,
// filling the image), filling `box` (mm) with its corners rounded by
// `corner_radius` (mm); shrunk by averaging (page::Image::Resampling::Box).
page::Image card_trim_image(const page::Page& card, std::shared_ptr<const page::Raster> image, const Rect& box,
                            double corner_radius);

// The sheet before its cards: the grey ground and each card's label, set with
// `typesetter`; a label that does not fit is an error in `diags`. labels[i]
// is card first + i's (a strip of the sheet needs only its own labels).
page::Page contact_sheet_ground(const ContactSheetGeometry& geometry, std::span<const std::string> labels,
                                const text::Typesetter& typesetter, Diagnostics& diags, size_t first = 0);

// Card `index` of the sheet, as a page of the ground's size (a layer over it):
// the trim of `card` from `image` in its cell, rounded like the card.
page::Page contact_sheet_card(const ContactSheetGeometry& geometry, size_t index, const page::Page& card,
                              std::shared_ptr<const page::Raster> image);

}  // namespace kw::impose
