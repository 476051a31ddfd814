#pragma once
// The Tabletop Simulator files under tts/ (tts_sheets.h, tts_save.h):
//   tts/<game>-<n>.jpg             face sheet n (1, 2, ...)
//   tts/<game>-back[-<deck>].jpg   a back
//   tts/<game>-<deck>.json         a saved object per deck (tts_save.h)
//   tts/<game>-<deck>.png          its thumbnail: the deck's back, within 256 x 256 px
// Cards arrive as rasters in any order, from any thread. Each is rendered
// into its cell as it is placed (on the placing thread, outside the lock) and
// kept as RGB until the row of cells it belongs to is complete; a cell more
// than a row ahead of the sheet being written is kept zlib-compressed. A
// sheet is written one row of cells at a time, as the rows complete, in
// order: the row's cells go to a streaming JPEG (standard Huffman tables) and
// its bytes to the file, so neither a whole sheet (3790 x 4095 px, 62 MB as
// an image) nor its JPEG is ever held, however large the deck. A sheet's file
// appears, complete, when its last row (with its back) is written. The pixels
// are those of the sheet painted whole (tts_sheet_ground and tts_sheet_cell):
// the cells are placed pixel for pixel.
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/output_files.h"
#include "model/model.h"
#include "page/page.h"
#include "products/tabletop_cards.h"
#include "products/tabletop_options.h"
#include "products/tts_save.h"
#include "products/tts_sheets.h"
#include "render/jpeg.h"

namespace kw::products {

namespace detail {
// A cell's pixels, with their size (tts_writer.cpp).
struct FreePixels {
  size_t size = 0;
  void operator()(std::uint8_t* pixels) const;
};
}  // namespace detail

// What the saved objects say besides the sheets: the cards' names and
// texts, the game's name (each deck's description) and where the sheets
// will be (url_base, ending in '/'). No decks: no saved objects.
struct TtsSaveInfo {
  TabletopCards cards;
  std::string game_name;
  std::string url_base;
};

// For `game`'s sheets in `dir`: the cards' names and texts, and --tts-url
// or `dir`'s file:/// URL.
TtsSaveInfo tts_save_info(const model::Game& game, const std::filesystem::path& dir, const TabletopOptions& options);

// Largest side of a saved object's thumbnail, px.
constexpr int kTtsThumbnailPx = 256;

class TtsWriter {
 public:
  TtsWriter(TtsPlan plan, std::vector<const page::Page*> pages, std::filesystem::path dir, TtsSaveInfo save = {});
  ~TtsWriter();
  TtsWriter(const TtsWriter&) = delete;
  TtsWriter& operator=(const TtsWriter&) = delete;
  // Card `index` (a front or a back of the plan) rendered as `image` (its
  // whole page); the image is not kept. Thread-safe. The thread that
  // completes the next row of cells writes it (and any rows completed
  // meanwhile). Throws on write errors; after one, no more sheets are
  // written and finish() throws.
  void place(size_t index, std::shared_ptr<const page::Raster> image);
  // The same, also giving the card's cell (its pixels over white,
  // compressed; empty for a card the plan does not take) for a build's cache
  // to keep, and placing such a cell again without the card's pixels.
  // Thread-safe.
  std::string place_keeping(size_t index, std::shared_ptr<const page::Raster> image);
  void place_cell(size_t index, const std::string& packed);
  // What a cell's pixels depend on besides its card's page and rendering
  // (its size and resolution), for cache keys.
  std::string cell_key() const;
  // Sheet `sheet` is not written: its file is already there (a build cache
  // had its bytes). Its cards are not taken; the sheets after it are written
  // as ever. Call before the first place().
  void skip_sheet(size_t sheet);
  // Sheet `sheet` is joined from its `head` and `bands` (tts_bands.h) that a
  // build cache kept; an empty band is coded anew, and only the cards on
  // the rows of cells those read are taken. Written by finish(). Call before
  // the first place().
  void splice_sheet(size_t sheet, std::string head, std::vector<std::string> bands);
  // Whether card `index` is a back, on a sheet being written, or on a row a
  // spliced sheet's missing bands read.
  bool takes(size_t index) const;
  // The sheets and backs being written (their files, grids and cards).
  const TtsPlan& plan() const { return plan_; }
  // Called with each card's cell (card_w x card_h px, RGB over white) as it
  // is placed, on the placing thread, before the sheets take it: for files
  // of single cards. Set before the first place().
  using CellSink = std::function<void(size_t index, const std::uint8_t* rgb)>;
  void set_cell_sink(CellSink sink) { sink_ = std::move(sink); }
  // Without sheet files (only the cells for the sink): the rows are taken
  // and dropped, nothing is written. Set before the first place().
  void set_no_sheets() { sheets_ = false; }
  // Where the saved objects and their thumbnails go (by default
  // write_output): a caller that knows what the last build left in place
  // need not write the same bytes again.
  using FileSink = std::function<void(const std::filesystem::path& file, std::string_view bytes)>;
  void set_file_sink(FileSink sink) { file_sink_ = std::move(sink); }
  // Writes the saved objects (through the file sink): they depend on the
  // plan and the cards' names and texts only, not on their pixels. Call
  // once, after set_file_sink, early in the build (a 10,000-card deck's
  // object is 14 MB of text, which written by finish() came on top of all
  // a build holds at its end, when its memory peaks), on any thread: it
  // does not hold up the cards being placed meanwhile (at 5,000 cards it
  // takes 30 ms). Without this call finish() writes them.
  void write_saved_objects();
  // Writes the saved objects (unless written already) and their
  // thumbnails; throws std::logic_error if a sheet was never completed.
  void finish();
  std::vector<std::filesystem::path> written() const;
  // Most sheets being written at once so far (1: they are written in order).
  size_t peak_open_sheets() const;
  // Bytes held for the sheets: cells placed and not yet written (as RGB or
  // compressed), the backs' cells, and the row of cells being written (as
  // RGB); now, and the most so far. The compressed bytes of one row, on
  // their way to the file, are not counted.
  size_t held_bytes() const;
  size_t peak_held_bytes() const;
  // Cells that were kept compressed (placed more than a row ahead).
  size_t packed_cells() const;

