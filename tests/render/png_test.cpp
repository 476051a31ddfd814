#include "render/png.h"

#include <gtest/gtest.h>
#include <zlib.h>

#include <algorithm>
#include <filesystem>
#include <iterator>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/files.h"
#include "core/sha256.h"
#include "render/error.h"
#include "render_test_util.h"
#include "support/test_support.h"

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

// A card with what the row filters meet on real cards: flat areas, edges,
// antialiased text, a gradient-like run of colours, and transparency around
// rounded corners (blank_page has no background under them).
page::Page busy_page() {
  page::Page p = blank_page();
  for (int i = 0; i < 12; ++i)
    p.items.push_back(
        rect_item({2.0 + i * 5, 4.0 + i * 7, 9, 30},
                  Color{static_cast<std::uint8_t>(20 * i), static_cast<std::uint8_t>(255 - 15 * i),
                        static_cast<std::uint8_t>(90 + 13 * i), static_cast<std::uint8_t>(255 - 17 * i)}));
  p.items.push_back(glyph_item(glyph_run("Quarz Äxte", 14, {8, 50}, kBlue)));
  p.items.push_back(glyph_item(glyph_run("Ag", 40, {20, 85}, Color{200, 30, 40, 128})));
  return p;
}

class PngModes : public ::testing::TestWithParam<PngCompression> {};

// PNG is lossless in either mode: what decodes is exactly what was drawn,
// for an opaque card (RGB) and for one with transparent pixels (RGBA).
TEST_P(PngModes, DecodedPixelsAreExactlyTheRenderedOnes) {
  for (const page::Page& page : {sample_page(), busy_page()}) {
    Raster rendered = render_raster(page, 150);
    std::string png = encode_png(rendered, GetParam());
    EXPECT_EQ(png[25], rendered.opaque() ? 2 : 6) << page.id;  // IHDR colour type: RGB or RGBA
    Raster decoded = decode_png(png);
    ASSERT_EQ(decoded.width, rendered.width);
    ASSERT_EQ(decoded.height, rendered.height);
    EXPECT_TRUE(decoded.rgba == rendered.rgba);
    EXPECT_NEAR(decoded.dpi, 150, 0.01);  // pHYs holds whole pixels per metre
  }
}

TEST_P(PngModes, IdenticalInputGivesIdenticalBytes) {
  EXPECT_EQ(encode_png(render_raster(busy_page(), 300), GetParam()),
            encode_png(render_raster(busy_page(), 300), GetParam()));
}

TEST_P(PngModes, ChunksInOrderWithSrgb) {
  EXPECT_EQ(chunk_types(encode_png(render_raster(sample_page(), 100), GetParam())),
            (std::vector<std::string>{"IHDR", "sRGB", "pHYs", "IDAT", "IEND"}));
}

// A one-pixel-wide and a one-row image: the filters' edges; widths that
// are not a multiple of the four pixels packed at once, opaque (RGB) or not.
TEST_P(PngModes, TinyImagesRoundTrip) {
  for (bool opaque : {false, true})
    for (auto [w, h] : {std::pair{1, 7}, std::pair{9, 1}, std::pair{1, 1}, std::pair{7, 3}, std::pair{13, 2}}) {
      Raster r;
      r.width = w;
      r.height = h;
      for (int i = 0; i < w * h * 4; ++i)
        r.rgba.push_back(opaque && i % 4 == 3 ? 255 : static_cast<std::uint8_t>(i * 37 + 11));
      ASSERT_EQ(r.opaque(), opaque);
      const std::string png = encode_png(r, GetParam());
      EXPECT_EQ(png[25], opaque ? 2 : 6) << "RGB or RGBA";
      EXPECT_TRUE(decode_png(png).rgba == r.rgba) << w << "x" << h << (opaque ? " opaque" : "");
    }
}

// Images of many chunks of rows (about 128 kB each): one of rows wider than
// a chunk, one of exactly two chunks (42 rows of 1024 pixels each) and one
// of a row more: every pixel back.
TEST_P(PngModes, ImagesOfManyChunksRoundTrip) {
  for (auto [w, h] : {std::pair{700, 400}, std::pair{90000, 3}, std::pair{1024, 84}, std::pair{1024, 85}}) {
    Raster r;
    r.width = w;
    r.height = h;
    r.rgba.resize(static_cast<size_t>(w) * h * 4);
    for (size_t i = 0; i < r.rgba.size(); ++i)
      r.rgba[i] = i % 4 == 3 ? 255 : static_cast<std::uint8_t>((i / 4 % 97) * 3 + (i / 4 / w) % 5);
    const std::string png = encode_png(r, GetParam());
    EXPECT_TRUE(decode_png(png).rgba == r.rgba) << w << "x" << h;
    EXPECT_EQ(png, encode_png(r, GetParam()));
  }
}

INSTANTIATE_TEST_SUITE_P(Png, PngModes, ::testing::Values(PngCompression::Fast, PngCompression::Small),
                         [](const auto& mode) { return mode.param == PngCompression::Fast ? "Fast" : "Small"; });

