// Preflight never passes what it did not look at: each kind of shop package
// (Meinspiel's PDF/X-4 fronts and backs with their JPEGs, DriveThruCards'
// PDF/X-1a deck, MakePlayingCards' PNGs) is built, passes, and is then
// spoilt in one place only: a colour shift on one page or image, a white
// strip over the bleed of one page, a missing back. Each must fail, naming
// the file, the page and the card.
#include <gtest/gtest.h>

#define POINTERHOLDER_TRANSITION 4
#include <qpdf/QPDF.hh>
#include <qpdf/QPDFPageDocumentHelper.hh>
#include <qpdf/QPDFWriter.hh>

#include <array>
#include <set>

#include <fmt/format.h>

#include "core/files.h"
#include "render/jpeg.h"
#include "render/png.h"
#include "support/mini_project.h"

namespace kw {
namespace {

namespace fs = std::filesystem;
using test::kartenwerk;
using test::quoted;

// The mini project (three 59 x 91 mm cards, one back) with the real print
// settings, shop profiles, press conditions and their ICC profiles.
struct ShopProject : test::MiniProject {
  ShopProject() {
    for (const char* f : {"data/print/sheets.yaml", "data/print/profiles.yaml", "data/print/color.yaml",
                          "data/print/icc/kartenwerk-fogra39-300.icc", "data/print/icc/kartenwerk-gracol-240.icc"})
      write(f, *read_file(test::source_root() / f));
  }
  test::Run run(const std::string& args) const { return kartenwerk("--root " + quoted(root()) + " " + args); }
};

// Paints `content` (PDF operators, points from the page's lower left) over
// pages `pages` (1-based) of `pdf`, in place.
void paint(const fs::path& pdf, const std::set<size_t>& pages, const std::string& content) {
  QPDF doc;
  doc.processFile(pdf.c_str());
  size_t n = 0;
  for (auto& page : QPDFPageDocumentHelper(doc).getAllPages())
    if (pages.contains(++n)) {
      // In the page's own coordinates, whatever the content leaves set.
      page.addPageContents(doc.newStream("q\n"), true);
      page.addPageContents(doc.newStream("Q\n" + content), false);
    }
  const std::string tmp = pdf.string() + ".new";
  QPDFWriter w(doc, tmp.c_str());
  w.write();
  fs::rename(tmp, pdf);
}

// In CMYK: no colour check objects to either, only what the page looks like.
const std::string kWhiteStrip = "q 0 0 0 0 k 0 0 9 2000 re f Q\n";        // over the left bleed
const std::string kGreenPatch = "q 1 0 1 0 k 80 120 17 17 re f Q\n";      // 6 mm, mid-card
const std::string kBlankPage = "q 0 0 0 0 k -10 -10 2000 2000 re f Q\n";  // the page left white

// A square of `rgba` painted into an image file (PNG or JPEG) at (x, y) px,
// `w` x `h` px, the file's resolution kept.
void paint_image(const fs::path& file, int x, int y, int w, int h, std::array<std::uint8_t, 3> rgb) {
  const std::string bytes = *read_file(file);
  const bool png = file.extension() == ".png";
  render::Raster r = png ? render::decode_png(bytes) : render::decode_jpeg(bytes);
  r.dpi = 300;
  for (int j = y; j < y + h; ++j)
    for (int i = x; i < x + w; ++i) {
      std::uint8_t* p = &r.rgba[(static_cast<size_t>(j) * r.width + i) * 4];
      p[0] = rgb[0], p[1] = rgb[1], p[2] = rgb[2], p[3] = 255;
    }
  write_file_atomic(file, png ? render::encode_png(r) : render::encode_jpeg(r, render::kCardJpeg));
}

bool has(const std::string& output, const std::string& text) { return output.find(text) != std::string::npos; }

// Meinspiel: fronts.pdf, backs.pdf (the back on every page) and a JPEG per card.
class MeinspielTamper : public ::testing::Test {
 protected:
  void SetUp() override {
    auto b = p.run("build --out " + quoted(out.path()));
    ASSERT_EQ(b.status, 0) << b.output;
    auto pf = preflight();
    ASSERT_EQ(pf.status, 0) << pf.output;
  }
  test::Run preflight() const { return p.run("preflight --out " + quoted(out.path())); }
  fs::path file(const std::string& name) const { return out.path() / "mini" / "meinspiel" / name; }
  ShopProject p;
  test::TempDir out;
};

TEST_F(MeinspielTamper, AColourShiftOnOneFrontPageFails) {
  paint(file("fronts.pdf"), {2}, kGreenPatch);
  auto r = preflight();
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_TRUE(has(r.output, "separations: meinspiel/fronts.pdf p. 2: Ghostscript's CMYK rendering differs"))
      << r.output;
  EXPECT_TRUE(has(r.output, "mini: FAIL (3 of 4 cards pass")) << r.output;
}

TEST_F(MeinspielTamper, AColourShiftOnOneBackPageFails) {
  // The back fills all three pages of backs.pdf: the third is spoilt.
  paint(file("backs.pdf"), {3}, kGreenPatch);
  auto r = preflight();
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_TRUE(has(r.output, "separations: meinspiel/backs.pdf p. 3: Ghostscript's CMYK rendering differs")) << r.output;
  EXPECT_TRUE(has(r.output, "  00-back")) << r.output;
}

TEST_F(MeinspielTamper, AWhiteStripOnOneBackPageFails) {
  paint(file("backs.pdf"), {2}, kWhiteStrip);
  auto r = preflight();
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_TRUE(has(r.output, "bleed: meinspiel/backs.pdf p. 2: the left bleed does not continue the card")) << r.output;
  EXPECT_FALSE(has(r.output, "backs.pdf p. 1: the left bleed")) << r.output;
}

TEST_F(MeinspielTamper, AColourShiftInOneJpegFails) {
  paint_image(file("02-alpha-2.jpg"), 300, 500, 60, 60, {0, 200, 0});
  auto r = preflight();
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_TRUE(has(r.output, "content: meinspiel/02-alpha-2.jpg: the image differs from the card's layout by ΔE2000"))
      << r.output;
  EXPECT_TRUE(has(r.output, "mini: FAIL (3 of 4 cards pass")) << r.output;
}

TEST_F(MeinspielTamper, AMissingBackFails) {
  // A back page left white (the page count still right), and the back's JPEG gone.
  paint(file("backs.pdf"), {2}, kBlankPage);
  fs::remove(file("00-back.jpg"));
  auto r = preflight();
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_TRUE(has(r.output, "files: meinspiel/00-back.jpg is missing")) << r.output;
  // Its bleed is white like the rest of it: the separations see the back is not there.
  EXPECT_TRUE(has(r.output, "separations: meinspiel/backs.pdf p. 2: Ghostscript's CMYK rendering differs")) << r.output;
  // A page fewer: said as such.
  ASSERT_EQ(
      test::run_command("qpdf --empty --pages " + quoted(file("backs.pdf")) + " 1-2 -- " + quoted(file("backs2.pdf"))),
      0);
  fs::rename(file("backs2.pdf"), file("backs.pdf"));
  auto fewer = preflight();
  EXPECT_EQ(fewer.status, 1) << fewer.output;
  EXPECT_TRUE(has(fewer.output, "files: meinspiel/backs.pdf has 2 pages for 3 cards")) << fewer.output;
}

// DriveThruCards: one deck, back, front, back, front, ...; no images.
class DeckTamper : public ::testing::Test {
 protected:
  void SetUp() override {
    auto b = p.run("build --format pdf --profile drivethrucards --out " + quoted(out.path()));
    ASSERT_EQ(b.status, 0) << b.output;
    auto pf = preflight();
    ASSERT_EQ(pf.status, 0) << pf.output;
  }
  test::Run preflight() const { return p.run("preflight --profile drivethrucards --out " + quoted(out.path())); }
  fs::path deck() const { return out.path() / "mini" / "drivethrucards" / "deck.pdf"; }
  ShopProject p;
  test::TempDir out;
};

TEST_F(DeckTamper, AColourShiftOnOneFrontFails) {
  paint(deck(), {4}, kGreenPatch);  // the second card's front
  auto r = preflight();
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_TRUE(has(r.output, "separations: drivethrucards/deck.pdf p. 4: Ghostscript's CMYK rendering differs"))
      << r.output;
  EXPECT_TRUE(has(r.output, "mini: FAIL (3 of 4 cards pass")) << r.output;
}

TEST_F(DeckTamper, AColourShiftOnTheLastBackFails) {
  paint(deck(), {5}, kGreenPatch);  // the back of the third card; pages 1 and 3 are fine
  auto r = preflight();
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_TRUE(has(r.output, "separations: drivethrucards/deck.pdf p. 5: Ghostscript's CMYK rendering differs"))
      << r.output;
}

TEST_F(DeckTamper, AWhiteStripOnOnePageFails) {
  paint(deck(), {6}, kWhiteStrip);
  auto r = preflight();
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_TRUE(has(r.output, "bleed: drivethrucards/deck.pdf p. 6: the left bleed does not continue the card"))
      << r.output;
  EXPECT_TRUE(has(r.output, "mini: FAIL (3 of 4 cards pass")) << r.output;
}

// A black 1 x 1 px CMYK image placed over `box` (x, y, w, h, points from
// the lower left) on page `page` (1-based) of `pdf`, in place.
void place_image(const fs::path& pdf, size_t page, const std::array<double, 4>& box) {
  QPDF doc;
  doc.processFile(pdf.c_str());
  QPDFObjectHandle image = QPDFObjectHandle::newStream(&doc, std::string("\0\0\0\xff", 4));
  QPDFObjectHandle dict = image.getDict();
  dict.replaceKey("/Type", QPDFObjectHandle::newName("/XObject"));
  dict.replaceKey("/Subtype", QPDFObjectHandle::newName("/Image"));
  dict.replaceKey("/Width", QPDFObjectHandle::newInteger(1));
  dict.replaceKey("/Height", QPDFObjectHandle::newInteger(1));
  dict.replaceKey("/ColorSpace", QPDFObjectHandle::newName("/DeviceCMYK"));
  dict.replaceKey("/BitsPerComponent", QPDFObjectHandle::newInteger(8));
  auto pages = QPDFPageDocumentHelper(doc).getAllPages();
  QPDFObjectHandle resources = pages.at(page - 1).getAttribute("/Resources", true);
  if (!resources.hasKey("/XObject")) resources.replaceKey("/XObject", QPDFObjectHandle::newDictionary());
  resources.getKey("/XObject").replaceKey("/KwProbe", image);
  pages.at(page - 1).addPageContents(
      doc.newStream(fmt::format("q {} 0 0 {} {} {} cm /KwProbe Do Q\n", box[2], box[3], box[0], box[1])), false);
  const std::string tmp = pdf.string() + ".new";
  QPDFWriter w(doc, tmp.c_str());
  w.write();
  fs::rename(tmp, pdf);
}

// An image in the bleed is a mark (a logo, a colour bar) unless it runs
// along a whole side of the card: the bleed continued by fitting, which
// PDF/X-1a flattens into such strips (Monddämmerung's package).
TEST_F(DeckTamper, AnImageInTheBleedIsAMarkUnlessItRunsAlongASide) {
  place_image(deck(), 2, {0, 268, 180, 2});  // the top strip of the 180 x 270 pt page, all along
  place_image(deck(), 4, {1, 1, 5, 5});      // a small square in a corner
  auto r = preflight();
  EXPECT_FALSE(has(r.output, "marks: drivethrucards/deck.pdf p. 2")) << r.output;
  EXPECT_TRUE(has(r.output, "marks: drivethrucards/deck.pdf p. 4: an image wholly outside the trim at 0.4, "))
      << r.output;
}

TEST_F(DeckTamper, AMissingBackFails) {
  paint(deck(), {3}, kBlankPage);  // the second card's back left white
  auto r = preflight();
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_TRUE(has(r.output, "separations: drivethrucards/deck.pdf p. 3: Ghostscript's CMYK rendering differs"))
      << r.output;
  EXPECT_TRUE(has(r.output, "mini: FAIL (3 of 4 cards pass")) << r.output;
}

// MakePlayingCards and The Game Crafter: PNGs at the shop's pixel size,
// front/ and back/ (the mini's 59 x 91 mm cards on their bridge cards:
// 747 x 1122 px and 750 x 1125 px).
struct PngShop {
  const char* profile;
  int height;  // px of an image
};

class PngTamper : public ::testing::TestWithParam<PngShop> {
 protected:
  void SetUp() override {
    auto b = p.run(std::string("build --format png --profile ") + GetParam().profile + " --out " + quoted(out.path()));
    ASSERT_EQ(b.status, 0) << b.output;
    auto pf = preflight();
    ASSERT_EQ(pf.status, 0) << pf.output;
  }
  test::Run preflight() const {
    return p.run(std::string("preflight --profile ") + GetParam().profile + " --out " + quoted(out.path()));
  }
  std::string dir() const { return GetParam().profile; }
  fs::path file(const std::string& name) const { return out.path() / "mini" / dir() / name; }
  ShopProject p;
  test::TempDir out;
};

TEST_P(PngTamper, AColourShiftInOneImageFails) {
  paint_image(file("front/03-beta.png"), 400, 700, 60, 60, {0, 200, 0});
  auto r = preflight();
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_TRUE(
      has(r.output, "content: " + dir() + "/front/03-beta.png: the image differs from the card's layout by ΔE2000"))
      << r.output;
  EXPECT_TRUE(has(r.output, "mini: FAIL (3 of 4 cards pass")) << r.output;
}

TEST_P(PngTamper, AWhiteStripOverOneImagesBleedFails) {
  paint_image(file("back/00-back.png"), 0, 0, 30, GetParam().height, {255, 255, 255});
  auto r = preflight();
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_TRUE(has(r.output, "bleed: 00-back.png: the left bleed is neither the edge colour")) << r.output;
}

TEST_P(PngTamper, AMissingBackFails) {
  fs::remove(file("back/00-back.png"));
  auto r = preflight();
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_TRUE(has(r.output, "files: " + dir() + "/back/00-back.png is missing")) << r.output;
}

INSTANTIATE_TEST_SUITE_P(Shops, PngTamper,
                         ::testing::Values(PngShop{"makeplayingcards", 1122}, PngShop{"thegamecrafter", 1125}),
                         [](const ::testing::TestParamInfo<PngShop>& shop) { return std::string(shop.param.profile); });

// The print-and-play sheets beside the package: mini's three cards lie in
// the first row of A4's 3 x 3 grid (59 x 91 mm each, from 16.5 mm left and
// 12 mm down), their backs mirrored on the second page.
class PnpTamper : public ::testing::Test {
 protected:
  void SetUp() override {
    auto b = p.run("build --out " + quoted(out.path()));
    ASSERT_EQ(b.status, 0) << b.output;
    auto pf = preflight();
    ASSERT_EQ(pf.status, 0) << pf.output;
    ASSERT_TRUE(has(pf.output, "  sheets: pnp/mini-a4.pdf: 2 pages, 3 x 3 cards 59 x 91 mm")) << pf.output;
  }
  test::Run preflight() const { return p.run("preflight --out " + quoted(out.path())); }
  fs::path a4() const { return out.path() / "mini" / "pnp" / "mini-a4.pdf"; }
  ShopProject p;
  test::TempDir out;
};

TEST_F(PnpTamper, AColourShiftOnOneCardFails) {
  paint(a4(), {1}, "q 0 1 0 rg 280 650 17 17 re f Q\n");  // inside the second card
  auto r = preflight();
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_TRUE(has(r.output, "pnp: pnp/mini-a4.pdf p. 1 (sheet 1, fronts): differs from the sheet as planned by "))
      << r.output;
  EXPECT_TRUE(has(r.output, "02-alpha-2 (row 1, column 2 of the fronts)")) << r.output;
  EXPECT_TRUE(has(r.output, "1 problem(s) with the files")) << r.output;
}

TEST_F(PnpTamper, AMissingBackFailsWhereTheMirroredBackBelongs) {
  // The first card's back lies on the right of the back page (134.5 to
  // 193.5 mm): left white there.
  paint(a4(), {2}, "q 1 1 1 rg 381 550 168 258 re f Q\n");
  auto r = preflight();
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_TRUE(has(r.output, "pnp: pnp/mini-a4.pdf p. 2 (sheet 1, backs): differs from the sheet as planned"))
      << r.output;
  EXPECT_TRUE(has(r.output, "the back 00-back of 01-alpha-1 (row 1, column 1 of the fronts)")) << r.output;
}

TEST_F(PnpTamper, BacksNotMirroredFail) {
  // The backs page turned over the other way: each back where its front is.
  QPDF doc;
  doc.processFile(a4().c_str());
  auto pages = QPDFPageDocumentHelper(doc).getAllPages();
  pages[1].addPageContents(doc.newStream("q -1 0 0 1 595.276 0 cm\n"), true);
  pages[1].addPageContents(doc.newStream("Q\n"), false);
  const std::string tmp = a4().string() + ".new";
  QPDFWriter w(doc, tmp.c_str());
  w.write();
  fs::rename(tmp, a4());
  auto r = preflight();
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_TRUE(has(r.output, "pnp: pnp/mini-a4.pdf p. 2 (sheet 1, backs): differs from the sheet as planned"))
      << r.output;
}

TEST_F(PnpTamper, AMissingPagePaperAndMarginFail) {
  paint(a4(), {1}, "q 0 0 0 rg 3 3 6 6 re f Q\n");  // 1 to 3 mm from the lower left corner: in the margin
  auto margin = preflight();
  EXPECT_EQ(margin.status, 1) << margin.output;
  EXPECT_TRUE(has(margin.output,
                  "pnp: pnp/mini-a4.pdf p. 1 (sheet 1, fronts): paint in the printer's 6.35 mm margin "
                  "at 1, 294 mm from the page's top left"))
      << margin.output;
  ASSERT_EQ(
      test::run_command("qpdf --empty --pages " + quoted(a4()) + " 1 -- " + quoted(fs::path(a4().string() + ".new"))),
      0);
  fs::rename(a4().string() + ".new", a4());
  auto fewer = preflight();
  EXPECT_EQ(fewer.status, 1) << fewer.output;
  EXPECT_TRUE(has(fewer.output, "pnp: pnp/mini-a4.pdf has 1 pages, planned are 2")) << fewer.output;
  // A Letter page where A4 belongs.
  fs::copy_file(out.path() / "mini" / "pnp" / "mini-letter.pdf", a4(), fs::copy_options::overwrite_existing);
  auto letter = preflight();
  EXPECT_EQ(letter.status, 1) << letter.output;
  EXPECT_TRUE(has(letter.output, "pnp: pnp/mini-a4.pdf p. 1: the page is 215.9 x 279.4 mm, not A4 (210 x 297 mm)"))
      << letter.output;
}

}  // namespace
}  // namespace kw
