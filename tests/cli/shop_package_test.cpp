// `build --profile NAME` end to end: each shop of data/print/profiles.yaml
// gets its package (files, order, card size, colour), and `preflight
// --profile NAME` passes it.
#include <gtest/gtest.h>

#define POINTERHOLDER_TRANSITION 4
#include <qpdf/QPDF.hh>
#include <qpdf/QPDFPageDocumentHelper.hh>
#include <qpdf/QPDFWriter.hh>

#include <regex>

#include "core/files.h"
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

std::string pdfinfo(const fs::path& pdf, const std::string& options = "") {
  std::string out;
  EXPECT_EQ(test::run_command("pdfinfo " + options + " " + quoted(pdf), &out), 0) << pdf;
  return out;
}

// The TrimBox of page `n` in millimetres: width x height.
std::pair<double, double> trim_mm(const fs::path& pdf, int n) {
  std::smatch m;
  const std::string info = pdfinfo(pdf, "-box -f " + std::to_string(n) + " -l " + std::to_string(n));
  EXPECT_TRUE(std::regex_search(info, m, std::regex(R"(TrimBox:\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+))")))
      << info;
  if (m.empty()) return {0, 0};
  const double pt = 25.4 / 72;
  return {(std::stod(m[3]) - std::stod(m[1])) * pt, (std::stod(m[4]) - std::stod(m[2])) * pt};
}

TEST(ShopPackage, MeinspielGetsCmykPdfX4FrontsAndBacksThatPassPreflight) {
  ShopProject p;
  test::TempDir out;
  auto b = p.run("build --format pdf,jpg --profile meinspiel --out " + quoted(out.path()));
  ASSERT_EQ(b.status, 0) << b.output;
  const fs::path dir = out.path() / "mini";
  for (const char* f : {"meinspiel/fronts.pdf", "meinspiel/backs.pdf"}) {
    const std::string info = pdfinfo(dir / f);
    EXPECT_TRUE(std::regex_search(info, std::regex(R"(PDF version:\s+1\.6)"))) << info;
    EXPECT_NE(info.find("PDF/X-4"), std::string::npos) << info;
    EXPECT_TRUE(std::regex_search(info, std::regex(R"(Pages:\s+3\n)"))) << info;
    auto [w, h] = trim_mm(dir / f, 1);
    EXPECT_NEAR(w, 59, 0.01);
    EXPECT_NEAR(h, 91, 0.01);
  }
  auto pf = p.run("preflight --profile meinspiel --out " + quoted(out.path()));
  EXPECT_EQ(pf.status, 0) << pf.output;
  EXPECT_NE(pf.output.find("mini: PASS"), std::string::npos) << pf.output;
}

// A front's edit makes the shop's fronts PDF again, not its backs PDF (kept
// under the backs' pages alone: not converted to CMYK again, not rewritten),
// and both are the bytes a build without the cache writes.
TEST(ShopPackage, AFrontsEditLeavesTheBacksPdfAndEqualsACleanBuild) {
  ShopProject p;
  test::TempDir out, cache, clean;
  const std::string build = "build -v --format pdf --profile meinspiel --cache " + quoted(cache.path()) + " --out ";
  auto first = p.run(build + quoted(out.path()));
  ASSERT_EQ(first.status, 0) << first.output;
  const fs::path dir = out.path() / "mini" / "meinspiel";
  const auto backs_time = fs::last_write_time(dir / "backs.pdf");
  const std::string fronts_before = *read_file(dir / "fronts.pdf"), backs_before = *read_file(dir / "backs.pdf");

  p.write(p.game_file(), test::replace(test::MiniProject::game_yaml(), "name: Nazgûl", "name: Kankra"));
  auto edit = p.run(build + quoted(out.path()));
  ASSERT_EQ(edit.status, 0) << edit.output;
  EXPECT_EQ(fs::last_write_time(dir / "backs.pdf"), backs_time);
  EXPECT_EQ(*read_file(dir / "backs.pdf"), backs_before);
  EXPECT_NE(*read_file(dir / "fronts.pdf"), fronts_before);
  std::smatch m;  // `build -v`: "shop package   1   ..."
  ASSERT_TRUE(std::regex_search(edit.output, m, std::regex("\nshop package +([0-9]+) "))) << edit.output;
  EXPECT_EQ(m[1], "1") << edit.output;

  auto fresh = p.run("build --format pdf --profile meinspiel --no-cache --out " + quoted(clean.path()));
  ASSERT_EQ(fresh.status, 0) << fresh.output;
  for (const char* f : {"fronts.pdf", "backs.pdf"})
    EXPECT_EQ(*read_file(dir / f), *read_file(clean.path() / "mini" / "meinspiel" / f)) << f;
}

