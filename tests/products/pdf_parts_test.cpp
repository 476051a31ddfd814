// A PDF joined from cached one-page parts (products/pdf_parts.h): a part
// found in the cache is not rendered again, and the file is byte for byte
// the one joined from parts all rendered anew; a damaged cache entry is
// rendered again.
#include <gtest/gtest.h>

#include "core/clock.h"
#include "core/files.h"
#include "core/sha256.h"
#include "infra/build_cache.h"
#include "products/pdf_parts.h"
#include "support/solid_page.h"
#include "support/test_support.h"

namespace kw::products {
namespace {

namespace fs = std::filesystem;

page::Page card(int n) {
  return test::solid_page("t/card-" + std::to_string(n), {65, 97}, {3, 3, 59, 91},
                          Color{static_cast<uint8_t>(40 * n), 100, 0, 255});
}

// The key PartedPdf is given for card `n`'s page here.
std::string key(int n) { return "card " + std::to_string(n); }

// Cards 1..5 joined, two to a part, through `cache` (card `changed` shows
// card 7 instead); returns how many pages were rendered.
size_t write(const fs::path& file, const infra::BuildCache* cache, int changed = 0) {
  PartedPdf pdf(file, {.pdf = {.title = "t", .clock = Clock{}}, .cache = cache, .game = "t", .pages_per_part = 2});
  for (int n = 1; n <= 5; ++n) {
    const int shown = n == changed ? 7 : n;
    pdf.add(
        key(shown), [shown] { return std::make_shared<const page::Page>(card(shown)); }, "card " + key(n));
  }
  pdf.finish();
  return pdf.rendered();
}

TEST(PdfParts, OnlyTheChangedPartIsRenderedAndTheBytesAreACleanBuilds) {
  test::TempDir dir;
  infra::BuildCache cache(dir.path() / "cache");
  EXPECT_EQ(write(dir.path() / "first.pdf", &cache), 5u);
  EXPECT_EQ(write(dir.path() / "again.pdf", &cache), 0u);
  EXPECT_EQ(*read_file(dir.path() / "again.pdf"), *read_file(dir.path() / "first.pdf"));
  // Card 4 changed: its part (cards 3 and 4) alone is rendered.
  EXPECT_EQ(write(dir.path() / "edit.pdf", &cache, 4), 2u);
  EXPECT_EQ(write(dir.path() / "clean.pdf", nullptr, 4), 5u);
  const auto edit = read_file(dir.path() / "edit.pdf");
  ASSERT_TRUE(edit);
  EXPECT_EQ(*edit, *read_file(dir.path() / "clean.pdf"));
  EXPECT_NE(*edit, *read_file(dir.path() / "first.pdf"));
  std::string check;
  EXPECT_EQ(test::run_command("qpdf --check '" + (dir.path() / "edit.pdf").string() + "'", &check), 0) << check;
}

// Cards 1..9 joined two to a part into `file`, with the document of the
// first 8 (`file` with ".first"), resuming from `previous` (the file the last
// join wrote, with the digest given) when its first parts are the same;
// card `changed` shows card 12 instead. Returns how many pages were rendered.
size_t write_resuming(const fs::path& file, const infra::BuildCache* cache, const fs::path& previous,
                      std::optional<FileDigest> previous_digest, int changed = 0) {
  PartedPdf pdf(file, {.pdf = {.title = "t", .clock = Clock{}},
                       .cache = cache,
                       .game = "t",
                       .pages_per_part = 2,
                       .first_pages_file = fs::path(file.string() + ".first"),
                       .first_pages = 8,
                       .previous_file = previous,
                       .previous_digest = std::move(previous_digest)});
  for (int n = 1; n <= 9; ++n) {
    const int shown = n == changed ? 12 : n;
    pdf.add(
        key(shown), [shown] { return std::make_shared<const page::Page>(card(shown)); }, "card " + key(n));
  }
  pdf.finish();
  EXPECT_TRUE(pdf.first_pages_written());
  return pdf.rendered();
}

// An edit's join copies the parts before the edited one from the file the
// last join wrote (they are neither taken from the cache nor rendered) and
// writes the bytes a clean join writes, both files; not when that file is
// not the one the record describes.
TEST(PdfParts, TheSameFirstPartsAreCopiedFromTheLastFile) {
  test::TempDir dir;
  const fs::path out = dir.path() / "out.pdf";
  infra::BuildCache cache(dir.path() / "cache");
  EXPECT_EQ(write_resuming(out, &cache, out, std::nullopt), 9u);
  // A cache of the records only: a part not copied has to be rendered.
  const auto records_only = [&](const std::string& name) {
    fs::path root = dir.path() / name;
    fs::create_directories(root);
    fs::copy(dir.path() / "cache/builds", root / "builds", fs::copy_options::recursive);
    return root;
  };
  const auto clean = [&](int changed) {
    const fs::path file = dir.path() / ("clean-" + std::to_string(changed) + ".pdf");
    write_resuming(file, nullptr, {}, std::nullopt, changed);
    return std::pair{*read_file(file), *read_file(fs::path(file.string() + ".first"))};
  };
  const auto written = [&](const fs::path& file) {
    return std::pair{*read_file(file), *read_file(fs::path(file.string() + ".first"))};
  };
  // Card 6 edited: parts 1 and 2 (cards 1 to 4) copied, part 3 (cards 5
  // and 6) rendered, part 4 (cards 7 and 8) too, since the first pages'
  // document ends in it, and part 5 (card 9) copied.
  {
    infra::BuildCache only(records_only("c1"));
    const fs::path edit = dir.path() / "edit.pdf";
    EXPECT_EQ(write_resuming(edit, &only, out, digest_file(out), 6), 4u);
    EXPECT_EQ(written(edit), clean(6));
    std::string check;
    EXPECT_EQ(test::run_command("qpdf --check '" + edit.string() + "'", &check), 0) << check;
    EXPECT_EQ(test::run_command("qpdf --check '" + edit.string() + ".first'", &check), 0) << check;
  }
  // Nothing edited: the parts copied as far as the first pages' document is
  // still being written then (parts 1 to 3), part 4, which ends it, joined,
  // and part 5 copied after it.
  {
    infra::BuildCache only(records_only("c2"));
    const fs::path same = dir.path() / "same.pdf";
    EXPECT_EQ(write_resuming(same, &only, out, digest_file(out)), 2u);
    EXPECT_EQ(written(same), written(out));
  }
  // Card 2 edited: part 1 rendered, parts 2 and 3 copied after it into both
  // files, part 4 rendered, part 5 copied.
  {
    infra::BuildCache only(records_only("c5"));
    const fs::path edit = dir.path() / "edit-2.pdf";
    EXPECT_EQ(write_resuming(edit, &only, out, digest_file(out), 2), 4u);
    EXPECT_EQ(written(edit), clean(2));
  }
  // The file is not the one the record describes: nothing copied.
  {
    infra::BuildCache only(records_only("c3"));
    const fs::path other = dir.path() / "other.pdf";
    FileDigest wrong = digest_file(out);
    wrong.sha256[0] = wrong.sha256[0] == '0' ? '1' : '0';
    EXPECT_EQ(write_resuming(other, &only, out, wrong, 6), 9u);
    EXPECT_EQ(written(other), clean(6));
  }
  // The record's file, but its bytes changed behind its stamp (as if
  // rewritten with its time put back): the copy is checked, found wrong,
  // and every part joined as a clean build joins them.
  {
    infra::BuildCache only(records_only("c4"));
    const fs::path changed = dir.path() / "changed.pdf";
    const FileDigest as_recorded = digest_file(out);
    const std::string was = *read_file(out);
    std::string bytes = was;
    const size_t at = bytes.find("stream\n");  // a byte of the first part's content
    ASSERT_NE(at, std::string::npos);
    bytes[at + 8] = static_cast<char>(bytes[at + 8] ^ 1);
    write_file_atomic(out, bytes);
    EXPECT_EQ(write_resuming(changed, &only, out, as_recorded, 6), 9u);
    EXPECT_EQ(written(changed), clean(6));
    write_file_atomic(out, was);
  }
  // In place, edit after edit: each resumes from the one before.
  for (const int changed : {8, 2, 0}) {
    SCOPED_TRACE(changed);
    write_resuming(out, &cache, out, digest_file(out), changed);
    EXPECT_EQ(written(out), clean(changed));
  }
}

TEST(PdfParts, AJoinsRecordRoundTripsAndADamagedOneIsRefused) {
  test::TempDir dir;
  infra::BuildCache cache(dir.path() / "cache");
  const fs::path out = dir.path() / "out.pdf";
  write_resuming(out, &cache, out, std::nullopt);
  std::optional<std::string> record;
  for (const auto& e : fs::directory_iterator(dir.path() / "cache/builds")) {
    const auto text = read_file(e.path());
    if (text && text->starts_with("kartenwerk parted pdf join")) record = text;
  }
  ASSERT_TRUE(record);
  const auto join = unpack_join(*record);
  ASSERT_TRUE(join);
  EXPECT_EQ(join->first.size(), 5u);  // five parts of two pages (the last of one)
  EXPECT_EQ(join->second.marks.size(), 5u);
  EXPECT_EQ(join->second.file.sha256, digest_file(out).sha256);
  EXPECT_EQ(pack_join(join->first, join->second), *record);
  // Resumable while the first 8 pages' document is still being written:
  // after parts 1 to 3 (6 pages), not after part 4 (8) or 5.
  EXPECT_TRUE(join->second.resumable_at(3, 8));
  EXPECT_FALSE(join->second.resumable_at(4, 8));
  EXPECT_FALSE(join->second.resumable_at(0, 8));
  EXPECT_FALSE(join->second.resumable_at(3, 7));  // another first pages' document
  // Cut anywhere, or a byte changed in its numbers: refused.
  for (size_t cut : {size_t{10}, record->size() / 2, record->size() - 1})
    EXPECT_FALSE(unpack_join(record->substr(0, cut))) << cut;
  EXPECT_FALSE(unpack_join(*record + "x"));
  // As many keys as marks, or refused.
  std::vector<std::string> keys = join->first;
  keys.push_back(keys.back());
  EXPECT_FALSE(unpack_join(pack_join(keys, join->second)));
  // Sealed: a byte changed anywhere is refused, in the record and in the
  // checkpoint within it.
  for (size_t at = 0; at < record->size(); at += 5) {
    std::string damaged = *record;
    damaged[at] = static_cast<char>(damaged[at] ^ 0x80);
    EXPECT_FALSE(unpack_join(damaged)) << at;
  }
  const std::string packed = join->second.pack();
  for (size_t at = 0; at < packed.size(); at += 3) {
    std::string damaged = packed;
    damaged[at] = static_cast<char>(damaged[at] ^ 0x01);
    EXPECT_FALSE(pdf::JoinCheckpoint::unpack(damaged)) << at;
  }
}

TEST(PdfParts, APartIsKeptWithItsBoxes) {
  const std::vector<pdf::PageBoxes> boxes = {{{0, 0, 65.1, 97}, {0, 0, 65.1, 97}, {3.05, 2.95, 1.0 / 3, 91}},
                                             {{0, 0, 70, 120}, {0, 0, 70, 120}, {0, 0, 70, 120}}};
  const std::string packed = pack_part(boxes, "%PDF-1.5 bytes");
  auto back = unpack_part(packed);
  ASSERT_TRUE(back);
  EXPECT_EQ(back->second, "%PDF-1.5 bytes");
  ASSERT_EQ(back->first.size(), 2u);
  EXPECT_EQ(back->first[0].trim.w, 1.0 / 3);  // exactly: the numbers read back to the same doubles
  EXPECT_EQ(back->first[0].media.w, 65.1);
  EXPECT_EQ(back->first[1].media.h, 120);
  EXPECT_FALSE(unpack_part(packed.substr(0, 30)));
  EXPECT_FALSE(unpack_part("kartenwerk pdf part 1\n1\n1 2 x 4\n"));
  EXPECT_FALSE(unpack_part("kartenwerk pdf part 1\n999999\n1 2 3 4\n"));
  EXPECT_FALSE(unpack_part("%PDF-1.5"));
}

TEST(PdfParts, APartThatIsNoneIsRenderedAgain) {
  test::TempDir dir;
  infra::BuildCache cache(dir.path() / "cache");
  EXPECT_EQ(write(dir.path() / "first.pdf", &cache), 5u);
  // The part of cards 1 and 2 replaced by bytes the cache serves (its checks
  // pass) but that are no part: the key is made of its pages' keys.
  const std::string k1 = key(1), k2 = key(2);
  const std::string pages = std::to_string(k1.size()) + ":" + k1 + "\n" + std::to_string(k2.size()) + ":" + k2 + "\n";
  cache.put(infra::cache_key({"pdf part", "t", Clock{}.key(), pages}), "junk");
  EXPECT_EQ(write(dir.path() / "again.pdf", &cache), 2u);
  EXPECT_EQ(*read_file(dir.path() / "again.pdf"), *read_file(dir.path() / "first.pdf"));
}

}  // namespace
}  // namespace kw::products
