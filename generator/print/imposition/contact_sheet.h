#pragma once
// overview.png: every card of a game (fronts in card order, then the backs)
// on one contact sheet, cut to its trim with its rounded corners, each
// labelled with its file name, on a light grey ground. Made from the card
// rasters the build renders anyway (scaled down), not rendered again.
#include <cairo.h>

#include <mutex>
#include <span>
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "page/page.h"
#include "render/cairo_ptr.h"
#include "render/raster.h"
#include "text/typesetter.h"

namespace kw::print {

// Paints the trim of `page`, rendered as `image` (the whole page, bleed
// included, filling the image), into `target` (pixels of `cr`'s surface),
// rounded by `radius` pixels. Scaled with a good filter (box filter when shrinking).
void paint_card_trim(cairo_t* cr, cairo_surface_t* image, const page::Page& page, const Rect& target, double radius);

struct ContactSheetGeometry {
  int columns = 0, rows = 0;
  int card_w = 0, card_h = 0;     // px
  int gap = 0, label_h = 0;       // px
  int width = 0, height = 0;      // px
  double dpi = 0;                 // of the cards on the sheet
  Rect card(size_t index) const;  // px
  Rect label(size_t index) const;
};

// Roughly 4:3 landscape; cards at `dpi` (of their trim).
ContactSheetGeometry contact_sheet_geometry(size_t count, Size trim, double dpi = 60);

class ContactSheet {
 public:
  // `pages` in sheet order (their trims should agree; the first one's sets the cells).
  // Labels are set with `typesetter`; a label that does not fit is an error in `diags`.
  ContactSheet(std::span<const page::Page* const> pages, std::span<const std::string> labels,
               const text::Typesetter& typesetter, Diagnostics& diags);
  // Paints card `index` from its rendered image. Thread-safe.
  void place(size_t index, cairo_surface_t* image);
  // 8-bit RGB PNG at the sheet's dpi.
  std::string encode_png();
  const ContactSheetGeometry& geometry() const { return geometry_; }

 private:
  std::vector<const page::Page*> pages_;
  ContactSheetGeometry geometry_;
  double radius_px_ = 0;
  render::detail::SurfacePtr surface_;
  std::mutex mutex_;
};

}  // namespace kw::print
