// The streaming PDF rewriter (pdf/pdf_rewrite.h): Cairo's PDFs re-emitted
// with a new page list and new boxes, checked with qpdf; and the files it
// does not handle (object streams), which set_page_boxes and copy_pages
// give to qpdf instead.
#include <gtest/gtest.h>

#define POINTERHOLDER_TRANSITION 4
#include <qpdf/Pl_Discard.hh>
#include <qpdf/QPDF.hh>
#include <qpdf/QPDFObjectHandle.hh>
#include <qpdf/QPDFPageDocumentHelper.hh>
#include <qpdf/QPDFPageObjectHelper.hh>
#include <qpdf/QPDFWriter.hh>

#include <set>

#include "core/files.h"
#include "core/output_files.h"
#include "pdf/pdf_boxes.h"
#include "pdf/pdf_rewrite.h"
#include "render/pdf.h"
#include "support/solid_page.h"
#include "support/test_support.h"

namespace kw::pdf {
namespace {

namespace fs = std::filesystem;

page::Page page(Size size, Color color) {
  page::Page p = test::solid_page("t/page", size, {0, 0, size.w, size.h}, color);
  page::Item item;
  page::RectShape mark;  // a second shape, so the pages' contents differ in size too
  mark.rect = {5, 5, 10 + color.r / 20.0, 10};
  mark.paint.fill = Color{0, 0, 0, 255};
  item.shape = mark;
  item.bounds = mark.rect;
  p.items.push_back(item);
  return p;
}

// Cairo's PDF of three pages of three sizes, as render/pdf.h writes it (no
// boxes but the MediaBox).
fs::path cairo_pdf(const fs::path& dir) {
  std::vector<page::Page> pages = {page({65, 97}, {200, 0, 0, 255}), page({70, 120}, {0, 200, 0, 255}),
                                   page({50, 80}, {0, 0, 200, 255})};
  fs::path file = dir / "cairo.pdf";
  write_output(file, render::render_pdf(pages));
  return file;
}

PageBoxes boxes(double w, double h, double bleed) {
  return {{0, 0, w, h}, {0, 0, w, h}, {bleed, bleed, w - 2 * bleed, h - 2 * bleed}};
}

// Opens `file` with qpdf, warnings on, reads every object and every page's
// contents: false on any warning.
bool qpdf_reads_cleanly(const fs::path& file, std::string& why) {
  try {
    QPDF pdf;
    pdf.setSuppressWarnings(true);  // counted, not printed
    pdf.processFile(file.c_str());
    for (auto& obj : pdf.getAllObjects())
      if (obj.isStream()) obj.getStreamData(qpdf_dl_generalized);
    for (auto& p : QPDFPageDocumentHelper(pdf).getAllPages()) {
      Pl_Discard discard;
      p.pipeContents(&discard);
    }
    if (pdf.anyWarnings()) {
      why = "qpdf warned";
      return false;
    }
    return true;
  } catch (const std::exception& e) {
    why = e.what();
    return false;
  }
}

void expect_boxes(const PageBoxes& got, const PageBoxes& want, const std::string& what) {
  for (auto [g, w] : {std::pair{got.media, want.media}, {got.bleed, want.bleed}, {got.trim, want.trim}}) {
    EXPECT_NEAR(g.x, w.x, 0.001) << what;
    EXPECT_NEAR(g.y, w.y, 0.001) << what;
    EXPECT_NEAR(g.w, w.w, 0.001) << what;
    EXPECT_NEAR(g.h, w.h, 0.001) << what;
  }
}

int stream_count(const fs::path& file) {
  QPDF pdf;
  pdf.setSuppressWarnings(true);
  pdf.processFile(file.c_str());
  int n = 0;
  for (auto& obj : pdf.getAllObjects()) n += obj.isStream();
  return n;
}

size_t files_in(const fs::path& dir) {
  return static_cast<size_t>(std::distance(fs::directory_iterator(dir), fs::directory_iterator()));
}

TEST(PdfRewrite, PagesReorderedRepeatedAndBoxed) {
  test::TempDir dir;
  fs::path src = cairo_pdf(dir.path()), out = dir.path() / "out.pdf";
  PdfRewriter rw;
  ASSERT_TRUE(rw.open(src)) << rw.why();
  EXPECT_EQ(rw.page_count(), 3);
  std::vector<int> order = {2, 0, 0, 1};
  std::vector<PageBoxes> want = {boxes(50, 80, 3), boxes(65, 97, 3), boxes(65, 97, 4), boxes(70, 120, 0)};
  ASSERT_TRUE(rw.write(order, want, out)) << rw.why();

  std::string why;
  EXPECT_TRUE(qpdf_reads_cleanly(out, why)) << why;
  std::string check;
  EXPECT_EQ(test::run_command("qpdf --check '" + out.string() + "'", &check), 0) << check;
  auto got = read_page_boxes(out);
  ASSERT_EQ(got.size(), 4u);
  for (size_t i = 0; i < got.size(); ++i) expect_boxes(got[i], want[i], "page " + std::to_string(i + 1));

  QPDF pdf;
  pdf.processFile(out.c_str());
  auto pages = QPDFPageDocumentHelper(pdf).getAllPages();
  ASSERT_EQ(pages.size(), 4u);
  // The repeated page: two page objects, one content stream, one resources.
  auto a = pages[1].getObjectHandle(), b = pages[2].getObjectHandle();
  EXPECT_NE(a.getObjGen(), b.getObjGen());
  EXPECT_EQ(a.getKey("/Contents").getObjGen(), b.getKey("/Contents").getObjGen());
  EXPECT_EQ(a.getKey("/Resources").getObjGen(), b.getKey("/Resources").getObjGen());
  EXPECT_NE(a.getKey("/Contents").getObjGen(), pages[0].getObjectHandle().getKey("/Contents").getObjGen());
  // Every page hangs off the one /Pages node.
  for (auto& p : pages)
    EXPECT_EQ(p.getObjectHandle().getKey("/Parent").getObjGen(), pdf.getRoot().getKey("/Pages").getObjGen());
  // The document info comes along; the trailer has an /ID.
  EXPECT_EQ(pdf.getTrailer().getKey("/Info").getKey("/Title").getUTF8Value(), "kartenwerk");
  EXPECT_TRUE(pdf.getTrailer().getKey("/ID").isArray());
  // Objects are numbered densely: no free entries but object 0.
  EXPECT_EQ(static_cast<size_t>(pdf.getTrailer().getKey("/Size").getIntValue()), pdf.getObjectCount() + 1);
}

TEST(PdfRewrite, BoxesAreWrittenAsQpdfWritesThem) {
  // Points rounded to 1/1000, trailing zeros dropped: 3 mm = 8.504 pt.
  test::TempDir dir;
  fs::path src = cairo_pdf(dir.path()), out = dir.path() / "out.pdf";
  PdfRewriter rw;
  ASSERT_TRUE(rw.open(src)) << rw.why();
  std::vector<int> order = {0};
  std::vector<PageBoxes> b = {{{0, 0, 65, 97}, {0, 0, 65, 97}, {3, 3, 59, 91}}};
  ASSERT_TRUE(rw.write(order, b, out)) << rw.why();
  std::string text = *read_file(out);
  EXPECT_NE(text.find("/MediaBox [ 0 0 184.252 274.961 ]"), std::string::npos) << text;
  EXPECT_NE(text.find("/TrimBox [ 8.504 8.504 175.748 266.457 ]"), std::string::npos);
  // The old MediaBox is replaced, not repeated.
  EXPECT_EQ(text.find("184.251969"), std::string::npos);
}

TEST(PdfRewrite, LeftOutPagesTakeTheirContentsAlong) {
  test::TempDir dir;
  fs::path src = cairo_pdf(dir.path()), out = dir.path() / "one.pdf";
  EXPECT_EQ(stream_count(src), 3);
  PdfRewriter rw;
  ASSERT_TRUE(rw.open(src)) << rw.why();
  std::vector<int> order = {1};
  ASSERT_TRUE(rw.write(order, {}, out)) << rw.why();
  std::string why;
  EXPECT_TRUE(qpdf_reads_cleanly(out, why)) << why;
  EXPECT_EQ(stream_count(out), 1);
  EXPECT_EQ(pdf_page_count(out), 1);
  EXPECT_LT(fs::file_size(out), fs::file_size(src) * 2 / 3);
  // Without new boxes the page keeps its own: the second page, 70 x 120 mm.
  auto got = read_page_boxes(out);
  ASSERT_EQ(got.size(), 1u);
  EXPECT_NEAR(got[0].media.w, 70, 0.001);
  EXPECT_NEAR(got[0].media.h, 120, 0.001);
}

TEST(PdfRewrite, OutputIsByteIdenticalAndCanReplaceItsSource) {
  test::TempDir dir;
  fs::path src = cairo_pdf(dir.path());
  std::vector<int> order = {0, 2, 2};
  std::vector<PageBoxes> b = {boxes(65, 97, 3), boxes(50, 80, 3), boxes(50, 80, 3)};
  for (const char* name : {"a.pdf", "b.pdf"}) {
    PdfRewriter rw;
    ASSERT_TRUE(rw.open(src)) << rw.why();
    ASSERT_TRUE(rw.write(order, b, dir.path() / name)) << rw.why();
  }
  EXPECT_EQ(*read_file(dir.path() / "a.pdf"), *read_file(dir.path() / "b.pdf"));

  // In place: the source is replaced only when the new file is complete.
  PdfRewriter rw;
  ASSERT_TRUE(rw.open(src)) << rw.why();
  ASSERT_TRUE(rw.write(order, b, src)) << rw.why();
  EXPECT_EQ(*read_file(src), *read_file(dir.path() / "a.pdf"));
  EXPECT_EQ(files_in(dir.path()), 3u);  // no temporary file left
  // And the rewritten file can be rewritten again.
  PdfRewriter again;
  ASSERT_TRUE(again.open(src)) << again.why();
  EXPECT_EQ(again.page_count(), 3);
}

TEST(PdfRewrite, SetPageBoxesAndCopyPagesTakeTheStreamingPath) {
  test::TempDir dir;
  fs::path src = cairo_pdf(dir.path());
  std::vector<PageBoxes> b = {boxes(65, 97, 3), boxes(70, 120, 3), boxes(50, 80, 2)};
  set_page_boxes(src, b);
  // Still a file the rewriter reads (qpdf would have written another).
  PdfRewriter rw;
  ASSERT_TRUE(rw.open(src)) << rw.why();
  auto got = read_page_boxes(src);
  ASSERT_EQ(got.size(), 3u);
  for (size_t i = 0; i < 3; ++i) expect_boxes(got[i], b[i], "page " + std::to_string(i + 1));

  fs::path backs = dir.path() / "backs.pdf";
  std::vector<int> order(40, 2);
  copy_pages(src, order, backs);
  std::string why;
  EXPECT_TRUE(qpdf_reads_cleanly(backs, why)) << why;
  EXPECT_EQ(pdf_page_count(backs), 40);
  EXPECT_EQ(stream_count(backs), 1);
  for (const auto& g : read_page_boxes(backs)) expect_boxes(g, b[2], "back");
  // A further use of a page costs its page dictionary (and an xref line).
  EXPECT_LT(fs::file_size(backs), fs::file_size(src) + 40 * 300);
  std::vector<PageBoxes> two(2, b[0]);
  EXPECT_THROW(set_page_boxes(src, two), std::runtime_error);
  std::vector<int> bad = {3};
  EXPECT_THROW(copy_pages(src, bad, dir.path() / "bad.pdf"), std::runtime_error);
  EXPECT_FALSE(fs::exists(dir.path() / "bad.pdf"));
}

// backs.pdf is made of the game PDF's back page: when a front changes, the
// game PDF changes (its /ID too), but backs.pdf must keep its bytes.
TEST(PdfRewrite, ACopyDependsOnlyOnThePagesItTakes) {
  test::TempDir dir;
  std::vector<fs::path> games;
  for (int red : {200, 120}) {
    std::vector<page::Page> pages = {page({65, 97}, {static_cast<std::uint8_t>(red), 0, 0, 255}),
                                     page({50, 80}, {0, 0, 200, 255})};
    games.push_back(dir.path() / ("game-" + std::to_string(red) + ".pdf"));
    write_output(games.back(), render::render_pdf(pages));
    set_page_boxes(games.back(), std::vector<PageBoxes>{boxes(65, 97, 3), boxes(50, 80, 3)});
  }
  ASSERT_NE(*read_file(games[0]), *read_file(games[1]));
  std::vector<int> backs(5, 1);
  copy_pages(games[0], backs, dir.path() / "backs-0.pdf");
  copy_pages(games[1], backs, dir.path() / "backs-1.pdf");
  EXPECT_EQ(*read_file(dir.path() / "backs-0.pdf"), *read_file(dir.path() / "backs-1.pdf"));
}

TEST(PdfRewrite, ObjectStreamsGoToQpdf) {
  test::TempDir dir;
  fs::path src = cairo_pdf(dir.path()), packed = dir.path() / "packed.pdf";
  {
    QPDF pdf;
    pdf.processFile(src.c_str());
    QPDFWriter w(pdf, packed.c_str());
    w.setObjectStreamMode(qpdf_o_generate);
    w.setDeterministicID(true);
    w.write();
  }
  PdfRewriter rw;
  EXPECT_FALSE(rw.open(packed));
  EXPECT_NE(rw.why().find("xref stream"), std::string::npos) << rw.why();

  // The qpdf path still does the job.
  std::vector<PageBoxes> b = {boxes(65, 97, 3), boxes(70, 120, 4), boxes(50, 80, 5)};
  set_page_boxes(packed, b);
  auto got = read_page_boxes(packed);
  ASSERT_EQ(got.size(), 3u);
  for (size_t i = 0; i < 3; ++i) expect_boxes(got[i], b[i], "page " + std::to_string(i + 1));
  fs::path fronts = dir.path() / "fronts.pdf";
  std::vector<int> order = {1, 0};
  copy_pages(packed, order, fronts);
  got = read_page_boxes(fronts);
  ASSERT_EQ(got.size(), 2u);
  expect_boxes(got[0], b[1], "front 1");
  expect_boxes(got[1], b[0], "front 2");
}

TEST(PdfRewrite, AStreamThatDoesNotEndWhereItsLengthSaysIsNotCopied) {
  // A damaged source is never passed on as if it were whole: the rewriter
  // declines (and qpdf, which repairs or reports, gets the file).
  test::TempDir dir;
  fs::path src = cairo_pdf(dir.path()), out = dir.path() / "out.pdf";
  std::string text = *read_file(src);
  // Cairo writes each content stream's /Length as an object after it; make
  // the first one a byte short.
  size_t at = text.find("5 0 obj\n");
  ASSERT_NE(at, std::string::npos);
  size_t digits = text.find_first_of("0123456789", at + 8);
  ASSERT_NE(text[digits], '0');
  --text[digits + 1];
  write_output(src, text);
  PdfRewriter rw;
  ASSERT_TRUE(rw.open(src)) << rw.why();
  std::vector<int> order = {0, 1};
  EXPECT_FALSE(rw.write(order, {}, out));
  EXPECT_NE(rw.why().find("Length"), std::string::npos) << rw.why();
  EXPECT_FALSE(fs::exists(out));
  EXPECT_EQ(files_in(dir.path()), 1u);
}

TEST(PdfRewrite, FilesItDoesNotKnowAreDeclined) {
  test::TempDir dir;
  fs::path src = cairo_pdf(dir.path());
  std::string text = *read_file(src);
  auto declined = [&](const std::string& bytes, const std::string& reason) {
    fs::path f = dir.path() / "odd.pdf";
    write_output(f, bytes);
    PdfRewriter rw;
    EXPECT_FALSE(rw.open(f)) << reason;
    EXPECT_NE(rw.why().find(reason), std::string::npos) << rw.why();
  };
  declined("not a PDF at all, but long enough to be read as one, had it been one", "header");
  // An incremental update: a /Prev in the trailer.
  std::string prev = text;
  prev.replace(prev.rfind("trailer\n<<"), 10, "trailer\n<< /Prev 9");
  declined(prev, "/Prev");
  // A nested page tree: the /Pages node's kid is a /Pages node.
  std::string nested = text;
  size_t kid_type = nested.find("/Type /Page %");
  ASSERT_NE(kid_type, std::string::npos);
  nested.replace(kid_type, 11, "/Type /Pags");
  declined(nested, "flat page tree");
  declined(text.substr(0, text.size() - 40), "startxref");
}

}  // namespace
}  // namespace kw::pdf
