// The joiner (pdf/pdf_rewrite.h PdfJoiner): one-page PDFs as Cairo writes
// them joined into one document, checked with qpdf: every page with its
// boxes, what two parts share written once, the same bytes each time, and
// a part it cannot take refused with nothing left behind.
#include <gtest/gtest.h>

#include <optional>
#include <utility>

#define POINTERHOLDER_TRANSITION 4
#include <qpdf/QPDF.hh>
#include <qpdf/QPDFObjectHandle.hh>
#include <qpdf/QPDFPageDocumentHelper.hh>
#include <qpdf/QPDFPageObjectHelper.hh>

#include "core/clock.h"
#include "core/files.h"
#include "core/sha256.h"
#include "pdf/pdf_boxes.h"
#include "pdf/pdf_rewrite.h"
#include "render/pdf.h"
#include "support/solid_page.h"
#include "support/test_support.h"

namespace kw::pdf {
namespace {

namespace fs = std::filesystem;

page::Page page(Size size, Color color) {
  return test::solid_page("t/page", size, {3, 3, size.w - 6, size.h - 6}, color);
}

std::string part(const page::Page& p) {
  render::PdfDocument doc({.title = "Joined", .clock = Clock{}});
  doc.add_page(p);
  return doc.finish();
}

// Joins red, green, red (the first part again).
void join(const fs::path& out, bool actual_size) {
  const page::Page red = page({65, 97}, {200, 0, 0, 255}), green = page({70, 120}, {0, 200, 0, 255});
  PdfJoiner joiner(out, actual_size);
  const std::vector<PageBoxes> red_boxes = {boxes_of(red)}, green_boxes = {boxes_of(green)};
  joiner.add(part(red), red_boxes, "red");
  joiner.add(part(green), green_boxes, "green");
  joiner.add(part(red), red_boxes, "red again");
  EXPECT_EQ(joiner.page_count(), 3);
  joiner.finish();
}

TEST(PdfJoin, PartsBecomeOneDocumentWithTheirBoxes) {
  test::TempDir dir;
  const fs::path out = dir.path() / "joined.pdf";
  join(out, true);
  std::string check;
  EXPECT_EQ(test::run_command("qpdf --check '" + out.string() + "'", &check), 0) << check;
  EXPECT_EQ(check.find("WARNING"), std::string::npos) << check;
  auto boxes = read_page_boxes(out);
  ASSERT_EQ(boxes.size(), 3u);
  EXPECT_NEAR(boxes[0].media.w, 65, 0.001);
  EXPECT_NEAR(boxes[1].media.h, 120, 0.001);
  EXPECT_NEAR(boxes[1].trim.x, 3, 0.001);
  EXPECT_NEAR(boxes[2].trim.w, 59, 0.001);

  QPDF pdf;
  pdf.processFile(out.c_str());
  auto pages = QPDFPageDocumentHelper(pdf).getAllPages();
  ASSERT_EQ(pages.size(), 3u);
  // The red page twice: two page objects, one content stream.
  auto a = pages[0].getObjectHandle(), c = pages[2].getObjectHandle();
  EXPECT_NE(a.getObjGen(), c.getObjGen());
  EXPECT_EQ(a.getKey("/Contents").getObjGen(), c.getKey("/Contents").getObjGen());
  EXPECT_NE(a.getKey("/Contents").getObjGen(), pages[1].getObjectHandle().getKey("/Contents").getObjGen());
  for (auto& p : pages)
    EXPECT_EQ(p.getObjectHandle().getKey("/Parent").getObjGen(), pdf.getRoot().getKey("/Pages").getObjGen());
  // The first part's document info; printed at 100 % (a PDF 1.6 key).
  EXPECT_EQ(pdf.getTrailer().getKey("/Info").getKey("/Title").getUTF8Value(), "Joined");
  EXPECT_EQ(pdf.getRoot().getKey("/ViewerPreferences").getKey("/PrintScaling").getName(), "/None");
  EXPECT_EQ(pdf.getPDFVersion(), "1.6");
  EXPECT_EQ(static_cast<size_t>(pdf.getTrailer().getKey("/Size").getIntValue()), pdf.getObjectCount() + 1);

  // The streaming rewriter reads it (the Meinspiel PDFs are copied from the
  // game PDF so).
  PdfRewriter rw;
  EXPECT_TRUE(rw.open(out)) << rw.why();
  EXPECT_EQ(rw.page_count(), 3);
}

TEST(PdfJoin, TheSamePartsMakeTheSameBytes) {
  test::TempDir dir;
  join(dir.path() / "a.pdf", false);
  // The trailer's /ID: 16 bytes of the SHA-256 of what precedes it, twice
  // (a new document).
  const auto joined = read_file(dir.path() / "a.pdf");
  ASSERT_TRUE(joined);
  const size_t trailer = joined->rfind("trailer");
  ASSERT_NE(trailer, std::string::npos);
  const std::string id = kw::sha256_hex(std::string_view(*joined).substr(0, trailer)).substr(0, 32);
  EXPECT_NE(joined->find("/ID [<" + id + "><" + id + ">]", trailer), std::string::npos) << joined->substr(trailer);
  join(dir.path() / "b.pdf", false);
  const auto a = read_file(dir.path() / "a.pdf");
  ASSERT_TRUE(a);
  EXPECT_EQ(*a, *read_file(dir.path() / "b.pdf"));
  EXPECT_TRUE(a->starts_with("%PDF-1.5\n"));
  EXPECT_EQ(a->find("/ViewerPreferences"), std::string::npos);
}

TEST(PdfJoin, APartOfSeveralPagesGivesEachItsBoxes) {
  test::TempDir dir;
  const fs::path out = dir.path() / "joined.pdf";
  const page::Page red = page({65, 97}, {200, 0, 0, 255}), green = page({70, 120}, {0, 200, 0, 255});
  const std::vector<page::Page> two = {red, green};
  const std::vector<PageBoxes> boxes = {boxes_of(red), boxes_of(green)};
  PdfJoiner joiner(out, false);
  joiner.add(render::render_pdf(two, {.title = "Joined", .clock = Clock{}}), boxes, "red and green");
  const std::vector<PageBoxes> one = {boxes_of(red)};
  joiner.add(part(red), one, "red");
  joiner.finish();
  auto got = read_page_boxes(out);
  ASSERT_EQ(got.size(), 3u);
  EXPECT_NEAR(got[0].media.w, 65, 0.001);
  EXPECT_NEAR(got[1].media.h, 120, 0.001);
  EXPECT_NEAR(got[2].trim.h, 91, 0.001);
  std::string check;
  EXPECT_EQ(test::run_command("qpdf --check '" + out.string() + "'", &check), 0) << check;
}

TEST(PdfJoin, APartWhosePagesAreNotItsBoxesIsRefusedAndNothingIsLeft) {
  test::TempDir dir;
  const fs::path out = dir.path() / "joined.pdf";
  const page::Page red = page({65, 97}, {200, 0, 0, 255});
  const std::vector<page::Page> two = {red, red};
  {
    PdfJoiner joiner(out, false);
    const std::vector<PageBoxes> one = {boxes_of(red)};
    joiner.add(part(red), one, "red");
    try {
      joiner.add(render::render_pdf(two), one, "card x");
      ADD_FAILURE() << "a two-page part was joined with the boxes of one";
    } catch (const std::runtime_error& e) {
      EXPECT_NE(std::string(e.what()).find("card x"), std::string::npos) << e.what();
    }
    EXPECT_THROW(joiner.add("not a PDF at all, and long enough to look at its start and end", one, "junk"),
                 std::runtime_error);
  }
  EXPECT_FALSE(fs::exists(out));
  EXPECT_EQ(std::distance(fs::directory_iterator(dir.path()), fs::directory_iterator()), 0);
}

// Joins [red, green] and [green, blue] (a part of two pages each), and with
// them the document of the first `first` pages.
void join_with_first(const fs::path& out, const fs::path& first_file, size_t first) {
  const page::Page red = page({65, 97}, {200, 0, 0, 255}), green = page({70, 120}, {0, 200, 0, 255}),
                   blue = page({80, 90}, {0, 0, 200, 255});
  const std::vector<page::Page> one = {red, green}, two = {green, blue};
  const std::vector<PageBoxes> one_boxes = {boxes_of(red), boxes_of(green)},
                               two_boxes = {boxes_of(green), boxes_of(blue)};
  PdfJoiner joiner(out, false);
  joiner.also_write_first_pages(first_file, first);
  joiner.add(render::render_pdf(one, {.title = "Joined", .clock = Clock{}}), one_boxes, "red and green");
  joiner.add(render::render_pdf(two, {.title = "Joined", .clock = Clock{}}), two_boxes, "green and blue");
  joiner.finish();
  EXPECT_TRUE(joiner.first_pages_written());
  // Both files' digests, as hashed on the way out, are the files' own.
  for (const auto& [file, digest] :
       {std::pair{out, joiner.digest()}, std::pair{first_file, joiner.first_pages_digest()}}) {
    const FileDigest read = digest_file(file);
    EXPECT_EQ(digest.bytes, read.bytes) << file;
    EXPECT_EQ(digest.sha256, read.sha256) << file;
  }
}

// A join resumes only where its checkpoint allows, from a file as long as
// the checkpoint says; else it stops with nothing left behind.
TEST(PdfJoin, AResumeTheCheckpointDoesNotAllowIsRefused) {
  test::TempDir dir;
  const fs::path out = dir.path() / "joined.pdf", first = dir.path() / "first.pdf";
  const page::Page red = page({65, 97}, {200, 0, 0, 255});
  const std::vector<PageBoxes> one = {boxes_of(red)};
  JoinCheckpoint checkpoint;
  {
    PdfJoiner joiner(out, false);
    joiner.also_write_first_pages(first, 2);
    for (int i = 0; i < 3; ++i) joiner.add(part(red), one, "red");
    joiner.finish();
    checkpoint = joiner.checkpoint();
  }
  ASSERT_EQ(checkpoint.marks.size(), 3u);
  EXPECT_TRUE(checkpoint.resumable_at(1, 2));
  EXPECT_FALSE(checkpoint.resumable_at(2, 2));  // the first pages' document ended there
  const auto packed = checkpoint.pack();
  const auto back = JoinCheckpoint::unpack(packed);
  ASSERT_TRUE(back);
  EXPECT_EQ(back->pack(), packed);
  const fs::path again = dir.path() / "again.pdf", again_first = dir.path() / "again-first.pdf";
  {
    PdfJoiner joiner(again, false);
    joiner.also_write_first_pages(again_first, 2);
    joiner.follow(checkpoint, out);
    EXPECT_THROW(joiner.resume(2), std::logic_error);
  }
  {
    PdfJoiner joiner(again, false);
    joiner.follow(checkpoint, out);
    EXPECT_THROW(joiner.resume(1), std::logic_error);  // without the first pages' document
  }
  const fs::path cut = dir.path() / "cut.pdf";
  write_file_atomic(cut, read_file(out)->substr(0, 20));
  {
    PdfJoiner joiner(again, false);
    joiner.also_write_first_pages(again_first, 2);
    joiner.follow(checkpoint, cut);
    EXPECT_THROW(joiner.resume(1), std::runtime_error);
  }
  EXPECT_FALSE(fs::exists(again));
  EXPECT_FALSE(fs::exists(again_first));
  // Resumed after the first part, the same bytes as joined whole.
  {
    PdfJoiner joiner(again, false);
    joiner.also_write_first_pages(again_first, 2);
    joiner.follow(checkpoint, out);
    joiner.resume(1);
    for (int i = 0; i < 2; ++i) joiner.add(part(red), one, "red");
    joiner.finish();
  }
  EXPECT_EQ(read_file(again), read_file(out));
  EXPECT_EQ(read_file(again_first), read_file(first));
}

// The content streams of a file's pages, as bytes.
std::vector<std::string> page_contents(const fs::path& file) {
  QPDF pdf;
  pdf.processFile(file.c_str());
  std::vector<std::string> out;
  for (auto& p : QPDFPageDocumentHelper(pdf).getAllPages()) {
    auto data = p.getObjectHandle().getKey("/Contents").getStreamData(qpdf_dl_all);
    out.emplace_back(reinterpret_cast<const char*>(data->getBuffer()), data->getSize());
  }
  return out;
}

TEST(PdfJoin, TheFirstPagesAreADocumentOfTheirOwn) {
  test::TempDir dir;
  const fs::path out = dir.path() / "joined.pdf", first = dir.path() / "first.pdf";
  // Three of four pages: the mark falls inside the second part, whose last
  // page (blue) brings a content stream of its own.
  join_with_first(out, first, 3);
  for (const fs::path& f : {out, first}) {
    std::string check;
    EXPECT_EQ(test::run_command("qpdf --check '" + f.string() + "'", &check), 0) << check;
    EXPECT_EQ(check.find("WARNING"), std::string::npos) << check;
  }
  const auto joined = page_contents(out), firsts = page_contents(first);
  ASSERT_EQ(joined.size(), 4u);
  ASSERT_EQ(firsts.size(), 3u);
  for (size_t i = 0; i < 3; ++i) EXPECT_EQ(firsts[i], joined[i]) << "page " << i + 1;
  auto boxes = read_page_boxes(first);
  ASSERT_EQ(boxes.size(), 3u);
  EXPECT_NEAR(boxes[0].media.w, 65, 0.001);
  EXPECT_NEAR(boxes[2].media.h, 120, 0.001);

  QPDF pdf;
  pdf.processFile(first.c_str());
  EXPECT_EQ(pdf.getTrailer().getKey("/Info").getKey("/Title").getUTF8Value(), "Joined");
  // The blue page's objects are not in it: the object numbers given to
  // them are free entries, and the file is the joined one's bytes up to
  // its third page.
  QPDF all;
  all.processFile(out.c_str());
  EXPECT_LT(pdf.getObjectCount(), all.getObjectCount());
  const auto a = read_file(out), b = read_file(first);
  ASSERT_TRUE(a && b);
  const size_t tree = b->find("\n1 0 obj");  // the tail: the page tree first
  ASSERT_NE(tree, std::string::npos);
  EXPECT_EQ(a->substr(0, tree), b->substr(0, tree));
  EXPECT_NE(*a, *b);

  // The same parts give the same bytes; all four pages give the joined
  // file's pages.
  const fs::path again = dir.path() / "again.pdf", again_first = dir.path() / "again-first.pdf";
  join_with_first(again, again_first, 3);
  EXPECT_EQ(*read_file(again_first), *b);
  EXPECT_EQ(*read_file(again), *a);
  join_with_first(dir.path() / "four.pdf", dir.path() / "four-first.pdf", 4);
  EXPECT_EQ(page_contents(dir.path() / "four-first.pdf"), joined);
}

// A part of two pages whose first page has a link to the second (an
// annotation whose /Dest is that page), written by hand: Cairo's parts of
// cards have no links.
std::string linked_part() {
  const std::vector<std::string> objects = {
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] /Contents 5 0 R /Annots [6 0 R] >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] /Contents 5 0 R >>",
      "<< /Length 11 >>\nstream\n0 0 m 1 1 l\nendstream",
      "<< /Type /Annot /Subtype /Link /Rect [0 0 10 10] /Dest [4 0 R /Fit] >>"};
  return test::pdf_of_objects(objects, "1.5");
}

