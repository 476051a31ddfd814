// What PDF/X-1a flattening takes for transparency, read from the display
// list (page/translucency.h; SVG art resolved by layout/svg_transparency.h),
// checked against what Cairo and librsvg really write into a PDF
// (support/cairo_translucency.h). Opaque paint stays vector; an opacity, a
// blend mode, a mask, a filter or a translucent colour anywhere that is
// drawn is flattened, and nothing else is.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "exporters/flatten.h"
#include "layout/svg_transparency.h"
#include "page/translucency.h"
#include "project/input.h"
#include "support/cairo_translucency.h"

namespace kw::exporters {
namespace {

page::Item rect(Color fill) {
  page::Item item;
  item.shape = page::RectShape{.rect = {5, 5, 20, 20}, .corner_radius = 0, .paint = page::Paint{fill, std::nullopt, 0}};
  item.bounds = {5, 5, 20, 20};
  return item;
}

// SVG art as layout places it: `blends` resolved from the document.
page::Item svg(const std::string& body, const std::string& element_id = "", const std::string& stylesheet = "") {
  page::Item item;
  page::SvgArt art;
  art.svg = std::make_shared<const project::Input>(
      "art/case.svg", R"(<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink")"
                      R"( width="20" height="20" viewBox="0 0 20 20">)" +
                          body + "</svg>");
  art.element_id = element_id;
  art.stylesheet = stylesheet;
  art.box = {5, 5, 20, 20};
  art.blends = layout::svg_blends(*art.svg, art.element_id, art.stylesheet);
  item.shape = art;
  item.bounds = art.box;
  return item;
}

page::Item picture(std::uint8_t alpha, double opacity) {
  auto raster = std::make_shared<page::Raster>();
  raster->width = raster->height = 4;
  raster->rgba.assign(4 * 4 * 4, 200);
  for (size_t i = 3; i < raster->rgba.size(); i += 4) raster->rgba[i] = 255;
  raster->rgba[3] = alpha;  // the first pixel's alpha
  page::Picture pic;
  pic.image = page::Image{.raster = raster, .source = {0, 0, 4, 4}, .box = {5, 5, 10, 10}};
  pic.opacity = opacity;
  page::Item item;
  item.shape = pic;
  item.bounds = {5, 5, 10, 10};
  return item;
}

struct Case {
  const char* what;
  page::Item item;
  bool translucent;
};

// Each case: the answer expected, and Cairo must write the same.
void expect_cases(const std::vector<Case>& cases) {
  for (const auto& c : cases) {
    EXPECT_EQ(page::translucent(c.item), c.translucent) << c.what;
    EXPECT_EQ(test::cairo_writes_transparency(c.item), c.translucent) << c.what << " (what Cairo writes)";
  }
}

TEST(Translucency, OpaquePaintStaysVector) {
  expect_cases({
      {"an opaque rectangle", rect(Color{200, 30, 30, 255}), false},
      {"opaque art", svg(R"(<rect width="10" height="10" fill="#123456"/><circle cx="12" cy="12" r="5"/>)"), false},
      {"opacity 1", svg(R"(<g opacity="1"><rect width="10" height="10" fill-opacity="100%"/></g>)"), false},
      {"a translucent gradient nothing uses",
       svg(R"(<defs><linearGradient id="g"><stop offset="0" stop-opacity="0.2"/></linearGradient></defs>)"
           R"(<rect width="10" height="10" fill="red"/>)"),
       false},
      {"another element than the translucent one",
       svg(R"(<rect id="solid" width="10" height="10"/><rect id="faint" x="10" width="5" height="5" opacity=".3"/>)",
           "solid"),
       false},
      {"a clip path's translucent content only cuts",
       svg(R"(<clipPath id="c"><rect width="8" height="8" opacity="0.5"/></clipPath>)"
           R"svg(<rect width="10" height="10" clip-path="url(#c)"/>)svg"),
       false},
      {"an opaque colouring stylesheet", svg(R"(<path class="fg" d="M0 0H10V10Z"/>)", "", ".fg{fill:#ffb140}"), false},
      {"an opaque picture", picture(255, 1), false},
  });
}

TEST(Translucency, WhatBlendsIsFlattened) {
  expect_cases({
      {"a translucent rectangle", rect(Color{200, 30, 30, 128}), true},
      {"a group's opacity",
       svg(R"(<g opacity="0.5"><rect width="10" height="10"/><rect x="5" width="10" height="10"/></g>)"), true},
      {"fill-opacity in a style attribute", svg(R"(<rect width="10" height="10" style="fill-opacity: 40%"/>)"), true},
      {"a blend mode",
       svg(R"(<rect width="10" height="10" fill="red"/>)"
           R"(<rect x="5" width="10" height="10" fill="blue" style="mix-blend-mode:multiply"/>)"),
       true},
      {"a mask",
       svg(R"(<mask id="m"><rect width="20" height="20" fill="#808080"/></mask>)"
           R"svg(<rect width="10" height="10" mask="url(#m)"/>)svg"),
       true},
      {"a gradient with a translucent stop",
       svg(R"(<linearGradient id="g"><stop offset="0" stop-color="red"/><stop offset="1" stop-opacity="0"/>)"
           R"svg(</linearGradient><rect width="10" height="10" fill="url(#g)"/>)svg"),
       true},
      {"an rgba colour", svg(R"svg(<rect width="10" height="10" fill="rgba(10, 20, 30, 0.5)"/>)svg"), true},
      {"a #rrggbbaa colour", svg(R"(<rect width="10" height="10" fill="#10203080"/>)"), true},
      {"a translucent symbol drawn by <use>",
       svg(R"(<defs><g id="s" opacity="0.6"><rect width="5" height="5"/></g></defs>)"
           R"(<use xlink:href="#s" x="2"/>)"),
       true},
      {"fill-opacity inherited by the element drawn alone",
       svg(R"(<g fill-opacity="0.5"><rect id="r" width="10" height="10"/></g>)", "r"), true},
      {"a stylesheet's opacity", svg(R"(<path class="fg" d="M0 0H10V10Z"/>)", "", ".fg{opacity:.5}"), true},
      {"a signed opacity", svg(R"(<rect width="10" height="10" opacity="+0.5"/>)"), true},
      {"a comment inside a style attribute", svg(R"(<rect width="10" height="10" style="fill-opacity:/**/0.5"/>)"),
       true},
      {"a picture with alpha", picture(100, 1), true},
      {"a translucent picture", picture(255, 0.5), true},
  });
}

// librsvg draws a document that chains references tens of thousands deep;
// the reading walks it without recursion, to the translucent stop at its end.
TEST(Translucency, AReferenceChainOfAnyLengthIsFollowed) {
  constexpr int kLinks = 100'000;
  std::string body = R"svg(<rect width="10" height="10" fill="url(#g0)"/>)svg";
  for (int i = 0; i + 1 < kLinks; ++i)
    body += "<linearGradient id=\"g" + std::to_string(i) + "\" href=\"#g" + std::to_string(i + 1) + "\"/>";
  body += "<linearGradient id=\"g" + std::to_string(kLinks - 1) + "\"><stop offset=\"0\" stop-opacity=\"0.5\"/>" +
          "</linearGradient>";
  EXPECT_TRUE(page::translucent(svg(body)));
}

// Entities are librsvg's to substitute (never an external one here): a
// document that uses them is flattened, whatever they hold.
TEST(Translucency, ADocumentWithEntitiesCountsAsTranslucent) {
  page::Item item;
  page::SvgArt art;
  art.svg = std::make_shared<const project::Input>(
      "art/entity.svg",
      R"(<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY r "<rect width='9' height='9'/>">]>)"
      R"(<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 20"><g fill-opacity="0.5">&r;</g></svg>)");
  EXPECT_TRUE(layout::svg_blends(*art.svg, "", ""));
  art.svg = std::make_shared<const project::Input>("art/broken.svg", "<svg");
  EXPECT_TRUE(layout::svg_blends(*art.svg, "", "")) << "what cannot be read is flattened";
}

TEST(Translucency, FlatteningTurnsOnlyTheTranslucentRunIntoPixels) {
  page::Page p;
  p.id = "t/flatten";
  p.size = {40, 40};
  p.trim = {0, 0, 40, 40};
  p.safe = p.trim;
  p.items = {rect(Color{10, 10, 10, 255}), svg(R"(<rect width="10" height="10" opacity="0.5"/>)"),
             rect(Color{200, 30, 30, 255})};
  FlattenReport report;
  const page::Page flat = flatten_transparency(p, 150, &report);
  ASSERT_EQ(flat.items.size(), 3u);
  EXPECT_TRUE(std::holds_alternative<page::RectShape>(flat.items[0].shape));
  EXPECT_TRUE(std::holds_alternative<page::Image>(flat.items[1].shape));
  EXPECT_TRUE(std::holds_alternative<page::RectShape>(flat.items[2].shape));
  EXPECT_EQ(report.patches, 1);
  for (const auto& item : flat.items) EXPECT_FALSE(test::cairo_writes_transparency(item));
}

// PDF/X-4: only a blend over a near-black colour is composed in RGB (the
// RIP would blend it in CMYK with the ground's four inks); one over a light
// ground stays live, and so does everything opaque.
TEST(Translucency, PdfX4ComposesOnlyTheBlendsOverNearBlack) {
  page::Page p;
  p.id = "t/compose";
  p.size = {60, 40};
  p.trim = {0, 0, 60, 40};
  p.safe = p.trim;
  page::Item dark = rect(Color{20, 11, 8, 255});  // Das Duell's Balrog ground
  dark.shape = page::RectShape{.rect = {0, 0, 30, 40}, .corner_radius = 0, .paint = {Color{20, 11, 8, 255}, {}, 0}};
  dark.bounds = {0, 0, 30, 40};
  page::Item light = dark;
  std::get<page::RectShape>(light.shape).rect = {30, 0, 30, 40};
  std::get<page::RectShape>(light.shape).paint.fill = Color{240, 230, 200, 255};
  light.bounds = {30, 0, 30, 40};
  page::Item glow = svg(R"(<rect width="20" height="20" fill="#c22a10" opacity="0.4"/>)");  // over the dark half
  page::Item tint = glow;  // the same over the light half
  std::get<page::SvgArt>(tint.shape).box = tint.bounds = {35, 5, 20, 20};
  p.items = {dark, glow, light, tint};
  auto near_black = [](const Color& c) { return c.r + c.g + c.b < 90; };
  FlattenReport report;
  const page::Page out = compose_blends_over_black(p, 150, near_black, &report);
  ASSERT_EQ(out.items.size(), 4u);
  EXPECT_TRUE(std::holds_alternative<page::RectShape>(out.items[0].shape));
  EXPECT_TRUE(std::holds_alternative<page::Image>(out.items[1].shape)) << "the glow over the dark ground";
  EXPECT_TRUE(std::holds_alternative<page::RectShape>(out.items[2].shape));
  EXPECT_TRUE(std::holds_alternative<page::SvgArt>(out.items[3].shape)) << "the tint over the light ground";
  EXPECT_EQ(report.patches, 1);
  // The composed glow is the RGB blend: red at 40 % over the brown.
  const auto& image = std::get<page::Image>(out.items[1].shape);
  const page::Raster& r = *image.raster;
  const auto x = static_cast<size_t>((15 - image.box.x) / image.box.w * r.width);
  const auto y = static_cast<size_t>((15 - image.box.y) / image.box.h * r.height);
  const std::uint8_t* px = &r.rgba[(y * r.width + x) * 4];
  EXPECT_NEAR(px[0], 0.4 * 0xc2 + 0.6 * 20, 3);
  EXPECT_NEAR(px[1], 0.4 * 0x2a + 0.6 * 11, 3);
  EXPECT_NEAR(px[2], 0.4 * 0x10 + 0.6 * 8, 3);
}

}  // namespace
}  // namespace kw::exporters
