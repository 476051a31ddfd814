// CMYK print PDFs: converted by kartenwerk (LittleCMS) through the ICC
// profile of a press condition of data/print/color.yaml, marked PDF/X; black
// text as pure K that overprints, black areas as rich black, and the total
// ink within the limit, measured on pages rendered in CMYK by Ghostscript.
#include <gtest/gtest.h>

#include <regex>

#include "core/files.h"
#include "exporters/cmyk.h"
#include "exporters/press_colours.h"
#include "exporters/print_pdf.h"
#include "pdf/pdf_boxes.h"
#include "pdf/pdf_rewrite.h"
#include "project/memory_project.h"
#include "support/test_support.h"
#include "text/font_library.h"
#include "text/typesetter.h"

namespace kw::exporters {
namespace {

namespace fs = std::filesystem;

CmykSettings settings() {
  Diagnostics diags;
  auto s = load_cmyk_settings(test::source_project(), diags);
  EXPECT_TRUE(s) << format_diagnostics(diags);
  return s.value_or(CmykSettings{});
}

page::Item rect(Rect r, Color c, double alpha = 1) {
  page::RectShape s;
  s.rect = r;
  c.a = static_cast<std::uint8_t>(alpha * 255);
  s.paint.fill = c;
  page::Item item;
  item.shape = s;
  item.bounds = r;
  return item;
}

// A card: a white panel with black text (#1d1d1b, a designer's "100 % K"),
// dark and saturated colours, a grey line and a half-transparent overlay.
page::Page card(const text::Typesetter& typesetter, bool on_red) {
  page::Page p;
  p.id = "t/cmyk";
  p.size = {65, 97};
  p.trim = {3, 3, 59, 91};
  p.items.push_back(rect({0, 0, 65, 97}, {0x11, 0x41, 0x2d, 255}));        // Rohan green, through the bleed
  p.items.push_back(rect({8, 8, 49, 30}, {255, 255, 255, 255}));           // white panel
  p.items.push_back(rect({8, 45, 49, 10}, {0xa7, 0x26, 0x08, 255}));       // Mordor red
  p.items.push_back(rect({8, 60, 49, 10}, {0, 0, 0, 255}));                // black area
  p.items.push_back(rect({8, 75, 49, 10}, {0x2c, 0x8c, 0x99, 255}, 0.5));  // transparent
  page::PathShape line;
  line.commands = {{page::PathCommand::Op::Move, {{8, 42}}}, {page::PathCommand::Op::Line, {{57, 42}}}};
  line.paint.stroke = Color{0x80, 0x80, 0x80, 255};
  line.paint.stroke_width = 0.5;
  page::Item l;
  l.shape = line;
  p.items.push_back(l);
  text::TextStyle style;
  style.max_size_pt = style.min_size_pt = 28;
  style.color = Color{0x1d, 0x1d, 0x1b, 255};
  auto set = typesetter.set("Schwarz", style, {45, 26});
  EXPECT_TRUE(set.text) << set.error;
  for (auto& run : set.text->runs) {
    page::Item t;
    t.shape = run;
    t.transform = Affine::translate(10, 10);
    p.items.push_back(t);
  }
  if (on_red) {  // black text over the red: its K overprints the red's inks
    style.max_size_pt = style.min_size_pt = 14;
    auto red = typesetter.set("Rot", style, {45, 8});
    EXPECT_TRUE(red.text) << red.error;
    for (auto& run : red.text->runs) {
      page::Item t;
      t.shape = run;
      t.transform = Affine::translate(10, 46);
      p.items.push_back(t);
    }
  }
  return p;
}

struct Converted {
  test::TempDir dir;
  fs::path pdf;
  explicit Converted(bool text_on_red = false) {
    Diagnostics diags;
    auto fonts = text::FontLibrary::load(test::source_project(), diags);
    text::Typesetter typesetter(*fonts);
    pdf = dir.path() / "card.pdf";
    PrintPdf out(pdf, {.title = "CMYK", .clock = Clock{}});
    out.add(card(typesetter, text_on_red));
    out.finish();
  }
};

TEST(Cmyk, SettingsComeFromData) {
  CmykSettings s = settings();
  EXPECT_TRUE(fs::exists(s.icc)) << s.icc;
  EXPECT_EQ(s.id, "fogra39");
  EXPECT_EQ(s.identifier, "FOGRA39");
  EXPECT_EQ(s.ink_limit, 300);
  EXPECT_TRUE(s.neutrals_to_k);
  EXPECT_EQ(s.rich_black, (std::array<double, 4>{60, 40, 40, 100}));
  Diagnostics diags;
  auto us = load_cmyk_settings(test::source_project(), diags, "gracol-240");
  ASSERT_TRUE(us) << format_diagnostics(diags);
  EXPECT_EQ(us->ink_limit, 240);
  EXPECT_TRUE(fs::exists(us->icc)) << us->icc;
}

// The rich black stands in for a black area only where it prints like the
// colour's own conversion: Das Duell's Balrog ground #140b08, a dark brown
// that a red glow is blended over, keeps its inks (issue 30: swapped for
// 60/40/40/100, the glow printed grey-brown).
TEST(Cmyk, TheRichBlackStandsInOnlyForColoursItPrintsLike) {
  PressColours colours(settings());
  const Cmyk rich{0.6, 0.4, 0.4, 1};
  EXPECT_EQ(colours.convert({0, 0, 0}, PaintUse::Area).cmyk, rich);
  const Rgb brown{0x14 / 255.0, 0x0b / 255.0, 0x08 / 255.0};
  const Cmyk ground = colours.convert(brown, PaintUse::Area).cmyk;
  EXPECT_NE(ground, rich);
  EXPECT_EQ(ground, colours.plain(brown));
  EXPECT_GT(PressColours::delta_e(colours.lab_of(rich), colours.lab_of(colours.plain(brown))), kRichBlackMatch);
  // In text it is still black ink alone.
  EXPECT_EQ(colours.convert(brown, PaintUse::Text).cmyk, (Cmyk{0, 0, 0, 1}));
}

// Black ink alone stands in for a small near-black shape only where it
// prints like the colour's own conversion: Das Duell's black sun, a disc of
// the Balrog's panel brown #1e0d08 8 mm across, printed 100 % K (ΔE2000 4.8
// from its conversion, 6.1 in the 1 mm cells along its rim; issue 30).
// Text and thin lines of the same brown stay black ink alone.
TEST(Cmyk, BlackInkAloneStandsInForASmallShapeOnlyWhereItPrintsLikeIt) {
  PressColours colours(settings());
  const Cmyk k{0, 0, 0, 1};
  const Rgb panel{0x1e / 255.0, 0x0d / 255.0, 0x08 / 255.0};
  ASSERT_LE(colours.distance_from_black(panel), colours.settings().near_black_delta_e);  // near black
  EXPECT_GT(PressColours::delta_e(colours.lab_of(k), colours.lab_of(colours.plain(panel))), kRichBlackMatch);
  EXPECT_EQ(colours.convert(panel, PaintUse::SmallFill).cmyk, colours.plain(panel));
  EXPECT_FALSE(colours.convert(panel, PaintUse::SmallFill).overprint);
  EXPECT_EQ(colours.convert(panel, PaintUse::Text).cmyk, k);
  EXPECT_EQ(colours.convert(panel, PaintUse::Line).cmyk, k);
  // Black and a near-black grey are still black ink alone in a small shape.
  EXPECT_EQ(colours.convert({0, 0, 0}, PaintUse::SmallFill).cmyk, k);
  EXPECT_EQ(colours.convert({0.06, 0.06, 0.06}, PaintUse::SmallFill).cmyk, k);
}

TEST(Cmyk, BlackTextIsPureKAndTheInkStaysWithinTheLimit) {
  Converted c;
  auto boxes_before = pdf::read_page_boxes(c.pdf);
  convert_to_cmyk(c.pdf, settings());
  EXPECT_TRUE(has_output_intent(c.pdf));

  // Measured on the page rendered in CMYK at 150 dpi (mm * 150 / 25.4 px).
  InkCoverage ink = measure_ink(c.pdf, 1, 150);
  ASSERT_GT(ink.width, 0);
  EXPECT_LE(ink.max_total, 300.0);
  auto px = [&](double x_mm, double y_mm) {
    return ink.at(static_cast<int>(x_mm * 150 / 25.4), static_cast<int>(y_mm * 150 / 25.4));
  };
  // The text on the white panel: every inked pixel is black ink only.
  int text_pixels = 0;
  for (int y = static_cast<int>(9 * 150 / 25.4); y < static_cast<int>(37 * 150 / 25.4); ++y)
    for (int x = static_cast<int>(9 * 150 / 25.4); x < static_cast<int>(56 * 150 / 25.4); ++x) {
      auto p = ink.at(x, y);
      if (p.k == 0) continue;
      ++text_pixels;
      ASSERT_EQ(p.c + p.m + p.y, 0) << "colour ink in black text at " << x << "," << y;
    }
  EXPECT_GT(text_pixels, 500);
  // The black area (49 x 10 mm, an area by rich_black_min) prints as the rich black 60/40/40/100.
  auto black = px(30, 65);
  EXPECT_EQ(black.k, 255);
  EXPECT_NEAR(black.c, 153, 3);
  EXPECT_NEAR(black.m, 102, 3);
  EXPECT_NEAR(black.y, 102, 3);
  auto grey = px(30, 42);  // the 50 % grey line: K only
  EXPECT_EQ(grey.c + grey.m + grey.y, 0);
  EXPECT_GT(grey.k, 0);
  auto red = px(30, 50);  // Mordor red: magenta and yellow
  EXPECT_GT(red.m, 180);
  EXPECT_GT(red.y, 180);
  auto green = px(2, 2);  // the bleed
  EXPECT_GT(green.c, 100);
  EXPECT_GT(green.k, 60);

  // No RGB left in the file: every colour operator is CMYK.
  fs::path qdf = c.dir.path() / "qdf.pdf";
  std::string out;
  ASSERT_EQ(
      test::run_command("qpdf --qdf --object-streams=disable '" + c.pdf.string() + "' '" + qdf.string() + "'", &out), 0)
      << out;
  std::string text = *read_file(qdf);
  EXPECT_FALSE(std::regex_search(text, std::regex(R"([\d.] (rg|RG)\b)"))) << "RGB colour operators left";
  EXPECT_TRUE(std::regex_search(text, std::regex(R"(0 0 0 1 k)")));
  // The black text overprints.
  EXPECT_TRUE(std::regex_search(text, std::regex(R"(0 0 0 1 k\n/kwOverprint gs\n\[?[^\n]*(TJ|Tj))")));
  EXPECT_NE(text.find("/OP true"), std::string::npos);
  EXPECT_NE(text.find("<pdfxid:GTS_PDFXVersion>PDF/X-4<"), std::string::npos);
  EXPECT_NE(text.find("/Trapped /False"), std::string::npos);
  EXPECT_EQ(text.find("/DeviceRGB"), std::string::npos);  // transparency blends in CMYK too
  EXPECT_NE(text.find("/GTS_PDFX"), std::string::npos);
  std::string info;
  ASSERT_EQ(test::run_command("pdfinfo '" + c.pdf.string() + "'", &info), 0);
  EXPECT_NE(info.find("PDF version:     1.6"), std::string::npos) << info;

  auto boxes_after = pdf::read_page_boxes(c.pdf);
  ASSERT_EQ(boxes_after.size(), 1u);
  EXPECT_NEAR(boxes_after[0].trim.x, boxes_before[0].trim.x, 1e-3);
  EXPECT_NEAR(boxes_after[0].trim.w, boxes_before[0].trim.w, 1e-3);
}

TEST(Cmyk, ConversionIsDeterministic) {
  Converted a, b;
  convert_to_cmyk(a.pdf, settings());
  convert_to_cmyk(b.pdf, settings());
  EXPECT_TRUE(read_file(a.pdf) == read_file(b.pdf));
}

TEST(Cmyk, TheConvertedFileIsCopiedStreamingWithItsOutputIntent) {
  // qpdf writes the PDF/X-4 file with a classic xref table, so the Meinspiel
  // copies of it (pdf::copy_pages) take the streaming rewriter, and the catalog's
  // /OutputIntents and /Metadata come along.
  Converted c;
  convert_to_cmyk(c.pdf, settings());
  pdf::PdfRewriter rw;
  EXPECT_TRUE(rw.open(c.pdf)) << rw.why();
  fs::path copy = c.dir.path() / "backs.pdf";
  std::vector<int> order = {0, 0, 0};
  pdf::copy_pages(c.pdf, order, copy);
  EXPECT_TRUE(has_output_intent(copy));
  EXPECT_EQ(pdf::pdf_page_count(copy), 3);
  std::string info, meta, check;
  ASSERT_EQ(test::run_command("pdfinfo '" + copy.string() + "'", &info), 0) << info;
  EXPECT_NE(info.find("PDF version:     1.6"), std::string::npos) << info;
  ASSERT_EQ(test::run_command("pdfinfo -meta '" + copy.string() + "'", &meta), 0) << meta;
  EXPECT_NE(meta.find("<pdfxid:GTS_PDFXVersion>PDF/X-4<"), std::string::npos) << meta;
  EXPECT_EQ(test::run_command("qpdf --check '" + copy.string() + "'", &check), 0) << check;
}

TEST(Cmyk, TheInkLimitHoldsEverywhere) {
  Converted c;
  CmykSettings strict = settings();
  strict.ink_limit = 150;  // the green ground and the red need more: C, M and Y give way
  strict.rich_black = {20, 15, 15, 100};
  convert_to_cmyk(c.pdf, strict);
  InkCoverage ink = measure_ink(c.pdf, 1, 100);
  EXPECT_LE(ink.max_total, 151.0);
  EXPECT_GT(ink.max_total, 140.0);  // the green is still as dark as it may be
}

TEST(Cmyk, OverprintBeyondTheInkLimitKnocksOutInstead) {
  Converted c(true);
  CmykSettings strict = settings();
  strict.ink_limit = 150;  // the red at 150 %, and the black text's 100 % K printed over it
  strict.rich_black = {20, 15, 15, 100};
  // Overprinted, the text would carry 250 %: the conversion says so and
  // knocks the red out under the text instead.
  const CmykResult result = convert_to_cmyk(c.pdf, strict);
  EXPECT_NE(result.note.find("black knocks out instead of overprinting"), std::string::npos) << result.note;
  EXPECT_NE(result.note.find("over the limit of 150 %"), std::string::npos) << result.note;
  EXPECT_LE(result.max_ink, 151.0);
  EXPECT_LE(measure_ink(c.pdf, 1, 100).max_total, 151.0);
  // Within the limit, black overprints and nothing is said.
  Converted roomy(true);
  EXPECT_EQ(convert_to_cmyk(roomy.pdf, settings()).note, "");
}

TEST(Cmyk, BadSettingsAreReported) {
  project::MemoryProject root;
  Diagnostics diags;
  EXPECT_FALSE(load_cmyk_settings(root, diags));
  root.add("data/print/color.yaml",
           "default: press\nconditions:\n  press:\n    icc: /nowhere/press.icc\n    ink_limit: 500\n"
           "  lean:\n    icc: /nowhere/press.icc\n    ink_limit: 200\n    rich_black: [60, 40, 40, 100]\n");
  Diagnostics more;
  EXPECT_FALSE(load_cmyk_settings(root, more));
  std::string text = format_diagnostics(more);
  EXPECT_NE(text.find("color.yaml:4:10: error: ICC profile /nowhere/press.icc does not exist"), std::string::npos)
      << text;
  EXPECT_NE(text.find("color.yaml:5:16: error: 'ink_limit' must be between 100 and 400"), std::string::npos) << text;
  Diagnostics lean;
  EXPECT_FALSE(load_cmyk_settings(root, lean, "lean"));
  text = format_diagnostics(lean);
  EXPECT_NE(text.find("color.yaml:9:17: error: the rich black carries 240 % ink, more than the ink limit of 200 %"),
            std::string::npos)
      << text;
  Diagnostics unknown;
  EXPECT_FALSE(load_cmyk_settings(root, unknown, "fogra"));
  text = format_diagnostics(unknown);
  EXPECT_NE(text.find("unknown press condition 'fogra'"), std::string::npos) << text;
  EXPECT_NE(text.find("known press conditions are"), std::string::npos) << text;
}

}  // namespace
}  // namespace kw::exporters
