// Page boxes written with qpdf and read back, by our reader and by poppler's
// pdfinfo; page copies for the Meinspiel per-side PDFs.
#include <gtest/gtest.h>

#include <map>
#include <regex>
#include <sstream>

#include "core/files.h"
#include "exporters/print_pdf.h"
#include "pdf/pdf_boxes.h"
#include "support/solid_page.h"
#include "support/test_support.h"

namespace kw::pdf {
namespace {

namespace fs = std::filesystem;

page::Page page(Size size, Rect trim, Color color, const std::string& id = "t/page") {
  page::Page p = test::solid_page(id, size, trim, color);
  p.safe = trim.inset(4);
  p.edge_color = color;
  p.items.front().name = "background";
  return p;
}

page::Page card(Color color = {20, 40, 60, 255}) { return page({65, 97}, {3, 3, 59, 91}, color, "t/card"); }

void expect_box(const Rect& got, const Rect& want, const std::string& what) {
  constexpr double tol = 0.001;  // boxes are stored to 1/1000 pt
  EXPECT_NEAR(got.x, want.x, tol) << what;
  EXPECT_NEAR(got.y, want.y, tol) << what;
  EXPECT_NEAR(got.w, want.w, tol) << what;
  EXPECT_NEAR(got.h, want.h, tol) << what;
}

// pdfinfo -box's lines for page `n`: box name -> {llx, lly, urx, ury} in points.
std::map<std::string, std::vector<double>> pdfinfo_boxes(const fs::path& pdf, int n) {
  std::string out;
  std::string cmd = "pdfinfo -box -f " + std::to_string(n) + " -l " + std::to_string(n) + " '" + pdf.string() + "'";
  EXPECT_EQ(test::run_command(cmd, &out), 0) << out;
  std::map<std::string, std::vector<double>> boxes;
  std::regex line("Page +" + std::to_string(n) + " (\\w+Box): +([-0-9.]+) +([-0-9.]+) +([-0-9.]+) +([-0-9.]+)");
  for (std::sregex_iterator it(out.begin(), out.end(), line), end; it != end; ++it)
    boxes[(*it)[1]] = {std::stod((*it)[2]), std::stod((*it)[3]), std::stod((*it)[4]), std::stod((*it)[5])};
  return boxes;
}

TEST(PdfBoxes, CardPagesCarryMediaBleedAndTrimBoxes) {
  test::TempDir dir;
  fs::path file = dir.path() / "cards.pdf";
  exporters::PrintPdf pdf(file, {.title = "Test", .clock = Clock{}});
  pdf.add(card());
  pdf.add(page({148, 210}, {0, 0, 148, 210}, {255, 255, 255, 255}, "t/a5"));  // a booklet page: no bleed
  pdf.finish();
  ASSERT_TRUE(fs::exists(file));
  // Nothing else is left in the folder (no temporary file).
  EXPECT_EQ(std::distance(fs::directory_iterator(dir.path()), fs::directory_iterator()), 1);

  auto boxes = read_page_boxes(file);
  ASSERT_EQ(boxes.size(), 2u);
  expect_box(boxes[0].media, {0, 0, 65, 97}, "media");
  expect_box(boxes[0].bleed, {0, 0, 65, 97}, "bleed");
  expect_box(boxes[0].trim, {3, 3, 59, 91}, "trim");
  expect_box(boxes[1].media, {0, 0, 148, 210}, "a5 media");
  expect_box(boxes[1].trim, {0, 0, 148, 210}, "a5 trim");

  // The same through poppler, in points from the bottom-left corner:
  // 3 mm = 8.504 pt, 62 mm = 175.748 pt, 94 mm = 266.457 pt.
  auto info = pdfinfo_boxes(file, 1);
  ASSERT_EQ(info.count("TrimBox"), 1u);
  EXPECT_NEAR(info["MediaBox"][2], 184.25, 0.01);
  EXPECT_NEAR(info["MediaBox"][3], 274.96, 0.01);
  EXPECT_NEAR(info["TrimBox"][0], 8.50, 0.01);
  EXPECT_NEAR(info["TrimBox"][1], 8.50, 0.01);
  EXPECT_NEAR(info["TrimBox"][2], 175.75, 0.01);
  EXPECT_NEAR(info["TrimBox"][3], 266.46, 0.01);
  EXPECT_EQ(info["BleedBox"], info["MediaBox"]);

  std::string check;
  EXPECT_EQ(test::run_command("qpdf --check '" + file.string() + "'", &check), 0) << check;
}

TEST(PdfBoxes, AnAsymmetricTrimKeepsItsPlace) {
  // y runs down in layout and up in PDF: a trim nearer the top must stay there.
  test::TempDir dir;
  fs::path file = dir.path() / "odd.pdf";
  exporters::PrintPdf pdf(file, {});
  pdf.add(page({100, 50}, {2, 1, 90, 40}, {0, 0, 0, 255}));
  pdf.finish();
  auto boxes = read_page_boxes(file);
  expect_box(boxes.at(0).trim, {2, 1, 90, 40}, "trim");
  auto info = pdfinfo_boxes(file, 1);
  EXPECT_NEAR(info["TrimBox"][1], mm_to_pt(50 - 41), 0.01);  // lower edge 9 mm above the bottom
  EXPECT_NEAR(info["TrimBox"][3], mm_to_pt(49), 0.01);
}

TEST(PdfBoxes, OutputIsDeterministic) {
  test::TempDir dir;
  for (const char* name : {"a.pdf", "b.pdf"}) {
    exporters::PrintPdf pdf(dir.path() / name, {});
    pdf.add(card());
    pdf.finish();
  }
  EXPECT_EQ(*read_file(dir.path() / "a.pdf"), *read_file(dir.path() / "b.pdf"));
}

TEST(PdfBoxes, WrongNumberOfBoxesIsAnError) {
  test::TempDir dir;
  fs::path file = dir.path() / "one.pdf";
  exporters::PrintPdf pdf(file, {});
  pdf.add(card());
  pdf.finish();
  std::vector<PageBoxes> two(2, boxes_of(card()));
  EXPECT_THROW(set_page_boxes(file, two), std::runtime_error);
  EXPECT_THROW(read_page_boxes(dir.path() / "missing.pdf"), std::runtime_error);
}

TEST(PdfCopyPages, RepeatedPagesShareTheirContent) {
  test::TempDir dir;
  fs::path src = dir.path() / "game.pdf";
  {
    exporters::PrintPdf pdf(src, {.title = "Spiel", .clock = Clock{}});
    pdf.add(card({200, 0, 0, 255}));
    pdf.add(card({0, 200, 0, 255}));
    pdf.add(card({0, 0, 200, 255}));  // the back
    pdf.finish();
  }
  fs::path fronts = dir.path() / "fronts.pdf", backs = dir.path() / "backs.pdf";
  std::vector<int> front_pages = {0, 1}, back_pages(50, 2);
  copy_pages(src, front_pages, fronts);
  copy_pages(src, back_pages, backs);
  EXPECT_EQ(pdf_page_count(fronts), 2);
  EXPECT_EQ(pdf_page_count(backs), 50);
  // Boxes come along with the pages.
  for (const auto& b : read_page_boxes(backs)) expect_box(b.trim, {3, 3, 59, 91}, "trim");
  // 50 backs cost little more than one: the content stream is shared.
  EXPECT_LT(fs::file_size(backs), fs::file_size(src) + 50 * 300);
  std::string out;
  ASSERT_EQ(test::run_command("pdfinfo '" + backs.string() + "'", &out), 0) << out;
  EXPECT_NE(out.find("Title:           Spiel"), std::string::npos) << out;
  ASSERT_EQ(test::run_command("qpdf --check '" + backs.string() + "'", &out), 0) << out;

  std::vector<int> bad = {3};
  EXPECT_THROW(copy_pages(src, bad, dir.path() / "bad.pdf"), std::runtime_error);
}

}  // namespace
}  // namespace kw::pdf
