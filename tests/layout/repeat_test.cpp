// Generated geometry in layouts: `repeat` (rings, tracks, grids over counts,
// ranges, tables and lists) and `sector` (discs, rings, annular sectors).
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "layout/arcs.h"
#include "layout/card_layout.h"
#include "layout/placement.h"
#include "model/model.h"
#include "support/mini_project.h"
#include "text/typesetter.h"

namespace kw::layout {
namespace {

using test::MiniProject;

// A board-like game: a table of spaces with a colour reference each, and one
// card whose list field names colours.
const char* kGame =
    "game:\n"
    "  id: mini\n"
    "  name: Mini\n"
    "  format: poker\n"
    "  meta: { first: -2, last: 3, steps: 4 }\n"
    "  tables:\n"
    "    colours:\n"
    "      fields:\n"
    "        name: { type: text, required: true }\n"
    "        color: { type: color, required: true }\n"
    "        wild: { type: bool }\n"
    "      entries:\n"
    "        red: { name: Rot, color: \"#ff0000\" }\n"
    "        blue: { name: Blau, color: \"#0000ff\" }\n"
    "        black: { name: Schwarz, color: \"#000000\", wild: true }\n"
    "    spaces:\n"
    "      fields:\n"
    "        colour: { type: ref, table: colours, required: true }\n"
    "      entries:\n"
    "        \"1\": { colour: red }\n"
    "        \"2\": { colour: blue }\n"
    "        \"3\": { colour: black }\n"
    "        \"4\": { colour: red }\n"
    "  card_fields:\n"
    "    name: { type: text, required: true }\n"
    "    legend: { type: list, of: { type: ref, table: colours } }\n"
    "  decks:\n"
    "    - id: main\n"
    "      name: Main\n"
    "      layout: mini/card\n"
    "      cards:\n"
    "        - { id: board, name: Brett, legend: [blue, red] }\n";

struct Board {
  explicit Board(const std::string& layout) {
    project.write("data/games/mini.yaml", kGame);
    project.write("layouts/mini/card.yaml", layout);
    auto loaded = model::load_model(project.project());
    EXPECT_TRUE(loaded.model) << format_diagnostics(loaded.diagnostics);
    model = std::move(loaded.model);
    Diagnostics d;
    fonts = text::FontLibrary::load(project.project(), d);
    typesetter = std::make_unique<text::Typesetter>(*fonts);
    layouter = std::make_unique<Layouter>(*model, *fonts, *typesetter);
  }
  // Lays out the one card; layout errors land in `diags`.
  page::Page page(Diagnostics& diags) {
    const auto& game = *model->game("mini");
    const LayoutDef* def = layouter->definition("mini/card", diags);
    if (!def) return {};
    return layouter->layout(*def, game, &game.decks[0].cards[0], diags);
  }
  MiniProject project;
  std::unique_ptr<model::Model> model;
  std::unique_ptr<text::FontLibrary> fonts;
  std::unique_ptr<text::Typesetter> typesetter;
  std::unique_ptr<Layouter> layouter;
};

std::vector<const page::Item*> named(const page::Page& page, const std::string& name) {
  std::vector<const page::Item*> out;
  for (const auto& item : page.items)
    if (item.name == name) out.push_back(&item);
  return out;
}

Color fill_of(const page::Item& item) {
  if (const auto* r = std::get_if<page::RectShape>(&item.shape)) return r->paint.fill.value_or(Color{});
  if (const auto* p = std::get_if<page::PathShape>(&item.shape)) return p->paint.fill.value_or(Color{});
  return {};
}

// Page coordinates of an item's point (x, y) in its own coordinates.
Point at(const page::Item& item, Point p) { return item.transform.apply(p); }

constexpr double kBleed = 3;  // the mini format's bleed: page = trim + 3 mm

TEST(Repeat, RingPlacesOneItemPerTableEntryClockwiseFromTwelve) {
  Board b(
      "elements:\n"
      "  - type: repeat\n"
      "    table: spaces\n"
      "    as: space\n"
      "    ring: { center: [30, 40], radius: 20, rotate_items: true }\n"
      "    elements:\n"
      "      - { type: rect, name: cell, box: [-1, -1, 2, 2], fill: \"{{space.colour.color}}\" }\n");
  Diagnostics diags;
  page::Page page = b.page(diags);
  ASSERT_FALSE(diags.has_errors()) << format_diagnostics(diags);
  auto cells = named(page, "cell");
  ASSERT_EQ(cells.size(), 4u);
  // Entry k sits at 90° * k clockwise from 12 o'clock, in its space's colour.
  const Point expected[] = {{30, 20}, {50, 40}, {30, 60}, {10, 40}};
  const char* colours[] = {"#ff0000", "#0000ff", "#000000", "#ff0000"};
  for (size_t k = 0; k < 4; ++k) {
    Point c = at(*cells[k], {0, 0});
    EXPECT_NEAR(c.x, expected[k].x + kBleed, 1e-9) << k;
    EXPECT_NEAR(c.y, expected[k].y + kBleed, 1e-9) << k;
    EXPECT_EQ(fill_of(*cells[k]), *Color::parse(colours[k])) << k;
    // rotate_items: the item's "up" (0, -1) points away from the centre.
    Point up = at(*cells[k], {0, -1});
    Point out{(expected[k].x - 30) / 20, (expected[k].y - 40) / 20};
    EXPECT_NEAR(up.x - c.x, out.x, 1e-9) << k;
    EXPECT_NEAR(up.y - c.y, out.y, 1e-9) << k;
  }
}

TEST(Repeat, IndexVariablesAndEntryIds) {
  Board b(
      "elements:\n"
      "  - type: repeat\n"
      "    table: spaces\n"
      "    as: space\n"
      "    track: { from: [5, 5], step: [10, 0] }\n"
      "    elements:\n"
      "      - { type: rect, name: \"x\", when: \"i == 2 && i0 == 1 && n == 4 && space.id == '2'\", box: [0, 0, 1, 1] "
      "}\n"
      "      - { type: rect, name: \"whole\", when: \"space == '4'\", box: [0, 0, 1, 1] }\n");
  Diagnostics diags;
  page::Page page = b.page(diags);
  ASSERT_FALSE(diags.has_errors()) << format_diagnostics(diags);
  ASSERT_EQ(named(page, "x").size(), 1u);
  EXPECT_NEAR(at(*named(page, "x")[0], {0, 0}).x, 15 + kBleed, 1e-9);
  ASSERT_EQ(named(page, "whole").size(), 1u);  // {{space}} alone is the entry's id
  EXPECT_NEAR(at(*named(page, "whole")[0], {0, 0}).x, 35 + kBleed, 1e-9);
}

TEST(Repeat, WhereFiltersBeforePlacing) {
  Board b(
      "elements:\n"
      "  - type: repeat\n"
      "    table: colours\n"
      "    as: colour\n"
      "    where: \"!colour.wild\"\n"
      "    ring: { center: [30, 40], radius: 10, start_angle: 90 }\n"
      "    elements:\n"
      "      - { type: rect, name: field, box: [0, 0, 1, 1], fill: \"{{colour.color}}\" }\n");
  Diagnostics diags;
  page::Page page = b.page(diags);
  ASSERT_FALSE(diags.has_errors()) << format_diagnostics(diags);
  auto fields = named(page, "field");
  ASSERT_EQ(fields.size(), 2u);  // black is wild: left out, and the two left share the turn
  EXPECT_EQ(fill_of(*fields[0]), *Color::parse("#ff0000"));
  EXPECT_NEAR(at(*fields[0], {0, 0}).x, 40 + kBleed, 1e-9);  // 3 o'clock
  EXPECT_NEAR(at(*fields[1], {0, 0}).x, 20 + kBleed, 1e-9);  // 9 o'clock
  EXPECT_NEAR(at(*fields[1], {0, 0}).y, 40 + kBleed, 1e-9);
}

TEST(Repeat, RangeFromGameDataWithConditionsPerValue) {
  Board b(
      "elements:\n"
      "  - type: repeat\n"
      "    range: [\"{{game.meta.first}}\", \"{{game.meta.last}}\"]\n"
      "    as: v\n"
      "    track: { from: [0, 0], step: [5, 0] }\n"
      "    elements:\n"
      "      - { type: rect, name: negative, when: \"v < 0\", box: [0, 0, 4, 4] }\n"
      "      - { type: rect, name: space, box: [0, 0, 4, 4] }\n"
      "      - { type: rect, name: last, when: \"v == game.meta.last\", box: [0, 0, 4, 4] }\n"
      "  - type: repeat\n"
      "    range: [3, 1]\n"
      "    as: down\n"
      "    elements:\n"
      "      - { type: rect, name: down, when: \"down >= 2\", box: [0, 0, 1, 1] }\n");
  Diagnostics diags;
  page::Page page = b.page(diags);
  ASSERT_FALSE(diags.has_errors()) << format_diagnostics(diags);
  EXPECT_EQ(named(page, "space").size(), 6u);  // -2 .. 3
  EXPECT_EQ(named(page, "negative").size(), 2u);
  ASSERT_EQ(named(page, "last").size(), 1u);
  EXPECT_NEAR(at(*named(page, "last")[0], {0, 0}).x, 25 + kBleed, 1e-9);  // the sixth space
  EXPECT_EQ(named(page, "down").size(), 2u);                              // 3, 2 (a range may run downwards)
}

TEST(Repeat, GridAndCount) {
  Board b(
      "elements:\n"
      "  - type: repeat\n"
      "    count: \"{{game.meta.steps}}\"\n"
      "    grid: { from: [1, 2], columns: 3, step: [10, 20] }\n"
      "    elements:\n"
      "      - { type: rect, name: cell, box: [0, 0, 1, 1] }\n");
  Diagnostics diags;
  page::Page page = b.page(diags);
  ASSERT_FALSE(diags.has_errors()) << format_diagnostics(diags);
  auto cells = named(page, "cell");
  ASSERT_EQ(cells.size(), 4u);
  EXPECT_EQ(at(*cells[2], {0, 0}).x, 21 + kBleed);
  EXPECT_EQ(at(*cells[3], {0, 0}).x, 1 + kBleed);  // second row
  EXPECT_EQ(at(*cells[3], {0, 0}).y, 22 + kBleed);
}

TEST(Repeat, ListOfCardFieldFollowsReferencesAndUseAliasesMayInterpolate) {
  Board b(
      "components:\n"
      "  swatch:\n"
      "    - { type: rect, name: swatch, box: [0, 0, 2, 2], fill: \"{{c.color}}\" }\n"
      "    - { type: rect, name: echo, when: \"same.name == c.name\", box: [0, 0, 1, 1] }\n"
      "elements:\n"
      "  - type: repeat\n"
      "    list: legend\n"
      "    as: entry\n"
      "    track: { from: [0, 0], to: [0, 30] }\n"
      "    elements:\n"
      "      - { type: use, component: swatch, with: { c: entry, same: \"legend.{{i0}}\" } }\n");
  Diagnostics diags;
  page::Page page = b.page(diags);
  ASSERT_FALSE(diags.has_errors()) << format_diagnostics(diags);
  auto swatches = named(page, "swatch");
  ASSERT_EQ(swatches.size(), 2u);
  EXPECT_EQ(fill_of(*swatches[0]), *Color::parse("#0000ff"));
  EXPECT_EQ(fill_of(*swatches[1]), *Color::parse("#ff0000"));
  EXPECT_NEAR(at(*swatches[1], {0, 0}).y, 30 + kBleed, 1e-9);  // `to` is the last item's anchor
  EXPECT_EQ(named(page, "echo").size(), 2u);
}

TEST(Repeat, NestedRepeatsShadowTheIndex) {
  Board b(
      "elements:\n"
      "  - type: repeat\n"
      "    count: 2\n"
      "    as: row\n"
      "    elements:\n"
      "      - type: repeat\n"
      "        count: 3\n"
      "        elements:\n"
      "          - { type: rect, name: cell, when: \"row == 2 && i == 3\", box: [0, 0, 1, 1] }\n");
  Diagnostics diags;
  page::Page page = b.page(diags);
  ASSERT_FALSE(diags.has_errors()) << format_diagnostics(diags);
  EXPECT_EQ(named(page, "cell").size(), 1u);
}

TEST(Repeat, ProblemsNameTheCardAndTheLine) {
  Board b(
      "elements:\n"
      "  - { type: repeat, table: nowhere, as: x, elements: [] }\n"
      "  - type: repeat\n"
      "    table: spaces\n"
      "    as: space\n"
      "    elements:\n"
      "      - { type: rect, box: [0, 0, 1, 1], fill: \"{{space.colour.hue}}\" }\n"
      "  - { type: repeat, count: 100000, elements: [] }\n"
      "  - { type: repeat, range: [1, \"{{name}}\"], elements: [] }\n"
      "  - { type: repeat, count: 2, elements: [ { type: rect, box: [0, 0, 1, 1], when: \"name < 3\" } ] }\n");
  Diagnostics diags;
  b.page(diags);
  std::string out = format_diagnostics(diags);
  EXPECT_NE(out.find("card.yaml:2:5: error: unknown table 'nowhere'"), std::string::npos) << out;
  EXPECT_NE(out.find("card.yaml:7:9: error: unknown field 'space.colour.hue' (card board)"), std::string::npos) << out;
  EXPECT_NE(out.find("card.yaml:8:5: error: repeat of 100000 items"), std::string::npos) << out;
  EXPECT_NE(out.find("range end 'Brett' is not a whole number"), std::string::npos) << out;
  EXPECT_NE(out.find("cannot compare 'Brett' < '3': both sides must be numbers"), std::string::npos) << out;
}

TEST(Repeat, DefinitionErrors) {
  MiniProject p;
  p.write("layouts/mini/card.yaml",
          "elements:\n"
          "  - { type: repeat, elements: [] }\n"
          "  - { type: repeat, count: 2, table: spaces, as: s, elements: [] }\n"
          "  - { type: repeat, table: spaces, elements: [] }\n"
          "  - { type: repeat, count: 2, as: i, elements: [] }\n"
          "  - { type: repeat, count: 2, ring: { center: [0, 0], radius: 1 }, track: { from: [0, 0], step: [1, 0] }, "
          "elements: [] }\n"
          "  - { type: repeat, count: 2, track: { from: [0, 0] }, elements: [] }\n"
          "  - { type: repeat, count: 2, ring: { radius: 1, spin: 2 }, elements: [] }\n"
          "  - { type: sector, center: [0, 0], radius: [5, 2] }\n"
          "  - { type: sector, center: [0, 0], radius: 5, angles: [30, 10] }\n");
  Diagnostics diags;
  EXPECT_FALSE(load_layout(p.project(), "mini/card", nullptr, diags));
  std::string out = format_diagnostics(diags);
  EXPECT_NE(out.find(":2:5: error: repeat element needs exactly one of"), std::string::npos) << out;
  EXPECT_NE(out.find(":3:5: error: repeat element needs exactly one of"), std::string::npos) << out;
  EXPECT_NE(out.find(":4:5: error: a repeat over a table or list needs 'as:'"), std::string::npos) << out;
  EXPECT_NE(out.find("'i' is taken"), std::string::npos) << out;
  EXPECT_NE(out.find(":6:5: error: repeat element takes at most one of"), std::string::npos) << out;
  EXPECT_NE(out.find("track needs either 'to: [x, y]'"), std::string::npos) << out;
  EXPECT_NE(out.find("ring needs 'center: [x, y]'"), std::string::npos) << out;
  EXPECT_NE(out.find("unknown key 'spin' in ring"), std::string::npos) << out;
  EXPECT_NE(out.find("sector radius must be positive, the outer larger"), std::string::npos) << out;
  EXPECT_NE(out.find("sector angles must run clockwise"), std::string::npos) << out;
}

TEST(Sector, AnnularSectorPathAndExactBounds) {
  Board b(
      "elements:\n"
      "  - { type: sector, name: slice, center: [30, 40], radius: [10, 20], angles: [-30, 30], fill: \"#00ff00\" }\n"
      "  - { type: sector, name: disc, center: [30, 40], radius: 5, stroke: \"#000000\", stroke_width: 0.5 }\n");
  Diagnostics diags;
  page::Page page = b.page(diags);
  ASSERT_FALSE(diags.has_errors()) << format_diagnostics(diags);
  const page::Item* slice = named(page, "slice").at(0);
  // From -30° to 30° through 12 o'clock: the outer arc's top is the centre's
  // top at radius 20; the sides are the inner arc's ends.
  const double s30 = std::sin(std::numbers::pi / 6), c30 = std::cos(std::numbers::pi / 6);
  EXPECT_NEAR(slice->bounds.x, 30 - 20 * s30 + kBleed, 1e-9);
  EXPECT_NEAR(slice->bounds.right(), 30 + 20 * s30 + kBleed, 1e-9);
  EXPECT_NEAR(slice->bounds.y, 40 - 20 + kBleed, 1e-9);
  EXPECT_NEAR(slice->bounds.bottom(), 40 - 10 * c30 + kBleed, 1e-9);
  const auto& path = std::get<page::PathShape>(slice->shape);
  EXPECT_EQ(path.commands.front().op, page::PathCommand::Op::Move);
  EXPECT_EQ(path.commands.back().op, page::PathCommand::Op::Close);
  const page::Item* disc = named(page, "disc").at(0);
  EXPECT_NEAR(disc->bounds.w, 10.5, 1e-9);  // stroke included
}

TEST(Sector, BezierArcsStayOnTheCircle) {
  SectorGeometry g{{0, 0}, 0, 100, std::nullopt};
  auto commands = sector_path(g);
  Point p = commands[0].p[0];
  double worst = 0;
  for (const auto& c : commands) {
    if (c.op != page::PathCommand::Op::Curve) continue;
    for (double t = 0; t <= 1; t += 0.05) {
      double u = 1 - t;
      Point q{u * u * u * p.x + 3 * u * u * t * c.p[0].x + 3 * u * t * t * c.p[1].x + t * t * t * c.p[2].x,
              u * u * u * p.y + 3 * u * u * t * c.p[0].y + 3 * u * t * t * c.p[1].y + t * t * t * c.p[2].y};
      worst = std::max(worst, std::abs(std::hypot(q.x, q.y) - 100));
    }
    p = c.p[2];
  }
  EXPECT_LT(worst, 0.03);  // mm on a 100 mm radius
}

TEST(Placement, RingCounterClockwiseAndTrackWithOneItem) {
  Placement ring;
  ring.kind = Placement::Kind::Ring;
  ring.center = {0, 0};
  ring.radius = 10;
  ring.clockwise = false;
  auto f = item_frames(ring, 4);
  ASSERT_EQ(f.size(), 4u);
  EXPECT_NEAR(f[1].apply(Point{0, 0}).x, -10, 1e-9);  // a quarter turn anticlockwise: 9 o'clock
  Placement track;
  track.kind = Placement::Kind::Track;
  track.from = {2, 3};
  track.to = Point{10, 3};
  EXPECT_EQ(item_frames(track, 1)[0].apply(Point{0, 0}), (Point{2, 3}));
}

}  // namespace
}  // namespace kw::layout
