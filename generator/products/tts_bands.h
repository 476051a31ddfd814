#pragma once
// A TTS sheet in bands, so that an edit re-codes only the rows of blocks
// that show the edited card. The sheets are coded with a restart marker
// after every row of 8 x 8 blocks (render::JpegOptions::restart_rows), so a
// sheet file is its head (the markers up to the scan) followed by slices,
// one per row of cells: band r holds the block rows whose top lies in cell
// row r, each with the marker that follows it (RSTn, or EOI after the last
// block row). A cell's height need not be a multiple of 8, so the last
// block row of a band may reach into the next row of cells: that band then
// reads two rows of cards. Bands kept from one build and bands coded anew
// join into the bytes the whole sheet coded at once has.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "products/tts_sheets.h"
#include "render/jpeg.h"

namespace kw::products {

// A sheet's settings: standard Huffman tables (a 3790 x 4095 px sheet
// streams row by row; optimised ones would hold every coefficient), a
// restart marker after every row of blocks (bands).
inline constexpr render::JpegOptions kTtsJpeg{90, false, 1};

class TtsBands {
 public:
  TtsBands(const TtsPlan& plan, const TtsSheet& sheet);
  // Whether each band has a block row of its own: not for cells lower than
  // a block (a card 50 times as wide as high), whose sheets are made whole.
  bool banded() const;
  int bands() const { return rows_; }
  // The last row of cells band `r` reads (r, or r + 1).
  int last_cell_row(int r) const;
  // Whether cell row `q` is needed to code the bands `missing` says are
  // missing (one flag per band).
  bool row_needed(int q, const std::vector<bool>& missing) const;
  // Rows of blocks in the sheet: restart intervals in its file.
  size_t blocks() const { return static_cast<size_t>(first_block(rows_)); }
  // A file coded with kTtsJpeg as its head and its bands; nullopt when it
  // does not have one restart interval per row of blocks of this sheet (its
  // frame's size is not looked at: the files split are those just written).
  std::optional<std::pair<std::string, std::vector<std::string>>> split(std::string_view file) const;
  // Band `r` coded from the sheet's pixel rows (`row(y)`: row y, RGB), as
  // split() gives it.
  std::string code(int r, const std::function<const std::uint8_t*(int y)>& row) const;

 private:
  // The first block row of band r (r == rows_: the number of block rows).
  int first_block(int r) const;
  int width_, height_, cell_h_, rows_;
  double dpi_;
};

}  // namespace kw::products
