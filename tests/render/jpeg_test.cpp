#include "render/jpeg.h"

#include <gtest/gtest.h>
#include <lcms2.h>

#include <cstdlib>
#include <ctime>
#include <stdexcept>
#include <vector>

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

bool near(const Color& a, const Color& b, int tolerance) {
  return std::abs(a.r - b.r) <= tolerance && std::abs(a.g - b.g) <= tolerance && std::abs(a.b - b.b) <= tolerance;
}

TEST(Jpeg, BaselineRgbAt300Dpi) {
  std::string jpg = render_jpeg(sample_page(), 300);
  JpegInfo info = jpeg_info(jpg);
  EXPECT_EQ(info.width, 768);
  EXPECT_EQ(info.height, 1146);
  EXPECT_EQ(info.components, 3);
  EXPECT_EQ(info.color_space, JpegColour::YCbCr);  // how JFIF stores RGB input
  EXPECT_TRUE(info.jfif);
  EXPECT_EQ(info.density_unit, 1);
  EXPECT_EQ(info.x_density, 300);
  EXPECT_EQ(info.y_density, 300);
  EXPECT_FALSE(info.progressive);
}

TEST(Jpeg, PixelsSurviveCompression) {
  Raster r = decode_jpeg(render_jpeg(sample_page(), 300));
  EXPECT_DOUBLE_EQ(r.dpi, 300);
  EXPECT_TRUE(near(r.pixel(2, 2), kBleed, 4));
  EXPECT_TRUE(near(r.pixel(px_x(25), px_y(27)), kRed, 4));
}

TEST(Jpeg, TransparencyBecomesWhitePaper) {
  page::Page p = blank_page();
  p.items.push_back(rect_item({10, 10, 20, 20}, kBlue));
  Raster r = decode_jpeg(render_jpeg(p, 100));
  EXPECT_TRUE(near(r.pixel(2, 2), kWhite, 2));
  EXPECT_TRUE(near(r.pixel(px_x(20, 100), px_y(20, 100)), kBlue, 4));
}

TEST(Jpeg, IdenticalInputGivesIdenticalBytes) {
  EXPECT_EQ(render_jpeg(sample_page(), 300), render_jpeg(sample_page(), 300));
}

TEST(Jpeg, QualityIsApplied) {
  Raster r = render_raster(sample_page(), 150);
  EXPECT_LT(encode_jpeg(r, {50}).size(), encode_jpeg(r, {95}).size());
  EXPECT_THROW(encode_jpeg(r, {0}), std::invalid_argument);
  EXPECT_THROW(encode_jpeg(r, {101}), std::invalid_argument);
}

TEST(Jpeg, StandardTablesDecodeTheSameAndCostBytes) {
  Raster r = render_raster(sample_page(), 150);
  std::string optimised = encode_jpeg(r, {90, true});
  std::string standard = encode_jpeg(r, {90, false});
  EXPECT_GT(standard.size(), optimised.size());
  // Only the entropy coding differs: the decoded pixels are the same.
  EXPECT_EQ(decode_jpeg(standard).rgba, decode_jpeg(optimised).rgba);
  EXPECT_EQ(jpeg_info(standard).x_density, 150);
}

// Colour-managed viewers and RIPs read the pixels as sRGB only when the file
// says so: an APP2 ICC_PROFILE that is sRGB, version 2 (which every RIP
// reads), and dated the same in every build so that the same card gives the
// same bytes.
TEST(Jpeg, CarriesAnSrgbIccProfile) {
  for (const page::Page& page : {sample_page(), blank_page()}) {  // opaque (RGBX rows) and transparent (RGB rows)
    JpegInfo info = jpeg_info(render_jpeg(page, 100));
    ASSERT_FALSE(info.icc_profile.empty());
    cmsHPROFILE profile =
        cmsOpenProfileFromMem(info.icc_profile.data(), static_cast<cmsUInt32Number>(info.icc_profile.size()));
    ASSERT_NE(profile, nullptr);
    EXPECT_EQ(cmsGetColorSpace(profile), cmsSigRgbData);
    EXPECT_EQ(cmsGetDeviceClass(profile), cmsSigDisplayClass);
    char description[256] = {};
    cmsGetProfileInfoASCII(profile, cmsInfoDescription, "en", "US", description, sizeof description);
    EXPECT_NE(std::string(description).find("sRGB"), std::string::npos) << description;
    std::tm created{};
    ASSERT_TRUE(cmsGetHeaderCreationDateTime(profile, &created));
    EXPECT_EQ(created.tm_year + 1900, 2000);
    // Version 2 (2.1): older RIPs and viewers do not read v4 profiles.
    EXPECT_NEAR(cmsGetProfileVersion(profile), 2.1, 1e-6);
    EXPECT_EQ(static_cast<unsigned char>(info.icc_profile[8]), 0x02) << "the header's major version";
    // Its tags are v2 types too: the tone curves 'curv', the description 'desc'.
    EXPECT_NE(info.icc_profile.find("curv"), std::string::npos);
    EXPECT_NE(info.icc_profile.find("desc"), std::string::npos);
    EXPECT_EQ(info.icc_profile.find("mluc"), std::string::npos);
    EXPECT_EQ(info.icc_profile.find("para"), std::string::npos);
    cmsCloseProfile(profile);
  }
}

