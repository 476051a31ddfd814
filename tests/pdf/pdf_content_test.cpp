// Reading back what a PDF draws: text sizes and colours, line widths, image
// resolution and fonts, from a page with known content.
#include <gtest/gtest.h>

#define POINTERHOLDER_TRANSITION 4
#include <qpdf/QPDF.hh>
#include <qpdf/QPDFPageDocumentHelper.hh>
#include <qpdf/QPDFWriter.hh>

#include <algorithm>

#include "exporters/print_pdf.h"
#include "pdf/pdf_content.h"
#include "support/test_support.h"
#include "text/font_library.h"
#include "text/typesetter.h"

namespace kw::pdf {
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
  exporters::PrintPdf pdf(dir.path() / "c.pdf", {});
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

// A one-page PDF (100 x 100 pt) drawn by `content`, with resources made by
// `resources` in the document (so that streams can be made).
template <typename F>
std::filesystem::path one_page(const test::TempDir& dir, const std::string& content, F&& resources) {
  QPDF pdf;
  pdf.emptyPDF();
  auto page = QPDFObjectHandle::parse("<< /Type /Page /MediaBox [0 0 100 100] >>");
  page.replaceKey("/Resources", resources(pdf));
  page.replaceKey("/Contents", QPDFObjectHandle::newStream(&pdf, content));
  QPDFPageDocumentHelper(pdf).addPage(pdf.makeIndirectObject(page), false);
  auto file = dir.path() / "made.pdf";
  QPDFWriter w(pdf, file.c_str());
  w.write();
  return file;
}

QPDFObjectHandle stream(QPDF& pdf, const std::string& dict, const std::string& data) {
  auto s = QPDFObjectHandle::newStream(&pdf, data);
  for (auto [key, value] : QPDFObjectHandle::parse(dict).ditems()) s.getDict().replaceKey(key, value);
  return pdf.makeIndirectObject(s);
}

// An 8-bit image of w x h pixels, all of one colour.
QPDFObjectHandle image(QPDF& pdf, int w, int h, const std::string& space, const std::string& pixel) {
  std::string data;
  for (int i = 0; i < w * h; ++i) data += pixel;
  return stream(pdf,
                "<< /Type /XObject /Subtype /Image /Width " + std::to_string(w) + " /Height " + std::to_string(h) +
                    " /ColorSpace " + space + " /BitsPerComponent 8 >>",
                data);
}

const PdfPath* thinnest(const PdfPageContent& c) {
  const PdfPath* best = nullptr;
  for (const auto& p : c.paths)
    if (p.stroked && (!best || p.line_width_pt < best->line_width_pt)) best = &p;
  return best;
}

TEST(PdfContent, LinesInsidePatternsAndGlyphsAsPrinted) {
  test::TempDir dir;
  // A tiling pattern, used from inside a form drawn at twice the size: the
  // pattern matrix (a quarter) maps onto the form's space, so the cell's
  // 0.56 wide line prints 0.56 x 0.25 x 2 = 0.28 pt wide, whatever the CTM
  // where the pattern fills.
  auto file = one_page(dir, "q /Fm1 Do Q BT /T3 10 Tf 1 0 0 1 10 10 Tm (a) Tj ET", [](QPDF& pdf) {
    auto pattern = stream(pdf,
                          "<< /Type /Pattern /PatternType 1 /PaintType 1 /TilingType 1 /BBox [0 0 10 10] /XStep 10 "
                          "/YStep 10 /Matrix [0.25 0 0 0.25 0 0] /Resources << >> >>",
                          "0 0 0 1 K 0.56 w 0 0 m 10 10 l S");
    auto form = stream(pdf, "<< /Type /XObject /Subtype /Form /BBox [0 0 50 50] /Matrix [2 0 0 2 0 0] >>",
                       "3 0 0 3 0 0 cm /Pattern cs /P3 scn 0 0 10 10 re f");
    auto res = QPDFObjectHandle::newDictionary();
    res.replaceKey("/Pattern", QPDFObjectHandle::newDictionary({{"/P3", pattern}}));
    form.getDict().replaceKey("/Resources", res);
    // A Type 3 font whose glyph strokes a 20 unit line: at 10 pt and the
    // font matrix's 0.001, 0.2 pt.
    auto glyph = stream(pdf, "<< >>", "0 0 d0 20 w 0 0 m 500 0 l S");
    auto font = QPDFObjectHandle::parse(
        "<< /Type /Font /Subtype /Type3 /FontBBox [0 0 1000 1000] /FontMatrix [0.001 0 0 0.001 0 0] /FirstChar 97 "
        "/LastChar 97 /Widths [500] /Encoding << /Differences [97 /a] >> >>");
    font.replaceKey("/CharProcs", QPDFObjectHandle::newDictionary({{"/a", glyph}}));
    return QPDFObjectHandle::newDictionary({{"/XObject", QPDFObjectHandle::newDictionary({{"/Fm1", form}})},
                                            {"/Font", QPDFObjectHandle::newDictionary({{"/T3", font}})}});
  });
  auto pages = read_pdf_content(file);
  ASSERT_EQ(pages.size(), 1u);
  std::vector<const PdfPath*> strokes;
  for (const auto& p : pages[0].paths)
    if (p.stroked) strokes.push_back(&p);
  ASSERT_EQ(strokes.size(), 2u);
  const PdfPath* in_pattern = strokes[0]->inside.starts_with("pattern") ? strokes[0] : strokes[1];
  const PdfPath* in_glyph = in_pattern == strokes[0] ? strokes[1] : strokes[0];
  EXPECT_NEAR(in_pattern->line_width_pt, 0.28, 1e-9);
  EXPECT_EQ(in_pattern->inside, "pattern /P3 (form /Fm1)");
  EXPECT_TRUE(in_pattern->indirect);
  EXPECT_NEAR(in_glyph->line_width_pt, 0.2, 1e-9);
  EXPECT_EQ(in_glyph->inside, "Type 3 glyph /a of font /T3");
  EXPECT_EQ(thinnest(pages[0]), in_glyph);
}

TEST(PdfContent, SoftMasksAndTheirResolution) {
  test::TempDir dir;
  // A soft-mask group drawing a 64 x 99 px image over 64 x 99 pt (72 ppi),
  // and an image of 300 x 300 px on a 1 inch square whose /SMask has 30 x 30.
  auto file = one_page(dir, "/GS1 gs q 72 0 0 72 0 0 cm /Im1 Do Q", [](QPDF& pdf) {
    auto mask_image = image(pdf, 64, 99, "/DeviceGray", "\x80");
    auto group = stream(pdf,
                        "<< /Type /XObject /Subtype /Form /BBox [0 0 100 100] /Group << /S /Transparency /CS "
                        "/DeviceGray >> >>",
                        "q 64 0 0 99 0 0 cm /M1 Do Q");
    group.getDict().replaceKey(
        "/Resources",
        QPDFObjectHandle::newDictionary({{"/XObject", QPDFObjectHandle::newDictionary({{"/M1", mask_image}})}}));
    auto gs = QPDFObjectHandle::parse("<< /Type /ExtGState /SMask << /S /Luminosity >> >>");
    gs.getKey("/SMask").replaceKey("/G", group);
    auto photo = image(pdf, 300, 300, "/DeviceCMYK", std::string("\x00\x00\x00\x00", 4));
    photo.getDict().replaceKey("/SMask", image(pdf, 30, 30, "/DeviceGray", "\xff"));
    return QPDFObjectHandle::newDictionary({{"/ExtGState", QPDFObjectHandle::newDictionary({{"/GS1", gs}})},
                                            {"/XObject", QPDFObjectHandle::newDictionary({{"/Im1", photo}})}});
  });
  auto pages = read_pdf_content(file);
  ASSERT_EQ(pages.size(), 1u);
  const auto& images = pages[0].images;
  ASSERT_EQ(images.size(), 3u);
  auto find = [&](int w) {
    return std::find_if(images.begin(), images.end(), [w](const PdfImage& i) { return i.width_px == w; });
  };
  ASSERT_NE(find(64), images.end());
  EXPECT_TRUE(find(64)->soft_mask);
  EXPECT_NEAR(find(64)->dpi, 72, 1e-6);
  EXPECT_EQ(find(64)->inside, "soft mask /GS1");
  EXPECT_FALSE(find(300)->soft_mask);
  EXPECT_NEAR(find(300)->dpi, 300, 1e-6);
  EXPECT_TRUE(find(30)->soft_mask);
  EXPECT_NEAR(find(30)->dpi, 30, 1e-6);
  EXPECT_EQ(find(30)->inside, "soft mask of image /Im1");
  EXPECT_EQ(pages[0].transparency, (std::vector<std::string>{"soft mask in /GS1", "image /Im1 with a soft mask"}));
}

TEST(PdfContent, EveryPaintedColourAndImageInk) {
  test::TempDir dir;
  auto file = one_page(dir,
                       "0.2 0.4 0.6 rg 0 0 10 10 re f 0.1 0.2 0.3 0.4 K 0 0 m 5 5 l S /CS0 cs 0.5 0.5 0.5 sc "
                       "0 0 5 5 re f /Sh1 sh q 10 0 0 10 0 0 cm /Im1 Do Q /GS2 gs",
                       [](QPDF& pdf) {
                         auto icc = stream(pdf, "<< /N 3 >>", "not a real profile");
                         auto cs = QPDFObjectHandle::newArray({QPDFObjectHandle::newName("/ICCBased"), icc});
                         auto shading = QPDFObjectHandle::parse(
                             "<< /ShadingType 2 /ColorSpace /DeviceCMYK /Coords [0 0 1 0] /Function << "
                             "/FunctionType 2 /Domain [0 1] /C0 [0 0 0 0] /C1 [0.9 0.9 0.9 0.9] /N 1 >> >>");
                         auto cmyk = image(pdf, 2, 1, "/DeviceCMYK", std::string("\xff\xff\xff\xff", 4));
                         return QPDFObjectHandle::newDictionary(
                             {{"/ColorSpace", QPDFObjectHandle::newDictionary({{"/CS0", cs}})},
                              {"/Shading", QPDFObjectHandle::newDictionary({{"/Sh1", shading}})},
                              {"/XObject", QPDFObjectHandle::newDictionary({{"/Im1", cmyk}})},
                              {"/ExtGState", QPDFObjectHandle::newDictionary(
                                                 {{"/GS2", QPDFObjectHandle::parse("<< /TR /Default /ca 0.5 >>")}})}});
                       });
  auto pages = read_pdf_content(file);
  ASSERT_EQ(pages.size(), 1u);
  const auto& paints = pages[0].paints;
  auto has = [&](const std::string& what, ColourFamily space, std::vector<double> values) {
    return std::find(paints.begin(), paints.end(), PdfPaint{what, {space, values}, ""}) != paints.end();
  };
  EXPECT_TRUE(has("fill", ColourFamily::DeviceRGB, {0.2, 0.4, 0.6}));
  EXPECT_TRUE(has("stroke", ColourFamily::DeviceCMYK, {0.1, 0.2, 0.3, 0.4}));
  EXPECT_TRUE(has("fill", ColourFamily::IccRgb, {0.5, 0.5, 0.5}));
  EXPECT_TRUE(has("shading", ColourFamily::DeviceCMYK, {0.9, 0.9, 0.9, 0.9}));
  EXPECT_TRUE(has("image", ColourFamily::DeviceCMYK, {}));
  EXPECT_EQ(paints.size(), 6u);  // and the shading's other end
  ASSERT_EQ(pages[0].images.size(), 1u);
  EXPECT_NEAR(pages[0].images[0].max_ink, 400, 1e-9);
  EXPECT_EQ(pages[0].forbidden, (std::vector<std::string>{"transfer function in /GS2"}));
  EXPECT_EQ(pages[0].transparency, (std::vector<std::string>{"constant alpha 0.5 in /GS2"}));
  EXPECT_TRUE((PdfColour{{ColourFamily::IccRgb, 1}, {}}).rgb());
  EXPECT_TRUE((PdfColour{ColourFamily::IccCmyk, {}}).cmyk());
  EXPECT_FALSE((PdfColour{{ColourFamily::DeviceCMYK, 1}, {}}).cmyk());  // its values are an index
}

// How preflight names a colour space: as the file does, the inline image
// abbreviations spelled out, any other name kept.
TEST(PdfContent, NamesColourSpacesAsTheFileDoes) {
  EXPECT_EQ(ColourSpace(ColourFamily::IccRgb, 1).name(), "Indexed ICCBased RGB");
  EXPECT_EQ(ColourSpace::named("/RGB"), ColourSpace(ColourFamily::DeviceRGB));
  EXPECT_EQ(ColourSpace::named("/DeviceCMYK").name(), "DeviceCMYK");
  EXPECT_EQ(ColourSpace::by_name("/RGB").name(), "RGB");  // no abbreviation in a colour space array
  EXPECT_EQ(ColourSpace::named("/CS0").family, ColourFamily::Other);
  EXPECT_EQ(ColourSpace::named("/CS0").name(), "CS0");
  EXPECT_EQ(ColourSpace().name(), "");  // an image mask
}

}  // namespace
}  // namespace kw::pdf
