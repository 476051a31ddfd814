#include "render/png.h"

#include <gtest/gtest.h>

#include <string>

#include "render/error.h"
#include "render_test_util.h"

namespace kw::render {
namespace {

using namespace test;

page::Page sample_page() {
  page::Page p = page_with_background(kBleed);
  p.items.push_back(rect_item({10, 20, 30, 15}, kRed));
  p.items.push_back(glyph_item(glyph_run("Ag", 24, {12, 60}, kWhite)));
  return p;
}

// The chunk types of a PNG file in order ("IHDR", "sRGB", ...).
std::vector<std::string> chunk_types(const std::string& png) {
  std::vector<std::string> types;
  size_t pos = 8;
  while (pos + 8 <= png.size()) {
    auto b = [&](size_t i) { return static_cast<std::uint32_t>(static_cast<unsigned char>(png[pos + i])); };
    std::uint32_t len = b(0) << 24 | b(1) << 16 | b(2) << 8 | b(3);
    types.push_back(png.substr(pos + 4, 4));
    pos += 12 + len;
  }
  return types;
}

TEST(Png, SizeAndResolution) {
  std::string png = render_png(sample_page(), 300);
  Raster r = decode_png(png);
  EXPECT_EQ(r.width, 768);
  EXPECT_EQ(r.height, 1146);
  ASSERT_TRUE(png_dpi(png).has_value());
  EXPECT_DOUBLE_EQ(*png_dpi(png), 300);
  EXPECT_DOUBLE_EQ(r.dpi, 300);
  // pHYs holds 11811 px/m in both directions, unit metre.
  auto at = png.find("pHYs");
  ASSERT_NE(at, std::string::npos);
  EXPECT_EQ(png.substr(at + 4, 9), std::string("\x00\x00\x2e\x23\x00\x00\x2e\x23\x01", 9));
}

TEST(Png, OpaqueCardIsRgb8WithoutTimeChunk) {
  std::string png = render_png(sample_page(), 300);
  EXPECT_EQ(png[24], 8);  // IHDR bit depth
  EXPECT_EQ(png[25], 2);  // IHDR colour type: RGB
  auto types = chunk_types(png);
  EXPECT_EQ(types.front(), "IHDR");
  EXPECT_EQ(types.back(), "IEND");
  for (const auto& t : types) {
    EXPECT_NE(t, "tIME");
    EXPECT_NE(t, "tEXt");
  }
}

TEST(Png, TransparentPageKeepsAlpha) {
  page::Page p = blank_page();
  p.items.push_back(rect_item({10, 10, 20, 20}, kRed));
  std::string png = render_png(p, 100);
  EXPECT_EQ(png[25], 6);  // RGBA
  Raster r = decode_png(png);
  EXPECT_EQ(r.pixel(2, 2).a, 0);
  EXPECT_EQ(r.pixel(px_x(20, 100), px_y(20, 100)), kRed);
}

TEST(Png, DecodedPixelsEqualRenderedPixels) {
  Raster rendered = render_raster(sample_page(), 150);
  Raster decoded = decode_png(encode_png(rendered));
  EXPECT_EQ(decoded.width, rendered.width);
  EXPECT_EQ(decoded.height, rendered.height);
  EXPECT_TRUE(decoded.rgba == rendered.rgba);
  EXPECT_EQ(decoded.pixel(2, 2), kBleed);
}

TEST(Png, IdenticalInputGivesIdenticalBytes) {
  EXPECT_EQ(render_png(sample_page(), 300), render_png(sample_page(), 300));
}

TEST(Png, NoDpiWithoutPhys) {
  Raster r = render_raster(sample_page(), 50);
  r.dpi = 0;
  std::string png = encode_png(r);
  EXPECT_FALSE(png_dpi(png).has_value());
  EXPECT_EQ(png.find("pHYs"), std::string::npos);
}

TEST(Png, MalformedInputThrows) {
  EXPECT_THROW(decode_png("not a png"), RenderError);
  std::string png = render_png(sample_page(), 50);
  EXPECT_THROW(decode_png(png.substr(0, png.size() / 2)), RenderError);
  EXPECT_THROW(png_dpi(""), RenderError);
}

}  // namespace
}  // namespace kw::render
