// Unit conversions and transforms.
#include <gtest/gtest.h>

#include "core/color.h"
#include "core/geometry.h"

namespace kw {
namespace {

TEST(Units, MillimetresToPixelsAtPrintResolution) {
  // The Meinspiel facts: 65 x 97 mm document = 768 x 1146 px, trim 59 x 91 = 697 x 1075.
  EXPECT_EQ(mm_to_px_count(65, 300), 768);
  EXPECT_EQ(mm_to_px_count(97, 300), 1146);
  EXPECT_EQ(mm_to_px_count(59, 300), 697);
  EXPECT_EQ(mm_to_px_count(91, 300), 1075);
  EXPECT_NEAR(mm_to_px(25.4, 300), 300.0, 1e-12);
}

TEST(Units, MillimetresToPoints) {
  EXPECT_NEAR(mm_to_pt(25.4), 72.0, 1e-12);
  EXPECT_NEAR(mm_to_pt(65), 184.2520, 1e-4);
  EXPECT_NEAR(mm_to_pt(97), 274.9606, 1e-4);
  EXPECT_NEAR(pt_to_mm(mm_to_pt(13.7)), 13.7, 1e-12);
  EXPECT_NEAR(pt_to_mm(6), 2.1167, 1e-4);  // the 6 pt print minimum in mm
}

TEST(Affine, HalfTurnAboutCentreIsExact) {
  Affine r = Affine::rotate_about(180, {29.5, 45.5});
  Point p = r.apply(Point{0, 0});
  EXPECT_EQ(p.x, 59);
  EXPECT_EQ(p.y, 91);
  Rect box = r.apply(Rect{10, 10, 5, 2});
  EXPECT_EQ(box, (Rect{44, 79, 5, 2}));
}

TEST(Affine, CompositionAppliesRightOperandFirst) {
  Affine t = Affine::translate(3, 3).then_after(Affine::rotate_deg(90));
  Point p = t.apply(Point{1, 0});
  EXPECT_NEAR(p.x, 3, 1e-12);
  EXPECT_NEAR(p.y, 4, 1e-12);
}

TEST(Color, ParsesAndPrintsHex) {
  auto c = Color::parse("#a72608");
  ASSERT_TRUE(c);
  EXPECT_EQ(c->r, 0xa7);
  EXPECT_EQ(c->g, 0x26);
  EXPECT_EQ(c->b, 0x08);
  EXPECT_EQ(c->hex(), "#a72608");
  EXPECT_FALSE(Color::parse("a72608"));
  EXPECT_FALSE(Color::parse("#a7260"));
  EXPECT_FALSE(Color::parse("#zz2608"));
  EXPECT_EQ(Color::parse("#00000080")->a, 0x80);
}

}  // namespace
}  // namespace kw
