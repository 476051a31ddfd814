#pragma once
// The sheets of a tiled board as display lists: first an assembly map (the
// board scaled down with the tile grid, the labels and how to put it
// together), then one sheet per tile (the board's items moved onto the sheet
// and clipped to the tile, alignment marks, cut lines and the tile's label).
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "impose/board_tiling.h"
#include "page/page.h"
#include "settings/print_config.h"
#include "text/typesetter.h"

namespace kw::impose {

struct SheetText {
  std::string title;     // "Der Hohe Rat – Spielplan"
  std::string language;  // of the instructions' hyphenation (the game's, BCP 47)
  SourceLoc loc;         // where problems are reported (the board's deck)
  // The assembly map's words in the game's language (PnpSettings::words_for);
  // null: the map has its title, the board and the labels, no text.
  const settings::SheetWords* words = nullptr;
};

// The board's part on the sheet of `tile`, nothing else: every item of
// `board` that reaches into the tile, moved by board_to_sheet and clipped to
// the printable area.
page::Page tile_content(const page::Page& board, const Tiling& tiling, const Tile& tile);

// tile_content, then the board's outline, the bands' cut lines and marks,
// and the tile's label.
page::Page tile_sheet(const page::Page& board, const Tiling& tiling, const Tile& tile, const SheetText& text,
                      const text::Typesetter& typesetter, Diagnostics& diags);

// The first sheet: title, the board scaled into a frame with every tile's
// outline and label, a 100 mm check length, and the assembly steps.
page::Page assembly_map(const page::Page& board, const Tiling& tiling, const SheetText& text,
                        const text::Typesetter& typesetter, Diagnostics& diags);

// assembly_map followed by one tile_sheet per tile, row by row.
std::vector<page::Page> tiled_sheets(const page::Page& board, const Tiling& tiling, const SheetText& text,
                                     const text::Typesetter& typesetter, Diagnostics& diags);

}  // namespace kw::impose
