// Fitting a card page to a shop's card (page/fit.h): the design is scaled
// uniformly and centred; its safe area stays inside the new one; the new
// bleed is the edge colour wherever the design does not reach.
#include <gtest/gtest.h>

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
  ASSERT_EQ(f.page.items.size(), 3u);
  EXPECT_EQ(f.page.items[0].bounds, (Rect{0, 0, f.page.size.w, f.page.size.h}));
  const auto& ground = std::get<RectShape>(f.page.items[0].shape);
  EXPECT_EQ(ground.paint.fill, card().edge_color);
  EXPECT_NEAR(f.page.items[2].bounds.x, 7.175, 1e-9);
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
