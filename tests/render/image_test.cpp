// page::Image: pixels placed on a page, cut to a source rectangle, scaled
// into a box with rounded corners, painted by the one painter.
#include <gtest/gtest.h>

#include <memory>

#include "page/page.h"
#include "render/error.h"
#include "render/raster.h"
#include "render_test_util.h"

namespace kw::render {
namespace {

using namespace test;

// A w x h raster: the left half red, the right half blue, one green column at x = 0.
std::shared_ptr<const Raster> two_halves(int w, int h) {
  auto r = std::make_shared<Raster>();
  r->width = w;
  r->height = h;
  r->rgba.resize(static_cast<size_t>(w) * h * 4);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      Color c = x == 0 ? Color{0, 255, 0, 255} : x < w / 2 ? kRed : kBlue;
      std::uint8_t* p = &r->rgba[(static_cast<size_t>(y) * w + x) * 4];
      p[0] = c.r;
      p[1] = c.g;
      p[2] = c.b;
      p[3] = c.a;
    }
  return r;
}

page::Item image_item(page::Image image) {
  page::Item item;
  item.bounds = image.box;
  item.shape = std::move(image);
  item.name = "image";
  return item;
}

TEST(Image, SourceRectangleFillsTheBox) {
  page::Page p = page_with_background(kWhite);
  // Without the green column: pixels 1..39 of 40, into 30 x 20 mm at (10, 10).
  p.items.push_back(image_item({two_halves(40, 20), {1, 0, 39, 20}, {10, 10, 30, 20}}));
  Raster r = render_raster(p, 300);
  EXPECT_EQ(r.pixel(px_x(12), px_y(20)), kRed);
  EXPECT_EQ(r.pixel(px_x(38), px_y(20)), kBlue);
  EXPECT_EQ(r.pixel(px_x(11), px_y(20)), kRed) << "the green column is not shown";
  EXPECT_EQ(r.pixel(px_x(9), px_y(20)), kWhite);
  EXPECT_EQ(r.pixel(px_x(41), px_y(20)), kWhite);
  EXPECT_EQ(r.pixel(px_x(20), px_y(31)), kWhite);
}

TEST(Image, RoundedCornersShowTheGround) {
  page::Page p = page_with_background(kWhite);
  p.items.push_back(image_item({two_halves(40, 20), {0, 0, 40, 20}, {10, 10, 40, 20}, 5}));
  Raster r = render_raster(p, 300);
  EXPECT_EQ(r.pixel(px_x(10.2), px_y(10.2)), kWhite);
  EXPECT_EQ(r.pixel(px_x(49.8), px_y(29.8)), kWhite);
  EXPECT_EQ(r.pixel(px_x(20), px_y(20)), kRed);
}

TEST(Image, ItemTransformAndClipApply) {
  page::Page p = page_with_background(kWhite);
  page::Item item = image_item({two_halves(40, 20), {0, 0, 40, 20}, {0, 0, 40, 20}});
  item.transform = Affine::translate(10, 50);
  item.clip = Rect{10, 50, 20, 20};  // the left half only
  p.items.push_back(item);
  Raster r = render_raster(p, 300);
  EXPECT_EQ(r.pixel(px_x(20), px_y(60)), kRed);
  EXPECT_EQ(r.pixel(px_x(40), px_y(60)), kWhite);
}

TEST(Image, RenderedPixelsPlacedAtTheirOwnResolutionComeBackUnchanged) {
  // A rendered page with soft (antialiased, half transparent) edges, placed
  // pixel for pixel on a transparent page of the same size: the same pixels.
  page::Page card = blank_page();
  card.items.push_back(rect_item({10.03, 10.07, 20.11, 30.2}, Color{200, 40, 90, 160}));
  card.items.push_back(glyph_item(glyph_run("Ag", 24, {12, 60}, kBlue)));
  auto rendered = std::make_shared<const Raster>(render_raster(card, 100));
  page::Page copy = blank_page();
  copy.items.push_back(image_item({rendered,
                                   {0, 0, static_cast<double>(rendered->width), static_cast<double>(rendered->height)},
                                   {0, 0, copy.size.w, copy.size.h},
                                   0,
                                   page::Image::Resampling::Nearest}));
  EXPECT_EQ(render_raster(copy, 100).rgba, rendered->rgba);
}

TEST(Image, WithoutPixelsIsAnErrorNamingTheItem) {
  page::Page p = page_with_background(kWhite);
  p.items.push_back(image_item({nullptr, {0, 0, 1, 1}, {0, 0, 10, 10}}));
  try {
    render_raster(p, 50);
    FAIL() << "no error";
  } catch (const RenderError& e) {
    EXPECT_NE(std::string(e.what()).find("image"), std::string::npos) << e.what();
  }
}

TEST(Image, DumpNamesSizeBoxAndResampling) {
  page::Page p = blank_page();
  p.items.push_back(image_item({two_halves(40, 20), {1, 0, 39, 20}, {10, 10, 30, 20}, 2}));
  EXPECT_NE(page::dump(p).find("image: image 40x20 px [1.00 0.00 39.00 20.00] -> [10.00 10.00 30.00 20.00] r=2.00 "
                               "smooth bounds"),
            std::string::npos)
      << page::dump(p);
}

}  // namespace
}  // namespace kw::render
