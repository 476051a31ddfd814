// `kartenwerk preflight` end to end: the mini fixture passes as built, and a
// deliberately broken layout, format, art or file makes each check fire.
#include <gtest/gtest.h>

#define POINTERHOLDER_TRANSITION 4
#include <qpdf/Buffer.hh>
#include <qpdf/QPDF.hh>
#include <qpdf/QPDFWriter.hh>

#include <fstream>
#include <regex>

#include "core/files.h"
#include "exporters/cmyk.h"
#include "render/jpeg.h"
#include "support/mini_project.h"
#include "support/project_copy.h"

namespace kw {
namespace {

namespace fs = std::filesystem;
using test::MiniProject;

using test::kartenwerk;
using test::quoted;
using test::Run;

// The real profiles, Meinspiel's taking the RGB files of a plain build: the
// checks here are those of any shop file (the CMYK and PDF/X side is
// preflight_cmyk_test.cpp and shop_package_test.cpp).
std::string rgb_profiles() {
  std::string text = *read_file(test::source_root() / "data/print/profiles.yaml");
  for (const std::string line : {"    color: fogra39\n", "    pdfx: X-4\n"}) {
    const size_t at = text.find(line);
    EXPECT_NE(at, std::string::npos) << line;
    if (at != std::string::npos) text.erase(at, line.size());
  }
  return text;
}

// The mini project with the real print settings and profiles.
struct Project : MiniProject {
  Project() {
    write("data/print/sheets.yaml", *read_file(test::source_root() / "data/print/sheets.yaml"));
    write("data/print/profiles.yaml", rgb_profiles());
  }
  // Writes a card layout: the good one with `extra` elements appended.
  void card_layout(const std::string& extra, const std::string& background_area = "bleed") const {
    write("layouts/mini/card.yaml",
          "edge_color: \"{{region.color}}\"\n"
          "elements:\n"
          "  - { type: rect, name: background, area: " +
              background_area +
              ", fill: \"{{region.color}}\" }\n"
              "  - { type: art, name: emblem, src: mini/emblem.svg, box: [8, 8, 10, 10], colors: { fg: \"#ffffff\" }, "
              "key: true }\n"
              "  - { type: text, name: title, text: \"{{name}}\", box: [8, 40, 43, 10], size: 12, color: \"#ffffff\" "
              "}\n" +
              extra);
  }
  Run build(const fs::path& out) const {
    return kartenwerk("--root " + quoted(root()) + " build --out " + quoted(out));
  }
  Run preflight(const fs::path& out, const std::string& more = "") const {
    return kartenwerk("--root " + quoted(root()) + " preflight --out " + quoted(out) + " " + more);
  }
};

// Builds `p` and preflights it; the build must succeed.
Run built_and_checked(const Project& p, const test::TempDir& out) {
  auto b = p.build(out.path());
  EXPECT_EQ(b.status, 0) << b.output;
  return p.preflight(out.path());
}

// True when a finding of `check` is listed (under `card`'s FAIL line, when given).
bool fired(const Run& r, const std::string& check, const std::string& card = "") {
  const std::string finding = "\n      " + check + ": ";
  if (card.empty()) return r.output.find(finding) != std::string::npos;
  auto start = r.output.find("\n  " + card + " ");
  if (start == std::string::npos) return false;
  // The card's block: its line and the indented findings below it.
  auto end = start + 1;
  while ((end = r.output.find('\n', end + 1)) != std::string::npos && r.output.compare(end, 7, "\n      ") == 0) {
  }
  std::string block = r.output.substr(start, end == std::string::npos ? std::string::npos : end - start);
  return block.find("FAIL") != std::string::npos && block.find(finding) != std::string::npos;
}

TEST(Preflight, TheGoodFixturePassesWithAReportPerCard) {
  Project p;
  p.card_layout("");
  test::TempDir out;
  auto r = built_and_checked(p, out);
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("preflight mini against profile meinspiel"), std::string::npos) << r.output;
  EXPECT_TRUE(std::regex_search(r.output, std::regex(R"(\n  01-alpha-1 +ok  text >= 12\.00 pt)"))) << r.output;
  EXPECT_TRUE(std::regex_search(r.output, std::regex(R"(\n  00-back +ok)"))) << r.output;
  EXPECT_NE(r.output.find("mini: PASS (4 of 4 cards pass)"), std::string::npos) << r.output;
}

TEST(Preflight, MissingFilesAndUnknownProfile) {
  Project p;
  test::TempDir out;
  auto none = p.preflight(out.path());
  EXPECT_EQ(none.status, 1);
  // Nothing built: one finding that names the build that makes the files.
  EXPECT_NE(
      none.output.find("files: " + (out.path() / "mini").generic_string() +
                       " has no build (`kartenwerk build --game mini --out " + out.path().string() + "` makes it)"),
      std::string::npos)
      << none.output;
  fs::create_directories(out.path() / "mini");
  auto empty = p.preflight(out.path());
  EXPECT_EQ(empty.status, 1);
  EXPECT_NE(empty.output.find("files: " + (out.path() / "mini").generic_string() + " has no build (`kartenwerk build"),
            std::string::npos)
      << empty.output;
  // Built, then a file and the manifest lost: each is named.
  ASSERT_EQ(p.build(out.path()).status, 0);
  fs::remove(out.path() / "mini/meinspiel/fronts.pdf");
  fs::remove(out.path() / "mini/manifest.json");
  auto r = p.preflight(out.path());
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.output.find("files: meinspiel/fronts.pdf is missing (`kartenwerk build --game mini"), std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("stale: manifest.json is missing"), std::string::npos) << r.output;
  auto bad = p.preflight(out.path(), "--profile printerstudio");
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.output.find("unknown profile 'printerstudio' (profiles: meinspiel, drivethrucards, makeplayingcards, "
                            "thegamecrafter)"),
            std::string::npos)
      << bad.output;  // A file where the separation maps' folder should be: said first, the
  // package not blamed.
  { std::ofstream(out.path() / "maps") << "not a folder"; }
  auto maps = p.preflight(out.path(), "--separation-maps " + quoted(out.path() / "maps"));
  EXPECT_EQ(maps.status, 2) << maps.output;
  EXPECT_NE(
      maps.output.find("--separation-maps: '" + (out.path() / "maps").generic_string() + "' is a file, not a folder"),
      std::string::npos)
      << maps.output;
  EXPECT_EQ(maps.output.find("FAIL"), std::string::npos) << maps.output;
}