 private:
  using Pixels = std::unique_ptr<std::uint8_t[], detail::FreePixels>;
  // A cell's pixels, card_w x card_h, as RGB over white paper, or those bytes
  // zlib-compressed.
  struct Cell {
    Pixels rgb;
    std::string packed;
    size_t bytes() const { return (rgb ? rgb.get_deleter().size : 0) + packed.size(); }
  };
  using CellPtr = std::shared_ptr<const Cell>;
  // A row of cells of a sheet, one per column (null: paper).
  struct Strip {
    size_t sheet = 0;
    int row = 0;
    std::vector<CellPtr> cells;
    size_t bytes = 0;  // held for it while it is written
  };

  // Under mutex_: the next row to write, if it is complete and nobody is
  // writing (then the caller is the writer until it has written it).
  std::optional<Strip> take_strip();
  // Under mutex_: past the skipped sheets at the one being written.
  void pass_skipped();
  Pixels render_cell(size_t index, std::shared_ptr<const page::Raster> image) const;
  void place_pixels(size_t index, Pixels rgb);
  // Outside the lock: writes `strip` and any rows completed meanwhile.
  void write_strips(std::optional<Strip> strip);
  void write_strip(const Strip& strip);
  void hold(size_t bytes);  // under mutex_
  size_t cell_bytes() const;
  Pixels new_pixels() const;  // cell_bytes() of them

  // The thumbnail of a deck whose back is `cell`.
  std::string thumbnail(const Cell& cell) const;

  TtsPlan plan_;
  TtsSaveInfo save_;
  CellSink sink_;
  FileSink file_sink_;
  bool sheets_ = true;
  std::vector<const page::Page*> pages_;
  std::filesystem::path dir_;
  std::map<size_t, std::pair<size_t, int>> where_;  // front -> (sheet, cell)
  std::vector<size_t> first_row_;                   // per sheet, the number of its first row among all sheets' rows
  std::set<size_t> skipped_;                        // skip_sheet(), splice_sheet()
  // A sheet joined from kept bands: its head and bands (empty: to code), the
  // bands missing, and the cells placed on the rows those read.
  struct Spliced {
    std::string head;
    std::vector<std::string> bands;
    std::vector<bool> missing;
    size_t needed = 0;            // the cards on the rows the missing bands read
    std::map<int, Pixels> cells;  // under mutex_
    bool written = false;         // under mutex_: by the thread that placed its last card
  };
  std::map<size_t, Spliced> spliced_;  // by sheet; set before the first place()
  // Whether card `index` is a front on a spliced sheet (then the sheet and cell).
  std::optional<std::pair<size_t, int>> spliced_front(size_t index) const;
  // Whether cell `at` of spliced `sheet` is on a row its missing bands read.
  bool spliced_needs(size_t sheet, int at) const;
  // Codes the missing bands of a spliced sheet from its cells and `back`'s
  // (the sheet's back cell) and writes the sheet; does not take mutex_.
  void write_spliced(size_t sheet, const Spliced& spliced, const std::map<int, Pixels>& cells, const Cell* back);
  // `sheet`'s cells and back, taken out of spliced_ (once) to be written by
  // the caller: when its last needed cell and its back are placed, beside
  // the cards still being placed; or `at_end` (finish()), whatever is placed.
  struct SplicedNow {
    size_t sheet = 0;
    std::map<int, Pixels> cells;
    CellPtr back;  // null when not placed
  };
  std::optional<SplicedNow> take_splice(size_t sheet, bool at_end);  // under mutex_
  void splice_written(const SplicedNow& taken);                      // under mutex_: listed, its cells let go
  // The same for the spliced sheets whose back is `back`, just placed.
  void take_splices_of_back(size_t back, std::vector<SplicedNow>& out);  // under mutex_
  void write_taken_splice(const SplicedNow& taken);                      // without mutex_
  void write_objects();                                                  // under objects_mutex_

  mutable std::mutex mutex_;
  std::map<std::pair<size_t, int>, CellPtr> cells_;  // (sheet, cell) -> its pixels, placed, not yet written
  std::map<size_t, CellPtr> back_cells_;             // back index -> its cell
  size_t sheet_ = 0;                                 // the sheet being written
  int row_ = 0;                                      // its next row
  std::atomic<size_t> next_row_{0};                  // that row's number among all rows (read without the lock)
  bool writing_ = false;                             // a thread is writing a row
  bool failed_ = false;                              // a write failed
  size_t held_ = 0, peak_held_ = 0, packed_ = 0;
  size_t open_sheets_ = 0, peak_open_ = 0;
  std::vector<std::filesystem::path> written_;
  // The saved objects written by write_saved_objects(): each one's file
  // stem and the back its thumbnail shows (finish() makes the thumbnails).
  // Under objects_mutex_ (taken after mutex_ when both are), with save_
  // and the file sink's calls.
  std::mutex objects_mutex_;
  std::optional<std::vector<std::pair<std::string, size_t>>> saved_objects_;

  // The sheet being written; only the thread writing a row touches them.
  std::unique_ptr<render::JpegWriter> jpeg_;
  std::unique_ptr<PendingFile> file_;
};

}  // namespace kw::products
