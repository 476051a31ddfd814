#pragma once
// The Tabletop Simulator files under tts/ (imposition/tts_sheets.h):
//   tts/<game>-<n>.jpg             face sheet n (1, 2, ...)
//   tts/<game>-back[-<deck>].jpg   a back
//   tts/<game>-tts.json            per sheet: file, back, columns, rows, cards,
//                                  and the card files on it, for TTS's import dialog
// Sheets are painted as card rasters arrive (in any order, from any thread)
// and each is written as soon as its cards and its back are on it. Sheets
// are filled one at a time, in order: a card for a later sheet waits as a
// cell-sized image (cards arrive roughly in order, so only a few wait), so
// a single sheet is held however large the deck.
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <vector>

#include "page/page.h"
#include "print/imposition/tts_sheets.h"
#include "render/canvas.h"

namespace kw::print {

// The plan as JSON (tts/<game>-tts.json).
std::string tts_json(const TtsPlan& plan, std::span<const std::string> stems);

class TtsWriter {
 public:
  TtsWriter(TtsPlan plan, std::vector<const page::Page*> pages, std::filesystem::path dir);
  // Card `index` (a front or a back of the plan) rendered as `image` (its
  // whole page). Thread-safe. Throws on write errors.
  void place(size_t index, std::shared_ptr<const page::Raster> image);
  // Writes the JSON; throws std::logic_error if a sheet was never completed.
  void finish(std::span<const std::string> stems);
  std::vector<std::filesystem::path> written() const;
  // Most sheets held at once so far (for tests).
  size_t peak_open_sheets() const;

 private:
  using Cell = std::shared_ptr<const page::Raster>;
  using Sheet = std::unique_ptr<render::Canvas>;
  // Under mutex_: paints what is waiting into the current sheet; returns the
  // sheet to write when it is complete (and then stops taking cards until
  // written).
  Sheet fill_current();
  void paint_cell(int cell, Cell image);
  void place_back(size_t index, const Cell& image, const std::string& file);
  // Writes completed sheets, outside the lock; the next sheet opens only then.
  void write_sheets(Sheet done);

  TtsPlan plan_;
  std::vector<const page::Page*> pages_;
  std::filesystem::path dir_;
  std::map<size_t, std::pair<size_t, int>> where_;               // front -> (sheet, cell)
  std::map<size_t, std::vector<std::pair<int, Cell>>> waiting_;  // sheet -> (cell, image)
  std::map<size_t, Cell> back_cells_;                            // back index -> cell image
  size_t current_ = 0;                                           // the sheet being filled
  Sheet sheet_;                                                  // it, painted (null until it gets its first cell)
  size_t placed_ = 0;                                            // its cells painted (fronts)
  bool back_placed_ = false;
  bool writing_ = false;  // the current sheet is being written
  size_t open_sheets_ = 0, peak_open_ = 0;
  mutable std::mutex mutex_;
  std::vector<std::filesystem::path> written_;
};

}  // namespace kw::print