// `preflight --lang L --variant V` checks what `build --lang L --variant V`
// wrote (<out>/<game>/V/L/), laid out as that build laid it out.
TEST(Preflight, ALanguageAndVariantAreCheckedInTheirOwnFolder) {
  Project p;
  p.card_layout("");
  p.write("data/variants/mini/v.yaml",
          "variant:\n  game: mini\n  add:\n"
          "    - { deck: main, card: { id: gamma, name: Gandalf, region: north, points: 3 } }\n");
  p.write(
      "data/locales/fr/mini.v.yaml",
      "language: fr\ngame: mini\nvariant: v\nstrings:\n  card.gamma.name: { de: Gandalf, text: Gandalf le Gris }\n");
  test::TempDir out;
  ASSERT_EQ(p.build(out.path()).status, 0);
  auto b = kartenwerk("--root " + quoted(p.root()) + " build --lang fr --variant v --out " + quoted(out.path()));
  ASSERT_EQ(b.status, 0) << b.output;
  const fs::path variant_dir = out.path() / "mini/v/fr";
  ASSERT_TRUE(fs::is_directory(variant_dir)) << b.output;

  auto good = p.preflight(out.path(), "--lang fr --variant v");
  EXPECT_EQ(good.status, 0) << good.output;
  EXPECT_TRUE(std::regex_search(good.output, std::regex(R"(\n  04-gamma +ok)"))) << good.output;  // the variant's card

  // Break one file of that build: preflight of it finds exactly that one,
  // the base game's files (never touched) still pass.
  const fs::path jpeg = variant_dir / "meinspiel/03-beta.jpg";
  ASSERT_TRUE(fs::exists(jpeg)) << good.output;
  fs::remove(jpeg);
  auto broken = p.preflight(out.path(), "--lang fr --variant v");
  EXPECT_EQ(broken.status, 1) << broken.output;
  EXPECT_TRUE(fired(broken, "files", "03-beta")) << broken.output;
  EXPECT_NE(broken.output.find("mini [v/fr]: FAIL (4 of 5 cards pass)"), std::string::npos) << broken.output;
  auto base = p.preflight(out.path());
  EXPECT_EQ(base.status, 0) << base.output;
  EXPECT_EQ(base.output.find("04-gamma"), std::string::npos) << base.output;

  // French without the variant was never built: said, with the build that makes it.
  auto unbuilt = p.preflight(out.path(), "--lang fr");
  EXPECT_EQ(unbuilt.status, 1);
  EXPECT_NE(unbuilt.output.find("/mini/fr has no build (`kartenwerk build --game mini --lang fr --out "),
            std::string::npos)
      << unbuilt.output;
  auto help = kartenwerk("preflight --help");
  EXPECT_NE(help.output.find("--lang LANG"), std::string::npos) << help.output;
  EXPECT_NE(help.output.find("--variant NAME"), std::string::npos) << help.output;
}