TEST(ShopPackage, DriveThruCardsGetsOneDeckBackFirstOnTheNearestCardInPdfX1a) {
  ShopProject p;
  // A half-transparent emblem: PDF/X-1a forbids transparency, so it must
  // become pixels, and only it: the title beside it stays text.
  p.write("templates/mini/emblem.svg",
          "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\"><style>.fg{fill:#000}</style>"
          "<circle class=\"fg\" cx=\"5\" cy=\"5\" r=\"4\" opacity=\"0.5\"/></svg>\n");
  test::TempDir out;
  auto b = p.run("build --format pdf --profile drivethrucards --out " + quoted(out.path()));
  ASSERT_EQ(b.status, 0) << b.output;
  const fs::path deck = out.path() / "mini" / "drivethrucards" / "deck.pdf";
  const std::string info = pdfinfo(deck);
  EXPECT_TRUE(std::regex_search(info, std::regex(R"(Pages:\s+6\n)"))) << info;  // back, front for each of 3 cards
  EXPECT_TRUE(std::regex_search(info, std::regex(R"(PDF version:\s+1\.3)"))) << info;
  EXPECT_NE(info.find("PDF/X-1"), std::string::npos) << info;
  // 59 x 91 mm is nearest the shop's bridge card (57.15 x 88.9 mm), with
  // 1/8 in of bleed: the page is 63.5 x 95.25 mm.
  auto [w, h] = trim_mm(deck, 2);
  EXPECT_NEAR(w, 57.15, 0.01);
  EXPECT_NEAR(h, 88.9, 0.01);
  EXPECT_TRUE(std::regex_search(info, std::regex(R"(Page size:\s+180 x 270 pts)"))) << info;
  // Flattened where it blends, and nowhere else: the title is still text,
  // and the only images are the emblem's patches (about 10 mm, 160 px at
  // 400 dpi), not whole pages (1000 px wide).
  std::string text, images;
  ASSERT_EQ(test::run_command("pdftotext -f 2 -l 2 " + quoted(deck) + " -", &text), 0);
  EXPECT_NE(text.find("Éomer"), std::string::npos) << text;
  ASSERT_EQ(test::run_command("pdfimages -list " + quoted(deck), &images), 0);
  const std::regex image_line(R"(image\s+(\d+)\s+(\d+)\s+cmyk)");
  int patches = 0;
  for (auto it = std::sregex_iterator(images.begin(), images.end(), image_line); it != std::sregex_iterator();
       ++it, ++patches)
    EXPECT_LT(std::stoi((*it)[1]), 300) << images;
  EXPECT_EQ(patches, 3) << images;  // one per front
  // The meinspiel copies are not made alongside: the package replaces them.
  EXPECT_FALSE(fs::exists(out.path() / "mini" / "meinspiel" / "fronts.pdf"));
  auto pf = p.run("preflight --profile drivethrucards --out " + quoted(out.path()));
  EXPECT_EQ(pf.status, 0) << pf.output;
  EXPECT_NE(pf.output.find("card: bridge"), std::string::npos) << pf.output;

  // A deck PDF whose pages are not back, front, ... is noticed.
  ASSERT_EQ(
      test::run_command("qpdf --empty --pages " + quoted(deck) + " 1-4 -- " + quoted(fs::path(deck.string() + ".new"))),
      0);
  fs::rename(deck.string() + ".new", deck);
  auto short_deck = p.run("preflight --profile drivethrucards --out " + quoted(out.path()));
  EXPECT_EQ(short_deck.status, 1);
  EXPECT_NE(short_deck.output.find("drivethrucards/deck.pdf has 4 pages for 6 cards"), std::string::npos)
      << short_deck.output;
}

