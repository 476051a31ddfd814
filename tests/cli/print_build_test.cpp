// End-to-end print production: `kartenwerk build` on the mini fixture with
// the real data/print/ settings writes PnP sheets, the alignment sheet and
// the Meinspiel per-side PDFs; what lands where is read back from the files
// (boxes by pdfinfo, pixels by pdftoppm).
#include <gtest/gtest.h>

#define POINTERHOLDER_TRANSITION 4
#include <qpdf/QPDF.hh>

#include <fstream>
#include <map>
#include <regex>

#include "core/files.h"
#include "core/sha256.h"
#include "exporters/cmyk.h"
#include "products/input_snapshot.h"
#include "project/disk_project.h"
#include "render/render.h"
#include "support/mini_project.h"

namespace kw {
namespace {

namespace fs = std::filesystem;
using test::MiniProject;

using test::kartenwerk;
using test::quoted;
using test::Run;

// The mini project with the real print settings.
struct PrintProject : MiniProject {
  PrintProject() { write("data/print/sheets.yaml", *read_file(test::source_root() / "data/print/sheets.yaml")); }
};

int pages(const fs::path& pdf) {
  std::string out;
  if (test::run_command("pdfinfo " + quoted(pdf), &out) != 0) return -1;
  std::smatch m;
  return std::regex_search(out, m, std::regex(R"(Pages:\s+(\d+))")) ? std::stoi(m[1]) : -1;
}

// Page `n` of `pdf` rendered at 25.4 dpi: one pixel per millimetre.
render::Raster page_pixels(const fs::path& pdf, int n, const fs::path& tmp) {
  std::string out;
  fs::path stem = tmp / ("page" + std::to_string(n));
  std::string cmd = "pdftoppm -r 25.4 -png -singlefile -f " + std::to_string(n) + " -l " + std::to_string(n) + " " +
                    quoted(pdf) + " " + quoted(stem);
  EXPECT_EQ(test::run_command(cmd, &out), 0) << out;
  auto bytes = read_file(stem.string() + ".png");
  return bytes ? render::decode_png(*bytes) : render::Raster{};
}

std::string hex(const Color& c) { return Color{c.r, c.g, c.b, 255}.hex(); }

// What a viewer's print dialog is asked for: /PrintScaling of the catalog's
// /ViewerPreferences ("" when the file asks nothing).
std::string print_scaling(const fs::path& pdf) {
  QPDF doc;
  doc.processFile(pdf.c_str());
  QPDFObjectHandle prefs = doc.getRoot().getKey("/ViewerPreferences");
  if (!prefs.isDictionary() || !prefs.getKey("/PrintScaling").isName()) return "";
  return prefs.getKey("/PrintScaling").getName();
}

// PnP sheets and their alignment test must print at true size: they ask
// viewers not to fit them to the paper. The shop's card PDFs ask nothing.
TEST(PrintBuild, PnpSheetsAskViewersToPrintAtActualSize) {
  PrintProject p;
  test::TempDir out;
  auto r = kartenwerk("--root " + quoted(p.root()) + " build --format pdf --out " + quoted(out.path()));
  ASSERT_EQ(r.status, 0) << r.output;
  const fs::path dir = out.path() / "mini";
  for (const char* f : {"pnp/mini-a4.pdf", "pnp/mini-letter.pdf", "pnp/mini-a4-alignment.pdf"})
    EXPECT_EQ(print_scaling(dir / f), "/None") << f;
  EXPECT_EQ(print_scaling(dir / "fronts.pdf"), "");
  // Still byte-reproducible: a second build into another folder writes the same sheet.
  test::TempDir again;
  ASSERT_EQ(kartenwerk("--root " + quoted(p.root()) + " build --format pdf --out " + quoted(again.path())).status, 0);
  EXPECT_EQ(read_file(dir / "pnp/mini-a4.pdf"), read_file(again.path() / "mini/pnp/mini-a4.pdf"));
}

TEST(PrintBuild, WritesPnpSheetsAlignmentSheetsAndMeinspielPdfs) {
  PrintProject p;
  test::TempDir out;
  auto r = kartenwerk("--root " + quoted(p.root()) + " build --format pdf --out " + quoted(out.path()));
  ASSERT_EQ(r.status, 0) << r.output;
  fs::path dir = out.path() / "mini";
  // 3 cards: one sheet, front and back.
  EXPECT_EQ(pages(dir / "pnp/mini-a4.pdf"), 2);
  EXPECT_EQ(pages(dir / "pnp/mini-letter.pdf"), 2);
  EXPECT_EQ(pages(dir / "pnp/mini-a4-alignment.pdf"), 2);
  EXPECT_EQ(pages(dir / "pnp/mini-letter-alignment.pdf"), 2);
  // The working copies of the sides: every front, and the back once per front.
  EXPECT_EQ(pages(dir / "fronts.pdf"), 3);
  EXPECT_EQ(pages(dir / "backs.pdf"), 3);
  EXPECT_FALSE(fs::exists(dir / "meinspiel")) << "no print profiles: no shop package";

  std::string info;
  ASSERT_EQ(test::run_command("pdfinfo -box -f 1 -l 2 " + quoted(dir / "pnp/mini-letter.pdf"), &info), 0);
  EXPECT_TRUE(std::regex_search(info, std::regex(R"(Page\s+1 size:\s+612 x 792 pts)"))) << info;
  EXPECT_TRUE(std::regex_search(info, std::regex(R"(Page\s+2 TrimBox:\s+0\.00\s+0\.00\s+612\.00\s+792\.00)"))) << info;
  ASSERT_EQ(test::run_command("pdfinfo -box -f 3 -l 3 " + quoted(dir / "backs.pdf"), &info), 0);
  EXPECT_TRUE(std::regex_search(info, std::regex(R"(Page\s+3 TrimBox:\s+8\.50\s+8\.50\s+175\.75\s+266\.46)"))) << info;
  EXPECT_TRUE(std::regex_search(info, std::regex(R"(Page\s+3 BleedBox:\s+0\.00\s+0\.00\s+184\.25\s+274\.96)"))) << info;

  std::string fonts;
  test::run_command("pdffonts " + quoted(dir / "pnp/mini-a4.pdf"), &fonts);
  EXPECT_NE(fonts.find("EBGaramond"), std::string::npos) << fonts;
  EXPECT_EQ(fonts.find(" no  "), std::string::npos) << "a font is not embedded:\n" << fonts;
}

TEST(PrintBuild, BacksLandBehindTheirFrontsAndFollowTheOffset) {
  PrintProject p;
  // Two cards: fronts in the top row's first two cells.
  p.write("data/games/mini.yaml", test::replace(MiniProject::game_yaml(), "copies: 2", "copies: 1"));
  test::TempDir out, tmp;
  ASSERT_EQ(kartenwerk("--root " + quoted(p.root()) + " build --format pdf --out " + quoted(out.path())).status, 0);
  fs::path a4 = out.path() / "mini/pnp/mini-a4.pdf";
  // A4 grid: x 16.5 | 75.5 | 134.5 | 193.5, y from 12.
  render::Raster front = page_pixels(a4, 1, tmp.path());
  ASSERT_GE(front.width, 210);                       // pdftoppm rounds 595.28 pt up to 211 px
  EXPECT_EQ(hex(front.pixel(20, 100)), "#112233");   // alpha (north), cell 1
  EXPECT_EQ(hex(front.pixel(80, 100)), "#a72608");   // beta (south), cell 2
  EXPECT_EQ(hex(front.pixel(140, 100)), "#ffffff");  // cell 3 is empty
  render::Raster back = page_pixels(a4, 2, tmp.path());
  // Turned over about the long edge, cell 1 is on the right, cell 2 in the middle.
  EXPECT_EQ(hex(back.pixel(20, 100)), "#ffffff");
  EXPECT_EQ(hex(back.pixel(80, 100)), "#002e66");
  EXPECT_EQ(hex(back.pixel(140, 100)), "#002e66");
  EXPECT_EQ(hex(back.pixel(194, 100)), "#ffffff");  // just right of the grid
  EXPECT_EQ(hex(back.pixel(76, 100)), "#002e66");

  // With an offset of 2 mm to the right the backs reach past the grid.
  test::TempDir moved;
  auto r = kartenwerk("--root " + quoted(p.root()) + " build --format pdf --duplex-offset 2,0 --out " +
                      quoted(moved.path()));
  ASSERT_EQ(r.status, 0) << r.output;
  render::Raster shifted = page_pixels(moved.path() / "mini/pnp/mini-a4.pdf", 2, tmp.path());
  EXPECT_EQ(hex(shifted.pixel(194, 100)), "#002e66");
  EXPECT_EQ(hex(shifted.pixel(76, 100)), "#ffffff");  // the middle back now starts at 77.5
  // The front pages do not move.
  render::Raster same = page_pixels(moved.path() / "mini/pnp/mini-a4.pdf", 1, tmp.path());
  EXPECT_EQ(same.rgba, front.rgba);
}

TEST(PrintBuild, CutLinesOptionAddsLines) {
  PrintProject p;
  test::TempDir plain, lined;
  ASSERT_EQ(kartenwerk("--root " + quoted(p.root()) + " build --format pdf --out " + quoted(plain.path())).status, 0);
  ASSERT_EQ(
      kartenwerk("--root " + quoted(p.root()) + " build --format pdf --cut-lines --out " + quoted(lined.path())).status,
      0);
  auto a = read_file(plain.path() / "mini/pnp/mini-a4.pdf"), b = read_file(lined.path() / "mini/pnp/mini-a4.pdf");
  ASSERT_TRUE(a && b);
  EXPECT_NE(*a, *b);
  // The card PDF does not change.
  EXPECT_EQ(read_file(plain.path() / "mini/mini.pdf"), read_file(lined.path() / "mini/mini.pdf"));
}

TEST(PrintBuild, BadPrintSettingsAreReported) {
  PrintProject p;
  test::TempDir out;
  auto r = kartenwerk("--root " + quoted(p.root()) + " build --duplex-offset 1 --out " + quoted(out.path()));
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.output.find("--duplex-offset: '1' is not X,Y"), std::string::npos) << r.output;