TEST(Preflight, StaleFilesAreNoticed) {
  Project p;
  p.card_layout("");
  test::TempDir out;
  ASSERT_EQ(p.build(out.path()).status, 0);
  p.card_layout("  - { type: rect, name: stripe, box: [10, 60, 39, 2], fill: \"#ffffff\" }\n");
  auto r = p.preflight(out.path());
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.output.find("stale: the files were built from other input"), std::string::npos) << r.output;
}

TEST(Preflight, BoxesAndImageSizeOfAnotherFormat) {
  Project p;
  // A 2 mm bleed: pages of 63 x 95 mm where the shop wants 65 x 97. The
  // package is re-framed to the shop's bleed, its JPEGs rendered at its size.
  p.write("data/formats.yaml",
          "formats:\n  poker: { width: 59, height: 91, bleed: 2, safe: 4, corner_radius: 5, dpi: 300 }\n");
  test::TempDir out;
  auto r = built_and_checked(p, out);
  EXPECT_EQ(r.status, 0) << r.output;
  const fs::path dir = out.path() / "mini";
  EXPECT_EQ(render::jpeg_info(*read_file(dir / "jpg/01-alpha-1.jpg")).width, 744);
  EXPECT_EQ(render::jpeg_info(*read_file(dir / "meinspiel/01-alpha-1.jpg")).width, 768);
  // The game's own files in their place: the boxes and the pixels are wrong.
  fs::copy_file(dir / "fronts.pdf", dir / "meinspiel/fronts.pdf", fs::copy_options::overwrite_existing);
  fs::copy_file(dir / "jpg/01-alpha-1.jpg", dir / "meinspiel/01-alpha-1.jpg", fs::copy_options::overwrite_existing);
  r = p.preflight(out.path());
  EXPECT_EQ(r.status, 1);
  EXPECT_TRUE(fired(r, "boxes", "01-alpha-1")) << r.output;
  EXPECT_NE(r.output.find("MediaBox [0.00 0.00 63.00 x 95.00] mm, not [0.00 0.00 65.00 x 97.00]"), std::string::npos)
      << r.output;
  EXPECT_TRUE(fired(r, "image", "01-alpha-1")) << r.output;
  EXPECT_NE(r.output.find("744 x 1122 px, not 768 x 1146"), std::string::npos) << r.output;
}

TEST(Preflight, ImageResolutionOfTheJpegs) {
  Project p;
  p.write("data/formats.yaml",
          "formats:\n  poker: { width: 59, height: 91, bleed: 3, safe: 4, corner_radius: 5, dpi: 150 }\n");
  test::TempDir out;
  auto r = built_and_checked(p, out);
  EXPECT_EQ(r.status, 1);
  EXPECT_TRUE(fired(r, "image", "03-beta")) << r.output;
  EXPECT_NE(r.output.find("the file says 150 dpi, not 300 dpi"), std::string::npos) << r.output;
  EXPECT_FALSE(fired(r, "boxes"));
}

TEST(Preflight, BleedNotFilled) {
  Project p;
  p.card_layout("", "trim");  // the background stops at the trim: white bleed
  test::TempDir out;
  auto r = built_and_checked(p, out);
  EXPECT_EQ(r.status, 1);
  EXPECT_TRUE(fired(r, "bleed", "03-beta")) << r.output;
  EXPECT_NE(r.output.find("03-beta.jpg: the top bleed is neither the edge colour #a72608 (0% of it)"),
            std::string::npos)
      << r.output;
  EXPECT_TRUE(std::regex_search(r.output, std::regex(R"(\n  00-back +ok)"))) << "the back is fine\n" << r.output;
}