TEST(PdfJoin, FirstPagesAreNotWrittenWhenAPageRefersToAPage) {
  test::TempDir dir;
  const fs::path out = dir.path() / "joined.pdf", first = dir.path() / "first.pdf";
  const PageBoxes box{{0, 0, 100, 100}, {0, 0, 100, 100}, {0, 0, 100, 100}};
  const std::vector<PageBoxes> boxes = {box, box};
  PdfJoiner joiner(out, false);
  joiner.also_write_first_pages(first, 1);
  joiner.add(linked_part(), boxes, "linked");
  joiner.finish();
  // The first page's link would lead to a page its document does not have:
  // only the joined file is written, and the caller copies the first page.
  EXPECT_FALSE(joiner.first_pages_written());
  EXPECT_FALSE(fs::exists(first));
  std::string check;
  EXPECT_EQ(test::run_command("qpdf --check '" + out.string() + "'", &check), 0) << check;
  EXPECT_EQ(read_page_boxes(out).size(), 2u);
  EXPECT_EQ(std::distance(fs::directory_iterator(dir.path()), fs::directory_iterator()), 1);
}

TEST(PdfJoin, FirstPagesThatNeverCameLeaveNoFile) {
  test::TempDir dir;
  const fs::path out = dir.path() / "joined.pdf", first = dir.path() / "first.pdf";
  EXPECT_THROW(join_with_first(out, first, 5), std::runtime_error);
  EXPECT_FALSE(fs::exists(out));
  EXPECT_FALSE(fs::exists(first));
  EXPECT_EQ(std::distance(fs::directory_iterator(dir.path()), fs::directory_iterator()), 0);
  PdfJoiner joiner(out, false);
  EXPECT_THROW(joiner.also_write_first_pages(first, 0), std::logic_error);
  const page::Page red = page({65, 97}, {200, 0, 0, 255});
  const std::vector<PageBoxes> one = {boxes_of(red)};
  joiner.add(part(red), one, "red");
  EXPECT_THROW(joiner.also_write_first_pages(first, 1), std::logic_error);  // after a part
}

