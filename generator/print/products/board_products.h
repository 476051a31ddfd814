#pragma once
// The products of a board deck (`product: board`): each of its cards is a
// board, laid out like a card with the deck's format and layout, and written
// under <out>/<game>/board/ as
//   <stem>.pdf     the board at full size, one vector page
//   <stem>.png     a preview at 150 dpi
//   <stem>-a4.pdf  the board tiled onto portrait A4 sheets (assembly map first)
//   <stem>-a3.pdf  the same on A3
// where <stem> is the deck's `file:` (default "board"; a deck of several
// boards adds "-<card id>" from the second card on).
#include <filesystem>
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "layout/card_layout.h"
#include "model/model.h"
#include "print/products/card_products.h"
#include "print/imposition/tiling.h"

namespace kw::print {

constexpr double kBoardPreviewDpi = 150;

struct TiledBoard {
  std::string file;  // "board-a4.pdf"
  Tiling tiling;
  std::vector<page::Page> pages;  // the assembly map, then one sheet per tile
};

struct LaidOutBoard {
  std::string stem;   // "board"
  std::string title;  // the PDFs' title: "<game name> – <deck name>"
  page::Page page;  // full size
  std::vector<TiledBoard> tiled;
};

// The sheets boards are tiled onto, in output order (A4, A3).
const std::vector<TileSheet>& board_sheets();

// Lays out every board of `game` and its tiled sheets. Errors go to `diags`.
std::vector<LaidOutBoard> layout_boards(const model::Game& game, layout::Layouter& layouter,
                                        const BuildOptions& options, Diagnostics& diags);

// Writes laid-out boards under `dir`/board/ (atomically, file by file): PDFs
// when formats.pdf, the preview when formats.png. Appends to report.written.
void write_boards(const std::vector<LaidOutBoard>& boards, const std::filesystem::path& dir,
                  const ProductFormats& formats, BuildReport& report);

// layout_boards, then write_boards under options.out_dir/<game> when no
// error was reported.
BuildReport build_board_products(const model::Game& game, layout::Layouter& layouter, const BuildOptions& options,
                                 Diagnostics& diags);

}  // namespace kw::print