TEST(ShopPackage, MakePlayingCardsGetsImagesAtItsPixelSize) {
  ShopProject p;
  test::TempDir out;
  auto b = p.run("build --format png --profile makeplayingcards --out " + quoted(out.path()));
  ASSERT_EQ(b.status, 0) << b.output;
  const fs::path dir = out.path() / "mini" / "makeplayingcards";
  int fronts = 0;
  for (const auto& e : fs::directory_iterator(dir / "front")) {
    const render::Raster png = render::decode_png(*read_file(e.path()));
    EXPECT_EQ(png.width, 747) << e.path();  // bridge: 2.49 x 3.74 in at 300 dpi
    EXPECT_EQ(png.height, 1122) << e.path();
    ++fronts;
  }
  EXPECT_EQ(fronts, 3);
  EXPECT_TRUE(fs::exists(dir / "back"));
  auto pf = p.run("preflight --profile makeplayingcards --out " + quoted(out.path()));
  EXPECT_EQ(pf.status, 0) << pf.output;

  // An image of another size fails the image check.
  const fs::path first = *fs::directory_iterator(dir / "front");
  fs::copy_file(*fs::directory_iterator(out.path() / "mini" / "cards"), first, fs::copy_options::overwrite_existing);
  auto wrong = p.run("preflight --profile makeplayingcards --out " + quoted(out.path()));
  EXPECT_EQ(wrong.status, 1);
  EXPECT_NE(wrong.output.find("px, not 747 x 1122"), std::string::npos) << wrong.output;
}

// The Game Crafter: a PNG per front and per back at the pixel size of the
// product the card is, here its Bridge Deck (750 x 1125 px: 2.25 x 3.5 in
// with 1/8 in of bleed at 300 dpi), 300 dpi stated in the file.
TEST(ShopPackage, TheGameCrafterGetsImagesAtItsTemplatesSize) {
  ShopProject p;
  test::TempDir out;
  auto b = p.run("build --format png --profile thegamecrafter --out " + quoted(out.path()));
  ASSERT_EQ(b.status, 0) << b.output;
  const fs::path dir = out.path() / "mini" / "thegamecrafter";
  int images = 0;
  for (const char* side : {"front", "back"})
    for (const auto& e : fs::directory_iterator(dir / side)) {
      const std::string bytes = *read_file(e.path());
      const render::Raster png = render::decode_png(bytes);
      EXPECT_EQ(png.width, 750) << e.path();
      EXPECT_EQ(png.height, 1125) << e.path();
      EXPECT_NEAR(render::png_dpi(bytes).value_or(0), 300, 0.5) << e.path();
      ++images;
    }
  EXPECT_EQ(images, 4);  // three fronts, one back
  auto pf = p.run("preflight --profile thegamecrafter --out " + quoted(out.path()));
  EXPECT_EQ(pf.status, 0) << pf.output;
  EXPECT_NE(pf.output.find("files: thegamecrafter/front|back/<card>.png (750 x 1125 px)"), std::string::npos)
      << pf.output;
  EXPECT_NE(pf.output.find("card: bridge"), std::string::npos) << pf.output;
}

// A format none of The Game Crafter's decks cuts (a 100 mm square card: its
// largest square deck is 88.9 mm) is refused before anything is built,
// naming its nearest card and what to do.
TEST(ShopPackage, AFormatTheGameCrafterDoesNotCutIsRefused) {
  ShopProject p;
  p.write("data/formats.yaml",
          "formats:\n  poker: { width: 100, height: 100, bleed: 3, safe: 4, corner_radius: 3, dpi: 300 }\n");
  test::TempDir out;
  auto b = p.run("build --profile thegamecrafter --out " + quoted(out.path()));
  EXPECT_EQ(b.status, 1) << b.output;
  EXPECT_NE(b.output.find("kartenwerk: mini: format 'poker' (100 x 100 mm) does not suit the large-square card 88.9 "
                          "x 88.9 mm of profile 'thegamecrafter': its cards would be scaled (88.9 %)"),
            std::string::npos)
      << b.output;
  EXPECT_NE(b.output.find("nothing was built. Build for a shop that cuts this size (no profile of "
                          "data/print/profiles.yaml cuts that size), or add --fit"),
            std::string::npos)
      << b.output;
  EXPECT_FALSE(fs::exists(out.path() / "mini" / "thegamecrafter"));
}

