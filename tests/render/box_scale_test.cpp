// page::Image::Resampling::Box: thumbnails shrunk by averaging the source
// pixels each target pixel covers (render/box_scale.h). Pages here are drawn
// at 25.4 dpi, so one millimetre is one pixel.
#include <gtest/gtest.h>

#include <cstdlib>
#include <functional>
#include <memory>

#include "page/page.h"
#include "render/raster.h"
#include "render_test_util.h"

namespace kw::render {
namespace {

using namespace test;

constexpr double kPixelDpi = 25.4;

std::shared_ptr<const Raster> raster_of(int w, int h, const std::function<Color(int, int)>& colour) {
  auto r = std::make_shared<Raster>();
  r->width = w;
  r->height = h;
  r->rgba.resize(static_cast<size_t>(w) * h * 4);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const Color c = colour(x, y);
      std::uint8_t* p = &r->rgba[(static_cast<size_t>(y) * w + x) * 4];
      p[0] = c.r;
      p[1] = c.g;
      p[2] = c.b;
      p[3] = c.a;
    }
  return r;
}

// A page of w x h px, white, with `image` on it.
page::Page page_with(int w, int h, page::Image image) {
  page::Page p;
  p.id = "test/sheet";
  p.size = {static_cast<double>(w), static_cast<double>(h)};
  p.trim = p.safe = {0, 0, p.size.w, p.size.h};
  p.items.push_back(rect_item({0, 0, p.size.w, p.size.h}, kWhite, "paper"));
  page::Item item;
  item.bounds = image.box;
  item.shape = std::move(image);
  item.name = "image";
  p.items.push_back(std::move(item));
  return p;
}

int difference(const Color& a, const Color& b) {
  return std::max({std::abs(a.r - b.r), std::abs(a.g - b.g), std::abs(a.b - b.b), std::abs(a.a - b.a)});
}

TEST(BoxScale, AnImageOfOneColourGivesExactlyThatColour) {
  const Color teal{37, 141, 203, 255};
  // 697 x 1075 px (a card's trim at 300 dpi) into 139 x 215 px at (13, 7):
  // 5.01 source pixels a target pixel, never a whole number of them.
  auto image = raster_of(768, 1146, [&](int, int) { return teal; });
  page::Page p =
      page_with(170, 240, {image, {35.4, 35.4, 697, 1075}, {13, 7, 139, 215}, 0, page::Image::Resampling::Box});
  Raster r = render_raster(p, kPixelDpi);
  ASSERT_EQ(r.width, 170);
  ASSERT_EQ(r.height, 240);
  for (int y = 7; y < 7 + 215; ++y)
    for (int x = 13; x < 13 + 139; ++x) ASSERT_EQ(r.pixel(x, y), teal) << x << "," << y;
  EXPECT_EQ(r.pixel(12, 100), kWhite);
  EXPECT_EQ(r.pixel(152, 100), kWhite);
  EXPECT_EQ(r.pixel(80, 6), kWhite);
  EXPECT_EQ(r.pixel(80, 222), kWhite);
}

TEST(BoxScale, EachPixelIsTheMeanOfTheAreaItCovers) {
  // Columns alternately black and white: two by two pixels into one is
  // their mean, grey.
  auto image = raster_of(40, 40, [](int x, int) { return x % 2 ? Color{255, 255, 255, 255} : Color{0, 0, 0, 255}; });
  Raster half = render_raster(
      page_with(20, 20, {image, {0, 0, 40, 40}, {0, 0, 20, 20}, 0, page::Image::Resampling::Box}), kPixelDpi);
  for (int x = 0; x < 20; ++x) EXPECT_LE(difference(half.pixel(x, 10), Color{128, 128, 128, 255}), 1) << x;
  // Three source columns a pixel (0, 255, 0 / 255, 0, 255 ...): a third or two thirds grey.
  Raster third = render_raster(
      page_with(20, 20, {image, {0, 0, 39, 39}, {0, 0, 13, 13}, 0, page::Image::Resampling::Box}), kPixelDpi);
  EXPECT_LE(difference(third.pixel(0, 5), Color{85, 85, 85, 255}), 1) << third.pixel(0, 5).hex();
  EXPECT_LE(difference(third.pixel(1, 5), Color{170, 170, 170, 255}), 1) << third.pixel(1, 5).hex();
}

TEST(BoxScale, TransparentPixelsShowWhatIsUnderThemInProportion) {
  // Every other column transparent: over white, a red shrunk two to one is pink.
  auto image = raster_of(40, 40, [](int x, int) { return x % 2 ? Color{255, 0, 0, 255} : Color{0, 0, 0, 0}; });
  Raster r = render_raster(page_with(20, 20, {image, {0, 0, 40, 40}, {0, 0, 20, 20}, 0, page::Image::Resampling::Box}),
                           kPixelDpi);
  EXPECT_LE(difference(r.pixel(7, 7), Color{255, 127, 127, 255}), 1) << r.pixel(7, 7).hex();
}

TEST(BoxScale, WithinTwoLevelsOfCairosFilterOnACard) {
  // A card with text and soft edges, shrunk to a thumbnail both ways: the
  // box filter is cairo's GOOD filter's box (pixman's separable
  // convolution) done cheaply. Stated tolerance: two levels per channel.
  page::Page card = page_with_background(kBleed);
  card.items.push_back(rect_item({10.03, 10.07, 20.11, 30.2}, Color{200, 40, 90, 160}));
  card.items.push_back(glyph_item(glyph_run("Agfx", 30, {8, 60}, kWhite)));
  card.items.push_back(glyph_item(glyph_run("kartenwerk", 9, {6, 80}, kRed)));
  auto image = std::make_shared<const Raster>(render_raster(card, 300));
  const Rect trim{35.43, 35.43, 696.85, 1074.8};
  auto shrunk = [&](page::Image::Resampling how) {
    return render_raster(page_with(160, 230, {image, trim, {8, 9, 139, 215}, 5, how}), kPixelDpi);
  };
  const Raster box = shrunk(page::Image::Resampling::Box), smooth = shrunk(page::Image::Resampling::Smooth);
  ASSERT_EQ(box.rgba.size(), smooth.rgba.size());
  int worst = 0, changed = 0;
  for (int y = 0; y < box.height; ++y)
    for (int x = 0; x < box.width; ++x) {
      const int d = difference(box.pixel(x, y), smooth.pixel(x, y));
      worst = std::max(worst, d);
      changed += d > 0;
    }
  EXPECT_LE(worst, 2);
  EXPECT_GT(changed, 0) << "drawn the other way, not by cairo";
}

TEST(BoxScale, EnlargingOrTurnedIsDrawnSmoothly) {
  // Box shrinks only: an image enlarged, or turned, is drawn as Smooth is.
  auto image = raster_of(10, 10, [](int x, int y) { return (x + y) % 2 ? kRed : kBlue; });
  for (const Affine& at : {Affine{}, Affine::rotate_deg(17)}) {
    auto drawn = [&](page::Image::Resampling how) {
      page::Page p = page_with(40, 40, {image, {0, 0, 10, 10}, {5, 5, 30, 30}, 0, how});
      p.items.back().transform = at;
      return render_raster(p, kPixelDpi).rgba;
    };
    EXPECT_EQ(drawn(page::Image::Resampling::Box), drawn(page::Image::Resampling::Smooth));
  }
}

TEST(BoxScale, TheSameImageAlwaysGivesTheSameBytes) {
  auto image = raster_of(300, 200, [](int x, int y) {
    return Color{static_cast<std::uint8_t>(x * 7 % 256), static_cast<std::uint8_t>(y * 13 % 256),
                 static_cast<std::uint8_t>((x ^ y) % 256), 255};
  });
  auto drawn = [&] {
    return render_raster(
               page_with(80, 60, {image, {3.3, 1.7, 290, 190}, {2.5, 3.25, 71, 47}, 4, page::Image::Resampling::Box}),
               kPixelDpi)
        .rgba;
  };
  EXPECT_EQ(drawn(), drawn());
}

}  // namespace
}  // namespace kw::render