// A one-page part written by hand: its page draws `content` and uses a
// graphics state object per entry of `states` (its /CA), each shared by
// its bytes with the same state of any other part. Cairo's parts share
// what they share by their bytes too; by hand, a test says which.
std::string part_with_states(const std::string& content, const std::vector<std::string>& states) {
  std::string refs;
  for (size_t i = 0; i < states.size(); ++i) refs += " /G" + std::to_string(i) + " " + std::to_string(5 + i) + " 0 R";
  std::vector<std::string> objects = {
      "<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] /Contents 4 0 R /Resources << /ExtGState <<" + refs +
          " >> >> >>",
      "<< /Length " + std::to_string(content.size()) + " >>\nstream\n" + content + "\nendstream"};
  for (const std::string& ca : states) objects.push_back("<< /Type /ExtGState /CA " + ca + " >>");
  return test::pdf_of_objects(objects, "1.5");
}

using Parts = std::vector<std::string>;

// A join that `parts` follows: its parts, checkpoint and file.
struct LastJoin {
  const Parts& parts;
  const JoinCheckpoint& checkpoint;
  fs::path file;
};

// Joins `parts` into `out` as PartedPdf does: following `last` when given,
// its first parts that are the same resumed, and each later one that is
// the same copied where copy_part() finds it comes out the same. The
// checkpoint, and how many parts were copied.
// With `first` pages, also writes their document, `out` with ".first".
std::pair<JoinCheckpoint, size_t> join_parts(const fs::path& out, const Parts& parts,
                                             const std::optional<LastJoin>& last = std::nullopt, size_t first = 0) {
  const std::vector<PageBoxes> boxes = {{{0, 0, 35, 35}, {0, 0, 35, 35}, {1, 1, 33, 33}}};
  const auto same = [&](size_t i) { return last && i < last->parts.size() && last->parts[i] == parts[i]; };
  PdfJoiner joiner(out, false);
  if (first > 0) joiner.also_write_first_pages(fs::path(out.string() + ".first"), first);
  size_t first_same = 0;
  if (last) {
    joiner.follow(last->checkpoint, last->file);
    while (first_same < parts.size() && same(first_same)) ++first_same;
    while (first_same > 0 && !last->checkpoint.resumable_at(first_same, first)) --first_same;
    if (first_same > 0) joiner.resume(first_same);
  }
  for (size_t i = first_same; i < parts.size(); ++i)
    if (!same(i) || !joiner.copy_part(i)) joiner.add(parts[i], boxes, "part " + std::to_string(i));
  joiner.finish();
  return {joiner.checkpoint(), joiner.parts_copied()};
}

