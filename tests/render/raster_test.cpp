#include "render/raster.h"

#include <gtest/gtest.h>

#include <memory>
#include <stdexcept>
#include <vector>

#include "render/error.h"
#include "render_test_util.h"

namespace kw::render {
namespace {

using namespace test;

TEST(Raster, PixelSizeFollowsPrintShopRounding) {
  PixelSize px = pixel_size(blank_page(), 300);
  EXPECT_EQ(px.width, 768);
  EXPECT_EQ(px.height, 1146);
  Raster r = render_raster(blank_page(), 300);
  EXPECT_EQ(r.width, 768);
  EXPECT_EQ(r.height, 1146);
  EXPECT_EQ(r.rgba.size(), 768u * 1146u * 4u);
  EXPECT_DOUBLE_EQ(r.dpi, 300);
}

TEST(Raster, BackgroundReachesEveryEdgePixel) {
  Raster r = render_raster(page_with_background(kBleed), 300);
  EXPECT_EQ(r.pixel(2, 2), kBleed);
  EXPECT_EQ(r.pixel(0, 0), kBleed);
  // The last row and column too: the page is scaled to the whole pixel grid.
  EXPECT_EQ(r.pixel(767, 1145), kBleed);
  EXPECT_TRUE(r.opaque());
}

// A sheet too large to hold is rendered strip by strip: each strip must be
// the very pixels of the whole page there (text, edges, everything).
TEST(Raster, RegionIsThePixelsOfTheWholePageThere) {
  page::Page p = page_with_background(kWhite);
  p.items.push_back(rect_item({10.3, 20.7, 30, 15}, kRed));
  p.items.push_back(glyph_item(glyph_run("Ag", 24, {12, 60}, kBlue)));
  const Raster whole = render_raster(p, 300);
  for (const PixelRect region : {PixelRect{0, 0, 768, 1146}, PixelRect{100, 230, 317, 211}, PixelRect{0, 600, 768, 90},
                                 PixelRect{767, 1145, 1, 1}}) {
    const Raster part = render_region(p, 300, region);
    ASSERT_EQ(part.width, region.width);
    ASSERT_EQ(part.height, region.height);
    EXPECT_DOUBLE_EQ(part.dpi, 300);
    int differing = 0;
    for (int y = 0; y < region.height; ++y)
      for (int x = 0; x < region.width; ++x) differing += part.pixel(x, y) != whole.pixel(region.x + x, region.y + y);
    EXPECT_EQ(differing, 0) << region.x << "," << region.y << " " << region.width << "x" << region.height;
  }
  EXPECT_THROW(render_region(p, 300, {700, 0, 69, 10}), std::invalid_argument);
  EXPECT_THROW(render_region(p, 300, {-1, 0, 10, 10}), std::invalid_argument);
  EXPECT_THROW(render_region(p, 300, {0, 0, 0, 10}), std::invalid_argument);
}

TEST(Raster, RectIsPaintedWhereLayoutPutIt) {
  page::Page p = page_with_background(kWhite);
  p.items.push_back(rect_item({10, 20, 30, 15}, kRed));
  Raster r = render_raster(p, 300);
  EXPECT_EQ(r.pixel(px_x(25), px_y(27)), kRed);
  EXPECT_EQ(r.pixel(px_x(11), px_y(21)), kRed);
  EXPECT_EQ(r.pixel(px_x(9), px_y(27)), kWhite);
  EXPECT_EQ(r.pixel(px_x(41), px_y(27)), kWhite);
  EXPECT_EQ(r.pixel(px_x(25), px_y(36)), kWhite);
}

TEST(Raster, ItemsArePaintedInOrder) {
  page::Page p = page_with_background(kWhite);
  p.items.push_back(rect_item({10, 10, 20, 20}, kRed));
  p.items.push_back(rect_item({20, 20, 20, 20}, kBlue));
  Raster r = render_raster(p, 300);
  EXPECT_EQ(r.pixel(px_x(25), px_y(25)), kBlue);
  EXPECT_EQ(r.pixel(px_x(15), px_y(15)), kRed);
}

TEST(Raster, RotationTransformPlacesRect) {
  // Item rect 20 x 10 at the origin, turned 90° clockwise (y down) and moved
  // to (30, 40): it covers x 20..30, y 40..60 on the page.
  page::Page p = page_with_background(kWhite);
  Affine t = Affine::translate(30, 40).then_after(Affine::rotate_deg(90));
  p.items.push_back(rect_item({0, 0, 20, 10}, kRed, "rotated", t));
  Raster r = render_raster(p, 300);
  EXPECT_EQ(r.pixel(px_x(25), px_y(50)), kRed);
  EXPECT_EQ(r.pixel(px_x(21), px_y(58)), kRed);
  // Where the unrotated rect would have been.
  EXPECT_EQ(r.pixel(px_x(40), px_y(45)), kWhite);
  EXPECT_EQ(r.pixel(px_x(25), px_y(62)), kWhite);
}

TEST(Raster, RoundedCornersAreCut) {
  page::Page p = page_with_background(kWhite);
  auto item = rect_item({10, 10, 30, 30}, kRed);
  std::get<page::RectShape>(item.shape).corner_radius = 8;
  p.items.push_back(item);
  Raster r = render_raster(p, 300);
  EXPECT_EQ(r.pixel(px_x(10.5), px_y(10.5)), kWhite);  // corner cut away
  EXPECT_EQ(r.pixel(px_x(25), px_y(10.5)), kRed);      // straight edge kept
  EXPECT_EQ(r.pixel(px_x(25), px_y(25)), kRed);
}

TEST(Raster, StrokeOnlyRectLeavesInsideUnpainted) {
  page::Page p = page_with_background(kWhite);
  page::RectShape s;
  s.rect = {10, 10, 30, 30};
  s.paint.stroke = kBlue;
  s.paint.stroke_width = 2;
  page::Item item;
  item.shape = s;
  p.items.push_back(item);
  Raster r = render_raster(p, 300);
  EXPECT_EQ(r.pixel(px_x(10), px_y(25)), kBlue);
  EXPECT_EQ(r.pixel(px_x(25), px_y(25)), kWhite);
}

TEST(Raster, PathFillsTriangle) {
  using Op = page::PathCommand::Op;
  page::PathShape s;
  s.commands = {{Op::Move, {{10, 10}}}, {Op::Line, {{50, 10}}}, {Op::Line, {{10, 50}}}, {Op::Close, {}}};
  s.paint.fill = kRed;
  page::Page p = page_with_background(kWhite);
  page::Item item;
  item.shape = s;
  p.items.push_back(item);
  Raster r = render_raster(p, 300);
  EXPECT_EQ(r.pixel(px_x(15), px_y(15)), kRed);
  EXPECT_EQ(r.pixel(px_x(45), px_y(45)), kWhite);  // beyond the hypotenuse
}

TEST(Raster, CurveIsPainted) {
  using Op = page::PathCommand::Op;
  page::PathShape s;
  // A fat arch from (10,50) to (50,50) bulging up to about y = 20.
  s.commands = {{Op::Move, {{10, 50}}}, {Op::Curve, {{10, 10}, {50, 10}, {50, 50}}}, {Op::Close, {}}};
  s.paint.fill = kBlue;
  page::Page p = page_with_background(kWhite);
  page::Item item;
  item.shape = s;
  p.items.push_back(item);
  Raster r = render_raster(p, 300);
  EXPECT_EQ(r.pixel(px_x(30), px_y(30)), kBlue);
  EXPECT_EQ(r.pixel(px_x(12), px_y(15)), kWhite);
}

TEST(Raster, UnpaintedIsTransparentAndColoursAreUnpremultiplied) {
  page::Page p = blank_page();
  p.items.push_back(rect_item({10, 10, 20, 20}, Color{200, 100, 50, 128}));
  Raster r = render_raster(p, 300);
  EXPECT_FALSE(r.opaque());
  EXPECT_EQ(r.pixel(2, 2).a, 0);
  Color c = r.pixel(px_x(20), px_y(20));
  EXPECT_EQ(c.a, 128);
  // Straight colour back within rounding of 8-bit premultiplication.
  EXPECT_NEAR(c.r, 200, 2);
  EXPECT_NEAR(c.g, 100, 2);
  EXPECT_NEAR(c.b, 50, 2);
}

TEST(Raster, SingularTransformPaintsNothing) {
  page::Page p = page_with_background(kWhite);
  p.items.push_back(rect_item({10, 10, 20, 20}, kRed, "flat", Affine::scale(0, 1)));
  p.items.push_back(rect_item({40, 40, 10, 10}, kBlue));  // later items still paint
  Raster r = render_raster(p, 300);
  EXPECT_EQ(r.pixel(px_x(20), px_y(20)), kWhite);
  EXPECT_EQ(r.pixel(px_x(45), px_y(45)), kBlue);
}

TEST(Raster, ItemsOutsideThePageAreClipped) {
  page::Page p = page_with_background(kWhite);
  p.items.push_back(rect_item({-10, -10, 200, 200}, kRed));
  Raster r = render_raster(p, 100);
  EXPECT_EQ(r.width, 256);  // 65 mm at 100 dpi
  EXPECT_EQ(r.pixel(0, 0), kRed);
}

// opaque() decides RGB or RGBA for every PNG: any one pixel not fully
// opaque, wherever it is (block edges, an odd last pixel), makes it false.
TEST(Raster, OpaqueLooksAtEveryPixel) {
  for (int pixels : {0, 1, 2, 3, 7, 1023, 1024, 1025, 3001}) {
    Raster r;
    r.width = pixels;
    r.height = 1;
    r.rgba.assign(static_cast<size_t>(pixels) * 4, 255);
    EXPECT_TRUE(r.opaque()) << pixels;
    for (int at = 0; at < pixels; ++at) {
      r.rgba[static_cast<size_t>(at) * 4 + 3] = 254;
      EXPECT_FALSE(r.opaque()) << pixels << " pixels, not opaque at " << at;
      r.rgba[static_cast<size_t>(at) * 4 + 3] = 255;
    }
    if (pixels > 0) {  // colour bytes do not count
      r.rgba[0] = 0;
      EXPECT_TRUE(r.opaque()) << pixels;
    }
  }
}

TEST(Raster, RowOverWhiteIsTheRasterPaintedOnPaper) {
  // A raster with every alpha, placed pixel for pixel on a white page: the
  // rendered page is what row_over_white gives, exactly.
  Raster r;
  r.width = 256;
  r.height = 3;
  r.dpi = 25.4;  // 1 px = 1 mm
  for (int y = 0; y < r.height; ++y)
    for (int a = 0; a < 256; ++a) {
      const std::uint8_t c[3] = {static_cast<std::uint8_t>(a * 7), static_cast<std::uint8_t>(255 - a),
                                 static_cast<std::uint8_t>(y * 100)};
      r.rgba.insert(r.rgba.end(), {c[0], c[1], c[2], static_cast<std::uint8_t>(a)});
    }
  auto shared = std::make_shared<const Raster>(r);
  page::Page page = page_with_background(kWhite);
  page.size = {256, 3};
  page.items.clear();
  page.items.push_back(rect_item({0, 0, 256, 3}, kWhite));
  page::Item image;
  image.shape = page::Image{shared, {0, 0, 256, 3}, {0, 0, 256, 3}, 0, page::Image::Resampling::Nearest};
  image.bounds = {0, 0, 256, 3};
  page.items.push_back(image);
  const Raster painted = render_raster(page, 25.4);
  ASSERT_EQ(painted.width, 256);
  std::vector<std::uint8_t> rgb(256 * 3);
  for (int y = 0; y < 3; ++y) {
    row_over_white(r, y, rgb.data());
    for (int x = 0; x < 256; ++x)
      for (int k = 0; k < 3; ++k)
        ASSERT_EQ(rgb[3 * x + k], painted.rgba[(y * 256 + x) * 4 + k]) << x << "," << y << " channel " << k;
  }
  EXPECT_THROW(row_over_white(r, 3, rgb.data()), std::invalid_argument);
}

TEST(Raster, RejectsBadArguments) {
  EXPECT_THROW(render_raster(blank_page(), 0), std::invalid_argument);
  EXPECT_THROW(render_raster(blank_page(), -300), std::invalid_argument);
  page::Page empty = blank_page();
  empty.size = {0, 97};
  EXPECT_THROW(render_raster(empty, 300), std::invalid_argument);
  Raster r = render_raster(blank_page(), 10);
  EXPECT_THROW(r.pixel(r.width, 0), std::out_of_range);
  EXPECT_THROW(r.pixel(0, -1), std::out_of_range);
}

}  // namespace
}  // namespace kw::render
