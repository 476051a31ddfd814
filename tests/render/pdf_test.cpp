#include "render/pdf.h"

#include <gtest/gtest.h>

#include <cmath>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/files.h"
#include "render/error.h"
#include "render/png.h"
#include "render_test_util.h"

namespace kw::render {
namespace {

using namespace test;
using kw::test::run_command;
using kw::test::TempDir;

page::Page text_page(const std::string& text, const std::string& font = font_path()) {
  page::Page p = page_with_background(kBleed);
  p.items.push_back(rect_item({10, 20, 30, 15}, kRed));
  p.items.push_back(glyph_item(glyph_run(text, 14, {8, 60}, kWhite, font)));
  p.items.push_back(svg_item("b", {10, 70, 20, 20}, ".fg{fill:#ffb140}"));
  return p;
}

std::string write_pdf(const TempDir& dir, const std::string& bytes, const std::string& name = "out.pdf") {
  auto path = dir.path() / name;
  write_file_atomic(path, bytes);
  return path.string();
}

// Each line of `text` split at whitespace.
std::vector<std::vector<std::string>> token_lines(const std::string& text) {
  std::vector<std::vector<std::string>> out;
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    std::istringstream words(line);
    std::vector<std::string> tokens;
    for (std::string w; words >> w;) tokens.push_back(w);
    out.push_back(std::move(tokens));
  }
  return out;
}

std::string tool(const std::string& cmd) {
  std::string out;
  int rc = run_command(cmd, &out);
  EXPECT_EQ(rc, 0) << cmd << "\n" << out;
  return out;
}

TEST(Pdf, PageCountAndSizes) {
  page::Page card = text_page("Gondor");
  page::Page wide = blank_page("test/wide");
  wide.size = {97, 65};
  wide.items.push_back(rect_item({0, 0, 97, 65}, kBlue));
  std::vector<page::Page> pages = {card, wide, card};
  TempDir dir;
  std::string file = write_pdf(dir, render_pdf(pages));
  std::string info = tool("pdfinfo -f 1 -l 3 " + file);
  EXPECT_NE(info.find("Pages:           3"), std::string::npos) << info;
  // "Page    1 size:  184.252 x 274.961 pts"
  std::vector<std::pair<double, double>> sizes;
  for (const auto& t : token_lines(info))
    if (t.size() == 7 && t[0] == "Page" && t[2] == "size:" && t[4] == "x" && t[6] == "pts")
      sizes.emplace_back(std::stod(t[3]), std::stod(t[5]));
  ASSERT_EQ(sizes.size(), 3u) << info;
  const std::pair<double, double> expected[] = {{184.25, 274.96}, {274.96, 184.25}, {184.25, 274.96}};
  for (size_t i = 0; i < 3; ++i) {
    EXPECT_NEAR(sizes[i].first, expected[i].first, 0.01) << "page " << i + 1;
    EXPECT_NEAR(sizes[i].second, expected[i].second, 0.01) << "page " << i + 1;
  }
  EXPECT_NE(info.find("Title:           kartenwerk"), std::string::npos) << info;
  EXPECT_NE(info.find("Creator:         kartenwerk"), std::string::npos) << info;
}

TEST(Pdf, FontsAreEmbeddedAndTextExtractable) {
  std::vector<page::Page> pages = {
      text_page("Größe Ölfeld"),
      text_page("Minas Tirith", font_path("fonts/cardo/Cardo104s.ttf")),
  };
  TempDir dir;
  std::string file = write_pdf(dir, render_pdf(pages));
  std::string fonts = tool("pdffonts " + file);
  // Header, rule, then one line per font ending in "emb sub uni object ID";
  // the type column may hold spaces ("Type 1C"), so count from the right.
  int embedded = 0, total = 0;
  bool past_rule = false;
  for (const auto& t : token_lines(fonts)) {
    if (!past_rule) {
      past_rule = !t.empty() && t[0].starts_with("---");
      continue;
    }
    if (t.size() < 6) continue;
    ++total;
    if (t[t.size() - 5] == "yes") ++embedded;
  }
  EXPECT_EQ(total, 2) << fonts;
  EXPECT_EQ(embedded, total) << fonts;
  EXPECT_NE(fonts.find("EBGaramond"), std::string::npos) << fonts;
  EXPECT_NE(fonts.find("Cardo"), std::string::npos) << fonts;

  std::string text = tool("pdftotext -enc UTF-8 " + file + " -");
  EXPECT_NE(text.find("Größe Ölfeld"), std::string::npos) << text;
  EXPECT_NE(text.find("Minas Tirith"), std::string::npos) << text;
}

TEST(Pdf, ShapesAndTextStayVectors) {
  TempDir dir;
  std::vector<page::Page> pages = {text_page("Gondor")};
  std::string file = write_pdf(dir, render_pdf(pages));
  // No page was rasterised: pdfimages finds no images.
  std::string images = tool("pdfimages -list " + file);
  EXPECT_EQ(token_lines(images).size(), 2u) << images;  // header and rule only
}

TEST(Pdf, RendersWhatTheRasterShows) {
  // Rasterise the PDF with poppler and compare a few pixels with our raster.
  TempDir dir;
  std::vector<page::Page> pages = {text_page("Gondor")};
  std::string file = write_pdf(dir, render_pdf(pages));
  tool("pdftoppm -r 75 -png -singlefile " + file + " " + (dir.path() / "page").string());
  auto png = read_file(dir.path() / "page.png");
  ASSERT_TRUE(png);
  Raster r = decode_png(*png);
  EXPECT_EQ(r.pixel(2, 2), kBleed);
  EXPECT_EQ(r.pixel(px_x(25, 75), px_y(27, 75)), kRed);
  EXPECT_EQ(r.pixel(px_x(20, 75), px_y(80, 75)), (Color{0xff, 0xb1, 0x40, 255}));
}

// Pixels of the top-left `w` x `h` of `r` within `border` pixels of its edge
// that are not `edge`: how many, and the first few as "(x,y) #rrggbb".
std::string off_edge_pixels(const Raster& r, int w, int h, Color edge, int border) {
  std::string first;
  int count = 0;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      bool in_border = x < border || y < border || x >= w - border || y >= h - border;
      if (!in_border || r.pixel(x, y) == edge) continue;
      if (++count <= 3) first += "(" + std::to_string(x) + "," + std::to_string(y) + ") " + r.pixel(x, y).hex() + " ";
    }
  return count == 0 ? "" : std::to_string(count) + " pixels, e.g. " + first;
}

