#pragma once
// overview.png: the contact sheet (imposition/contact_sheet.h) made as the
// card rasters arrive, in any order and from any thread, in memory that does
// not grow with the sheet: each card is rendered into its own cell as it is
// placed and kept compressed (a few kilobytes), and the sheet is rendered
// and encoded strip by strip, one row of cards at a time, in order: the
// thread that completes the next row writes it (and any rows completed
// meanwhile) while the other threads go on with their cards, so only the
// rows still incomplete are left for the end, and a written row's cells are
// dropped. The pixels are those of the whole sheet painted at once
// (render_region), whichever thread wrote which row.
//
// Each row is compressed on its own (a render::PngBand), so a build can keep
// the rows in its cache and give them back: a row given needs none of its
// cards' cells, and an edit of one card re-makes only that card's row (the
// file is the same bytes either way).
#include <condition_variable>
#include <exception>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
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
  // the cells), `labels` one per page, set as their row is encoded, which
  // is compressed as `compression` says (as the card PNGs are).
  OverviewSheet(std::span<const page::Page* const> pages, std::span<const std::string> labels,
                const text::Typesetter& typesetter, render::PngCompression compression = render::PngCompression::Fast);
  ~OverviewSheet();
  OverviewSheet(const OverviewSheet&) = delete;
  OverviewSheet& operator=(const OverviewSheet&) = delete;
  // Places card `index`, rendered as `image` (its whole page); the image is
  // not kept. Thread-safe.
  void place(size_t index, std::shared_ptr<const page::Raster> image) {
    set_cell(index, cell(index, std::move(image)));
  }
  // The same in two steps, so that a build can keep a card's cell in its
  // cache and place it again without the card's pixels: the cell's pixels
  // (packed), and placing them. Thread-safe; a card placed again after its
  // row was written changes nothing. What goes wrong writing a row is
  // reported by encode_png.
  std::string cell(size_t index, std::shared_ptr<const page::Raster> image) const;
  void set_cell(size_t index, std::string packed);
  // What a cell's pixels depend on besides its card's page and rendering:
  // where on the sheet it is and at what size (the scaling filter's phase
  // follows the cell's position), for cache keys.
  std::string cell_key(size_t index) const;
  // Rows of cards, and the row card `index` is on.
  int rows() const { return geometry_.rows; }
  int row_of(size_t index) const { return static_cast<int>(index) / geometry_.columns; }
  // Row `r` as kept before (a PngBand::pack of it): its cards' cells are not
  // needed. false (and nothing given) when `band` is not a row of this sheet.
  // Before any card is placed.
  bool give_row(int r, const std::string& band);
  bool row_given(size_t index) const { return !given_.at(static_cast<size_t>(row_of(index))).empty(); }
  // Called with each row made (not given) and its band, packed, from the
  // thread that made it. Before any card is placed.
  void keep_rows(std::function<void(int, const std::string&)> keep) { keep_ = std::move(keep); }
  // The file: 8-bit RGB PNG at the sheet's dpi, its remaining rows written
  // now (a card never placed shows the ground). A label that cannot be set
  // is an error in `diags` (and the result empty). Once only.
  std::string encode_png(Diagnostics& diags);
  // The same, written into `file` as its rows are made rather than held
  // (render::BandedPngWriter::stream_to): stream_to() before any card is
  // placed, finish_file() instead of encode_png(). nullopt (and nothing
  // written) after a label error.
  void stream_to(const std::filesystem::path& file) { png_->stream_to(file); }
  std::optional<FileDigest> finish_file(Diagnostics& diags);
  const impose::ContactSheetGeometry& geometry() const { return geometry_; }
  // Rows of cards written to the file so far.
  int rows_written() const {
    std::lock_guard lock(mutex_);
    return next_row_;  // a row being written counts once it is
  }

 private:
  std::vector<const page::Page*> pages_;
  std::vector<std::string> labels_;
  const text::Typesetter& typesetter_;
  impose::ContactSheetGeometry geometry_;
  page::Page ground_;  // the sheet's size and grey, without labels
  // Writes row `r` (its strip of the sheet, with `cells` of its cards) to
  // png_; only the thread that took the row (writing_) calls it.
  void write_row(int r, const std::vector<std::string>& cells);
  // Under mutex_: whether row `r`'s cards are all placed.
  bool row_complete(int r) const;
  // Writes the rows from next_row_ on while they are complete (all of them
  // with `all`); takes `lock` (on mutex_) and holds it again on return.
  void write_rows(std::unique_lock<std::mutex>& lock, bool all);
  // Every row not written yet, once the rows being written are; false (with
  // the label errors in `diags`) when a label cannot be set.
  bool write_remaining_rows(Diagnostics& diags);

  mutable std::mutex mutex_;
  std::condition_variable written_;  // a thread finished writing a row
  std::vector<std::string> cells_;   // per card, its cell's RGB pixels, zlib-compressed; empty until placed or written
  int next_row_ = 0;                 // the row to write next
  bool writing_ = false;             // a thread is writing a row
  std::exception_ptr failure_;       // what writing a row threw: no more rows are written
  Diagnostics label_errors_;         // labels that could not be set
  std::vector<std::string> given_;   // per row, its band given by give_row (packed); empty: made here
  std::function<void(int, const std::string&)> keep_;
  render::PngCompression compression_;
  std::unique_ptr<render::BandedPngWriter> png_;
};

}  // namespace kw::products
