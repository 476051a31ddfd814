// Canvas: a raster painted page over page, from several threads, and its
// JPEG written straight from it.
#include "render/canvas.h"

#include <gtest/gtest.h>

#include <future>
#include <stdexcept>
#include <vector>

#include "render/jpeg.h"
#include "render_test_util.h"

namespace kw::render {
namespace {

using namespace test;

page::Page layer_with(Rect r, Color c) {
  page::Page layer = blank_page("test/layer");
  layer.items.push_back(rect_item(r, c));
  return layer;
}

TEST(Canvas, LayersLandOnTheGroundAsOnePage) {
  page::Page ground = page_with_background(kWhite);
  Canvas canvas(ground, 100);
  canvas.paint(layer_with({10, 10, 20, 20}, kRed));
  canvas.paint(layer_with({20, 20, 20, 20}, kBlue));
  page::Page all = ground;
  all.items.push_back(rect_item({10, 10, 20, 20}, kRed));
  all.items.push_back(rect_item({20, 20, 20, 20}, kBlue));
  EXPECT_EQ(canvas.raster().rgba, render_raster(all, 100).rgba);
  EXPECT_EQ(canvas.size().width, pixel_size(ground, 100).width);
  EXPECT_DOUBLE_EQ(canvas.raster().dpi, 100);
}

TEST(Canvas, LayersFromManyThreads) {
  Canvas canvas(page_with_background(kWhite), 50);
  std::vector<std::future<void>> jobs;
  jobs.reserve(8);
  for (int i = 0; i < 8; ++i)
    jobs.push_back(std::async(std::launch::async, [&canvas, i] {
      canvas.paint(layer_with({5.0 + 7 * i, 5, 5, 5}, kRed));
    }));
  for (auto& j : jobs) j.get();
  Raster r = canvas.raster();
  for (int i = 0; i < 8; ++i) EXPECT_EQ(r.pixel(px_x(7.5 + 7 * i, 50), px_y(7.5, 50)), kRed) << i;
}

TEST(Canvas, JpegAsFromItsRaster) {
  Canvas canvas(page_with_background(kBleed), 100);
  canvas.paint(layer_with({10, 10, 20, 20}, kRed));
  for (bool optimise : {true, false})
    EXPECT_EQ(canvas.encode_jpeg({90, optimise}), encode_jpeg(canvas.raster(), {90, optimise})) << optimise;
}

TEST(Canvas, ALayerOfAnotherSizeIsRefused) {
  Canvas canvas(page_with_background(kWhite), 50);
  page::Page small = layer_with({1, 1, 2, 2}, kRed);
  small.size = {30, 30};
  EXPECT_THROW(canvas.paint(small), std::invalid_argument);
}

}  // namespace
}  // namespace kw::render