// The overview of a large deck is written row by row: the file must be the
// one encode_png makes of the whole raster, whichever mode and channels.
TEST_P(PngModes, RowByRowGivesTheBytesOfTheWholeRaster) {
  for (bool transparent : {false, true}) {
    page::Page p = transparent ? blank_page() : sample_page();
    if (transparent) p.items.push_back(rect_item({10, 20, 30, 15}, kRed));  // on a transparent ground
    const Raster r = render_raster(p, 100);
    ASSERT_EQ(r.opaque(), !transparent);
    PngWriter writer(r.width, r.height, r.dpi, r.opaque(), GetParam());
    for (int y = 0; y < r.height; ++y) writer.add_row(r.rgba.data() + static_cast<size_t>(y) * r.width * 4);
    EXPECT_EQ(writer.finish(), encode_png(r, GetParam())) << (transparent ? "RGBA" : "RGB");
  }
}

// The IDAT chunk holds a zlib stream of the unfiltered rows that zlib
// inflates back to them (its checksum checked), and exactly the stream zlib
// itself writes at the mode's level in one go (the image is within one
// chunk; the writer writes the wrapper by hand and the checksum by
// libdeflate).
TEST_P(PngModes, ImageDataIsTheCompressorsOwnStream) {
  const Raster r = render_raster(sample_page(), 55);
  const std::string png = encode_png(r, GetParam());
  const size_t at = png.find("IDAT");
  ASSERT_NE(at, std::string::npos);
  auto b = [&](size_t i) { return static_cast<std::uint32_t>(static_cast<unsigned char>(png[at - 4 + i])); };
  const std::string idat = png.substr(at + 4, b(0) << 24 | b(1) << 16 | b(2) << 8 | b(3));
  std::string rows;
  for (int y = 0; y < r.height; ++y) {
    rows += '\0';  // filter type none
    for (int x = 0; x < r.width; ++x) rows.append(reinterpret_cast<const char*>(&r.rgba[(y * r.width + x) * 4]), 3);
  }
  ASSERT_LT(rows.size(), size_t{128} << 10) << "one chunk";
  std::string inflated(rows.size() + 1, '\0');
  uLongf inflated_size = static_cast<uLongf>(inflated.size());
  ASSERT_EQ(uncompress(reinterpret_cast<Bytef*>(inflated.data()), &inflated_size,
                       reinterpret_cast<const Bytef*>(idat.data()), static_cast<uLong>(idat.size())),
            Z_OK);
  inflated.resize(inflated_size);
  EXPECT_TRUE(inflated == rows) << "the stream inflates to the rows";

  // zlib's own stream, wrapper and all, at the mode's level (1 fast, 6
  // small).
  z_stream z{};
  ASSERT_EQ(deflateInit2(&z, GetParam() == PngCompression::Fast ? 1 : 6, Z_DEFLATED, 15, 8, Z_DEFAULT_STRATEGY), Z_OK);
  std::string expected(deflateBound(&z, static_cast<uLong>(rows.size())), '\0');
  z.next_in = reinterpret_cast<Bytef*>(rows.data());
  z.avail_in = static_cast<uInt>(rows.size());
  z.next_out = reinterpret_cast<Bytef*>(expected.data());
  z.avail_out = static_cast<uInt>(expected.size());
  ASSERT_EQ(deflate(&z, Z_FINISH), Z_STREAM_END);
  expected.resize(z.total_out);
  deflateEnd(&z);
  EXPECT_TRUE(idat == expected) << idat.size() << " bytes, the compressor's own " << expected.size();
}

// Bands (the overview's rows, kept in a build's cache): the file of bands
// has the raster's pixels and chunks, whatever the bands, and the same bands
// give the same bytes, whether made now or unpacked from a cache's string.
TEST_P(PngModes, BandsJoinIntoTheRastersPixels) {
  for (bool transparent : {false, true}) {
    page::Page p = transparent ? blank_page() : sample_page();
    if (transparent) p.items.push_back(rect_item({10, 20, 30, 15}, kRed));
    const Raster r = render_raster(p, 100);
    auto bands_of = [&](int rows_per_band) {
      std::vector<PngBand> bands;
      for (int y0 = 0; y0 < r.height; y0 += rows_per_band) {
        PngBandEncoder band(r.width, r.opaque(), GetParam());
        for (int y = y0; y < std::min(r.height, y0 + rows_per_band); ++y)
          band.add_row(r.rgba.data() + static_cast<size_t>(y) * r.width * 4);
        bands.push_back(band.finish());
      }
      return bands;
    };
    for (int rows_per_band : {1, 17, r.height}) {
      const std::vector<PngBand> bands = bands_of(rows_per_band);
      BandedPngWriter made(r.width, r.height, r.dpi, r.opaque(), GetParam()),
          unpacked(r.width, r.height, r.dpi, r.opaque(), GetParam());
      for (const PngBand& band : bands) {
        made.add_band(band);
        const std::optional<PngBand> back = PngBand::unpack(band.pack());
        ASSERT_TRUE(back);
        unpacked.add_band(*back);
      }
      const std::string png = made.finish();
      EXPECT_EQ(unpacked.finish(), png);
      const Raster decoded = decode_png(png);  // libpng checks the CRC and zlib the Adler-32
      ASSERT_EQ(decoded.width, r.width);
      ASSERT_EQ(decoded.height, r.height);
      if (r.opaque()) {
        for (size_t i = 0; i < r.rgba.size(); i += 4)
          ASSERT_TRUE(std::equal(&r.rgba[i], &r.rgba[i] + 3, &decoded.rgba[i])) << "pixel " << i / 4;
      } else {
        EXPECT_EQ(decoded.rgba, r.rgba);
      }
      EXPECT_EQ(chunk_types(png), chunk_types(encode_png(r, GetParam())));
      EXPECT_EQ(png_dpi(png), png_dpi(encode_png(r, GetParam())));
    }
  }
}