TEST(Jpeg, OpaqueAndCompositedRowsGiveTheSameFile) {
  // An opaque raster goes to libjpeg as RGBX; one with a transparent pixel
  // is composited over white row by row. Where nothing is transparent the
  // two ways must agree: made opaque by hand, the pixels are the same.
  Raster opaque = render_raster(sample_page(), 100);
  Raster almost = opaque;
  almost.rgba[3] = 0;  // pixel (0, 0) transparent: white paper
  Raster white_corner = opaque;
  for (int k = 0; k < 3; ++k) white_corner.rgba[k] = 255;
  EXPECT_EQ(encode_jpeg(almost), encode_jpeg(white_corner));
}

TEST(JpegWriter, RowByRowGivesTheBytesOfEncodeJpeg) {
  const Raster r = render_raster(sample_page(), 100);
  ASSERT_TRUE(r.opaque());
  const size_t stride = static_cast<size_t>(r.width) * 4;
  for (bool optimise : {false, true}) {
    const JpegOptions options{90, optimise};
    // RGBX rows as they are, taking the bytes as they come.
    JpegWriter rgbx(r.width, r.height, r.dpi, options, /*rgbx=*/true);
    std::string file;
    for (int y = 0; y < r.height; ++y) {
      rgbx.add_row(r.rgba.data() + y * stride);
      if (y % 16 == 15) file += rgbx.take_bytes();
    }
    file += rgbx.finish();
    EXPECT_EQ(file, encode_jpeg(r, options)) << optimise;
    // RGB rows, taking nothing until the end.
    JpegWriter rgb(r.width, r.height, r.dpi, options);
    std::vector<std::uint8_t> row(static_cast<size_t>(r.width) * 3);
    for (int y = 0; y < r.height; ++y) {
      for (int x = 0; x < r.width; ++x)
        for (int k = 0; k < 3; ++k) row[3 * x + k] = r.rgba[y * stride + 4 * x + k];
      rgb.add_row(row.data());
    }
    EXPECT_EQ(rgb.finish(), encode_jpeg(r, options)) << optimise;
  }
}

// The entropy-coded bytes of restart interval `i` (without its marker).
std::string interval(const std::string& file, const JpegIntervals& iv, size_t i) {
  const size_t end = i + 1 < iv.starts.size() ? iv.starts[i + 1] - 2 : iv.eoi;
  return file.substr(iv.starts[i], end - iv.starts[i]);
}

// Rows [from, to) of `r` as a JPEG of their own (RGBX rows as they are).
std::string band_jpeg(const Raster& r, int from, int to, const JpegOptions& options) {
  JpegWriter band(r.width, to - from, r.dpi, options, /*rgbx=*/true);
  for (int y = from; y < to; ++y) band.add_row(r.rgba.data() + static_cast<size_t>(y) * r.width * 4);
  return band.finish();
}

