#pragma once
// Tabletop Simulator deck sheets under tts/: the fronts of a deck on JPEG
// sheets of up to 10 x 7 cells, and the back as an image of its own.
//
// TTS's custom deck takes a face sheet (up to 10 columns x 7 rows), the
// number of cards on it, and one back image. It shows the sheet's last cell
// (bottom right) for cards hidden in another player's hand, so that cell
// holds the back and a sheet carries at most 69 cards. Cards sharing a back
// go on the same sheets (a game with two backs gets two decks). Sheets stay
// within 4096 px per side (TTS accepts up to 10000; 4096 is the size it
// handles well on every graphics card): 59 x 91 mm cards become 379 x 585 px.
//
//   tts/<game>-<n>.jpg        face sheet n (1, 2, ...)
//   tts/<game>-back[-<deck>].jpg   a back
//   tts/<game>-tts.json       per sheet: file, back, columns, rows, cards, and
//                             the card files on it, for TTS's import dialog
#include <cairo.h>

#include <filesystem>
#include <map>
#include <mutex>
#include <span>
#include <string>
#include <vector>

#include "page/page.h"
#include "render/cairo_ptr.h"

namespace kw::print {

constexpr int kTtsMaxColumns = 10, kTtsMaxRows = 7;
constexpr int kTtsMaxSidePx = 4096;

struct TtsSheet {
  std::string file;           // "palantir-1.jpg"
  std::string back_file;      // "palantir-back.jpg"
  size_t back = 0;            // index of the back (in the card list)
  int columns = 0, rows = 0;  // the grid to enter in TTS
  std::vector<size_t> cards;  // card indices, cell by cell from the top left
};

struct TtsPlan {
  std::string game_id;
  int card_w = 0, card_h = 0;  // px per cell (and of a back image)
  std::vector<TtsSheet> sheets;
  std::map<size_t, std::string> backs;  // back index -> its file
};

// One front and its back: `back` indexes into the same card list.
struct TtsCard {
  size_t front = 0;
  size_t back = 0;
};

// Fronts with a back, in order; `stems` names every card (backs' stems give
// the back files' names: "00-back-balrog" -> "<game>-back-balrog.jpg").
TtsPlan plan_tts(std::span<const TtsCard> cards, Size trim, const std::string& game_id,
                 std::span<const std::string> stems);

// The plan as JSON (tts/<game>-tts.json).
std::string tts_json(const TtsPlan& plan, std::span<const std::string> stems);

// Paints sheets as card images arrive (in any order, from any thread) and
// writes each sheet as soon as its cards and its back are on it. Sheets are
// filled one at a time, in order: a card for a later sheet waits as a
// cell-sized image (cards arrive roughly in order, so only a few wait), so
// a single sheet is held however large the deck.
class TtsWriter {
 public:
  TtsWriter(TtsPlan plan, std::vector<const page::Page*> pages, std::filesystem::path dir);
  // Card `index` (a front or a back of the plan) rendered as `image` (its
  // whole page). Thread-safe. Throws on write errors.
  void place(size_t index, cairo_surface_t* image);
  // Writes the JSON; throws std::logic_error if a sheet was never completed.
  void finish(std::span<const std::string> stems);
  std::vector<std::filesystem::path> written() const;
  // Most sheet surfaces held at once so far (for tests).
  size_t peak_open_sheets() const;

 private:
  using Surface = render::detail::SurfacePtr;
  // Under mutex_: paints what is waiting into the current sheet; returns the
  // sheet to write when it is complete (and then stops taking cards until
  // written).
  Surface fill_current();
  Surface cell_image(size_t index, cairo_surface_t* image) const;
  void write_jpeg(cairo_surface_t* surface, const std::filesystem::path& file);

  TtsPlan plan_;
  std::vector<const page::Page*> pages_;
  std::filesystem::path dir_;
  std::map<size_t, std::pair<size_t, size_t>> where_;                  // front -> (sheet, cell)
  std::map<size_t, std::vector<std::pair<size_t, Surface>>> waiting_;  // sheet -> (cell, image)
  std::map<size_t, Surface> back_cells_;                               // back index -> cell image
  size_t current_ = 0;                                                 // the sheet being filled
  Surface sheet_;      // its surface (null until it gets its first cell)
  size_t placed_ = 0;  // its cells painted (fronts)
  bool back_placed_ = false;
  bool writing_ = false;  // the current sheet is being written
  size_t open_sheets_ = 0, peak_open_ = 0;
  mutable std::mutex mutex_;
  std::vector<std::filesystem::path> written_;
};

}  // namespace kw::print
