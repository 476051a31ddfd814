// page::Picture: a layout's picture, masked (inscribed ellipse, an SVG
// shape), translucent, and embedded once in a PDF however many pages show it.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "page/page.h"
#include "project/input.h"
#include "render/pdf.h"
#include "render/raster.h"
#include "render_test_util.h"

namespace kw::render {
namespace {

using namespace test;

// A w x h raster of one colour.
std::shared_ptr<const Raster> solid(int w, int h, Color c) {
  auto r = std::make_shared<Raster>();
  r->width = w;
  r->height = h;
  for (int i = 0; i < w * h; ++i) r->rgba.insert(r->rgba.end(), {c.r, c.g, c.b, c.a});
  return r;
}

page::Item picture_item(page::Picture picture) {
  page::Item item;
  item.bounds = picture.image.box;
  item.shape = std::move(picture);
  item.name = "portrait";
  return item;
}

// A red picture over the 20 x 20 mm box at (10, 10).
page::Picture red_square() {
  page::Picture p;
  p.image = {solid(40, 40, kRed), {0, 0, 40, 40}, {10, 10, 20, 20}};
  p.file = std::make_shared<project::Input>("templates/x/red.png", "");
  return p;
}

TEST(Picture, EllipseMaskShowsTheGroundOutsideTheCircle) {
  page::Page p = page_with_background(kWhite);
  page::Picture pic = red_square();
  pic.mask = page::Picture::Mask::Ellipse;
  p.items.push_back(picture_item(pic));
  Raster r = render_raster(p, 300);
  EXPECT_EQ(r.pixel(px_x(20), px_y(20)), kRed) << "the centre";
  EXPECT_EQ(r.pixel(px_x(11), px_y(11)), kWhite) << "inside the box, outside the circle";
  EXPECT_EQ(r.pixel(px_x(29), px_y(29)), kWhite);
  EXPECT_EQ(r.pixel(px_x(10.5), px_y(20)), kRed) << "the circle touches the box's sides";
}

TEST(Picture, SvgShapeMasksThePicture) {
  page::Page p = page_with_background(kWhite);
  page::Picture pic = red_square();
  page::SvgArt shape;
  // The left half of the box only.
  shape.svg = std::make_shared<project::Input>(
      "templates/x/shape.svg",
      "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\"><rect id=\"left\" width=\"5\" height=\"10\"/>"
      "</svg>");
  shape.box = {10, 10, 20, 20};
  pic.mask_art = shape;
  p.items.push_back(picture_item(pic));
  Raster r = render_raster(p, 300);
  EXPECT_EQ(r.pixel(px_x(14), px_y(20)), kRed);
  EXPECT_EQ(r.pixel(px_x(26), px_y(20)), kWhite) << "outside the shape";
}

TEST(Picture, OpacityBlendsWithTheGround) {
  page::Page p = page_with_background(kWhite);
  page::Picture pic = red_square();
  pic.opacity = 0.5;
  p.items.push_back(picture_item(pic));
  Raster r = render_raster(p, 300);
  Color c = r.pixel(px_x(20), px_y(20));
  EXPECT_EQ(c.r, 255);
  EXPECT_NEAR(c.g, 128, 2);
  EXPECT_NEAR(c.b, 128, 2);
  EXPECT_EQ(r.pixel(px_x(5), px_y(20)), kWhite);
}

// How many image XObjects a PDF holds (cairo writes their dictionaries
// uncompressed).
size_t image_objects(const std::string& pdf) {
  size_t n = 0;
  for (size_t at = pdf.find("/Subtype /Image"); at != std::string::npos; at = pdf.find("/Subtype /Image", at + 1)) ++n;
  return n;
}

TEST(Picture, OnePictureOnManyPagesIsEmbeddedOnce) {
  std::vector<page::Page> pages;
  for (int i = 0; i < 3; ++i) {
    page::Page p = page_with_background(kWhite);
    page::Picture pic = red_square();
    pic.image.raster = solid(40, 40, kRed);  // equal pixels, separately decoded
    pic.image.box.x += i;                    // placed differently on each page
    p.items.push_back(picture_item(pic));
    pages.push_back(std::move(p));
  }
  EXPECT_EQ(image_objects(render_pdf(pages)), 1u);
  pages[2].items.back() = picture_item([] {
    page::Picture other = red_square();
    other.image.raster = solid(40, 40, kBlue);
    return other;
  }());
  EXPECT_EQ(image_objects(render_pdf(pages)), 2u) << "other pixels are another image";
}

}  // namespace
}  // namespace kw::render
