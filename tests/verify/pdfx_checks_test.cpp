// Preflight's PDF/X and colour checks on files the CMYK converter wrote as
// PDF/X-4 and as PDF/X-1a (with live transparency, which only X-4 may keep):
// each passes as what it is, and an X-4 file checked as X-1a is named wrong
// on every count that differs.
#include <gtest/gtest.h>

#include "exporters/cmyk.h"
#include "exporters/print_pdf.h"
#include "pdf/pdf_boxes.h"
#include "pdf/pdf_content.h"
#include "support/test_support.h"
#include "verify/card_checks.h"

namespace kw::verify {
namespace {

page::Item rect(Rect r, Color c) {
  page::RectShape s;
  s.rect = r;
  s.paint.fill = c;
  page::Item item;
  item.shape = s;
  item.bounds = r;
  return item;
}

// A card: a dark green ground, a black area and a half-transparent overlay,
// in CMYK as `level`.
std::filesystem::path converted(const test::TempDir& dir, exporters::PdfxLevel level, checks::PressCheck& press) {
  Diagnostics diags;
  auto settings = exporters::load_cmyk_settings(test::source_project(), diags);
  EXPECT_TRUE(settings);
  settings->pdfx = level;
  page::Page p;
  p.id = "t/pdfx";
  p.size = {65, 97};
  p.trim = {3, 3, 59, 91};
  p.items.push_back(rect({0, 0, 65, 97}, {0x11, 0x41, 0x2d, 255}));
  p.items.push_back(rect({8, 60, 49, 20}, {0, 0, 0, 255}));
  p.items.push_back(rect({8, 20, 49, 10}, {0x2c, 0x8c, 0x99, 128}));
  auto file = dir.path() / (level == exporters::PdfxLevel::X1a ? "x1a.pdf" : "x4.pdf");
  exporters::PrintPdf out(file, {.title = "PDF/X", .clock = Clock{}});
  out.add(p);
  out.finish();
  pdf::set_page_boxes(file, std::vector<pdf::PageBoxes>{pdf::boxes_of(p)});
  exporters::convert_to_cmyk(file, *settings);
  press.settings = *settings;
  press.level = level;
  press.colours = std::make_shared<exporters::PressColours>(*settings);
  return file;
}

std::vector<std::string> colour_findings(const std::filesystem::path& file, const checks::PressCheck& press) {
  CardPreflight card;
  for (const auto& page : pdf::read_pdf_content(file)) checks::check_colours(page, press, "p", card);
  std::vector<std::string> out;
  for (const auto& f : card.findings) out.push_back(f.message);
  return out;
}

TEST(PdfxChecks, EachFlavourPassesAsWhatItIs) {
  test::TempDir dir;
  for (exporters::PdfxLevel level : {exporters::PdfxLevel::X4, exporters::PdfxLevel::X1a}) {
    checks::PressCheck press;
    auto file = converted(dir, level, press);
    auto pdfx = checks::check_pdfx(file, level);
    EXPECT_TRUE(pdfx.file.empty()) << exporters::pdfx_name(level) << ": " << pdfx.file.front();
    ASSERT_EQ(pdfx.pages.size(), 1u);
    EXPECT_TRUE(pdfx.pages[0].empty()) << pdfx.pages[0].front();
    EXPECT_TRUE(colour_findings(file, press).empty()) << colour_findings(file, press).front();
    auto claim = checks::read_pdfx_claim(file);
    EXPECT_EQ(claim.version, level == exporters::PdfxLevel::X1a ? "PDF/X-1:2001" : "PDF/X-4");
    EXPECT_EQ(claim.identifier, "FOGRA39");
  }
}

TEST(PdfxChecks, AnX4FileIsNoX1a) {
  test::TempDir dir;
  checks::PressCheck press;
  auto file = converted(dir, exporters::PdfxLevel::X4, press);
  auto pdfx = checks::check_pdfx(file, exporters::PdfxLevel::X1a);
  EXPECT_EQ(pdfx.file, (std::vector<std::string>{"PDF version 1.6, PDF/X-1a:2001 allows at most 1.3",
                                                 "GTS_PDFXVersion is 'PDF/X-4', not 'PDF/X-1:2001'"}));
  press.level = exporters::PdfxLevel::X1a;
  auto colours = colour_findings(file, press);
  ASSERT_FALSE(colours.empty());
  EXPECT_EQ(colours.back().rfind("p: transparency, which PDF/X-1a does not allow: ", 0), 0u) << colours.back();
}

}  // namespace
}  // namespace kw::verify
