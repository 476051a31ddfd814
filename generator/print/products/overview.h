#pragma once
// overview.png: the contact sheet (imposition/contact_sheet.h) rendered as
// the card rasters arrive, in any order and from any thread. One small sheet
// is held; each card's raster is needed only while it is placed.
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "page/page.h"
#include "print/imposition/contact_sheet.h"
#include "render/canvas.h"
#include "render/png.h"
#include "text/typesetter.h"

namespace kw::print {

class OverviewSheet {
 public:
  // `pages` in sheet order (their trims should agree; the first one's sets
  // the cells), `labels` one per page. Label problems are errors in `diags`.
  OverviewSheet(std::span<const page::Page* const> pages, std::span<const std::string> labels,
                const text::Typesetter& typesetter, Diagnostics& diags);
  // Places card `index`, rendered as `image` (its whole page). Thread-safe.
  void place(size_t index, std::shared_ptr<const page::Raster> image);
  // 8-bit RGB PNG at the sheet's dpi, compressed as the card PNGs are.
  std::string encode_png(render::PngCompression compression = render::PngCompression::Fast) const;
  const ContactSheetGeometry& geometry() const { return geometry_; }

 private:
  std::vector<const page::Page*> pages_;
  ContactSheetGeometry geometry_;
  std::unique_ptr<render::Canvas> canvas_;
};

}  // namespace kw::print
