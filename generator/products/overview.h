#pragma once
// overview.png: the contact sheet (imposition/contact_sheet.h) made as the
// card rasters arrive, in any order and from any thread, in memory that does
// not grow with the sheet: each card is rendered into its own cell as it is
// placed and kept compressed (a few kilobytes), and the sheet is rendered
// and encoded strip by strip, one row of cards at a time, at the end. The
// pixels are those of the whole sheet painted at once (render_region).
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "core/diagnostic.h"
#include "impose/contact_sheet.h"
#include "page/page.h"
#include "render/png.h"
#include "text/typesetter.h"

namespace kw::products {

class OverviewSheet {
 public:
  // `pages` in sheet order (their trims should agree; the first one's sets
  // the cells), `labels` one per page, set when the sheet is encoded.
  OverviewSheet(std::span<const page::Page* const> pages, std::span<const std::string> labels,
                const text::Typesetter& typesetter);
  // Places card `index`, rendered as `image` (its whole page); the image is
  // not kept. Thread-safe.
  void place(size_t index, std::shared_ptr<const page::Raster> image) {
    set_cell(index, cell(index, std::move(image)));
  }
  // The same in two steps, so that a build can keep a card's cell in its
  // cache and place it again without the card's pixels: the cell's pixels
  // (packed), and placing them. Thread-safe.
  std::string cell(size_t index, std::shared_ptr<const page::Raster> image) const;
  void set_cell(size_t index, std::string packed);
  // What a cell's pixels depend on besides its card's page and rendering:
  // where on the sheet it is and at what size (the scaling filter's phase
  // follows the cell's position), for cache keys.
  std::string cell_key(size_t index) const;
  // 8-bit RGB PNG at the sheet's dpi, compressed as the card PNGs are. A
  // label that cannot be set is an error in `diags` (and the result empty).
  std::string encode_png(Diagnostics& diags, render::PngCompression compression = render::PngCompression::Fast) const;
  const impose::ContactSheetGeometry& geometry() const { return geometry_; }

 private:
  std::vector<const page::Page*> pages_;
  std::vector<std::string> labels_;
  const text::Typesetter& typesetter_;
  impose::ContactSheetGeometry geometry_;
  page::Page ground_;  // the sheet's size and grey, without labels
  mutable std::mutex mutex_;
  std::vector<std::string> cells_;  // per card, its cell's RGB pixels, zlib-compressed; empty until placed
};

}  // namespace kw::products