TEST(Pdf, BleedReachesTheEdgeOfEveryPage) {
  // The print shop's check: every page at 600 dpi, the outer 0.5 mm of the
  // bleed in the edge colour. cairo 1.16 used to clip the pages after the
  // first to whole points (0.34 mm short at the bottom, 0.09 mm at the right).
  std::vector<page::Page> pages(4, text_page("Gondor"));
  TempDir dir;
  std::string file = write_pdf(dir, render_pdf(pages));
  const int border = static_cast<int>(std::ceil(0.5 / 25.4 * 600));
  // 65 x 97 mm are 1535.4 x 2291.3 px: pdftoppm adds a last column and row
  // that the page covers only in part and fills with paper white; the page's
  // own pixels are the whole ones.
  const int w = static_cast<int>(65 / 25.4 * 600), h = static_cast<int>(97 / 25.4 * 600);
  for (int n = 1; n <= 4; ++n) {
    std::string stem = (dir.path() / ("page" + std::to_string(n))).string();
    tool("pdftoppm -r 600 -png -singlefile -f " + std::to_string(n) + " -l " + std::to_string(n) + " " + file + " " +
         stem);
    auto png = read_file(stem + ".png");
    ASSERT_TRUE(png);
    Raster r = decode_png(*png);
    ASSERT_EQ(r.width, w + 1);
    ASSERT_EQ(r.height, h + 1);
    EXPECT_EQ(off_edge_pixels(r, w, h, kBleed, border), "") << "page " << n;
  }
}