// The default build (what `make` runs) writes the package of the game's
// shop: the profiles' default, Meinspiel's CMYK PDF/X-4 files, which
// preflight passes without being told the profile; the RGB working copies
// are named after the sides, not the shop.
TEST(ShopPackage, TheDefaultBuildIsTheDefaultShopsPackage) {
  ShopProject p;
  test::TempDir out;
  auto b = p.run("build --out " + quoted(out.path()));
  ASSERT_EQ(b.status, 0) << b.output;
  const fs::path dir = out.path() / "mini";
  EXPECT_NE(pdfinfo(dir / "meinspiel/fronts.pdf").find("PDF/X-4"), std::string::npos);
  EXPECT_NE(pdfinfo(dir / "meinspiel/backs.pdf").find("PDF/X-4"), std::string::npos);
  EXPECT_TRUE(fs::exists(dir / "meinspiel/01-alpha-1.jpg"));
  EXPECT_EQ(pdfinfo(dir / "fronts.pdf").find("PDF/X"), std::string::npos) << "the working copy stays RGB";
  EXPECT_FALSE(fs::exists(dir / "jpg"));
  auto pf = p.run("preflight --out " + quoted(out.path()));
  EXPECT_EQ(pf.status, 0) << pf.output;
  EXPECT_NE(pf.output.find("mini: PASS (4 of 4 cards pass)"), std::string::npos) << pf.output;
}

// A game that names its shop gets that shop's package from the default
// build, and preflight checks against it; the card JPEGs, which that shop
// does not take, are working files in jpg/.
TEST(ShopPackage, AGameNamesItsShop) {
  ShopProject p;
  p.write(p.game_file(),
          test::replace(test::MiniProject::game_yaml(), "  format: ", "  profile: drivethrucards\n  format: "));
  test::TempDir out;
  auto b = p.run("build --out " + quoted(out.path()));
  ASSERT_EQ(b.status, 0) << b.output;
  const fs::path dir = out.path() / "mini";
  EXPECT_NE(pdfinfo(dir / "drivethrucards/deck.pdf").find("PDF/X-1"), std::string::npos);
  EXPECT_FALSE(fs::exists(dir / "meinspiel"));
  EXPECT_TRUE(fs::exists(dir / "jpg/01-alpha-1.jpg"));
  auto pf = p.run("preflight --out " + quoted(out.path()));
  EXPECT_EQ(pf.status, 0) << pf.output;
  EXPECT_NE(pf.output.find("preflight mini against profile drivethrucards"), std::string::npos) << pf.output;
  // Missing files name the build that makes them: the default one.
  fs::remove(dir / "drivethrucards/deck.pdf");
  auto missing = p.run("preflight --out " + quoted(out.path()));
  EXPECT_EQ(missing.status, 1);
  EXPECT_NE(missing.output.find("deck.pdf is missing (`kartenwerk build --game mini --out " + out.path().string() +
                                "` makes it)"),
            std::string::npos)
      << missing.output;
}

// A profile the game names that the file does not define is an error at
// its line; nothing is built.
TEST(ShopPackage, AGamesUnknownProfileIsRefusedAtItsLine) {
  ShopProject p;
  p.write(p.game_file(), test::replace(test::MiniProject::game_yaml(), "  format: ", "  profile: lulu\n  format: "));
  test::TempDir out;
  auto b = p.run("build --out " + quoted(out.path()));
  EXPECT_EQ(b.status, 1) << b.output;
  EXPECT_TRUE(std::regex_search(
      b.output,
      std::regex(
          R"(data/games/mini\.yaml:\d+:\d+: error: game 'mini': profile 'lulu' is not defined in )"
          R"(data/print/profiles\.yaml \(profiles: meinspiel, drivethrucards, makeplayingcards, thegamecrafter\))")))
      << b.output;
  EXPECT_FALSE(fs::exists(out.path() / "mini"));
}

// A white strip painted over the left bleed of every page of a shop PDF
// (in CMYK white: no colour check notices it) is caught on the rendered
// pages, for the deck of DriveThruCards as for Meinspiel's fronts and backs.
void paint_white_strip(const fs::path& pdf) {
  QPDF doc;
  doc.processFile(pdf.c_str());
  for (auto& page : QPDFPageDocumentHelper(doc).getAllPages())
    page.addPageContents(doc.newStream("q 0 0 0 0 k 0 0 9 2000 re f Q\n"), false);
  const std::string tmp = pdf.string() + ".new";
  QPDFWriter w(doc, tmp.c_str());
  w.write();
  fs::rename(tmp, pdf);
}

