// The `image` element: a PNG, JPEG or WebP of the project fitted into its
// box (cover, contain, fill), steered per card by a focus or a crop box,
// its ICC profile honoured; and its errors, located where they are fixed.
// Checked on the rendered pixels, as a designer would look at the card.
#include <gtest/gtest.h>
#include <lcms2.h>
#include <webp/encode.h>
#include <zlib.h>

#include <memory>
#include <string>

#include "core/limits.h"
#include "layout/card_layout.h"
#include "model/model.h"
#include "project/memory_project.h"
#include "render/png.h"
#include "render/raster.h"
#include "support/mini_project.h"
#include "support/test_support.h"
#include "text/typesetter.h"

namespace kw::layout {
namespace {

constexpr const char* kFont = "fonts/eb-garamond/EBGaramond12-Regular.otf";
const Color kWhite{255, 255, 255, 255}, kRed{255, 0, 0, 255}, kBlue{0, 0, 255, 255};

// w x h pixels: the left half red, the right half blue.
page::Raster halves(int w = 40, int h = 20) {
  page::Raster r;
  r.width = w;
  r.height = h;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const Color c = x < w / 2 ? kRed : kBlue;
      r.rgba.insert(r.rgba.end(), {c.r, c.g, c.b, 255});
    }
  return r;
}

std::string webp_of(const page::Raster& r) {
  uint8_t* out = nullptr;
  size_t size = WebPEncodeLosslessRGBA(r.rgba.data(), r.width, r.height, r.width * 4, &out);
  std::string bytes(reinterpret_cast<const char*>(out), size);
  WebPFree(out);
  return bytes;
}

// A PNG chunk: length, type, data, CRC.
std::string chunk(const std::string& type, const std::string& data) {
  std::string out;
  const uint32_t n = static_cast<uint32_t>(data.size());
  out += {static_cast<char>(n >> 24), static_cast<char>(n >> 16), static_cast<char>(n >> 8), static_cast<char>(n)};
  out += type + data;
  uLong crc = crc32(0, reinterpret_cast<const Bytef*>(type.data()), static_cast<uInt>(type.size()));
  crc = crc32(crc, reinterpret_cast<const Bytef*>(data.data()), static_cast<uInt>(data.size()));
  out +=
      {static_cast<char>(crc >> 24), static_cast<char>(crc >> 16), static_cast<char>(crc >> 8), static_cast<char>(crc)};
  return out;
}

// An ICC profile with sRGB's primaries but a linear tone curve: a value of
// 128 means half the light, which sRGB writes as 188.
std::string linear_rgb_profile() {
  cmsCIExyY white;
  cmsWhitePointFromTemp(&white, 6504);
  const cmsCIExyYTRIPLE primaries = {{0.64, 0.33, 1}, {0.30, 0.60, 1}, {0.15, 0.06, 1}};
  cmsToneCurve* linear = cmsBuildGamma(nullptr, 1.0);
  cmsToneCurve* curves[3] = {linear, linear, linear};
  cmsHPROFILE p = cmsCreateRGBProfile(&white, &primaries, curves);
  cmsMLU* desc = cmsMLUalloc(nullptr, 1);
  cmsMLUsetASCII(desc, "en", "US", "linear RGB");
  cmsWriteTag(p, cmsSigProfileDescriptionTag, desc);
  cmsUInt32Number size = 0;
  cmsSaveProfileToMem(p, nullptr, &size);
  std::string out(size, '\0');
  cmsSaveProfileToMem(p, out.data(), &size);
  cmsMLUfree(desc);
  cmsFreeToneCurve(linear);
  cmsCloseProfile(p);
  return out;
}

// `png` with an iCCP chunk of `profile` instead of its sRGB chunk.
std::string with_icc(const std::string& png, const std::string& profile) {
  uLongf size = compressBound(static_cast<uLong>(profile.size()));
  std::string packed(size, '\0');
  compress(reinterpret_cast<Bytef*>(packed.data()), &size, reinterpret_cast<const Bytef*>(profile.data()),
           static_cast<uLong>(profile.size()));
  packed.resize(size);
  const size_t ihdr_end = 8 + 8 + 13 + 4;
  std::string out = png.substr(0, ihdr_end) + chunk("iCCP", std::string("linear", 6) + '\0' + '\0' + packed);
  std::string rest = png.substr(ihdr_end);
  if (rest.compare(4, 4, "sRGB") == 0) rest = rest.substr(8 + 1 + 4);  // the sRGB chunk: 1 byte of data
  return out + rest;
}

const std::string kGame =
    "game:\n"
    "  id: tiny\n"
    "  name: Winzig\n"
    "  format: mini\n"
    "  card_fields:\n"
    "    name: { type: text, required: true }\n"
    "    picture: { type: picture }\n"
    "    focus: { type: list, of: { type: number } }\n"
    "  decks:\n"
    "    - id: main\n"
    "      name: Main\n"
    "      layout: tiny/card\n"
    "      cards:\n"
    "        - { id: sun, name: Sonne, picture: tiny/halves.png }\n"
    "        - { id: moon, name: Mond, picture: tiny/halves.webp, focus: [1, 0.5] }\n";

// Lays out card `card` (0: sun, 1: moon) with an image element of `keys`
// (one flow map's inside) over a white card; trim coordinates are page
// coordinates less 2 mm (the bleed).
struct Laid {
  page::Page page;
  Diagnostics diags;
  std::string messages;
};

class ImageElement : public ::testing::Test {
 protected:
  void SetUp() override {
    p_.add("data/cards.yaml", "kartenwerk: 1\ninclude:\n  - formats.yaml\n  - games/tiny.yaml\n");
    p_.add("data/formats.yaml", "formats:\n  mini: { width: 40, height: 60, bleed: 2, safe: 3, dpi: 300 }\n");
    p_.add("data/games/tiny.yaml", kGame);
    p_.add("fonts/fonts.yaml",
           "families:\n  serif: { regular: eb-garamond/EBGaramond12-Regular.otf }\nfallback: [serif]\n");
    p_.add(kFont, test::source_project().read(kFont)->text());
    p_.add("templates/tiny/halves.png", render::encode_png(halves()));
    p_.add("templates/tiny/halves.webp", webp_of(halves()));
  }

