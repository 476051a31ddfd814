// page::Image: pixels placed on a page, cut to a source rectangle, scaled
// into a box with rounded corners, painted by the one painter.
#include <gtest/gtest.h>

#include <memory>

#include <numbers>

#include "page/page.h"
#include "render/cairo_ptr.h"
#include "render/error.h"
#include "render/image_surface.h"
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

// Thumbnails on a sheet measured in pixels (a contact sheet): the cells'
// edges, taken to millimetres and back, land a rounding error off whole
// pixels. The images are still resampled exactly as when drawn in pixels
// with cairo directly; drawn in millimetres, some pixels would differ.
TEST(Image, BoxesOnWholePixelsSampleAsInPixels) {
  page::Page card = page_with_background(kBleed);
  card.items.push_back(rect_item({10.03, 10.07, 20.11, 30.2}, Color{200, 40, 90, 160}));
  card.items.push_back(glyph_item(glyph_run("Agfx", 30, {8, 60}, kWhite)));
  card.items.push_back(glyph_item(glyph_run("kartenwerk", 9, {6, 80}, kRed)));
  auto image = std::make_shared<const Raster>(render_raster(card, 300));
  const double dpi = 60, px_per_mm = dpi / 25.4, sx = image->width / card.size.w, sy = image->height / card.size.h;
  const Rect trim{card.trim.x * sx, card.trim.y * sy, card.trim.w * sx, card.trim.h * sy};
  const int width = 1685, height = 1483, columns = 11, rows = 6;
  auto cell = [](int c, int r) { return Rect{13.0 + c * 152, 13.0 + r * 245, 139, 215}; };

  // In pixels, with cairo.
  detail::SurfacePtr direct(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height));
  detail::SurfacePtr pixels = detail::surface_from_raster(*image);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < columns; ++c) {
      Rect at = cell(c, r);
      detail::CairoPtr cr(cairo_create(direct.get()));
      const double radius = 5 / 25.4 * dpi, q = std::numbers::pi / 2;
      cairo_new_sub_path(cr.get());
      cairo_arc(cr.get(), at.right() - radius, at.y + radius, radius, -q, 0);
      cairo_arc(cr.get(), at.right() - radius, at.bottom() - radius, radius, 0, q);
      cairo_arc(cr.get(), at.x + radius, at.bottom() - radius, radius, q, 2 * q);
      cairo_arc(cr.get(), at.x + radius, at.y + radius, radius, 2 * q, 3 * q);
      cairo_close_path(cr.get());
      cairo_clip(cr.get());
      cairo_translate(cr.get(), at.x, at.y);
      cairo_scale(cr.get(), at.w / trim.w, at.h / trim.h);
      cairo_set_source_surface(cr.get(), pixels.get(), -trim.x, -trim.y);
      cairo_pattern_set_filter(cairo_get_source(cr.get()), CAIRO_FILTER_GOOD);
      cairo_paint(cr.get());
    }

  // As a page in millimetres.
  page::Page sheet;
  sheet.size = {width / px_per_mm, height / px_per_mm};
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < columns; ++c) {
      Rect at = cell(c, r);
      sheet.items.push_back(
          image_item({image, trim, {at.x / px_per_mm, at.y / px_per_mm, at.w / px_per_mm, at.h / px_per_mm}, 5}));
    }
  EXPECT_EQ(render_raster(sheet, dpi).rgba, detail::raster_from_surface(direct.get(), dpi).rgba);
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