// Streamed into a file (the overview of a large deck), the PNG is the bytes
// finish() returns, also past the megabyte after which the writer hands
// what it holds to the file; a stream that never ends leaves no file.
TEST(BandedPngWriter, AStreamedFileIsTheBytesOfTheWholeOne) {
  const int width = 700, height = 600;  // noise: some 1.2 MB compressed
  std::vector<std::uint8_t> rgba(static_cast<size_t>(width) * height * 4);
  std::uint32_t seed = 12345;
  for (size_t i = 0; i < rgba.size(); ++i) {
    seed = seed * 1664525u + 1013904223u;
    rgba[i] = i % 4 == 3 ? 255 : static_cast<std::uint8_t>(seed >> 24);
  }
  std::vector<PngBand> bands;
  for (int y0 = 0; y0 < height; y0 += 50) {
    PngBandEncoder band(width, /*opaque=*/true);
    for (int y = y0; y < y0 + 50; ++y) band.add_row(rgba.data() + static_cast<size_t>(y) * width * 4);
    bands.push_back(band.finish());
  }
  BandedPngWriter whole(width, height, 300, true), streamed(width, height, 300, true);
  const kw::test::TempDir dir;
  const auto file = dir.path() / "sheets" / "overview.png";
  streamed.stream_to(file);
  for (const PngBand& band : bands) {
    whole.add_band(band);
    streamed.add_band(band);
  }
  const std::string png = whole.finish();
  ASSERT_GT(png.size(), size_t{1} << 20);
  EXPECT_FALSE(std::filesystem::exists(file));  // until it is complete
  const FileDigest digest = streamed.finish_file();
  EXPECT_EQ(read_file(file), png);
  EXPECT_EQ(digest.bytes, png.size());
  EXPECT_EQ(digest.sha256, sha256_hex(png));
  {
    BandedPngWriter abandoned(width, height, 300, true);
    abandoned.stream_to(dir.path() / "abandoned.png");
    abandoned.add_band(bands.front());
  }
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir.path()), {}), 1);  // sheets/ only
}

TEST(BandedPngWriter, BandsThatDoNotFitAreErrors) {
  const std::vector<std::uint8_t> row(4 * 3, 255);
  auto band_of = [&](int width, int rows) {
    PngBandEncoder band(width, true);
    for (int y = 0; y < rows; ++y) band.add_row(row.data());
    return band.finish();
  };
  BandedPngWriter too_few(3, 2, 0, true);
  too_few.add_band(band_of(3, 1));
  EXPECT_THROW(too_few.finish(), RenderError);
  BandedPngWriter too_many(3, 2, 0, true);
  too_many.add_band(band_of(3, 2));
  EXPECT_THROW(too_many.add_band(band_of(3, 1)), RenderError);
  BandedPngWriter too_narrow(3, 2, 0, true);
  EXPECT_THROW(too_narrow.add_band(band_of(2, 2)), RenderError);
  PngBandEncoder empty(3, true);
  EXPECT_THROW(empty.finish(), RenderError);
  EXPECT_FALSE(PngBand::unpack("not a band"));
  EXPECT_FALSE(PngBand::unpack(band_of(3, 1).pack().substr(0, 30)));
}

TEST(PngWriter, MissingOrExtraRowsAreErrors) {
  const std::vector<std::uint8_t> row(4 * 3, 255);
  PngWriter short_one(3, 2, 0, true);
  short_one.add_row(row.data());
  EXPECT_THROW(short_one.finish(), RenderError);
  PngWriter long_one(3, 1, 0, true);
  long_one.add_row(row.data());
  EXPECT_THROW(long_one.add_row(row.data()), RenderError);
  EXPECT_THROW(PngWriter(0, 1, 0, true), RenderError);
}

TEST(Png, SmallIsNotLargerThanFast) {
  for (const page::Page& page : {sample_page(), busy_page()}) {
    Raster r = render_raster(page, 300);
    EXPECT_LE(encode_png(r, PngCompression::Small).size(), encode_png(r, PngCompression::Fast).size()) << page.id;
  }
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