// Five parts; parts 2 and 3 use the states parts 0 and 1 wrote.
Parts parts_sharing_states() {
  return {part_with_states("0 0 m", {"0.1"}), part_with_states("1 1 m", {"0.2"}), part_with_states("2 2 m", {"0.1"}),
          part_with_states("3 3 m", {"0.2"}), part_with_states("4 4 m", {"0.3"})};
}

// After an edited part, the same parts that follow are copied from the last
// file while they come out the same here, and joined where they would not:
// the bytes and the checkpoint are always a clean join's.
TEST(PdfJoin, ThePartsAfterAnEditedOneAreCopiedOnlyWhereTheyComeOutTheSame) {
  test::TempDir dir;
  const Parts before = parts_sharing_states();
  const fs::path last_file = dir.path() / "last.pdf";
  const JoinCheckpoint last = join_parts(last_file, before).first;
  ASSERT_EQ(last.marks.size(), 5u);
  EXPECT_EQ(last.marks[2].reused.size(), 1u);  // part 2 uses part 0's state
  EXPECT_TRUE(last.marks[1].reused.empty());
  struct Case {
    const char* what;
    size_t part;
    std::string now;
    size_t copied;
  };
  const std::vector<Case> cases = {
      {"part 1's drawing edited: parts 2 to 4 copied", 1, part_with_states("1 1 l", {"0.2"}), 1 + 3},
      {"the last part edited", 4, part_with_states("4 4 l", {"0.3"}), 4},
      // Part 3 used part 1's state, which is another object now: joined,
      // it writes the state itself, so part 4 no longer lines up either.
      {"part 1's state edited: part 2 copied, 3 and 4 joined", 1, part_with_states("1 1 m", {"0.9"}), 1 + 1},
      // Part 0 now writes the state part 1 wrote itself: part 1 uses it,
      // with one object less; part 2 writes the state it used from part 0,
      // with one more, and part 3 uses another object than before. Part 4
      // lines up again, and is copied.
      {"part 0 writes what part 1 wrote: parts 1 to 3 joined", 0, part_with_states("0 0 m", {"0.2"}), 1},
      {"part 1 with an object more: the rest no longer lines up", 1, part_with_states("1 1 m", {"0.2", "0.7"}), 1},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.what);
    Parts now = before;
    now[c.part] = c.now;
    const fs::path edit = dir.path() / "edit.pdf", clean = dir.path() / "clean.pdf";
    const auto [edited, copied] = join_parts(edit, now, LastJoin{before, last, last_file});
    const auto [cleanly, none] = join_parts(clean, now);
    EXPECT_EQ(copied, c.copied);
    EXPECT_EQ(none, 0u);
    EXPECT_EQ(*read_file(edit), *read_file(clean));
    EXPECT_EQ(edited.pack(), cleanly.pack());  // the marks of the parts copied too
    std::string check;
    EXPECT_EQ(test::run_command("qpdf --check '" + edit.string() + "'", &check), 0) << check;
  }
}

