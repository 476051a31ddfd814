#pragma once
// Tabletop Simulator deck sheets as pages: the fronts of a deck on sheets of
// up to 10 x 7 cells, and the back as an image of its own.
//
// TTS's custom deck takes a face sheet (up to 10 columns x 7 rows), the
// number of cards on it, and one back image. It shows the sheet's last cell
// (bottom right) for cards hidden in another player's hand, so that cell
// holds the back and a sheet carries at most 69 cards. Cards sharing a back
// go on the same sheets (a game with two backs gets two decks). Sheets stay
// within 4096 px per side (TTS accepts up to 10000; 4096 is the size it
// handles well on every graphics card): 59 x 91 mm cards become 379 x 585 px.
//
// A cell is the card's trim scaled down from its rendering (tts_cell); the
// sheets take the rendered cells pixel for pixel.
#include <map>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "page/page.h"

namespace kw::products {

constexpr int kTtsMaxColumns = 10, kTtsMaxRows = 7;
constexpr int kTtsMaxSidePx = 4096;

struct TtsSheet {
  std::string file;           // "palantir-1.jpg"
  std::string back_file;      // "palantir-back.jpg"
  size_t back = 0;            // index of the back (in the card list)
  int columns = 0, rows = 0;  // the grid to enter in TTS
  std::vector<size_t> cards;  // card indices, cell by cell from the top left
  int back_cell() const { return columns * rows - 1; }
};

struct TtsPlan {
  std::string game_id;
  int card_w = 0, card_h = 0;  // px per cell (and of a back image)
  double dpi = 0;              // of the cells: card_w px across the trim
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

// A cell: the trim of `card`, rendered as `image` (its whole page), filling a
// page of card_w x card_h px at the plan's dpi.
page::Page tts_cell(const TtsPlan& plan, const page::Page& card, std::shared_ptr<const page::Raster> image);

// The sheet as a page: its ground and a layer per cell. TtsWriter does not
// paint these (a sheet is 62 MB as an image); it places the cells' pixels row
// by row, and they are what its files are checked against, byte for byte.
// Sheet `sheet` of the plan before its cells: white paper.
page::Page tts_sheet_ground(const TtsPlan& plan, size_t sheet);

// Cell `cell` (from the top left, row by row) of sheet `sheet`, showing
// `cell_image` (a rendered tts_cell) pixel for pixel; a layer over the ground.
page::Page tts_sheet_cell(const TtsPlan& plan, size_t sheet, int cell, std::shared_ptr<const page::Raster> cell_image);

}  // namespace kw::products