  std::string yaml = *read_file(test::source_root() / "data/print/sheets.yaml");
  yaml = test::replace(yaml, "    height: 297\n", "    height: lots\n");
  yaml = test::replace(yaml, "  sheets: [a4, letter]", "  sheets: [a4, legal]");
  p.write("data/print/sheets.yaml", yaml);
  r = kartenwerk("--root " + quoted(p.root()) + " build --out " + quoted(out.path()));
  EXPECT_EQ(r.status, 1);
  EXPECT_TRUE(std::regex_search(r.output, std::regex(R"(sheets\.yaml:\d+:13: error: 'height' must be a number)")))
      << r.output;
  EXPECT_TRUE(std::regex_search(r.output, std::regex(R"(sheets\.yaml:\d+:\d+: error: unknown sheet 'legal')")))
      << r.output;
  EXPECT_TRUE(fs::is_empty(out.path()));
}

TEST(PrintBuild, ManifestListsEveryFileWithItsHashAndTheInput) {
  PrintProject p;
  test::TempDir out;
  auto r = kartenwerk("--root " + quoted(p.root()) + " build --out " + quoted(out.path()));
  ASSERT_EQ(r.status, 0) << r.output;
  fs::path dir = out.path() / "mini";
  std::string json = *read_file(dir / "manifest.json");
  std::map<std::string, std::pair<std::uintmax_t, std::string>> listed;
  std::regex entry(R"re(\{"path": "([^"]*)", "bytes": (\d+), "sha256": "([0-9a-f]{64})"\})re");
  auto files_part = json.substr(0, json.find("\"inputs\""));
  for (std::sregex_iterator it(files_part.begin(), files_part.end(), entry), end; it != end; ++it)
    listed[(*it)[1]] = {std::stoull((*it)[2]), (*it)[3]};
  size_t on_disk = 0;
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    if (!e.is_regular_file() || e.path().filename() == "manifest.json") continue;
    ++on_disk;
    std::string rel = fs::relative(e.path(), dir).generic_string();
    ASSERT_EQ(listed.count(rel), 1u) << rel << " is not in the manifest";
    EXPECT_EQ(listed[rel].first, e.file_size()) << rel;
    EXPECT_EQ(listed[rel].second, sha256_file(e.path())) << rel;
  }
  EXPECT_EQ(listed.size(), on_disk);
  EXPECT_GE(on_disk, 15u);
  for (const char* f : {"overview.png", "tts/mini-1.jpg", "tts/mini-back.jpg", "tts/mini-main.json",
                        "tts/mini-main.png", "mini.pdf", "pnp/mini-a4.pdf", "backs.pdf"})
    EXPECT_EQ(listed.count(f), 1u) << f;
  // The input hash is that of the project tree with this build's options.
  auto input =
      products::snapshot_inputs(project::DiskProject(p.root()), "formats=png,jpg,pdf cut-lines=no duplex-offset=0,0");
  EXPECT_NE(json.find("\"input\": {\"sha256\": \"" + input.sha256 + "\""), std::string::npos) << json.substr(0, 400);
  // Progress went to stderr as plain lines (not a terminal here).
  EXPECT_NE(r.output.find("mini: "), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("(100%)"), std::string::npos) << r.output;
}

TEST(PrintBuild, ColorCmykConvertsThePrintPdfsOnly) {
  PrintProject p;
  for (const char* f : {"data/print/color.yaml", "data/print/icc/kartenwerk-fogra39-300.icc",
                        "data/print/icc/kartenwerk-gracol-240.icc"})
    p.write(f, *read_file(test::source_root() / f));
  test::TempDir out;
  auto r = kartenwerk("--root " + quoted(p.root()) + " build --format pdf --color cmyk --out " + quoted(out.path()));
  ASSERT_EQ(r.status, 0) << r.output;
  fs::path dir = out.path() / "mini";
  for (const char* f : {"mini.pdf", "fronts.pdf", "backs.pdf"}) {
    EXPECT_TRUE(exporters::has_output_intent(dir / f)) << f;
    EXPECT_LE(exporters::measure_ink(dir / f, 1, 50).max_total, 300.0) << f;
  }
  EXPECT_EQ(pages(dir / "backs.pdf"), 3);
  EXPECT_FALSE(exporters::has_output_intent(dir / "pnp/mini-a4.pdf"));  // home printers take RGB
  std::string manifest = *read_file(dir / "manifest.json");
  EXPECT_NE(manifest.find("color=cmyk"), std::string::npos);

  EXPECT_EQ(kartenwerk("--root " + quoted(p.root()) + " build --color cmy --out " + quoted(out.path())).status, 2);
  fs::remove(p.root() / "data/print/color.yaml");
  auto missing = kartenwerk("--root " + quoted(p.root()) + " build --color cmyk --out " + quoted(out.path()));
  EXPECT_EQ(missing.status, 1);
  EXPECT_NE(missing.output.find("color.yaml is missing"), std::string::npos) << missing.output;
}

TEST(PrintBuild, OneThreadOrManyGiveTheSameFiles) {
  PrintProject p;
  test::TempDir one, many;
  auto a = kartenwerk("--root " + quoted(p.root()) + " build -j1 --out " + quoted(one.path()));
  ASSERT_EQ(a.status, 0) << a.output;
  auto b = kartenwerk("--root " + quoted(p.root()) + " build --jobs 4 --out " + quoted(many.path()));
  ASSERT_EQ(b.status, 0) << b.output;
  int compared = 0;
  for (const auto& e : fs::recursive_directory_iterator(one.path())) {
    if (!e.is_regular_file()) continue;
    fs::path twin = many.path() / fs::relative(e.path(), one.path());
    EXPECT_TRUE(test::output_bytes(e.path()) == test::output_bytes(twin)) << e.path();
    ++compared;
  }
  EXPECT_GE(compared, 20);
  EXPECT_EQ(kartenwerk("--root " + quoted(p.root()) + " build -j 0").status, 2);
  EXPECT_EQ(kartenwerk("--root " + quoted(p.root()) + " build -jx").status, 2);
}

}  // namespace
}  // namespace kw
