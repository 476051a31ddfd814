// What PDF/X-1a flattening takes for transparency: the probe paints an item
// alone into a PDF and asks the content-stream module whether its resources
// blend. Opaque art stays vector; art with an opacity, a blend mode or a
// mask, and a translucent colour, are flattened, and nothing else is.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "exporters/flatten.h"
#include "project/input.h"

namespace kw::exporters {
namespace {

page::Page page_of(const page::Item& item) {
  page::Page p;
  p.id = "t/flatten";
  p.size = {40, 40};
  p.trim = {0, 0, 40, 40};
  p.safe = p.trim;
  p.items = {item};
  return p;
}

page::Item rect(Color fill) {
  page::Item item;
  item.shape = page::RectShape{.rect = {5, 5, 20, 20}, .corner_radius = 0, .paint = page::Paint{fill, std::nullopt, 0}};
  item.bounds = {5, 5, 20, 20};
  return item;
}

page::Item svg(const std::string& name, const std::string& body) {
  page::Item item;
  page::SvgArt art;
  art.svg = std::make_shared<const project::Input>(
      "art/" + name + ".svg",
      R"(<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20" viewBox="0 0 20 20">)" + body + "</svg>");
  art.box = {5, 5, 20, 20};
  item.shape = art;
  item.bounds = art.box;
  return item;
}

TEST(TransparencyProbe, OpaquePaintStaysVector) {
  TransparencyProbe probe;
  auto opaque = rect(Color{200, 30, 30, 255});
  EXPECT_FALSE(probe.transparent(opaque, page_of(opaque)));
  auto art = svg("opaque", R"(<rect width="10" height="10" fill="#123456"/><circle cx="12" cy="12" r="5"/>)");
  EXPECT_FALSE(probe.transparent(art, page_of(art)));
}

TEST(TransparencyProbe, WhatBlendsIsFlattened) {
  TransparencyProbe probe;
  auto translucent = rect(Color{200, 30, 30, 128});
  EXPECT_TRUE(probe.transparent(translucent, page_of(translucent)));
  auto faded =
      svg("faded", R"(<g opacity="0.5"><rect width="10" height="10"/><rect x="5" width="10" height="10"/></g>)");
  EXPECT_TRUE(probe.transparent(faded, page_of(faded)));
  auto multiplied =
      svg("multiplied", R"(<rect width="10" height="10" fill="red"/>)"
                        R"(<rect x="5" width="10" height="10" fill="blue" style="mix-blend-mode:multiply"/>)");
  EXPECT_TRUE(probe.transparent(multiplied, page_of(multiplied)));
  auto masked = svg("masked", R"(<mask id="m"><rect width="20" height="20" fill="#808080"/></mask>)"
                              R"svg(<rect width="10" height="10" mask="url(#m)"/>)svg");
  EXPECT_TRUE(probe.transparent(masked, page_of(masked)));
}

}  // namespace
}  // namespace kw::exporters
