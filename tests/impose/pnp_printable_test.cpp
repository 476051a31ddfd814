// Print-and-play sheets measured the way a user checks a printout: the PDF
// page rendered to pixels (pdftoppm, 300 dpi), the card edges and crop marks
// found in the pixels, trim sizes in millimetres, and nothing painted within
// the 6.35 mm (0.25 in) a home printer cannot print.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/files.h"
#include "impose/pnp_sheets.h"
#include "render/pdf.h"
#include "render/png.h"
#include "settings/print_config.h"
#include "support/test_support.h"

namespace kw::impose {
namespace {

constexpr double kDpi = 300;
constexpr double kPrinterEdge = 6.35;  // mm
const Color kBleedInk{30, 60, 140, 255};
// Neighbours alternate between two inks, so that where they share a cut the
// pixels still tell them apart.
const Color kTrimInk[2] = {{240, 150, 20, 255}, {200, 40, 40, 255}};
const Color kBackInk[2] = {{20, 140, 60, 255}, {120, 60, 160, 255}};
// An 8 mm square in the trim's top-left corner: which way the card lies.
const Color kCornerInk{0, 0, 0, 255};

double px_to_mm(double px) { return px * 25.4 / kDpi; }
int mm_to_px(double mm) { return static_cast<int>(std::floor(mm / 25.4 * kDpi)); }

// A 59 x 91 mm card with 3 mm bleed: the bleed in one colour, the trim in
// another, a black square in the trim's top-left corner.
page::Page card(Color trim_ink) {
  page::Page p;
  p.id = "t/card";
  p.size = {65, 97};
  p.trim = {3, 3, 59, 91};
  p.edge_color = kBleedInk;
  for (auto [rect, color] : {std::pair{Rect{0, 0, 65, 97}, kBleedInk}, std::pair{Rect{3, 3, 59, 91}, trim_ink},
                             std::pair{Rect{3, 3, 8, 8}, kCornerInk}}) {
    page::RectShape shape;
    shape.rect = rect;
    shape.paint.fill = color;
    page::Item item;
    item.shape = shape;
    item.bounds = rect;
    p.items.push_back(item);
  }
  return p;
}

render::Raster rendered(const page::Page& page) {
  test::TempDir dir;
  std::vector<page::Page> pages = {page};
  write_file_atomic(dir.path() / "sheet.pdf", render::render_pdf(pages));
  std::string out;
  std::string cmd = "pdftoppm -r 300 -png -singlefile " + test::quoted(dir.path() / "sheet.pdf") + " " +
                    test::quoted(dir.path() / "sheet");
  EXPECT_EQ(test::run_command(cmd, &out), 0) << out;
  auto png = read_file(dir.path() / "sheet.png");
  return png ? render::decode_png(*png) : render::Raster{};
}

bool white(const Color& c) { return c.r > 250 && c.g > 250 && c.b > 250; }
bool near(const Color& a, const Color& b) {
  return std::abs(a.r - b.r) <= 8 && std::abs(a.g - b.g) <= 8 && std::abs(a.b - b.b) <= 8;
}

// Painted pixels within `edge` mm of the paper's edge.
int painted_in_edge(const render::Raster& r, double edge) {
  const int e = mm_to_px(edge);
  int count = 0;
  for (int y = 0; y < r.height; ++y)
    for (int x = 0; x < r.width; ++x)
      if ((x < e || y < e || x >= r.width - e || y >= r.height - e) && !white(r.pixel(x, y))) ++count;
  return count;
}

// Runs of pixels in `color` along a row (horizontal) or a column: [first, end).
std::vector<std::pair<int, int>> runs(const render::Raster& r, int at, bool row, const Color& color,
                                      std::vector<std::pair<int, int>> out = {}) {
  const int n = row ? r.width : r.height;
  for (int i = 0; i < n;) {
    auto is = [&](int k) { return near(row ? r.pixel(k, at) : r.pixel(at, k), color); };
    if (!is(i)) {
      ++i;
      continue;
    }
    int start = i;
    while (i < n && is(i)) ++i;
    out.emplace_back(start, i);
  }
  std::sort(out.begin(), out.end());
  return out;
}

// The runs of either of two inks.
std::vector<std::pair<int, int>> runs(const render::Raster& r, int at, bool row, const Color (&inks)[2]) {
  return runs(r, at, row, inks[1], runs(r, at, row, inks[0]));
}

// The centres (px) of dark lines crossing a row (horizontal) or a column.
std::vector<double> dark_lines(const render::Raster& r, int at, bool row) {
  std::vector<double> centres;
  const int n = row ? r.width : r.height;
  for (int i = 0; i < n;) {
    auto dark = [&](int k) {
      Color c = row ? r.pixel(k, at) : r.pixel(at, k);
      return c.r < 160 && c.g < 160 && c.b < 160;
    };
    if (!dark(i)) {
      ++i;
      continue;
    }
    int start = i;
    while (i < n && dark(i)) ++i;
    centres.push_back((start + i) / 2.0);
  }
  return centres;
}

struct Measured {
  std::vector<std::pair<int, int>> cards_x, cards_y;  // trim runs across the first row / column
};

// The trims of the first row and first column, found in the pixels.
Measured measure_cards(const render::Raster& r, const SheetGrid& g, const Color (&inks)[2]) {
  Measured m;
  m.cards_x = runs(r, mm_to_px(g.cell(0).center().y), true, inks);
  m.cards_y = runs(r, mm_to_px(g.cell(0).center().x), false, inks);
  return m;
}

// Every card edge found in `runs` has a crop mark on it: the dark lines
// across `mark_at` (a row or column in the marks' band).
void expect_marks_on_edges(const render::Raster& r, const std::vector<std::pair<int, int>>& cards, int mark_at,
                           bool row, const std::string& what) {
  std::vector<double> marks = dark_lines(r, mark_at, row);
  ASSERT_FALSE(marks.empty()) << what;
  for (auto [first, end] : cards)
    for (double edge : {static_cast<double>(first), static_cast<double>(end)}) {
      bool found = false;
      for (double m : marks) found = found || std::abs(m - edge) <= 2;
      EXPECT_TRUE(found) << what << ": no mark at the card edge " << px_to_mm(edge) << " mm";
    }
}

struct Case {
  settings::SheetFormat sheet;
  int columns, rows;
  bool bleed, turned;
};

bool dark_at(const render::Raster& r, Point mm) {
  Color c = r.pixel(mm_to_px(mm.x), mm_to_px(mm.y));
  return c.r < 60 && c.g < 60 && c.b < 60;
}

class PnpPrintable : public testing::TestWithParam<Case> {};

TEST_P(PnpPrintable, CardsAtTrueSizeMarksOnTheCutsAndNothingInThePrintersEdge) {
  const Case& c = GetParam();
  const page::Page fronts[2] = {card(kTrimInk[0]), card(kTrimInk[1])};
  const page::Page backs[2] = {card(kBackInk[0]), card(kBackInk[1])};
  // A checkerboard of the two inks over the grid's columns.
  std::vector<PnpCard> cards;
  for (int i = 0; i < 12; ++i) {
    int ink = (i / c.columns + i % c.columns) % 2;
    cards.push_back({&fronts[ink], &backs[ink]});
  }
  settings::PnpSettings settings;
  settings.sheets = {c.sheet};
  auto plans = plan_sheets(cards, c.sheet, settings);
  const SheetGrid& g = plans.front().grid;
  ASSERT_EQ(g.columns, c.columns) << g.summary();
  ASSERT_EQ(g.rows, c.rows) << g.summary();
  EXPECT_EQ(g.bleed > 0, c.bleed) << g.summary();
  ASSERT_EQ(g.turned, c.turned) << g.summary();
  // The cards as they lie on the sheet.
  const double across = c.turned ? 91 : 59, down = c.turned ? 59 : 91;

  render::Raster front = rendered(front_sheet(plans.front(), cards, settings, "t/front"));
  EXPECT_EQ(painted_in_edge(front, kPrinterEdge), 0) << c.sheet.name;
  Measured m = measure_cards(front, g, kTrimInk);
  ASSERT_EQ(m.cards_x.size(), static_cast<size_t>(c.columns));
  ASSERT_EQ(m.cards_y.size(), static_cast<size_t>(c.rows));
  // True size within a pixel and a half (0.13 mm).
  for (auto [first, end] : m.cards_x) EXPECT_NEAR(px_to_mm(end - first), across, 0.13) << c.sheet.name;
  for (auto [first, end] : m.cards_y) EXPECT_NEAR(px_to_mm(end - first), down, 0.13) << c.sheet.name;
  // The first card's top-left corner: at the cell's top left, or turned
  // clockwise at its top right.
  Rect cell{px_to_mm(m.cards_x[0].first), px_to_mm(m.cards_y[0].first), across, down};
  EXPECT_EQ(dark_at(front, {cell.x + 4, cell.y + 4}), !c.turned);
  EXPECT_EQ(dark_at(front, {cell.right() - 4, cell.y + 4}), c.turned);
  // Neighbours share a cut, or have their bleed between them.
  for (size_t i = 1; i < m.cards_x.size(); ++i)
    EXPECT_NEAR(px_to_mm(m.cards_x[i].first - m.cards_x[i - 1].second), c.bleed ? 6 : 0, 0.13);
  // The bleed shows around a card when it has it, not at all otherwise.
  int left_of_first = m.cards_x.front().first - mm_to_px(1.5);
  EXPECT_EQ(near(front.pixel(left_of_first, mm_to_px(g.cell(0).center().y)), kBleedInk), c.bleed);
  // Crop marks: above the top row on every vertical cut, left of the first
  // column on every horizontal cut.
  // 2 mm off the painted area: past the marks' 1 mm offset, within their least length.
  int above = mm_to_px(g.painted().y - 2), left = mm_to_px(g.painted().x - 2);
  expect_marks_on_edges(front, m.cards_x, above, true, c.sheet.name + " top marks");
  expect_marks_on_edges(front, m.cards_y, left, false, c.sheet.name + " left marks");

  // The backs land behind their fronts: long-edge flip mirrors x.
  render::Raster back = rendered(back_sheet(plans.front(), cards, settings, "t/back"));
  EXPECT_EQ(painted_in_edge(back, kPrinterEdge), 0) << c.sheet.name;
  auto back_runs = runs(back, mm_to_px(g.cell(0).center().y), true, kBackInk);
  ASSERT_EQ(back_runs.size(), m.cards_x.size());
  for (size_t i = 0; i < back_runs.size(); ++i) {
    const auto& f = m.cards_x[m.cards_x.size() - 1 - i];
    EXPECT_NEAR(px_to_mm(back_runs[i].first), c.sheet.size.w - px_to_mm(f.second), 0.13);
    EXPECT_NEAR(px_to_mm(back_runs[i].second - back_runs[i].first), across, 0.13);
  }
  // The back's top-right corner behind the front's top-left one: upright the
  // back's top-left corner is at the cell's top left, turned (anticlockwise)
  // at its bottom left.
  Rect back_cell{px_to_mm(back_runs.back().first), cell.y, across, down};
  EXPECT_EQ(dark_at(back, {back_cell.x + 4, back_cell.y + 4}), !c.turned);
  EXPECT_EQ(dark_at(back, {back_cell.x + 4, back_cell.bottom() - 4}), c.turned);
  // Each back behind its own front: the first card's back is in the top right.
  EXPECT_TRUE(near(back.pixel(back_runs.back().first + 5, mm_to_px(g.cell(0).center().y)), kBackInk[0]));
  EXPECT_TRUE(near(front.pixel(m.cards_x.front().first + 5, mm_to_px(g.cell(0).center().y)), kTrimInk[0]));
}

INSTANTIATE_TEST_SUITE_P(Sheets, PnpPrintable,
                         testing::Values(Case{{"a4", "A4", {210, 297}, kPrinterEdge, {}}, 3, 3, false, false},
                                         Case{
                                             {"letter", "Letter", {215.9, 279.4}, kPrinterEdge, {}}, 2, 4, true, true}),
                         [](const testing::TestParamInfo<Case>& p) { return p.param.sheet.id; });

}  // namespace
}  // namespace kw::impose