TEST(Preflight, TextAndKeyElementsOutsideTheSafeArea) {
  Project p;
  p.card_layout(
      "  - { type: text, name: corner-note, text: Ecke, box: [1, 1, 20, 6], size: 8, color: \"#ffffff\" }\n"
      "  - { type: art, name: big-emblem, src: mini/emblem.svg, box: [40, 70, 19, 19], key: true }\n");
  test::TempDir out;
  auto r = built_and_checked(p, out);
  EXPECT_EQ(r.status, 1);
  EXPECT_TRUE(fired(r, "safe-area", "01-alpha-1")) << r.output;
  EXPECT_TRUE(std::regex_search(
      r.output, std::regex(R"(text 'corner-note' reaches [23]\.\d\d mm past the safe area \((left|top)\))")))
      << r.output;
  EXPECT_NE(r.output.find("key element 'big-emblem' reaches"), std::string::npos) << r.output;
}

TEST(Preflight, TextBelowTheMinimumAndLightTextOnDark) {
  Project p;
  // Layouts cannot set text below 6 pt: the text stage refuses it.
  p.card_layout("  - { type: text, name: tiny, text: Klein, box: [8, 55, 43, 6], size: 5, color: \"#ffffff\" }\n");
  test::TempDir refused;
  auto b = p.build(refused.path());
  EXPECT_EQ(b.status, 1);
  EXPECT_NE(b.output.find("below"), std::string::npos) << b.output;
  // So the small print comes from a file changed after the build: the
  // title's 12 pt scaled down to 5 pt in the shop's PDF.
  p.card_layout("");
  test::TempDir out;
  ASSERT_EQ(p.build(out.path()).status, 0);
  fs::path fronts = out.path() / "mini/meinspiel/fronts.pdf";
  {
    QPDF pdf;
    pdf.processFile(fronts.c_str());
    for (auto& obj : pdf.getAllObjects()) {
      if (!obj.isStream() || obj.getDict().hasKey("/Subtype") || obj.getDict().hasKey("/Length1")) continue;
      auto data = obj.getStreamData(qpdf_dl_generalized);
      std::string text(reinterpret_cast<const char*>(data->getBuffer()), data->getSize());
      std::string shrunk = std::regex_replace(text, std::regex(R"(\b12 0 0 -12 )"), "5 0 0 -5 ");
      if (shrunk != text) obj.replaceStreamData(shrunk, QPDFObjectHandle::newNull(), QPDFObjectHandle::newNull());
    }
    std::string tmp = fronts.string() + ".new";
    QPDFWriter w(pdf, tmp.c_str());
    w.write();
    fs::rename(tmp, fronts);
  }
  auto r = p.preflight(out.path());
  EXPECT_EQ(r.status, 1);
  EXPECT_TRUE(fired(r, "text", "01-alpha-1")) << r.output;
  EXPECT_TRUE(
      std::regex_search(r.output, std::regex(R"(1 text too small: 5\.00 pt \([A-Z]{6}\+EBGaramond12-Regular\) at)")))
      << r.output;

  // 6.5 pt passes as dark text on a light panel, but not as light text on the dark card.
  Project q;
  q.card_layout(
      "  - { type: rect, name: panel, box: [6, 60, 47, 12], fill: \"#f4ecd8\" }\n"
      "  - { type: text, name: dark, text: Dunkel auf hell, box: [8, 62, 43, 6], size: 6.5, color: \"#222222\" }\n");
  test::TempDir out2;
  auto ok = built_and_checked(q, out2);
  EXPECT_EQ(ok.status, 0) << ok.output;
  q.card_layout(
      "  - { type: text, name: light, text: Hell auf dunkel, box: [8, 62, 43, 6], size: 6.5, color: \"#ffffff\" }\n");
  test::TempDir out3;
  auto light = built_and_checked(q, out3);
  EXPECT_EQ(light.status, 1);
  EXPECT_TRUE(std::regex_search(light.output, std::regex(R"(6\.50 pt \([A-Z]{6}\+EBGaramond12-Regular\) at)")))
      << light.output;
  EXPECT_NE(light.output.find("the minimum is 7 pt for light text on a dark ground"), std::string::npos)
      << light.output;
}

TEST(Preflight, ThinLines) {
  Project p;
  // Layouts refuse lines under 0.5 pt; art drawn by someone else may not.
  p.write("templates/mini/hairline.svg",
          "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 40 2\">"
          "<line x1=\"0\" y1=\"1\" x2=\"40\" y2=\"1\" stroke=\"#ffffff\" stroke-width=\"0.1\"/></svg>\n");
  p.card_layout("  - { type: art, name: hairline, src: mini/hairline.svg, box: [8, 70, 40, 2] }\n");
  test::TempDir out;
  auto r = built_and_checked(p, out);
  EXPECT_EQ(r.status, 1);
  EXPECT_TRUE(fired(r, "lines", "01-alpha-1")) << r.output;
  EXPECT_NE(r.output.find("1 line too thin: 0.28 pt"), std::string::npos) << r.output;
}

