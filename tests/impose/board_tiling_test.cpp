// Tiling a board onto printer sheets: counts, overlap, coverage, marks.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "impose/board_tiling.h"

namespace kw::impose {
namespace {

const Size kHoherRat{500, 500};
const Size kDuell{420, 297};

bool inside(const Rect& outer, Point p, double margin = 0) {
  return p.x >= outer.x + margin - 1e-9 && p.x <= outer.right() - margin + 1e-9 && p.y >= outer.y + margin - 1e-9 &&
         p.y <= outer.bottom() - margin + 1e-9;
}

TEST(Tiling, SheetCounts) {
  Tiling a4 = tile_board(kHoherRat, sheet_a4());
  EXPECT_EQ(a4.columns, 3);  // 500 mm across 190 mm printable, 180 mm stride
  EXPECT_EQ(a4.rows, 2);     // 500 mm down 277 mm printable, 267 mm stride
  EXPECT_EQ(a4.tiles.size(), 6u);
  EXPECT_FALSE(a4.turned);
  Tiling a3 = tile_board(kHoherRat, sheet_a3());
  EXPECT_EQ(a3.columns * a3.rows, 4);
  // The Duell board (A3 landscape) on portrait A4 is tiled turned: 2 x 2
  // sheets instead of 3 x 2.
  Tiling d4 = tile_board(kDuell, sheet_a4());
  EXPECT_TRUE(d4.turned);
  EXPECT_EQ(d4.tiles.size(), 4u);
  EXPECT_EQ(d4.tiled, (Size{297, 420}));
  TilingOptions upright;
  upright.may_turn = false;
  EXPECT_EQ(tile_board(kDuell, sheet_a4(), upright).tiles.size(), 6u);
  // On portrait A3 it is two sheets side by side, not turned.
  Tiling d3 = tile_board(kDuell, sheet_a3());
  EXPECT_FALSE(d3.turned);
  EXPECT_EQ(d3.columns, 2);
  EXPECT_EQ(d3.rows, 1);
  // A board that fits the printable area is one sheet.
  EXPECT_EQ(tile_board({190, 277}, sheet_a4()).tiles.size(), 1u);
  EXPECT_EQ(tile_board({190.5, 277}, sheet_a4()).tiles.size(), 2u);
}

TEST(Tiling, TilesAreThePrintableAreaAndNeighboursOverlapByTheOverlap) {
  for (const TileSheet* sheet : {&sheet_a4(), &sheet_a3()})
    for (Size board : {kHoherRat, kDuell}) {
      Tiling t = tile_board(board, *sheet);
      EXPECT_EQ(t.printable, (Rect{10, 10, sheet->size.w - 20, sheet->size.h - 20}));
      for (int r = 0; r < t.rows; ++r)
        for (int c = 0; c < t.columns; ++c) {
          const Tile& tile = t.at(r, c);
          EXPECT_EQ(tile.row, r);
          EXPECT_EQ(tile.column, c);
          EXPECT_DOUBLE_EQ(tile.area.w, t.printable.w);
          EXPECT_DOUBLE_EQ(tile.area.h, t.printable.h);
          if (c + 1 < t.columns) {
            EXPECT_NEAR(tile.area.right() - t.at(r, c + 1).area.x, 10, 1e-9) << sheet->name << " " << tile.label;
            EXPECT_DOUBLE_EQ(tile.area.y, t.at(r, c + 1).area.y);
          }
          if (r + 1 < t.rows) {
            EXPECT_NEAR(tile.area.bottom() - t.at(r + 1, c).area.y, 10, 1e-9) << sheet->name << " " << tile.label;
            EXPECT_DOUBLE_EQ(tile.area.x, t.at(r + 1, c).area.x);
          }
        }
    }
}

// Proof of coverage: along each axis the first tile starts at or before the
// board's edge, each next one starts before the last one ends (they overlap),
// the last ends at or after the far edge; a grid of such intervals covers the
// rectangle. Then, as a check of the check, every point of a 1 mm lattice
// (edges included) is looked up.
TEST(Tiling, EveryPointOfTheBoardIsOnATile) {
  for (const TileSheet* sheet : {&sheet_a4(), &sheet_a3()})
    for (Size board : {kHoherRat, kDuell, Size{190, 277}, Size{1000, 120}}) {
      Tiling t = tile_board(board, *sheet);
      const Size s = t.tiled;
      EXPECT_LE(t.at(0, 0).area.x, 0);
      EXPECT_LE(t.at(0, 0).area.y, 0);
      EXPECT_GE(t.at(0, t.columns - 1).area.right(), s.w);
      EXPECT_GE(t.at(t.rows - 1, 0).area.bottom(), s.h);
      for (int c = 0; c + 1 < t.columns; ++c) EXPECT_LT(t.at(0, c + 1).area.x, t.at(0, c).area.right());
      for (int r = 0; r + 1 < t.rows; ++r) EXPECT_LT(t.at(r + 1, 0).area.y, t.at(r, 0).area.bottom());
      // Centred: the spare paper is the same on opposite sides.
      EXPECT_NEAR(-t.at(0, 0).area.x, t.at(0, t.columns - 1).area.right() - s.w, 1e-9);
      EXPECT_NEAR(-t.at(0, 0).area.y, t.at(t.rows - 1, 0).area.bottom() - s.h, 1e-9);
      int uncovered = 0;
      for (int x = 0; x <= static_cast<int>(s.w); ++x)
        for (int y = 0; y <= static_cast<int>(s.h); ++y) {
          Point p{std::min<double>(x, s.w), std::min<double>(y, s.h)};
          bool on = std::any_of(t.tiles.begin(), t.tiles.end(), [&](const Tile& tile) { return inside(tile.area, p); });
          if (!on) ++uncovered;
        }
      EXPECT_EQ(uncovered, 0) << sheet->name << " " << board.w << "x" << board.h;
    }
}

TEST(Tiling, TurningMapsTheBoardOntoTheTiledRectangle) {
  Tiling t = tile_board(kDuell, sheet_a4());
  ASSERT_TRUE(t.turned);
  Rect r = t.board_to_tiling.apply(Rect{0, 0, kDuell.w, kDuell.h});
  EXPECT_NEAR(r.x, 0, 1e-9);
  EXPECT_NEAR(r.y, 0, 1e-9);
  EXPECT_NEAR(r.w, 297, 1e-9);
  EXPECT_NEAR(r.h, 420, 1e-9);
  // A quarter turn clockwise: the board's top-left corner goes to the top right.
  Point p = t.board_to_tiling.apply(Point{0, 0});
  EXPECT_NEAR(p.x, 297, 1e-9);
  EXPECT_NEAR(p.y, 0, 1e-9);
  // Onto a sheet: the tile's top-left corner lands on the printable area's.
  const Tile& tile = t.tiles[3];
  Point q = tiling_to_sheet(t, tile).apply(Point{tile.area.x, tile.area.y});
  EXPECT_EQ(q, (Point{10, 10}));
}

TEST(Tiling, BandsAndAlignmentMarks) {
  for (const TileSheet* sheet : {&sheet_a4(), &sheet_a3()})
    for (Size board : {kHoherRat, kDuell}) {
      Tiling t = tile_board(board, *sheet);
      for (const Tile& tile : t.tiles) {
        size_t neighbours =
            (tile.column > 0) + (tile.column + 1 < t.columns) + (tile.row > 0) + (tile.row + 1 < t.rows);
        EXPECT_EQ(tile.bands.size(), neighbours);
        const Affine to_sheet = tiling_to_sheet(t, tile);
        for (const Band& band : tile.bands) {
          EXPECT_TRUE(tile.area.contains(band.area));
          ASSERT_EQ(band.marks.size(), 2u);
          for (Point m : band.marks) {
            // Inside the printable area (10 mm margin) with the whole mark.
            EXPECT_TRUE(inside(t.printable, to_sheet.apply(m), kMarkRadius)) << tile.label;
            EXPECT_TRUE(inside(band.area, m)) << tile.label;
          }
          // The neighbour draws the same marks at the same board points.
          int r = tile.row, c = tile.column;
          BandSide other = BandSide::Left;
          switch (band.side) {
            case BandSide::Left:
              c -= 1, other = BandSide::Right;
              break;
            case BandSide::Right:
              c += 1, other = BandSide::Left;
              break;
            case BandSide::Top:
              r -= 1, other = BandSide::Bottom;
              break;
            case BandSide::Bottom:
              r += 1, other = BandSide::Top;
              break;
          }
          const Tile& n = t.at(r, c);
          auto it = std::find_if(n.bands.begin(), n.bands.end(), [&](const Band& b) { return b.side == other; });
          ASSERT_NE(it, n.bands.end());
          EXPECT_EQ(it->area, band.area);
          EXPECT_EQ(it->marks, band.marks);
        }
      }
    }
}

TEST(Tiling, MarksLandOnTheBoardWhereTheBandCrossesIt) {
  // On A3 the Hoher Rat board's 2 x 2 tiles reach 145 mm above and below it.
  Tiling t = tile_board(kHoherRat, sheet_a3());
  for (const Tile& tile : t.tiles)
    for (const Band& band : tile.bands)
      for (Point m : band.marks) EXPECT_TRUE(inside({0, 0, 500, 500}, m)) << tile.label;
}

TEST(Tiling, Labels) {
  EXPECT_EQ(tile_label(0, 0), "A1");
  EXPECT_EQ(tile_label(1, 2), "B3");
  EXPECT_EQ(tile_label(25, 0), "Z1");
  EXPECT_EQ(tile_label(26, 9), "AA10");
  Tiling t = tile_board(kHoherRat, sheet_a4());
  EXPECT_EQ(t.tiles[4].label, "B2");
}

TEST(Tiling, ImpossibleSettingsAreRefused) {
  TilingOptions wide_margin;
  wide_margin.margin = 110;
  EXPECT_THROW(tile_board(kHoherRat, sheet_a4(), wide_margin), std::invalid_argument);
  TilingOptions no_overlap;
  no_overlap.overlap = 0;
  EXPECT_THROW(tile_board(kHoherRat, sheet_a4(), no_overlap), std::invalid_argument);
  TilingOptions thin;
  thin.overlap = 5;  // the marks (3.5 mm radius) would not fit the half band
  EXPECT_THROW(tile_board(kHoherRat, sheet_a4(), thin), std::invalid_argument);
  EXPECT_THROW(tile_board({0, 10}, sheet_a4()), std::invalid_argument);
}

}  // namespace
}  // namespace kw::impose