// A file with a restart marker after every row of blocks is joined from
// bands coded on their own: what the TTS sheets rely on to re-make only the
// rows of an edited card. An edit inside a band changes its intervals only;
// the band coded alone has the same intervals; the head, the other
// intervals and the markers renumbered give the edited file byte for byte,
// for a band in the middle and for the last band (whose height is no
// multiple of 8).
TEST(JpegWriter, RestartIntervalsOfBandsCodedAloneJoinIntoTheWholeFile) {
  const JpegOptions options{90, false, 1};
  const Raster before = render_raster(sample_page(), 100);
  ASSERT_NE(before.height % 8, 0) << "the last band should be a short one";
  const int blocks = (before.height + 7) / 8;
  for (const int band_row : {3, blocks - 1}) {
    Raster after = before;
    const int y0 = band_row * 8, y1 = std::min(y0 + 8, after.height);
    for (int y = y0; y < y1; ++y)
      for (int x = 5; x < 25; ++x) after.rgba[(static_cast<size_t>(y) * after.width + x) * 4 + 1] ^= 0x5A;
    const std::string a = encode_jpeg(before, options), b = encode_jpeg(after, options);
    const auto ia = jpeg_restart_intervals(a), ib = jpeg_restart_intervals(b);
    ASSERT_TRUE(ia && ib);
    ASSERT_EQ(ia->starts.size(), static_cast<size_t>(blocks));
    EXPECT_EQ(a.substr(0, ia->starts[0]), b.substr(0, ib->starts[0]));  // the head
    for (int i = 0; i < blocks; ++i)
      EXPECT_EQ(interval(a, *ia, i) == interval(b, *ib, i), i != band_row) << "interval " << i;
    const std::string alone = band_jpeg(after, y0, y1, options);
    const auto ialone = jpeg_restart_intervals(alone);
    ASSERT_TRUE(ialone);
    ASSERT_EQ(ialone->starts.size(), 1u);
    std::string joined = a.substr(0, ia->starts[0]);
    for (int i = 0; i < blocks; ++i) {
      joined += i == band_row ? interval(alone, *ialone, 0) : interval(a, *ia, i);
      joined += i + 1 < blocks ? std::string{'\xFF', static_cast<char>(0xD0 + i % 8)} : std::string("\xFF\xD9");
    }
    EXPECT_EQ(joined, b) << "band " << band_row;
  }
  // Without restart markers there is one interval; a file that is no JPEG has none.
  const auto one = jpeg_restart_intervals(encode_jpeg(before, JpegOptions{90, false}));
  ASSERT_TRUE(one);
  EXPECT_EQ(one->starts.size(), 1u);
  EXPECT_FALSE(jpeg_restart_intervals("not a jpeg"));
  std::string cut = encode_jpeg(before, options);
  EXPECT_FALSE(jpeg_restart_intervals(cut.substr(0, cut.size() - 2)));  // no EOI
  const auto iv = jpeg_restart_intervals(cut);
  ASSERT_TRUE(iv && iv->starts.size() > 2);
  std::string out_of_sequence = cut;
  out_of_sequence[iv->starts[1] - 1] = '\xD1';  // RST1 where RST0 belongs
  EXPECT_FALSE(jpeg_restart_intervals(out_of_sequence));
  std::string second_scan = cut;
  second_scan[iv->starts[1] - 1] = '\xDA';  // SOS inside the scan
  EXPECT_FALSE(jpeg_restart_intervals(second_scan));
  EXPECT_THROW(encode_jpeg(before, JpegOptions{90, false, -1}), std::invalid_argument);
}

TEST(JpegWriter, StandardTablesStreamTheFileAsRowsCome) {
  // 64 rows of 2000 px of noise: with the standard tables the bytes of the
  // first rows are out before the last row is in.
  const int w = 2000, h = 64;
  JpegWriter writer(w, h, 72, {90, false});
  std::vector<std::uint8_t> row(static_cast<size_t>(w) * 3);
  unsigned seed = 1;
  size_t early = 0;
  for (int y = 0; y < h; ++y) {
    for (auto& b : row) b = static_cast<std::uint8_t>((seed = seed * 1103515245u + 12345u) >> 16);
    writer.add_row(row.data());
    if (y == h / 2) early = writer.take_bytes().size();
  }
  EXPECT_GE(early, 65536u);  // libjpeg's output buffer has been emptied
  EXPECT_FALSE(writer.finish().empty());
}

TEST(JpegWriter, MissingOrExtraRowsAreErrors) {
  std::vector<std::uint8_t> row(9, 128);
  JpegWriter short_one(3, 2, 0, {});
  short_one.add_row(row.data());
  EXPECT_THROW(short_one.finish(), RenderError);
  JpegWriter long_one(3, 1, 0, {});
  long_one.add_row(row.data());
  EXPECT_THROW(long_one.add_row(row.data()), RenderError);
  EXPECT_FALSE(long_one.finish().empty());
  EXPECT_THROW(JpegWriter(0, 1, 0, {}), RenderError);
  EXPECT_THROW(JpegWriter(1, 1, 0, {0, false}), std::invalid_argument);
}

TEST(Jpeg, MalformedInputThrows) {
  EXPECT_THROW(jpeg_info("not a jpeg"), RenderError);
  std::string jpg = render_jpeg(sample_page(), 50);
  EXPECT_THROW(decode_jpeg(jpg.substr(0, 300)), RenderError);
  EXPECT_THROW(decode_jpeg(jpg.substr(0, jpg.size() / 2)), RenderError);
}

}  // namespace
}  // namespace kw::render
