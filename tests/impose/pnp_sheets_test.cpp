// Print-and-play sheet geometry: the card grid on A4 and Letter, crop marks
// outside the grid, cut lines, duplex mirroring and the duplex offset, and
// how cards are copied onto a sheet.
#include <gtest/gtest.h>

#include <algorithm>

#include "impose/pnp_sheets.h"
#include "settings/print_config.h"
#include "support/solid_page.h"
#include "support/test_support.h"

namespace kw::impose {
namespace {

constexpr double kEps = 1e-9;

// The sheets of data/print/sheets.yaml: 6.35 mm (0.25 in) unprinted edge.
settings::SheetFormat a4() { return {"a4", "A4", {210, 297}, 6.35, {}}; }
settings::SheetFormat letter() { return {"letter", "US Letter", {215.9, 279.4}, 6.35, {}}; }

// What plan_sheets asks of fit_grid for 59 x 91 mm cards with 3 mm bleed and
// the default marks (1 mm off the cards, at least kMinMarkLength long).
GridRules with_bleed() { return {0, 3, 1 + kMinMarkLength}; }

void expect_rect(const Rect& got, const Rect& want, const std::string& what = {}) {
  EXPECT_NEAR(got.x, want.x, 1e-9) << what;
  EXPECT_NEAR(got.y, want.y, 1e-9) << what;
  EXPECT_NEAR(got.w, want.w, 1e-9) << what;
  EXPECT_NEAR(got.h, want.h, 1e-9) << what;
}

bool overlaps(const Rect& a, const Rect& b) {
  return a.x < b.right() - kEps && b.x < a.right() - kEps && a.y < b.bottom() - kEps && b.y < a.bottom() - kEps;
}

Rect segment_box(const Segment& s) {
  return {std::min(s.from.x, s.to.x), std::min(s.from.y, s.to.y), std::abs(s.to.x - s.from.x),
          std::abs(s.to.y - s.from.y)};
}

// A card page: 65 x 97 mm with 3 mm bleed, one rectangle over the whole page
// and one at the trim's top-left corner.
page::Page card(const std::string& id, Color color, Size trim = {59, 91}) {
  page::Page p = test::solid_page(id, {trim.w + 6, trim.h + 6}, {3, 3, trim.w, trim.h}, color);
  p.safe = p.trim.inset(4);
  p.edge_color = color;
  p.items.front().name = "background";
  page::Item item = p.items.front();
  page::RectShape corner;
  corner.rect = {0, 0, 10, 5};
  corner.paint.fill = Color{255, 255, 255, 255};
  item.shape = corner;
  item.name = "corner";
  item.transform = Affine::translate(3, 3);
  item.bounds = {3, 3, 10, 5};
  item.keep_in_safe_area = true;
  p.items.push_back(item);
  return p;
}

TEST(PnpGrid, NineCardsOnA4CentredOnTheSheet) {
  auto g = fit_grid(a4(), {59, 91});
  ASSERT_TRUE(g);
  EXPECT_EQ(g->columns, 3);
  EXPECT_EQ(g->rows, 3);
  expect_rect(g->area, {16.5, 12, 177, 273});
  expect_rect(g->cell(0), {16.5, 12, 59, 91});
  expect_rect(g->cell(4), {75.5, 103, 59, 91});
  expect_rect(g->cell(8), {134.5, 194, 59, 91});
}

TEST(PnpGrid, LetterTakesTwoRowsOfCardsWithTheirBleed) {
  // 3 rows of 91 mm need 273 mm; between Letter's margins are 266.7 mm.
  auto g = fit_grid(letter(), {59, 91}, with_bleed());
  ASSERT_TRUE(g);
  EXPECT_EQ(g->columns, 3);
  EXPECT_EQ(g->rows, 2);
  // Two rows fit with bleed too: every card keeps its 3 mm, 6 mm between trims.
  EXPECT_DOUBLE_EQ(g->bleed, 3);
  EXPECT_DOUBLE_EQ(g->gap, 6);
  expect_rect(g->area, {(215.9 - 189) / 2, (279.4 - 188) / 2, 189, 188});
  expect_rect(g->cell(4), {g->area.x + 65, g->area.y + 97, 59, 91});
  expect_rect(g->painted(), g->area.inset(-3));
  EXPECT_TRUE(g->printable().contains(g->painted()));
  EXPECT_EQ(g->cuts_x().size(), 6u);  // each card its own cuts
  EXPECT_EQ(g->summary(), "3 x 2 cards 59 x 91 mm, with 3 mm bleed, each card cut on its own");
}

TEST(PnpGrid, LetterTakesEightCardsTurnedAQuarter) {
  // Turned, 2 columns of 91 mm and 4 rows of 59 mm fit with their bleed:
  // 194 x 260 mm of the 197.2 x 260.7 mm left for cards and marks.
  GridRules rules = with_bleed();
  rules.may_turn = true;
  auto g = fit_grid(letter(), {59, 91}, rules);
  ASSERT_TRUE(g);
  EXPECT_TRUE(g->turned);
  EXPECT_EQ(g->columns, 2);
  EXPECT_EQ(g->rows, 4);
  EXPECT_EQ(g->card, (Size{91, 59}));
  EXPECT_DOUBLE_EQ(g->bleed, 3);
  EXPECT_TRUE(g->printable().contains(g->painted()));
  EXPECT_EQ(g->summary(), "2 x 4 cards 59 x 91 mm turned a quarter, with 3 mm bleed, each card cut on its own");
  // On A4 upright and turned both take 9: upright, as it is a tie.
  auto a = fit_grid(a4(), {59, 91}, rules);
  ASSERT_TRUE(a);
  EXPECT_FALSE(a->turned);
  EXPECT_EQ(a->capacity(), 9);
}

TEST(PnpGrid, A4KeepsNineCardsAndDropsTheBleed) {
  // With bleed, 3 columns need 195 mm plus the marks' room; A4 has 191.3 mm.
  auto g = fit_grid(a4(), {59, 91}, with_bleed());
  ASSERT_TRUE(g);
  EXPECT_EQ(g->capacity(), 9);
  EXPECT_DOUBLE_EQ(g->bleed, 0);
  EXPECT_DOUBLE_EQ(g->gap, 0);
  expect_rect(g->area, {16.5, 12, 177, 273});
  EXPECT_EQ(g->summary(), "3 x 3 cards 59 x 91 mm, without bleed, neighbours share a cut");
}

TEST(PnpGrid, BleedFollowsTheCardAndTheMargin) {
  // 41 x 63 mm cards: 4 x 4 on A4 with their bleed.
  auto mini = fit_grid(a4(), {41, 63}, with_bleed());
  ASSERT_TRUE(mini);
  EXPECT_EQ(mini->capacity(), 16);
  EXPECT_DOUBLE_EQ(mini->bleed, 3);
  // Where a wide margin leaves room for fewer cards, those get their bleed.
  settings::SheetFormat wide_margin = a4();
  wide_margin.margin = 20;
  auto g = fit_grid(wide_margin, {59, 91}, with_bleed());
  ASSERT_TRUE(g);
  EXPECT_EQ(g->capacity(), 4);
  EXPECT_DOUBLE_EQ(g->bleed, 3);
  settings::SheetFormat close = a4();
  close.margin = 2;
  // A wanted gap wider than twice the bleed is kept.
  auto wide = fit_grid(close, {41, 63}, {8, 3, 3});
  ASSERT_TRUE(wide);
  EXPECT_DOUBLE_EQ(wide->gap, 8);
  EXPECT_DOUBLE_EQ(wide->bleed, 3);
}

TEST(PnpGrid, GridFollowsTheCardSizeAndTheMargin) {
  auto poker = fit_grid(a4(), {63, 88});
  ASSERT_TRUE(poker);
  EXPECT_EQ(poker->columns, 3);
  EXPECT_EQ(poker->rows, 3);
  auto mini = fit_grid(a4(), {41, 63});
  ASSERT_TRUE(mini);
  EXPECT_EQ(mini->columns, 4);  // (197.3) / 41 = 4.8
  EXPECT_EQ(mini->rows, 4);     // (284.3) / 63 = 4.5
  settings::SheetFormat wide = a4();
  wide.margin = 20;  // 170 mm: only two 59 mm columns
  EXPECT_EQ(fit_grid(wide, {59, 91})->columns, 2);
  EXPECT_FALSE(fit_grid(a4(), {250, 91}));
  // Room for marks where it costs no card; a card that fits only without it
  // still gets its sheet.
  EXPECT_EQ(fit_grid(a4(), {195, 91}, {0, 0, 3})->columns, 1);
  // A gap between cards: each card gets its own cuts.
  auto gapped = fit_grid(a4(), {59, 91}, {2, 0, 0});
  ASSERT_TRUE(gapped);
  EXPECT_EQ(gapped->columns, 3);
  EXPECT_EQ(gapped->rows, 3);  // 3 x 91 + 2 x 2 = 277 <= 284.3
  expect_rect(gapped->cell(1), {gapped->area.x + 61, gapped->area.y, 59, 91});
  EXPECT_EQ(gapped->cuts_x().size(), 6u);
}

TEST(PnpGrid, SharedCutsAreListedOnce) {
  auto g = fit_grid(a4(), {59, 91});
  std::vector<double> xs = g->cuts_x(), ys = g->cuts_y();
  ASSERT_EQ(xs.size(), 4u);
  ASSERT_EQ(ys.size(), 4u);
  EXPECT_NEAR(xs[0], 16.5, kEps);
  EXPECT_NEAR(xs[1], 75.5, kEps);
  EXPECT_NEAR(xs[3], 193.5, kEps);
  EXPECT_NEAR(ys[0], 12, kEps);
  EXPECT_NEAR(ys[3], 285, kEps);
}

TEST(PnpCropMarks, ExtendEveryCutTowardsTheMarginAndNeverTouchACard) {
  auto g = fit_grid(a4(), {59, 91}, with_bleed());
  auto marks = crop_marks(*g, 5, 1);
  ASSERT_EQ(marks.size(), 16u);  // 4 vertical cuts x top and bottom + 4 horizontal cuts x left and right
  // The first vertical cut's top mark: 1 mm above the grid, stopping at the
  // 6.35 mm margin (4.65 mm long).
  EXPECT_EQ(marks[0], (Segment{{16.5, 11}, {16.5, 6.35}}));
  EXPECT_EQ(marks[1].from, (Point{16.5, 286}));
  EXPECT_NEAR(marks[1].to.y, 297 - 6.35, 1e-9);
  // The first horizontal cut's left mark: full length.
  auto left = std::find(marks.begin(), marks.end(), Segment{{15.5, 12}, {10.5, 12}});
  EXPECT_NE(left, marks.end());
  for (const auto& m : marks) {
    Rect box = segment_box(m);
    for (int slot = 0; slot < g->capacity(); ++slot) EXPECT_FALSE(overlaps(box, g->cell(slot)));
    EXPECT_FALSE(overlaps(box, g->area));
    EXPECT_TRUE(g->printable().contains(box));
    // Every mark continues a cut.
    bool on_cut = false;
    for (double x : g->cuts_x()) on_cut = on_cut || (m.from.x == x && m.to.x == x);
    for (double y : g->cuts_y()) on_cut = on_cut || (m.from.y == y && m.to.y == y);
    EXPECT_TRUE(on_cut);
  }
}

TEST(PnpCropMarks, StartOutsideTheBleedAndStayInsideThePrintableArea) {
  auto g = fit_grid(letter(), {59, 91}, with_bleed());
  auto marks = crop_marks(*g, 5, 1);
  ASSERT_EQ(marks.size(), 2 * 6u + 2 * 4u);  // 6 vertical cuts, 4 horizontal ones
  for (const auto& m : marks) {
    Rect box = segment_box(m);
    EXPECT_TRUE(g->printable().contains(box));
    EXPECT_FALSE(overlaps(box, g->painted()));
  }
  // The first vertical cut's top mark: 1 mm above the bleed, 5 mm long.
  EXPECT_NEAR(marks[0].from.y, g->area.y - 3 - 1, 1e-9);
  EXPECT_NEAR(marks[0].to.y, g->area.y - 3 - 1 - 5, 1e-9);
  // Left and right of Letter's 3 x 2 grid only 4.1 mm are free: 3.1 mm marks.
  auto left = std::find_if(marks.begin(), marks.end(),
                           [&](const Segment& s) { return s.from.y == g->area.y && s.from.x < g->area.x; });
  ASSERT_NE(left, marks.end());
  EXPECT_NEAR(left->to.x, 6.35, 1e-9);
  // Where less than kMinMarkLength is left, no mark.
  auto tight = crop_marks(*g, 5, 3);
  EXPECT_EQ(tight.size(), 12u);  // only above and below
}

TEST(PnpCutLines, RunAlongEveryCutAcrossTheGrid) {
  auto g = fit_grid(a4(), {59, 91});
  auto lines = cut_lines(*g);
  ASSERT_EQ(lines.size(), 8u);
  EXPECT_EQ(lines[1], (Segment{{75.5, 12}, {75.5, 285}}));
  EXPECT_EQ(lines[5], (Segment{{16.5, 103}, {193.5, 103}}));
}

TEST(PnpDuplex, LongEdgeMirrorsTheColumns) {
  auto g = fit_grid(a4(), {59, 91});
  // The back of the top-left card is on the back page's top right, and so on.
  for (int row = 0; row < 3; ++row)
    for (int col = 0; col < 3; ++col)
      expect_rect(g->back_cell(row * 3 + col, settings::DuplexFlip::LongEdge, {}), g->cell(row * 3 + (2 - col)));
  // Turning the page over about its long edge maps x to 210 - x: each back
  // covers exactly the area behind its front.
  Rect front = g->cell(3), back = g->back_cell(3, settings::DuplexFlip::LongEdge, {});
  EXPECT_NEAR(back.x, 210 - front.right(), kEps);
  EXPECT_NEAR(back.y, front.y, kEps);
}

TEST(PnpDuplex, ShortEdgeMirrorsTheRows) {
  auto g = fit_grid(letter(), {59, 91}, with_bleed());
  ASSERT_EQ(g->rows, 2);
  for (int row = 0; row < 2; ++row)
    for (int col = 0; col < 3; ++col)
      expect_rect(g->back_cell(row * 3 + col, settings::DuplexFlip::ShortEdge, {}), g->cell((1 - row) * 3 + col));
}

TEST(PnpDuplex, OffsetMovesEveryBack) {
  auto g = fit_grid(a4(), {59, 91});
  for (int slot = 0; slot < 9; ++slot) {
    Rect plain = g->back_cell(slot, settings::DuplexFlip::LongEdge, {});
    Rect moved = g->back_cell(slot, settings::DuplexFlip::LongEdge, {1.5, -0.75});
    expect_rect(moved, {plain.x + 1.5, plain.y - 0.75, 59, 91});
  }
}

TEST(PnpPlan, CardsFillSheetsInOrderAndANewSizeStartsANewSheet) {
  std::vector<page::Page> pages;
  pages.reserve(12);
  for (int i = 0; i < 11; ++i) pages.push_back(card("c" + std::to_string(i), {10, 20, 30, 255}));
  pages.push_back(card("big", {10, 20, 30, 255}, {100, 150}));
  std::vector<PnpCard> cards;
  cards.reserve(pages.size());
  for (const auto& p : pages) cards.push_back({&p, nullptr});
  settings::PnpSettings settings;
  auto plans = plan_sheets(cards, a4(), settings);
  ASSERT_EQ(plans.size(), 3u);
  EXPECT_EQ(plans[0].cards, (std::vector<size_t>{0, 1, 2, 3, 4, 5, 6, 7, 8}));
  EXPECT_EQ(plans[1].cards, (std::vector<size_t>{9, 10}));
  EXPECT_EQ(plans[2].cards, (std::vector<size_t>{11}));
  // 100 x 150 mm: upright one column (197.3 mm between the margins) and one
  // row (284.3 mm); turned a quarter two rows, with their bleed.
  EXPECT_EQ(plans[2].grid.capacity(), 2);
  EXPECT_TRUE(plans[2].grid.turned);
  EXPECT_EQ(plans[2].grid.card, (Size{150, 100}));
  EXPECT_EQ(plans[2].grid.trim(), (Size{100, 150}));
  EXPECT_DOUBLE_EQ(plans[2].grid.bleed, 3);
  EXPECT_FALSE(any_back(cards));

  // On Letter the same cards take 8 a sheet, turned, with their bleed.
  auto on_letter = plan_sheets(cards, letter(), settings);
  ASSERT_EQ(on_letter.size(), 3u);
  EXPECT_EQ(on_letter[1].cards, (std::vector<size_t>{8, 9, 10}));
  EXPECT_TRUE(on_letter[0].grid.turned);
  EXPECT_DOUBLE_EQ(on_letter[0].grid.bleed, 3);

  page::Page huge = card("huge", {0, 0, 0, 255}, {300, 300});
  std::vector<PnpCard> too_big = {{&huge, nullptr}};
  EXPECT_THROW(plan_sheets(too_big, a4(), settings), std::runtime_error);
}

TEST(PnpPlan, TheSmallestBleedAmongTheCardsCounts) {
  page::Page a = card("a", {10, 20, 30, 255}), b = card("b", {10, 20, 30, 255}), back = card("back", {1, 2, 3, 255});
  // Card b's back has only 1 mm bleed: 1 mm for every card of the size.
  back.size = {61, 93};
  back.trim = {1, 1, 59, 91};
  std::vector<PnpCard> cards = {{&a, nullptr}, {&b, &back}};
  EXPECT_DOUBLE_EQ(card_bleed(cards[0]), 3);
  EXPECT_DOUBLE_EQ(card_bleed(cards[1]), 1);
  auto plans = plan_sheets(cards, letter(), settings::PnpSettings{});
  ASSERT_EQ(plans.size(), 1u);
  EXPECT_DOUBLE_EQ(plans[0].grid.bleed, 1);
}

TEST(PnpSheets, FrontSheetPlacesEachCardsTrimOnItsCellAndClipsTheBleed) {
  page::Page a = card("a", {200, 0, 0, 255}), b = card("b", {0, 200, 0, 255});
  std::vector<PnpCard> cards = {{&a, nullptr}, {&b, nullptr}};
  settings::PnpSettings settings;
  auto plans = plan_sheets(cards, a4(), settings);
  page::Page sheet = front_sheet(plans[0], cards, settings, "t/front");
  EXPECT_EQ(sheet.size, (Size{210, 297}));
  expect_rect(sheet.trim, {0, 0, 210, 297});
  // 2 items per card, then the crop marks; no cut lines unless asked for.
  ASSERT_EQ(sheet.items.size(), 5u);
  const auto& corner_b = sheet.items[3];
  EXPECT_EQ(corner_b.name, "corner");
  // Card b's trim corner (3, 3) lands on cell 1's corner (75.5, 12).
  Point p = corner_b.transform.apply(Point{0, 0});
  EXPECT_NEAR(p.x, 75.5, kEps);
  EXPECT_NEAR(p.y, 12, kEps);
  expect_rect(corner_b.bounds, {75.5, 12, 10, 5});
  ASSERT_TRUE(corner_b.clip);
  expect_rect(*corner_b.clip, {75.5, 12, 59, 91});  // the bleed is cut off at the neighbour
  EXPECT_FALSE(corner_b.keep_in_safe_area);
  EXPECT_EQ(sheet.items[4].name, "crop-marks");
  EXPECT_TRUE(
      std::none_of(sheet.items.begin(), sheet.items.end(), [](const page::Item& i) { return i.name == "cut-lines"; }));

  settings.cut_lines = true;
  page::Page with_lines = front_sheet(plans[0], cards, settings, "t/front");
  ASSERT_EQ(with_lines.items.size(), 6u);
  EXPECT_EQ(with_lines.items.back().name, "cut-lines");
  const auto& path = std::get<page::PathShape>(with_lines.items.back().shape);
  EXPECT_EQ(path.commands.size(), 16u);  // 8 cuts, Move + Line each
  EXPECT_DOUBLE_EQ(path.paint.stroke_width, settings.cut.width);
}

TEST(PnpSheets, BackSheetPutsEachBackBehindItsFrontWithTheOffset) {
  page::Page f1 = card("f1", {200, 0, 0, 255}), f2 = card("f2", {0, 200, 0, 255});
  page::Page back1 = card("back1", {0, 0, 200, 255}), back2 = card("back2", {0, 100, 100, 255});
  std::vector<PnpCard> cards = {{&f1, &back1}, {&f2, &back2}};
  EXPECT_TRUE(any_back(cards));
  settings::PnpSettings settings;
  auto plans = plan_sheets(cards, a4(), settings);
  settings.duplex_offset = {1, 2};
  page::Page sheet = back_sheet(plans[0], cards, settings, "t/back");
  ASSERT_EQ(sheet.items.size(), 4u);  // two backs, no marks
  // Front slot 0 (top left) -> back top right, moved by (1, 2).
  Point p0 = sheet.items[1].transform.apply(Point{0, 0});
  EXPECT_NEAR(p0.x, 134.5 + 1, kEps);
  EXPECT_NEAR(p0.y, 12 + 2, kEps);
  expect_rect(*sheet.items[0].clip, {135.5, 14, 59, 91});
  // Front slot 1 (top middle) -> back top middle.
  Point p1 = sheet.items[3].transform.apply(Point{0, 0});
  EXPECT_NEAR(p1.x, 75.5 + 1, kEps);
  EXPECT_EQ(std::get<page::RectShape>(sheet.items[2].shape).paint.fill, (Color{0, 100, 100, 255}));
}

TEST(PnpSheets, TurnedCardsAndTheirBacksStandAsTheyDoWhenTheSheetIsTurnedOver) {
  page::Page f = card("f", {200, 0, 0, 255}), b = card("b", {0, 0, 200, 255});
  std::vector<PnpCard> cards = {{&f, &b}};
  settings::PnpSettings settings;
  auto plans = plan_sheets(cards, letter(), settings);
  ASSERT_TRUE(plans[0].grid.turned);
  const SheetGrid& g = plans[0].grid;
  Rect cell = g.cell(0);
  // The front turned clockwise: the trim's top-left corner (the white corner
  // rectangle, 10 x 5 mm) at the cell's top-right, lying 5 x 10.
  page::Page front = front_sheet(plans[0], cards, settings, "t/front");
  expect_rect(front.items[1].bounds, {cell.right() - 5, cell.y, 5, 10});
  expect_rect(*front.items[0].clip, cell.inset(-3));
  // Turned over about the long edge the front's top-left corner lies behind
  // the back cell's top-left corner, where the back's top-right corner must
  // be (a card turned over about its own long axis): the back anticlockwise.
  page::Page back = back_sheet(plans[0], cards, settings, "t/back");
  Rect back_cell = g.back_cell(0, settings::DuplexFlip::LongEdge, {});
  EXPECT_NEAR(back_cell.x, 215.9 - cell.right(), kEps);
  expect_rect(back.items[1].bounds, {back_cell.x, back_cell.bottom() - 10, 5, 10});
  // Short edge: the flip keeps the long axis, the back turns as the front.
  settings.flip = settings::DuplexFlip::ShortEdge;
  page::Page short_back = back_sheet(plans[0], cards, settings, "t/back");
  Rect short_cell = g.back_cell(0, settings::DuplexFlip::ShortEdge, {});
  expect_rect(short_back.items[1].bounds, {short_cell.right() - 5, short_cell.y, 5, 10});
}

TEST(PnpSheets, PlaceCardKeepsAnItemsOwnClip) {
  page::Page c = card("c", {1, 2, 3, 255});
  c.items[0].clip = Rect{0, 0, 20, 20};  // e.g. a board tile's window
  page::Page sheet;
  sheet.size = {210, 297};
  place_card(sheet, c, {100, 100, 59, 91}, {100, 100, 59, 91});
  ASSERT_EQ(sheet.items.size(), 2u);
  // (0,0,20,20) moved by (97, 97) and cut to the cell.
  expect_rect(*sheet.items[0].clip, {100, 100, 17, 17});
}

}  // namespace
}  // namespace kw::impose
