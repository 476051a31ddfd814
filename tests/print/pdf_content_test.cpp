// Reading back what a PDF draws: text sizes and colours, line widths, image
// resolution and fonts, from a page with known content.
#include <gtest/gtest.h>

#include "print/pdf/pdf_content.h"
#include "print/pdf/print_pdf.h"
#include "support/test_support.h"
#include "text/font_library.h"
#include "text/typesetter.h"

namespace kw::print {
namespace {

TEST(PdfContent, TextLinesAndFontsAsPrinted) {
  Diagnostics diags;
  auto fonts = text::FontLibrary::load(test::source_project(), diags);
  text::Typesetter typesetter(*fonts);
  page::Page page;
  page.id = "t/content";
  page.size = {65, 97};
  page.trim = {3, 3, 59, 91};
  page::Item bg;
  page::RectShape rect;
  rect.rect = {0, 0, 65, 97};
  rect.paint.fill = Color{0x11, 0x22, 0x33, 255};
  bg.shape = rect;
  page.items.push_back(bg);
  page::Item line;
  page::PathShape path;
  path.commands = {{page::PathCommand::Op::Move, {{10, 50}}}, {page::PathCommand::Op::Line, {{50, 50}}}};
  path.paint.stroke = Color{255, 255, 255, 255};
  path.paint.stroke_width = 0.3;  // mm = 0.85 pt
  line.shape = path;
  // Drawn at half size: 0.425 pt as printed.
  line.transform = Affine::scale(0.5, 0.5);
  page.items.push_back(line);
  text::TextStyle style;
  style.max_size_pt = style.min_size_pt = 9;
  style.color = Color{0xff, 0xee, 0xdd, 255};
  auto set = typesetter.set("Gondor", style, {40, 10});
  ASSERT_TRUE(set.text) << set.error;
  for (auto& run : set.text->runs) {
    page::Item t;
    t.shape = run;
    t.transform = Affine::translate(10, 20);
    page.items.push_back(t);
  }
  test::TempDir dir;
  PrintPdf pdf(dir.path() / "c.pdf");
  pdf.add(page);
  pdf.finish();

  auto pages = read_pdf_content(dir.path() / "c.pdf");
  ASSERT_EQ(pages.size(), 1u);
  const auto& c = pages[0];
  EXPECT_NEAR(c.size.w, 65, 1e-3);
  ASSERT_EQ(c.texts.size(), 1u);
  EXPECT_NEAR(c.texts[0].size_pt, 9, 1e-6);
  ASSERT_TRUE(c.texts[0].color);
  EXPECT_EQ(*c.texts[0].color, (Color{0xff, 0xee, 0xdd, 255}));
  EXPECT_EQ(c.texts[0].glyphs, 6u);
  EXPECT_NEAR(c.texts[0].origin.x, 10, 0.5);  // the text box's left edge
  EXPECT_GT(c.texts[0].origin.y, 20);         // the baseline lies below the box's top
  EXPECT_LT(c.texts[0].origin.y, 25);
  double widest = 0;
  for (const auto& p : c.paths)
    if (p.stroked) {
      widest = std::max(widest, p.line_width_pt);
      EXPECT_TRUE(p.straight);
      EXPECT_NEAR(p.bounds.x, 5, 1e-3);  // 10 mm at half size
      EXPECT_NEAR(p.bounds.w, 20, 1e-3);
    }
  EXPECT_NEAR(widest, mm_to_pt(0.3) / 2, 1e-3);
  ASSERT_EQ(c.fonts.size(), 1u);
  EXPECT_TRUE(c.fonts[0].embedded);
  EXPECT_NE(c.fonts[0].name.find("EBGaramond12-Regular"), std::string::npos);
  EXPECT_TRUE(c.images.empty());
  EXPECT_THROW(read_pdf_content(dir.path() / "none.pdf"), std::runtime_error);
}

}  // namespace
}  // namespace kw::print
