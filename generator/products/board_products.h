#pragma once
// The files of a game's boards (layout::LaidOutBoard), under <dir>/board/:
//   <stem>.pdf     the board at full size, one vector page
//   <stem>.png     a preview at 150 dpi
//   <stem>-a4.pdf  the board tiled onto portrait A4 sheets (assembly map first)
//   <stem>-a3.pdf  the same on A3
#include <filesystem>
#include <span>
#include <string>
#include <vector>

#include "core/clock.h"
#include "core/diagnostic.h"
#include "impose/board_tiling.h"
#include "layout/game_layout.h"
#include "products/build_options.h"
#include "settings/print_config.h"
#include "text/typesetter.h"

namespace kw::products {

constexpr double kBoardPreviewDpi = 150;

// A board on one size of sheet.
struct TiledBoard {
  std::string file;  // "board-a4.pdf"
  impose::Tiling tiling;
  std::vector<page::Page> pages;  // the assembly map, then one sheet per tile
};

// A board and its tiled sheets, ready to write.
struct ImposedBoard {
  const layout::LaidOutBoard* board = nullptr;
  std::vector<TiledBoard> tiled;  // in board_sheets() order
};

// The sheets boards are tiled onto, in output order (A4, A3).
const std::vector<impose::TileSheet>& board_sheets();

// Tiles every board onto every board sheet; the sheets' text is set in
// `language` with `typesetter`. Problems go to `diags`.
std::vector<ImposedBoard> impose_boards(std::span<const layout::LaidOutBoard> boards, const std::string& language,
                                        const settings::SheetWords* words, const text::Typesetter& typesetter,
                                        Diagnostics& diags);

// Writes the boards under `dir`/board/ (atomically, file by file): PDFs when
// formats.pdf, the preview when formats.png. Appends to report.written.
void write_boards(std::span<const ImposedBoard> boards, const std::filesystem::path& dir, const ProductFormats& formats,
                  const Clock& clock, BuildReport& report);

// Gives the board PDFs written by write_boards their page boxes: the
// full-size board's trim, each tiled sheet the whole sheet.
void set_board_boxes(std::span<const ImposedBoard> boards, const std::filesystem::path& dir);

}  // namespace kw::products
