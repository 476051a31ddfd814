#pragma once
// Tiling a large board onto printer sheets: which part of the board each
// sheet shows, where neighbouring sheets overlap, and where the alignment
// marks go. Pure geometry in millimetres; board coordinates are the board
// page's (origin at its top-left corner).
//
// A sheet prints only inside its printable area (the sheet less `margin` on
// every side). Tiles are as large as that area; neighbours share a band of
// `overlap` millimetres, and the grid of tiles is centred on the board, so
// the spare paper is split evenly between opposite edges. When the board
// needs fewer sheets turned a quarter (a landscape board on portrait sheets),
// it is tiled turned: tiles, bands and marks are then in the turned board's
// coordinates ("tiling coordinates"; board_to_tiling maps into them).
//
// Assembly: each sheet with a neighbour on its left (above) is cut along the
// middle of the shared band and laid over that neighbour; the alignment
// marks sit on that middle line, at the same board point on both sheets, so
// the two halves of each mark meet again when the sheets lie right.
#include <string>
#include <vector>

#include "core/geometry.h"

namespace kw::impose {

struct TileSheet {
  std::string name;  // "a4": the file name's suffix (board-a4.pdf)
  Size size;         // portrait, mm
};
const TileSheet& sheet_a4();  // 210 x 297
const TileSheet& sheet_a3();  // 297 x 420

struct TilingOptions {
  double margin = 10;    // unprinted edge of the sheet, mm (home printers need 3-6 mm; 10 is safe)
  double overlap = 10;   // band shared by neighbouring tiles, mm
  bool may_turn = true;  // tile the board turned a quarter when that takes fewer sheets
};

enum class BandSide { Left, Right, Top, Bottom };

// A band a tile shares with one neighbour, in tiling coordinates.
struct Band {
  BandSide side;             // where the neighbour is
  Rect area;                 // overlap x the tile's extent along the edge
  Point cut_from, cut_to;    // its middle line: cut here (Left/Top bands) or lay the cut edge here
  std::vector<Point> marks;  // alignment marks on the middle line
};

struct Tile {
  int row = 0, column = 0;  // 0-based
  std::string label;        // "B2": row letter, column number
  Rect area;                // what it shows, in tiling coordinates (printable size; may reach past the board)
  std::vector<Band> bands;  // one per neighbour
};

struct Tiling {
  TileSheet sheet;
  TilingOptions options;
  Size board;              // as laid out
  bool turned = false;     // tiled a quarter turn clockwise
  Affine board_to_tiling;  // identity, or the quarter turn (x, y) -> (board.h - y, x)
  Size tiled;              // the board's size in tiling coordinates
  Rect printable;          // on the sheet
  int rows = 0, columns = 0;
  std::vector<Tile> tiles;  // row by row, left to right
  const Tile& at(int row, int column) const {
    return tiles[static_cast<size_t>(row) * static_cast<size_t>(columns) + static_cast<size_t>(column)];
  }
};

// Radius of an alignment mark (a circle with a cross), mm. Marks sit on the
// band's middle line, overlap / 2 from the printable edge, so they fit inside
// the printable area while overlap / 2 exceeds this.
constexpr double kMarkRadius = 3.5;

// Throws std::invalid_argument when the sheet has no printable area, the
// overlap does not leave room to advance, or the marks would not fit.
Tiling tile_board(Size board, const TileSheet& sheet, const TilingOptions& options = {});

// "A1", ..., "Z9", "AA1": the row as letters, the column as a number (1-based).
std::string tile_label(int row, int column);

// From tiling coordinates onto `tile`'s sheet (bands and marks).
Affine tiling_to_sheet(const Tiling& tiling, const Tile& tile);
// From board coordinates onto `tile`'s sheet (the board's items).
Affine board_to_sheet(const Tiling& tiling, const Tile& tile);

}  // namespace kw::impose
