#include <gtest/gtest.h>

#include <string>

#include "render/error.h"
#include "render/raster.h"
#include "render_test_util.h"

namespace kw::render {
namespace {

using namespace test;

const Color kGreen{0, 255, 0, 255};
const Color kBlack{0, 0, 0, 255};

// two_shapes.svg is 100 x 50 units: #a covers x 0..50, #b x 60..90 / y 10..40.

TEST(SvgArt, WholeDocumentFitsBoxKeepingAspectCentred) {
  // A 50 x 50 mm box takes the 2:1 drawing at 0.5 mm per unit, centred
  // vertically: it spans x 5..55, y 22.5..47.5.
  page::Page p = page_with_background(kWhite);
  p.items.push_back(svg_item("", {5, 10, 50, 50}, ".fg{fill:#00ff00}"));
  Raster r = render_raster(p, 300);
  EXPECT_EQ(r.pixel(px_x(15), px_y(35)), kGreen);  // #a
  EXPECT_EQ(r.pixel(px_x(42), px_y(35)), kGreen);  // #b
  EXPECT_EQ(r.pixel(px_x(32), px_y(35)), kWhite);  // gap between them
  EXPECT_EQ(r.pixel(px_x(15), px_y(20)), kWhite);  // above the centred drawing
  EXPECT_EQ(r.pixel(px_x(15), px_y(50)), kWhite);  // below it
}

TEST(SvgArt, StylesheetRecolours) {
  page::Page plain = page_with_background(kWhite);
  plain.items.push_back(svg_item("", {5, 10, 50, 50}, ""));
  EXPECT_EQ(render_raster(plain, 300).pixel(px_x(15), px_y(35)), kBlack);

  page::Page styled = page_with_background(kWhite);
  styled.items.push_back(svg_item("", {5, 10, 50, 50}, ".fg{fill:#ff0000}"));
  EXPECT_EQ(render_raster(styled, 300).pixel(px_x(15), px_y(35)), kRed);
}

TEST(SvgArt, ElementSelectionDrawsOnlyThatElement) {
  // #b is square: in a 40 x 20 box it becomes 20 x 20 at x 20..40, y 10..30.
  page::Page p = page_with_background(kWhite);
  p.items.push_back(svg_item("b", {10, 10, 40, 20}, ".fg{fill:#ff0000}"));
  Raster r = render_raster(p, 300);
  EXPECT_EQ(r.pixel(px_x(30), px_y(20)), kRed);
  EXPECT_EQ(r.pixel(px_x(21), px_y(11)), kRed);
  EXPECT_EQ(r.pixel(px_x(39), px_y(29)), kRed);
  EXPECT_EQ(r.pixel(px_x(19), px_y(20)), kWhite);
  EXPECT_EQ(r.pixel(px_x(41), px_y(20)), kWhite);
  EXPECT_EQ(r.pixel(px_x(12), px_y(20)), kWhite);  // no #a

  page::Page only_a = page_with_background(kWhite);
  only_a.items.push_back(svg_item("a", {10, 10, 40, 20}, ".fg{fill:#ff0000}"));
  Raster ra = render_raster(only_a, 300);
  EXPECT_EQ(ra.pixel(px_x(30), px_y(20)), kRed);
  EXPECT_EQ(ra.pixel(px_x(12), px_y(20)), kWhite);
}

TEST(SvgArt, SameFileWithDifferentStylesheetsOnOnePage) {
  // The handle cache is keyed by stylesheet too.
  page::Page p = page_with_background(kWhite);
  p.items.push_back(svg_item("b", {0, 0, 20, 20}, ".fg{fill:#ff0000}"));
  p.items.push_back(svg_item("b", {30, 0, 20, 20}, ".fg{fill:#0000ff}"));
  Raster r = render_raster(p, 300);
  EXPECT_EQ(r.pixel(px_x(10), px_y(10)), kRed);
  EXPECT_EQ(r.pixel(px_x(40), px_y(10)), kBlue);
}

TEST(SvgArt, ArtFollowsItemTransform) {
  // Turned half a turn about the box centre, #a (left half) lands on the right.
  page::Page p = page_with_background(kWhite);
  auto item = svg_item("", {5, 10, 50, 50}, ".fg{fill:#00ff00}");
  item.transform = Affine::rotate_about(180, {30, 35});
  p.items.push_back(item);
  Raster r = render_raster(p, 300);
  EXPECT_EQ(r.pixel(px_x(45), px_y(35)), kGreen);  // #a, now right
  EXPECT_EQ(r.pixel(px_x(8), px_y(35)), kWhite);   // where #a would be unturned
}

TEST(SvgArt, UnparsableFileIsAnErrorNamingThePath) {
  page::Page p = page_with_background(kWhite);
  auto item = svg_item("", {5, 10, 50, 50}, "");
  std::get<page::SvgArt>(item.shape).svg = std::make_shared<const project::Input>("templates/art/dragon.svg", "<svg");
  p.items.push_back(item);
  try {
    render_raster(p, 50);
    FAIL() << "expected RenderError";
  } catch (const RenderError& e) {
    EXPECT_NE(std::string(e.what()).find("templates/art/dragon.svg"), std::string::npos) << e.what();
  }
}

TEST(SvgArt, MissingElementIsAnError) {
  page::Page p = page_with_background(kWhite);
  p.items.push_back(svg_item("nope", {5, 10, 50, 50}, ""));
  try {
    render_raster(p, 50);
    FAIL() << "expected RenderError";
  } catch (const RenderError& e) {
    EXPECT_NE(std::string(e.what()).find("#nope"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace kw::render
