// Fitting a card page to a shop's card (page/fit.h): the design is scaled
// uniformly and centred; its safe area stays inside the new one; where its
// bleed falls short of the new one its own edge is drawn again there, and
// the new bleed is the edge colour wherever the design does not reach.
#include <gtest/gtest.h>

#include <cmath>

#include "page/fit.h"

namespace kw::page {
namespace {

// A 59 x 91 mm card with 3 mm bleed and a 4 mm safe area: a full-bleed
// ground and a title inside the safe area.
Page card() {
  Page p;
  p.id = "test/card";
  p.size = {65, 97};
  p.trim = {3, 3, 59, 91};
  p.safe = p.trim.inset(4);
  p.edge_color = Color{10, 20, 30, 255};
  Item ground;
  ground.shape = RectShape{.rect = {0, 0, 65, 97}, .corner_radius = 0, .paint = {}};
  ground.bounds = {0, 0, 65, 97};
  ground.name = "ground";
  Item title;
  title.shape = RectShape{.rect = {7, 7, 51, 10}, .corner_radius = 0, .paint = {}};
  title.bounds = {7, 7, 51, 10};
  title.name = "title";
  title.keep_in_safe_area = true;
  p.items = {ground, title};
  return p;
}

TEST(Fit, TheSameCardWithTheSameBleedIsThePageItself) {
  FittedPage f = fit_page(card(), {.trim = {59, 91}, .bleed = 3, .safe = 4, .corner_radius = 0});
  EXPECT_EQ(f.mode, FitMode::Exact);
  EXPECT_EQ(dump(f.page), dump(card()));
}

TEST(Fit, AnotherBleedReframesWithoutScaling) {
  FittedPage f = fit_page(card(), {.trim = {59, 91}, .bleed = 3.175, .safe = 3.175, .corner_radius = 0});
  EXPECT_EQ(f.mode, FitMode::Exact);
  EXPECT_DOUBLE_EQ(f.page.size.w, 59 + 2 * 3.175);
  EXPECT_DOUBLE_EQ(f.page.trim.x, 3.175);
  // The ground of edge colour comes first and covers the whole new page.
  ASSERT_GE(f.page.items.size(), 3u);
  EXPECT_EQ(f.page.items[0].bounds, (Rect{0, 0, f.page.size.w, f.page.size.h}));
  const auto& ground = std::get<RectShape>(f.page.items[0].shape);
  EXPECT_EQ(ground.paint.fill, card().edge_color);
  EXPECT_NEAR(f.page.items.back().bounds.x, 7.175, 1e-9);
}

// Where the design's own bleed falls short of the new one, the design is
// drawn again under it, scaled to the new page's edges and shown only in
// the strips it leaves: its edge continues there, not the ground.
TEST(Fit, AShortBleedIsTheDesignDrawnAgainNotTheGround) {
  const CardTarget bridge{.trim = {57.15, 88.9}, .bleed = 3.175, .safe = 3.175, .corner_radius = 0};
  FittedPage f = fit_page(card(), bridge);
  ASSERT_EQ(f.mode, FitMode::Cover);
  // The design's sheet, 97 mm at 97.7 %, is 94.76 mm of the 95.25 mm page.
  const double short_by = (f.page.size.h - 97 * f.scale) / 2;
  EXPECT_NEAR(short_by, 0.245, 0.001);
  // Ground, the card's ground drawn again in the top and the bottom strip
  // (the title lies far from both), the card.
  ASSERT_EQ(f.page.items.size(), 1u + 2u + 2u);
  for (size_t i : {1u, 2u}) {
    const Item& strip = f.page.items[i];
    EXPECT_EQ(strip.name, "fit-edge:ground");
    EXPECT_FALSE(strip.keep_in_safe_area);
    ASSERT_TRUE(strip.clip.has_value());
    // It reaches the page's edge and 0.5 mm under the design.
    EXPECT_NEAR(strip.clip->h, short_by + 0.5, 1e-9);
    EXPECT_TRUE(strip.clip->y < 1e-9 || std::abs(strip.clip->bottom() - f.page.size.h) < 1e-9) << strip.clip->y;
    // Scaled about the design's centre until its sheet covers the page.
    const Rect sheet = strip.transform.apply(Rect{0, 0, 65, 97});
    EXPECT_LE(sheet.y, 1e-9);
    EXPECT_GE(sheet.bottom(), f.page.size.h - 1e-9);
  }
  EXPECT_EQ(f.page.items[3].name, "ground");
  EXPECT_EQ(f.page.items[4].name, "title");
}

TEST(Fit, AContainedCardKeepsItsBandsOfEdgeColour) {
  const CardTarget square{.trim = {70, 70}, .bleed = 3, .safe = 4, .corner_radius = 0};
  FittedPage f = fit_page(card(), square);
  ASSERT_EQ(f.mode, FitMode::Contain);
  ASSERT_EQ(f.page.items.size(), 3u);  // the ground, the card: nothing drawn again
}

TEST(Fit, ASlightlySmallerShopCardIsCoveredWhenTheSafeAreaStillFits) {
  // Bridge at a US shop: 57.15 x 88.9 mm with 1/8 in bleed and safe margin.
  const CardTarget bridge{.trim = {57.15, 88.9}, .bleed = 3.175, .safe = 3.175, .corner_radius = 0};
  FittedPage f = fit_page(card(), bridge);
  EXPECT_EQ(f.mode, FitMode::Cover);
  EXPECT_NEAR(f.scale, 88.9 / 91, 1e-9);  // the height decides: the sides lose a sliver
  const Item& title = f.page.items.back();
  EXPECT_TRUE(f.page.safe.contains(title.bounds)) << title.bounds.x << " " << title.bounds.w;
  // Centred: the title's centre stays on the card's centre line.
  EXPECT_NEAR(title.bounds.center().x, f.page.size.w / 2, 1e-9);
  EXPECT_EQ(describe_fit(card(), bridge, plan_fit(card(), bridge)),
            "59 x 91 mm fitted to 57.15 x 88.9 mm (cover, 97.7 %)");
}

TEST(Fit, AMuchWiderShopCardIsContainedWithEdgeColourBands) {
  // Square cards: covering would cut the title away; the design is shrunk
  // until its safe area fits, and the ground of edge colour shows beside it.
  const CardTarget square{.trim = {70, 70}, .bleed = 3, .safe = 4, .corner_radius = 0};
  FittedPage f = fit_page(card(), square);
  EXPECT_EQ(f.mode, FitMode::Contain);
  EXPECT_LT(f.scale, 1);
  for (const Item& item : f.page.items)
    if (item.keep_in_safe_area) {
      EXPECT_TRUE(f.page.safe.contains(item.bounds, 1e-6));
    }
  // Never stretched: both axes scale alike.
  const Affine& t = f.page.items.back().transform;
  EXPECT_DOUBLE_EQ(t.xx, t.yy);
  EXPECT_EQ(t.xy, 0);
}

TEST(Fit, ItemsStayClippedToTheOldSheet) {
  const CardTarget poker{.trim = {63.5, 88.9}, .bleed = 3.175, .safe = 3.175, .corner_radius = 0};
  FittedPage f = fit_page(card(), poker);
  const Item& ground = f.page.items[1];
  ASSERT_TRUE(ground.clip.has_value());
  EXPECT_NEAR(ground.clip->w, 65 * f.scale, 1e-9);
}

}  // namespace
}  // namespace kw::page