TEST(ShopPackage, AWhiteBleedStripOnEveryPdfPageFails) {
  ShopProject p;
  test::TempDir out;
  ASSERT_EQ(p.run("build --format pdf,jpg --out " + quoted(out.path())).status, 0);
  ASSERT_EQ(p.run("build --format pdf --profile drivethrucards --out " + quoted(out.path())).status, 0);
  const fs::path dir = out.path() / "mini";
  for (const char* f : {"drivethrucards/deck.pdf", "meinspiel/fronts.pdf", "meinspiel/backs.pdf"})
    paint_white_strip(dir / f);
  auto deck = p.run("preflight --profile drivethrucards --out " + quoted(out.path()));
  EXPECT_EQ(deck.status, 1);
  EXPECT_NE(deck.output.find("bleed: drivethrucards/deck.pdf p. 2: the left bleed does not continue the card"),
            std::string::npos)
      << deck.output;
  EXPECT_NE(deck.output.find("bleed: drivethrucards/deck.pdf p. 1: the left bleed does not continue"),
            std::string::npos)
      << deck.output;
  EXPECT_NE(deck.output.find("mini: FAIL (0 of 4 cards pass"), std::string::npos) << deck.output;
  auto meinspiel = p.run("preflight --out " + quoted(out.path()));
  EXPECT_EQ(meinspiel.status, 1);
  EXPECT_NE(meinspiel.output.find("bleed: meinspiel/fronts.pdf p. 1: the left bleed does not continue"),
            std::string::npos)
      << meinspiel.output;
  EXPECT_NE(meinspiel.output.find("bleed: meinspiel/backs.pdf p. 1: the left bleed does not continue"),
            std::string::npos)
      << meinspiel.output;
}

// A check the package gives nothing to is said as not checked, never passed.
TEST(ShopPackage, ChecksAPackageCannotRunAreNotRun) {
  ShopProject p;
  test::TempDir out;
  ASSERT_EQ(p.run("build --format png --profile makeplayingcards --out " + quoted(out.path())).status, 0);
  auto r = p.run("preflight --profile makeplayingcards --out " + quoted(out.path()));
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("\n  checks: files stale image content bleed safe-area resolution\n"), std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("\n  not checked: boxes (the shop takes no PDF), text (the shop takes no PDF)"),
            std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("separations (the shop takes RGB images), pnp (no PnP sheets in "), std::string::npos)
      << r.output;
  // Nothing not looked at is said to pass: no check is both run and not checked.
  EXPECT_EQ(r.output.find("checks: files stale image content bleed safe-area resolution boxes"), std::string::npos);
}

// A back on every other page of a deck is one card: what is wrong with it
// is said once, at its first page, not once per page.
TEST(ShopPackage, ABacksFindingInADeckIsSaidOnce) {
  ShopProject p;
  test::TempDir out;
  ASSERT_EQ(p.run("build --format pdf --profile drivethrucards --out " + quoted(out.path())).status, 0);
  // The press condition's limit lowered below what the back carries.
  p.write("data/print/color.yaml",
          test::replace(test::replace(*read_file(test::source_root() / "data/print/color.yaml"), "ink_limit: 240",
                                      "ink_limit: 100"),
                        "rich_black: [50, 30, 30, 100]", "rich_black: [0, 0, 0, 100]"));
  auto r = p.run("preflight --profile drivethrucards --out " + quoted(out.path()));
  EXPECT_EQ(r.status, 1);
  const size_t back = r.output.find("\n  00-back ");
  ASSERT_NE(back, std::string::npos) << r.output;
  const std::string block = r.output.substr(back, r.output.find("\nmini: ") - back);
  EXPECT_NE(block.find("ink: drivethrucards/deck.pdf p. 1: "), std::string::npos) << block;
  EXPECT_EQ(block.find("deck.pdf p. 3: "), std::string::npos) << block;
  EXPECT_EQ(block.find("deck.pdf p. 5: "), std::string::npos) << block;
}

TEST(ShopPackage, AnUnknownProfileIsNamedWithTheKnownOnes) {
  ShopProject p;
  auto r = p.run("build --profile lulu --out " + quoted(p.root() / "out"));
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(
      r.output.find("unknown profile 'lulu' (profiles: meinspiel, drivethrucards, makeplayingcards, thegamecrafter)"),
      std::string::npos)
      << r.output;
}

}  // namespace
}  // namespace kw
