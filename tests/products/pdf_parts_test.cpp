// A PDF joined from cached one-page parts (products/pdf_parts.h): a part
// found in the cache is not rendered again, and the file is byte for byte
// the one joined from parts all rendered anew; a damaged cache entry is
// rendered again.
#include <gtest/gtest.h>

#include "core/clock.h"
#include "core/files.h"
#include "core/sha256.h"
#include "infra/build_cache.h"
#include "page/fingerprint.h"
#include "products/pdf_parts.h"
#include "support/test_support.h"

namespace kw::products {
namespace {

namespace fs = std::filesystem;

page::Page card(int n) {
  page::Page p;
  p.id = "t/card-" + std::to_string(n);
  p.size = {65, 97};
  p.trim = {3, 3, 59, 91};
  page::RectShape bg;
  bg.rect = {0, 0, 65, 97};
  bg.paint.fill = Color{static_cast<uint8_t>(40 * n), 100, 0, 255};
  page::Item item;
  item.shape = bg;
  item.bounds = bg.rect;
  p.items.push_back(item);
  return p;
}

// Cards 1..3 joined, through `cache`; returns how many parts were rendered.
size_t write(const fs::path& file, const infra::BuildCache* cache, int changed = 0) {
  PartedPdf pdf(file, {.pdf = {.title = "t", .clock = Clock{}}, .cache = cache, .game = "t"});
  for (int n = 1; n <= 3; ++n) pdf.add(card(n == changed ? 7 : n), "card " + std::to_string(n));
  pdf.finish();
  return pdf.rendered();
}

TEST(PdfParts, OnlyTheChangedPageIsRenderedAndTheBytesAreACleanBuilds) {
  test::TempDir dir;
  infra::BuildCache cache(dir.path() / "cache");
  EXPECT_EQ(write(dir.path() / "first.pdf", &cache), 3u);
  EXPECT_EQ(write(dir.path() / "again.pdf", &cache), 0u);
  EXPECT_EQ(*read_file(dir.path() / "again.pdf"), *read_file(dir.path() / "first.pdf"));
  // One card changed: its page alone is rendered.
  EXPECT_EQ(write(dir.path() / "edit.pdf", &cache, 2), 1u);
  EXPECT_EQ(write(dir.path() / "clean.pdf", nullptr, 2), 3u);
  const auto edit = read_file(dir.path() / "edit.pdf");
  ASSERT_TRUE(edit);
  EXPECT_EQ(*edit, *read_file(dir.path() / "clean.pdf"));
  EXPECT_NE(*edit, *read_file(dir.path() / "first.pdf"));
  std::string check;
  EXPECT_EQ(test::run_command("qpdf --check '" + (dir.path() / "edit.pdf").string() + "'", &check), 0) << check;
}

TEST(PdfParts, APartIsKeptWithItsBoxes) {
  const pdf::PageBoxes boxes{{0, 0, 65.1, 97}, {0, 0, 65.1, 97}, {3.05, 2.95, 1.0 / 3, 91}};
  const std::string packed = pack_part(boxes, "%PDF-1.5 bytes");
  auto back = unpack_part(packed);
  ASSERT_TRUE(back);
  EXPECT_EQ(back->second, "%PDF-1.5 bytes");
  EXPECT_EQ(back->first.trim.w, 1.0 / 3);  // exactly: the numbers read back to the same doubles
  EXPECT_EQ(back->first.media.w, 65.1);
  EXPECT_FALSE(unpack_part(packed.substr(0, 30)));
  EXPECT_FALSE(unpack_part("kartenwerk pdf part 1\n1 2 x 4\n"));
  EXPECT_FALSE(unpack_part("%PDF-1.5"));
}

TEST(PdfParts, APartThatIsNoneIsRenderedAgain) {
  test::TempDir dir;
  infra::BuildCache cache(dir.path() / "cache");
  EXPECT_EQ(write(dir.path() / "first.pdf", &cache), 3u);
  // Card 2's part replaced by bytes the cache serves (its checks pass) but
  // that are no part: PartedPdf's key for a page is its fingerprint.
  cache.put(infra::cache_key({"pdf part", "t", Clock{}.key(), kw::hex(page::fingerprint(card(2)))}), "junk");
  EXPECT_EQ(write(dir.path() / "again.pdf", &cache), 1u);
  EXPECT_EQ(*read_file(dir.path() / "again.pdf"), *read_file(dir.path() / "first.pdf"));
}

}  // namespace
}  // namespace kw::products
