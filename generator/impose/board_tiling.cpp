#include "impose/board_tiling.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace kw::impose {

const TileSheet& sheet_a4() {
  static const TileSheet s{"a4", {210, 297}};
  return s;
}
const TileSheet& sheet_a3() {
  static const TileSheet s{"a3", {297, 420}};
  return s;
}

namespace {

// Tiles needed along one axis, and where the first starts (centred).
struct Axis {
  int count = 1;
  double start = 0;
  double stride = 0;
};

Axis axis(double board, double printable, double overlap) {
  Axis a;
  a.stride = printable - overlap;
  // The epsilon keeps a board that fits exactly from getting an extra tile
  // through rounding.
  if (board > printable) a.count = 1 + static_cast<int>(std::ceil((board - printable) / a.stride - 1e-9));
  double covered = printable + (a.count - 1) * a.stride;
  a.start = (board - covered) / 2;
  return a;
}

// Marks at a quarter and three quarters of the middle line: clear of the
// corners, where the bands of the other direction cross. Where the line
// crosses the board for long enough, only that stretch counts, so the marks
// land on the board's art (which is what gets aligned) rather than on the
// blank paper beyond its edge.
std::vector<Point> marks_on(Point from, Point to, Size board) {
  const bool vertical = from.x == to.x;
  double a = vertical ? from.y : from.x, b = vertical ? to.y : to.x;
  double lo = std::max(a, 0.0), hi = std::min(b, vertical ? board.h : board.w);
  if (hi - lo >= 4 * kMarkRadius) {
    a = lo;
    b = hi;
  }
  auto at = [&](double f) {
    double v = a + (b - a) * f;
    return vertical ? Point{from.x, v} : Point{v, from.y};
  };
  return {at(0.25), at(0.75)};
}

Band band(BandSide side, const Rect& tile, double overlap, Size board) {
  Band b{side, {}, {}, {}, {}};
  const double half = overlap / 2;
  switch (side) {
    case BandSide::Left:
      b.area = {tile.x, tile.y, overlap, tile.h};
      break;
    case BandSide::Right:
      b.area = {tile.right() - overlap, tile.y, overlap, tile.h};
      break;
    case BandSide::Top:
      b.area = {tile.x, tile.y, tile.w, overlap};
      break;
    case BandSide::Bottom:
      b.area = {tile.x, tile.bottom() - overlap, tile.w, overlap};
      break;
  }
  if (side == BandSide::Left || side == BandSide::Right) {
    b.cut_from = {b.area.x + half, b.area.y};
    b.cut_to = {b.area.x + half, b.area.bottom()};
  } else {
    b.cut_from = {b.area.x, b.area.y + half};
    b.cut_to = {b.area.right(), b.area.y + half};
  }
  b.marks = marks_on(b.cut_from, b.cut_to, board);
  return b;
}

}  // namespace

std::string tile_label(int row, int column) {
  std::string letters;
  for (int r = row + 1; r > 0; r = (r - 1) / 26) letters.insert(letters.begin(), static_cast<char>('A' + (r - 1) % 26));
  return letters + std::to_string(column + 1);
}

Tiling tile_board(Size board, const TileSheet& sheet, const TilingOptions& options) {
  Tiling t;
  t.sheet = sheet;
  t.options = options;
  t.board = board;
  t.printable = Rect{0, 0, sheet.size.w, sheet.size.h}.inset(options.margin);
  if (t.printable.w <= 0 || t.printable.h <= 0)
    throw std::invalid_argument("sheet " + sheet.name + " has no printable area inside its margin");
  if (options.overlap <= 0 || options.overlap >= std::min(t.printable.w, t.printable.h))
    throw std::invalid_argument("overlap must be positive and smaller than the printable area");
  if (options.overlap / 2 <= kMarkRadius) throw std::invalid_argument("overlap too small for the alignment marks");
  if (board.w <= 0 || board.h <= 0) throw std::invalid_argument("board has no size");
  Axis x = axis(board.w, t.printable.w, options.overlap);
  Axis y = axis(board.h, t.printable.h, options.overlap);
  t.tiled = board;
  if (options.may_turn) {
    Axis tx = axis(board.h, t.printable.w, options.overlap);
    Axis ty = axis(board.w, t.printable.h, options.overlap);
    if (tx.count * ty.count < x.count * y.count) {
      t.turned = true;
      t.board_to_tiling = Affine::translate(board.h, 0).then_after(Affine::rotate_deg(90));
      t.tiled = {board.h, board.w};
      x = tx;
      y = ty;
    }
  }
  t.rows = y.count;
  t.columns = x.count;
  for (int r = 0; r < t.rows; ++r)
    for (int c = 0; c < t.columns; ++c) {
      Tile tile;
      tile.row = r;
      tile.column = c;
      tile.label = tile_label(r, c);
      tile.area = {x.start + c * x.stride, y.start + r * y.stride, t.printable.w, t.printable.h};
      if (c > 0) tile.bands.push_back(band(BandSide::Left, tile.area, options.overlap, t.tiled));
      if (c + 1 < t.columns) tile.bands.push_back(band(BandSide::Right, tile.area, options.overlap, t.tiled));
      if (r > 0) tile.bands.push_back(band(BandSide::Top, tile.area, options.overlap, t.tiled));
      if (r + 1 < t.rows) tile.bands.push_back(band(BandSide::Bottom, tile.area, options.overlap, t.tiled));
      t.tiles.push_back(std::move(tile));
    }
  return t;
}

Affine tiling_to_sheet(const Tiling& tiling, const Tile& tile) {
  return Affine::translate(tiling.printable.x - tile.area.x, tiling.printable.y - tile.area.y);
}

Affine board_to_sheet(const Tiling& tiling, const Tile& tile) {
  return tiling_to_sheet(tiling, tile).then_after(tiling.board_to_tiling);
}

}  // namespace kw::impose
