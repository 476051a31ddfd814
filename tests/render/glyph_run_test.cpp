#include "render/glyph_run.h"

#include <gtest/gtest.h>

#include "render/error.h"
#include "render/raster.h"
#include "render_test_util.h"

namespace kw::render {
namespace {

using namespace test;

int dark_pixels(const Raster& r, double x0, double y0, double x1, double y1) {
  int n = 0;
  for (int y = px_y(y0); y < px_y(y1); ++y)
    for (int x = px_x(x0); x < px_x(x1); ++x) {
      Color c = r.pixel(x, y);
      if (c.r < 100 && c.g < 100 && c.b < 100) ++n;
    }
  return n;
}

TEST(GlyphRun, PaintsGlyphWhereItIs) {
  // A 72 pt (25.4 mm) "H" with its baseline at y = 60 mm, pen at x = 10 mm.
  page::Page p = page_with_background(kWhite);
  p.items.push_back(glyph_item(glyph_run("H", 72, {10, 60}, Color{0, 0, 0, 255})));
  Raster r = render_raster(p, 300);
  int inside = dark_pixels(r, 10, 40, 35, 60);
  int area = (px_x(35) - px_x(10)) * (px_y(60) - px_y(40));
  EXPECT_GT(inside, area / 10);
  EXPECT_EQ(dark_pixels(r, 0, 61, 65, 97), 0);  // nothing below the baseline
  EXPECT_EQ(dark_pixels(r, 0, 0, 65, 38), 0);   // nor above the cap height
  EXPECT_EQ(dark_pixels(r, 36, 0, 65, 97), 0);  // nor right of the glyph
}

TEST(GlyphRun, UsesRunColourAndItemTransform) {
  page::Page p = page_with_background(kWhite);
  auto item = glyph_item(glyph_run("H", 72, {0, 0}, kRed));
  item.transform = Affine::translate(10, 60);
  p.items.push_back(item);
  Raster r = render_raster(p, 300);
  int red = 0;
  for (int y = px_y(40); y < px_y(60); ++y)
    for (int x = px_x(10); x < px_x(35); ++x)
      if (r.pixel(x, y) == kRed) ++red;
  EXPECT_GT(red, 1000);
}

TEST(GlyphRun, UnreadableFontIsAnErrorNamingTheFile) {
  page::Page p = page_with_background(kWhite);
  auto run = glyph_run("H", 12, {10, 60}, kRed);
  run.font = std::make_shared<const project::Input>("fonts/broken/font.otf", "not a font");
  p.items.push_back(glyph_item(run));
  try {
    render_raster(p, 50);
    FAIL() << "expected RenderError";
  } catch (const RenderError& e) {
    EXPECT_NE(std::string(e.what()).find("fonts/broken/font.otf"), std::string::npos) << e.what();
  }
}

page::GlyphRun run_with_clusters(std::string text, const std::vector<std::uint32_t>& clusters) {
  page::GlyphRun run;
  run.text = std::move(text);
  for (auto c : clusters) run.glyphs.push_back({1, 0, 0, c});
  return run;
}

std::vector<std::pair<int, int>> pairs(const detail::TextClusters& t) {
  std::vector<std::pair<int, int>> out;
  for (auto c : t.clusters) out.emplace_back(c.num_bytes, c.num_glyphs);
  return out;
}

TEST(GlyphRunClusters, OneClusterPerCharacterWithMultibyteText) {
  // "Größe": ö and ß take two bytes each.
  auto t = detail::build_clusters(run_with_clusters("Größe", {0, 1, 2, 4, 6}));
  ASSERT_TRUE(t);
  EXPECT_EQ(t->flags, 0);
  EXPECT_EQ(pairs(*t), (std::vector<std::pair<int, int>>{{1, 1}, {1, 1}, {2, 1}, {2, 1}, {1, 1}}));
}

TEST(GlyphRunClusters, LigatureAndDecomposition) {
  // "ffi" as one glyph, then "é" drawn as two glyphs (e + accent).
  auto t = detail::build_clusters(run_with_clusters("ffié", {0, 3, 3}));
  ASSERT_TRUE(t);
  EXPECT_EQ(pairs(*t), (std::vector<std::pair<int, int>>{{3, 1}, {2, 2}}));
}

TEST(GlyphRunClusters, RightToLeftRunsAreBackward) {
  auto t = detail::build_clusters(run_with_clusters("abc", {2, 1, 0}));
  ASSERT_TRUE(t);
  EXPECT_EQ(t->flags, CAIRO_TEXT_CLUSTER_FLAG_BACKWARD);
  EXPECT_EQ(pairs(*t), (std::vector<std::pair<int, int>>{{1, 1}, {1, 1}, {1, 1}}));
}

TEST(GlyphRunClusters, LeadingUncoveredTextJoinsFirstCluster) {
  auto t = detail::build_clusters(run_with_clusters(" ab", {1, 2}));
  ASSERT_TRUE(t);
  EXPECT_EQ(pairs(*t), (std::vector<std::pair<int, int>>{{2, 1}, {1, 1}}));
}

TEST(GlyphRunClusters, UnmappableRunsFallBackToPlainGlyphs) {
  EXPECT_FALSE(detail::build_clusters(run_with_clusters("abc", {0, 2, 1})));  // not monotonic
  EXPECT_FALSE(detail::build_clusters(run_with_clusters("ö", {0, 1})));       // splits a character
  EXPECT_FALSE(detail::build_clusters(run_with_clusters("a\xff", {0, 1})));   // not UTF-8
  EXPECT_FALSE(detail::build_clusters(run_with_clusters("ab", {0, 7})));      // beyond the text
  EXPECT_FALSE(detail::build_clusters(run_with_clusters("", {0})));           // no text
}

TEST(GlyphRun, UnmappableRunStillPaints) {
  page::Page p = page_with_background(kWhite);
  auto run = glyph_run("H", 72, {10, 60}, Color{0, 0, 0, 255});
  run.text = "\xff";  // not UTF-8: cairo_show_text_glyphs would fail
  p.items.push_back(glyph_item(run));
  Raster r = render_raster(p, 300);
  EXPECT_GT(dark_pixels(r, 10, 40, 35, 60), 1000);
}

}  // namespace
}  // namespace kw::render
