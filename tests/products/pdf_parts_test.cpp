// A PDF joined from cached one-page parts (products/pdf_parts.h): a part
// found in the cache is not rendered again, and the file is byte for byte
// the one joined from parts all rendered anew; a damaged cache entry is
// rendered again.
#include <gtest/gtest.h>

#include "core/clock.h"
#include "core/files.h"
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