TEST(Preflight, LowResolutionImageInTheArt) {
  Project p;
  // An 8 x 6 px picture stretched over 39 x 30 mm: about 5 dpi.
  const char* png =
      "iVBORw0KGgoAAAANSUhEUgAAAAgAAAAGCAIAAABxZ0isAAAAY0lEQVR42g3JIQEAQQhFQZKgCbEh0Jvky5cCTYgNgSbR3dgxM9w4xjVklPGMNcwC"
      "D05wAwUVv"
      "GDjj8STk9xESSUv2fxDuDjiCokST6z+aLw5zW3UVPOa7T8GH85wBw01vGGHD8x/PnGPuaBxAAAAAElFTkSuQmCC";
  p.write("templates/mini/photo.svg",
          std::string("<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" "
                      "viewBox=\"0 0 8 6\"><image width=\"8\" height=\"6\" xlink:href=\"data:image/png;base64,") +
              png + "\"/></svg>\n");
  p.card_layout("  - { type: art, name: photo, src: mini/photo.svg, box: [10, 52, 39, 30] }\n");
  test::TempDir out;
  auto r = built_and_checked(p, out);
  EXPECT_EQ(r.status, 1);
  EXPECT_TRUE(fired(r, "resolution", "01-alpha-1")) << r.output;
  EXPECT_TRUE(std::regex_search(
      r.output,
      std::regex(R"(an image of 8 x 6 px placed at [0-9.]+ x [0-9.]+ mm has [0-9] ppi, below image_dpi 300)")))
      << r.output;
}

TEST(Preflight, CropMarksInAShopFile) {
  Project p;
  // A crop mark drawn into the bleed's corner.
  p.card_layout(
      "  - { type: line, name: crop, from: [-3, -1], to: [-1, -1], stroke: \"#000000\", stroke_width: 0.25 }\n");
  test::TempDir out;
  auto r = built_and_checked(p, out);
  EXPECT_EQ(r.status, 1);
  EXPECT_TRUE(fired(r, "marks", "01-alpha-1")) << r.output;
  EXPECT_NE(r.output.find("a line wholly outside the trim from 0.0, 2.0 to 2.0, 2.0 mm"), std::string::npos)
      << r.output;
}

TEST(Preflight, FontsNotEmbedded) {
  Project p;
  p.card_layout("");
  test::TempDir out;
  ASSERT_EQ(p.build(out.path()).status, 0);
  // Take the font programs out of the fronts PDF, as a careless export would.
  fs::path fronts = out.path() / "mini/meinspiel/fronts.pdf";
  {
    QPDF pdf;
    pdf.processFile(fronts.c_str());
    for (auto& obj : pdf.getAllObjects())
      if (obj.isDictionary() && obj.getKey("/Type").isName() && obj.getKey("/Type").getName() == "/FontDescriptor")
        for (const char* key : {"/FontFile", "/FontFile2", "/FontFile3"}) obj.removeKey(key);
    std::string tmp = fronts.string() + ".new";
    QPDFWriter w(pdf, tmp.c_str());
    w.write();
    fs::rename(tmp, fronts);
  }
  auto r = p.preflight(out.path());
  EXPECT_EQ(r.status, 1);
  EXPECT_TRUE(fired(r, "fonts", "01-alpha-1")) << r.output;
  EXPECT_TRUE(std::regex_search(r.output, std::regex(R"(font [A-Z]{6}\+EBGaramond12-Regular is not embedded)")))
      << r.output;
}