TEST(Pdf, IdenticalInputGivesIdenticalBytes) {
  std::vector<page::Page> pages = {text_page("Gondor"), text_page("Rohan", font_path("fonts/cardo/Cardo104s.ttf"))};
  std::string a = render_pdf(pages);
  std::string b = render_pdf(pages);
  EXPECT_EQ(a.size(), b.size());
  EXPECT_TRUE(a == b);
}

// The dates are the clock's, whatever the environment says: the World reads
// SOURCE_DATE_EPOCH once and hands the clock down (ctest sets it to
// 1700000000, which must change nothing here).
TEST(Pdf, DatesAreTheClocks) {
  std::vector<page::Page> pages = {blank_page()};
  for (const auto& [clock, expected] :
       {std::pair{Clock{}, "D:20250101000000Z"}, std::pair{Clock{1700000000}, "D:20231114221320Z"},
        std::pair{Clock{0}, "D:19700101000000Z"}}) {
    std::string pdf = render_pdf(pages, {.title = "t", .clock = clock});
    EXPECT_NE(pdf.find(std::string("/CreationDate (") + expected + ")"), std::string::npos)
        << pdf.substr(pdf.find("/Producer"), 200);
    EXPECT_NE(pdf.find(std::string("/ModDate (") + expected + ")"), std::string::npos);
  }
}

TEST(Pdf, StructureIsValid) {
  // qpdf checks the cross-reference offsets, which the date fix-up must keep.
  TempDir dir;
  std::vector<page::Page> pages = {text_page("Gondor"), text_page("Rohan")};
  std::string file = write_pdf(dir, render_pdf(pages));
  std::string out = tool("qpdf --check " + file);
  EXPECT_NE(out.find("No syntax or stream encoding errors found"), std::string::npos) << out;
  EXPECT_EQ(out.find("WARNING"), std::string::npos) << out;
}

TEST(Pdf, StreamingSinkGetsTheSameBytes) {
  std::vector<page::Page> pages = {text_page("Gondor"), text_page("Rohan")};
  std::string streamed;
  int writes = 0;
  {
    PdfDocument doc([&](std::string_view bytes) {
      streamed.append(bytes);
      ++writes;
    });
    doc.add_page(pages[0]);
    size_t after_first = streamed.size();
    EXPECT_GT(after_first, 0u);  // the first page left before the second came
    doc.add_page(pages[1]);
    EXPECT_EQ(doc.page_count(), 2);
    EXPECT_EQ(doc.finish(), "");
  }
  EXPECT_GT(writes, 1);
  EXPECT_EQ(streamed, render_pdf(pages));
}

TEST(Pdf, SinkErrorsAreReported) {
  PdfDocument doc([](std::string_view) { throw std::runtime_error("disk full"); });
  try {
    doc.add_page(blank_page());
    doc.finish();
    FAIL() << "expected the sink's exception";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("disk full"), std::string::npos) << e.what();
  }
}

TEST(Pdf, MisuseIsAnError) {
  PdfDocument empty;
  EXPECT_THROW(empty.finish(), RenderError);

  PdfDocument doc;
  doc.add_page(blank_page());
  doc.finish();
  EXPECT_THROW(doc.add_page(blank_page()), RenderError);
  EXPECT_THROW(doc.finish(), RenderError);
}

TEST(Pdf, BrokenArtFailsTheDocument) {
  PdfDocument doc;
  page::Page p = blank_page();
  auto item = svg_item("", {5, 10, 50, 50}, "");
  std::get<page::SvgArt>(item.shape).svg = std::make_shared<const project::Input>("templates/x.svg", "not svg");
  p.items.push_back(item);
  EXPECT_THROW(doc.add_page(p), RenderError);
  EXPECT_THROW(doc.finish(), RenderError);
}

TEST(Pdf, UnfinishedDocumentIsDiscardedWithoutWritingMore) {
  int writes = 0, writes_before_destruction = 0;
  {
    PdfDocument doc([&](std::string_view) { ++writes; });
    doc.add_page(blank_page());
    writes_before_destruction = writes;
  }
  EXPECT_EQ(writes, writes_before_destruction);
}

}  // namespace
}  // namespace kw::render