  Laid lay_out(const std::string& keys, size_t card = 0, bool draft = false) {
    p_.add("layouts/tiny/card.yaml",
           "elements:\n"
           "  - { type: rect, area: bleed, fill: \"#ffffff\" }\n"
           "  - { type: image, name: portrait, box: [10, 10, 20, 20], " +
               keys + " }\n");
    Laid out;
    auto loaded = model::load_model(p_);
    EXPECT_TRUE(loaded.model) << format_diagnostics(loaded.diagnostics, &p_);
    if (!loaded.model) return out;
    auto fonts = text::FontLibrary::load(p_, out.diags);
    text::Typesetter typesetter(*fonts);
    Layouter layouter(*loaded.model, *fonts, typesetter);
    layouter.set_draft(draft);
    const model::Game& game = *loaded.model->game("tiny");
    const LayoutDef* def = layouter.definition("tiny/card", out.diags);
    if (!def) {
      out.messages = format_diagnostics(out.diags, &p_);
      return out;
    }
    out.page = layouter.layout(*def, game, &game.decks[0].cards[card], out.diags);
    out.messages = format_diagnostics(out.diags, &p_);
    return out;
  }

  // The page at 254 dpi: 10 px per mm.
  static Color at(const render::Raster& r, double x_mm, double y_mm) {
    return r.pixel(static_cast<int>(x_mm * 10), static_cast<int>(y_mm * 10));
  }
  static render::Raster pixels(const Laid& laid) { return render::render_raster(laid.page, 254); }