// The document of the first pages ends where this join says, not where the
// followed one's did: a part that holds this join's end of it is joined.
TEST(PdfJoin, APartIsNotCopiedPastWhereTheFirstPagesEndNow) {
  test::TempDir dir;
  Parts before;
  for (int i = 0; i < 5; ++i) before.push_back(part_with_states(std::to_string(i) + " 0 m", {"0.1"}));
  const fs::path last_file = dir.path() / "last.pdf";
  const JoinCheckpoint last = join_parts(last_file, before, std::nullopt, 4).first;
  Parts now = before;
  now[0] = part_with_states("0 0 l", {"0.1"});
  for (const size_t first : {size_t{2}, size_t{4}}) {
    SCOPED_TRACE(first);
    const fs::path edit = dir.path() / "edit.pdf", clean = dir.path() / "clean.pdf";
    const size_t copied = join_parts(edit, now, LastJoin{before, last, last_file}, first).second;
    join_parts(clean, now, std::nullopt, first);
    // The same first pages: parts 1, 2 and 4 copied (part 3, where they end, joined).
    EXPECT_EQ(copied, first == 4 ? 3u : 0u);
    EXPECT_EQ(*read_file(edit), *read_file(clean));
    EXPECT_EQ(*read_file(fs::path(edit.string() + ".first")), *read_file(fs::path(clean.string() + ".first")));
  }
}

// What is copied is checked against the digests the last join took: bytes
// changed in a part after the edited one stop the copying there, and that
// part and the rest are joined, as a clean join joins them.
TEST(PdfJoin, ACopyFromAFileChangedSinceItsJoinIsRefused) {
  test::TempDir dir;
  const Parts before = parts_sharing_states();
  const fs::path last_file = dir.path() / "last.pdf";
  const JoinCheckpoint last = join_parts(last_file, before).first;
  std::string bytes = *read_file(last_file);
  const size_t at = bytes.find("3 3 m");  // part 3's drawing
  ASSERT_NE(at, std::string::npos);
  bytes[at] = '8';
  write_file_atomic(last_file, bytes);
  Parts now = before;
  now[1] = part_with_states("1 1 l", {"0.2"});
  const fs::path edit = dir.path() / "edit.pdf", clean = dir.path() / "clean.pdf";
  EXPECT_EQ(join_parts(edit, now, LastJoin{before, last, last_file}).second, 2u);  // parts 0 and 2
  join_parts(clean, now);
  EXPECT_EQ(*read_file(edit), *read_file(clean));
}

}  // namespace
}  // namespace kw::pdf