// The real thing: Palantír's Meinspiel package (CMYK PDF/X-4) passes every
// check, the CMYK ones included.
TEST(Preflight, PalantirPassesTheMeinspielProfile) {
  test::TempDir out;
  std::string root = quoted(test::source_root());
  auto b = kartenwerk("--root " + root + " build --game palantir --format jpg,pdf --profile meinspiel --out " +
                      quoted(out.path()));
  ASSERT_EQ(b.status, 0) << b.output;
  auto r = kartenwerk("--root " + root + " preflight --game palantir --profile meinspiel --out " + quoted(out.path()));
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("palantir: PASS (56 of 56 cards pass)"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("colour: CMYK, FOGRA39"), std::string::npos) << r.output;
  // The Gondor fronts' 7.5 pt light small caps and 0.57 pt light rules are
  // knocked out of the rich black (240 %): warned about, not failed.
  EXPECT_TRUE(std::regex_search(
      r.output, std::regex(R"(\n  01-gondor-hobbit-1 +ok  [^\n]*\n(      warning: [^\n]*\n)*)"
                           R"(      warning: meinspiel/fronts\.pdf p\. 1: \d+ light texts? of 7\.50 pt \([^)]+\) at )"
                           R"([\d.]+, [\d.]+ mm knocked out of a ground of 240 % ink: below 8 pt on 200 % or more)")))
      << r.output;
  EXPECT_TRUE(std::regex_search(
      r.output, std::regex(R"(\n  01-gondor-hobbit-1 +ok  [^\n]*\n(      warning: [^\n]*\n)*)"
                           R"(      warning: meinspiel/fronts\.pdf p\. 1: \d+ light lines? of 0\.57 pt at [\d.]+, )"
                           R"([\d.]+ mm knocked out of a ground of 240 % ink: below 1 pt on 200 % or more)")))
      << r.output;
  // Dark text on a light ground (the rules reference) is no knock-out.
  EXPECT_TRUE(std::regex_search(r.output, std::regex(R"(\n  51-standardspiel +ok  [^\n]*\n  52-)"))) << r.output;
}

// The mean ink beside the knocked-out (white) pixels of page 1 of `pdf` in
// the box [x0, x1) x [y0, y1) mm, its separations rendered as preflight
// renders them (100 dpi): what a plate off register shows along the letters.
double ink_beside_white(const fs::path& pdf, double x0, double y0, double x1, double y1) {
  const auto pages = exporters::render_cmyk_pages(pdf, 100, 1, 1);
  if (pages.empty()) return -1;
  const exporters::InkCoverage& page = pages.front();
  auto total = [&](int x, int y) {
    const auto p = page.at(x, y);
    return (p.c + p.m + p.y + p.k) * 100.0 / 255.0;
  };
  const double px = 100 / 25.4;
  double sum = 0;
  int n = 0;
  for (int y = static_cast<int>(y0 * px); y < static_cast<int>(y1 * px); ++y)
    for (int x = static_cast<int>(x0 * px); x < static_cast<int>(x1 * px); ++x) {
      if (total(x, y) > 15) continue;
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx)
          if (const double t = total(x + dx, y + dy); t > 15) sum += t, ++n;
    }
  return n ? sum / n : -1;
}

// The prepress remedy, asked for by the profile (`knockout_keep_away`): the
// Gondor fronts' 7.5 pt white small caps get a keep-away of the ground's
// black with at most 180 % ink, measured in the separations, and the
// warning goes; without it, the ground's 240 % meets the letters.
TEST(Preflight, AKeepAwayUnderSmallKnockedOutText) {
  test::ProjectCopy copy;
  test::TempDir plain, remedied;
  const std::string root = quoted(copy.dir.path());
  auto build = [&](const test::TempDir& out) {
    auto b =
        kartenwerk("--root " + root + " build --game palantir --format jpg,pdf --no-cache --out " + quoted(out.path()));
    EXPECT_EQ(b.status, 0) << b.output;
    return kartenwerk("--root " + root + " preflight --game palantir --out " + quoted(out.path()));
  };
  const auto before = build(plain);
  EXPECT_EQ(before.status, 0) << before.output;
  EXPECT_NE(before.output.find("warning: meinspiel/fronts.pdf p. 1: 2 light texts of 7.50 pt"), std::string::npos)
      << before.output;
  test::edit(copy, "data/print/profiles.yaml", "    pdfx: X-4\n", "    pdfx: X-4\n    knockout_keep_away: 0.5\n");
  const auto after = build(remedied);
  EXPECT_EQ(after.status, 0) << after.output;
  EXPECT_EQ(after.output.find(" light text"), std::string::npos) << after.output;
  EXPECT_NE(after.output.find("palantir: PASS (56 of 56 cards pass)"), std::string::npos) << after.output;
  // "HOBBIT" under the name of the first card, 28 to 31 mm from the left.
  const fs::path front = "palantir/meinspiel/fronts.pdf";
  const double without = ink_beside_white(plain.path() / front, 27, 42, 38, 46);
  const double with = ink_beside_white(remedied.path() / front, 27, 42, 38, 46);
  EXPECT_GE(without, 230) << "the rich black (240 %) beside the letters";
  EXPECT_GT(with, 150) << "the keep-away is the ground's dark, not paper";
  EXPECT_LT(with, 200) << "below the 200 % of a knock-out beside the letters (without: " << without << ")";
}

}  // namespace
}  // namespace kw