  project::MemoryProject p_;
};

// The box is [12, 12, 20, 20] on the page; the picture is twice as wide as high.
TEST_F(ImageElement, CoverFillsTheBoxAndCutsTheSides) {
  Laid laid = lay_out("src: tiny/halves.png, fit: cover");
  ASSERT_FALSE(laid.diags.has_errors()) << laid.messages;
  render::Raster r = pixels(laid);
  EXPECT_EQ(at(r, 17, 13), kRed);
  EXPECT_EQ(at(r, 27, 31), kBlue);
  EXPECT_EQ(at(r, 11, 22), kWhite);
  EXPECT_EQ(at(r, 33, 22), kWhite);
}

TEST_F(ImageElement, FocusKeepsItsSideInView) {
  Laid laid = lay_out("src: tiny/halves.png, focus: [0, 0.5]");
  ASSERT_FALSE(laid.diags.has_errors()) << laid.messages;
  EXPECT_EQ(at(pixels(laid), 27, 22), kRed) << "the left half fills the box";
}

TEST_F(ImageElement, FocusFromTheCardsDataAndAWebP) {
  // The moon card: halves.webp, focus [1, 0.5] in its data.
  Laid laid = lay_out("src: \"{{picture}}\", focus: [\"{{focus.0}}\", \"{{focus.1}}\"]", 1);
  ASSERT_FALSE(laid.diags.has_errors()) << laid.messages;
  EXPECT_EQ(at(pixels(laid), 17, 22), kBlue) << "the right half fills the box";
  Laid sun = lay_out("src: \"{{picture}}\", focus: [\"{{focus.0}}\", \"{{focus.1}}\"]", 0);
  ASSERT_FALSE(sun.diags.has_errors()) << sun.messages;
  render::Raster r = pixels(sun);
  EXPECT_EQ(at(r, 17, 22), kRed) << "no focus in the sun's data: the centre";
  EXPECT_EQ(at(r, 27, 22), kBlue);
}

TEST_F(ImageElement, ContainLeavesRoomAboveAndBelow) {
  Laid laid = lay_out("src: tiny/halves.png, fit: contain");
  ASSERT_FALSE(laid.diags.has_errors()) << laid.messages;
  render::Raster r = pixels(laid);
  EXPECT_EQ(at(r, 17, 13), kWhite);
  EXPECT_EQ(at(r, 17, 22), kRed);
  EXPECT_EQ(at(r, 27, 22), kBlue);
  EXPECT_EQ(at(r, 27, 31), kWhite);
}

TEST_F(ImageElement, FillStretchesToTheBox) {
  Laid laid = lay_out("src: tiny/halves.png, fit: fill");
  ASSERT_FALSE(laid.diags.has_errors()) << laid.messages;
  render::Raster r = pixels(laid);
  EXPECT_EQ(at(r, 13, 13), kRed);
  EXPECT_EQ(at(r, 31, 31), kBlue);
  EXPECT_EQ(at(r, 21, 13), kRed);
  EXPECT_EQ(at(r, 23, 13), kBlue);
}

TEST_F(ImageElement, CropBoxUsesPartOfThePicture) {
  Laid laid = lay_out("src: tiny/halves.png, fit: fill, crop: [0.5, 0, 0.5, 1]");
  ASSERT_FALSE(laid.diags.has_errors()) << laid.messages;
  render::Raster r = pixels(laid);
  EXPECT_EQ(at(r, 13, 13), kBlue);
  EXPECT_EQ(at(r, 31, 31), kBlue);
}

TEST_F(ImageElement, EmbeddedIccProfileIsConvertedToSrgb) {
  page::Raster grey;
  grey.width = grey.height = 8;
  for (int i = 0; i < 64; ++i) grey.rgba.insert(grey.rgba.end(), {128, 128, 128, 255});
  p_.add("templates/tiny/linear.png", with_icc(render::encode_png(grey), linear_rgb_profile()));
  p_.add("templates/tiny/plain.png", render::encode_png(grey));
  Laid tagged = lay_out("src: tiny/linear.png");
  ASSERT_FALSE(tagged.diags.has_errors()) << tagged.messages;
  Color c = at(pixels(tagged), 22, 22);
  EXPECT_NEAR(c.r, 188, 3) << "half the light in linear RGB is 188 in sRGB";
  EXPECT_NEAR(c.g, 188, 3);
  EXPECT_NEAR(c.b, 188, 3);
  Laid plain = lay_out("src: tiny/plain.png");
  EXPECT_EQ(at(pixels(plain), 22, 22), (Color{128, 128, 128, 255})) << "without a profile: sRGB as stored";
}

TEST_F(ImageElement, MissingPictureIsAnErrorAtTheLayoutKey) {
  Laid laid = lay_out("src: tiny/gone.png");
  ASSERT_TRUE(laid.diags.has_errors());
  EXPECT_NE(laid.messages.find("layouts/tiny/card.yaml:3:"), std::string::npos) << laid.messages;
  EXPECT_NE(laid.messages.find("picture not found: templates/tiny/gone.png"), std::string::npos) << laid.messages;
}

TEST_F(ImageElement, MissingPictureIsAPlaceholderInADraft) {
  Laid laid = lay_out("src: tiny/gone.png", 0, true);
  EXPECT_FALSE(laid.diags.has_errors()) << laid.messages;
  EXPECT_NE(laid.messages.find("warning: picture not found: templates/tiny/gone.png (drawn as a placeholder"),
            std::string::npos)
      << laid.messages;
  bool named = false;
  for (const auto& item : laid.page.items) named = named || item.name == "missing:portrait";
  EXPECT_TRUE(named) << page::dump(laid.page);
  render::Raster r = pixels(laid);
  EXPECT_EQ(at(r, 14, 25), (Color{0xC8, 0xC8, 0xC8, 255})) << "a grey box";
  EXPECT_EQ(at(r, 22, 22), (Color{0x60, 0x60, 0x60, 255})) << "with a cross";
}

TEST_F(ImageElement, BrokenPictureIsAnErrorAtTheCardsField) {
  p_.add("templates/tiny/halves.png", "not a picture at all");
  Laid laid = lay_out("src: \"{{picture}}\"");
  ASSERT_TRUE(laid.diags.has_errors());
  EXPECT_NE(laid.messages.find("data/games/tiny.yaml:14:"), std::string::npos) << laid.messages;
  EXPECT_NE(laid.messages.find("is not a PNG, JPEG or WebP file"), std::string::npos) << laid.messages;
}

TEST_F(ImageElement, TooManyPixelsIsRefusedBeforeDecoding) {
  const Limits saved = limits();
  Limits small = saved;
  small.image_pixels = 100;
  set_limits(small);
  Laid laid = lay_out("src: tiny/halves.png");
  set_limits(saved);
  ASSERT_TRUE(laid.diags.has_errors());
  EXPECT_NE(laid.messages.find("has 40 x 20 = 800 pixels, more than the limit of 100 (raise it with --limit "
                               "image-pixels=N)"),
            std::string::npos)
      << laid.messages;
}

TEST_F(ImageElement, FocusOutsideThePictureIsAnError) {
  Laid laid = lay_out("src: tiny/halves.png, focus: [1.5, 0]");
  ASSERT_TRUE(laid.diags.has_errors());
  EXPECT_NE(laid.messages.find("focus value '1.5' is not a fraction between 0 and 1"), std::string::npos)
      << laid.messages;
}

TEST_F(ImageElement, CircleMaskAndOpacity) {
  Laid laid = lay_out("src: tiny/halves.png, fit: fill, mask: circle, opacity: 0.5");
  ASSERT_FALSE(laid.diags.has_errors()) << laid.messages;
  render::Raster r = pixels(laid);
  EXPECT_EQ(at(r, 12.5, 12.5), kWhite) << "outside the circle";
  Color c = at(r, 16, 22);
  EXPECT_EQ(c.r, 255);
  EXPECT_NEAR(c.g, 128, 2) << "half red over white";
}

}  // namespace
}  // namespace kw::layout
