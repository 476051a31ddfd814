// The bleed of a card fitted to another shop's card continues the card's
// own edge (page/fit.h): Das Duell's 59 x 91 mm cards with 3 mm bleed go to
// DriveThruCards' bridge cards (57.15 x 88.9 mm, 1/8 in bleed) at 97.7 %,
// so their bleed reaches 0.245 mm short of the page's top and bottom edges.
// That strip was the ground of the card's edge colour, which for the
// Balrog's near-black edge prints as the rich black (60/40/40/100), beside
// the design's brown at the top and across its fire bed at the bottom. Now
// the design is drawn again there: the page's outermost rows, as
// Ghostscript renders the deck in CMYK, have the inks of the rows 0.5 mm
// further in.
#include <gtest/gtest.h>

#include <cstdlib>

#include "exporters/cmyk.h"
#include "support/test_support.h"

namespace kw {
namespace {

using test::kartenwerk;
using test::quoted;

// The share of the columns of row `y` whose every ink lies within
// `tolerance` (0-255) of the pixel in row `inner`.
double share_alike(const exporters::InkCoverage& page, int y, int inner, int tolerance) {
  int alike = 0;
  for (int x = 0; x < page.width; ++x) {
    const auto a = page.at(x, y), b = page.at(x, inner);
    alike += std::abs(a.c - b.c) <= tolerance && std::abs(a.m - b.m) <= tolerance && std::abs(a.y - b.y) <= tolerance &&
             std::abs(a.k - b.k) <= tolerance;
  }
  return static_cast<double>(alike) / page.width;
}

TEST(FittedBleed, DriveThruCardsBleedContinuesTheBalrogCardsEdges) {
  test::TempDir out, cache;
  auto b = kartenwerk("--root " + quoted(test::source_root()) + " build --game duell --format pdf --profile " +
                      "drivethrucards --cache " + quoted(cache.path()) + " --out " + quoted(out.path()));
  ASSERT_EQ(b.status, 0) << b.output;
  const auto deck = out.path() / "duell" / "drivethrucards" / "deck.pdf";
  // Each card's back, then its front: the first Balrog card (the 28th) is
  // on pages 55 (its back) and 56 (its front).
  constexpr double kDpi = 150;  // 0.245 mm: the rows 1 (below Ghostscript's half row above the page) and the last
  const auto pages = exporters::render_cmyk_pages(deck, kDpi, 55, 56);
  ASSERT_EQ(pages.size(), 2u);
  const int inner = 3;  // 0.5 mm further in: the design's own bleed
  for (size_t i = 0; i < pages.size(); ++i) {
    const auto& page = pages[i];
    const int top = 1, bottom = page.height - 1;
    EXPECT_GE(share_alike(page, top, top + inner, 20), 0.95) << "page " << 55 + i << ": the top edge";
    EXPECT_GE(share_alike(page, bottom, bottom - inner, 20), 0.95) << "page " << 55 + i << ": the bottom edge";
    // The fire bed runs out through the bottom edge: yellow, hardly black.
    const auto fire = page.at(page.width / 2, bottom);
    EXPECT_GT(fire.y, 128) << "page " << 55 + i;
    EXPECT_LT(fire.k, 64) << "page " << 55 + i;
  }
}

}  // namespace
}  // namespace kw
