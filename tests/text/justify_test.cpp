// Justification and its stretch limit.
#include <gtest/gtest.h>

#include "text_fixture.h"

namespace kw::text {
namespace {

using test_util::fixed_size;
using test_util::fonts;

const char* kText =
    "Gandalf führte sie durch verlassene Täler, vorbei an zerfallenen Wachtürmen und an Flüssen, deren Brücken "
    "längst eingestürzt waren.";

// x of each space glyph's successor minus the space's natural end: the
// extra added to each interword space.
TEST(Justify, FullLinesFillTheWidthLastLineRagged) {
  Typesetter ts(fonts());
  const double width = 50;
  SetResult r = ts.set(kText, fixed_size(9, Align::Justify), {width, 100});
  ASSERT_TRUE(r.text) << r.error;
  ASSERT_GE(r.text->lines.size(), 3u);
  for (std::size_t i = 0; i + 1 < r.text->lines.size(); ++i) {
    const SetLine& l = r.text->lines[i];
    EXPECT_TRUE(l.justified) << l.text;
    EXPECT_NEAR(l.left, 0, 1e-9);
    EXPECT_LE(l.space_adjust, 0.6 * pt_to_mm(9) + 1e-9) << l.text;
  }
  EXPECT_FALSE(r.text->lines.back().justified);
  EXPECT_DOUBLE_EQ(r.text->lines.back().space_adjust, 0);
  EXPECT_NEAR(r.text->extent.w, width, 1e-9);
  // The last glyph of every justified line ends at the right edge: its x plus
  // its advance is within a glyph width of the box edge, and no glyph is past it.
  for (const auto& run : r.text->runs)
    for (const auto& g : run.glyphs) EXPECT_LE(g.x, width);
}

TEST(Justify, LineNeedingMoreThanMaxStretchIsSetRagged) {
  Typesetter ts(fonts());
  // Two short words and a long one in a box that cannot take "ab cd" plus the
  // long word: "ab cd" alone would need huge spaces.
  TextStyle st = fixed_size(10, Align::Justify);
  st.hyphenate = false;
  st.max_stretch = 0.2;
  SetResult r = ts.set("ab cd Donaudampfschifffahrt", st, {36, 100});
  ASSERT_TRUE(r.text) << r.error;
  ASSERT_EQ(r.text->lines.size(), 2u);
  const SetLine& first = r.text->lines[0];
  EXPECT_EQ(first.text, "ab cd");
  EXPECT_FALSE(first.justified) << "would need " << (36 - first.width) << " mm in one space";
  EXPECT_DOUBLE_EQ(first.space_adjust, 0);
  // Set ragged means natural spacing: the same positions as a left-aligned line.
  SetResult left = ts.set("ab cd", fixed_size(10), {36, 100});
  ASSERT_TRUE(left.text);
  ASSERT_EQ(r.text->runs[0].glyphs.size(), left.text->runs[0].glyphs.size());
  for (std::size_t i = 0; i < left.text->runs[0].glyphs.size(); ++i)
    EXPECT_NEAR(r.text->runs[0].glyphs[i].x, left.text->runs[0].glyphs[i].x, 1e-9);
  // With a generous limit the same line is justified.
  st.max_stretch = 100;
  r = ts.set("ab cd Donaudampfschifffahrt", st, {36, 100});
  ASSERT_TRUE(r.text) << r.error;
  EXPECT_TRUE(r.text->lines[0].justified);
  EXPECT_NEAR(r.text->lines[0].space_adjust, 36 - r.text->lines[0].width, 1e-9);
}

TEST(Justify, SpacesGrowByTheReportedAdjustment) {
  Typesetter ts(fonts());
  SetResult just = ts.set(kText, fixed_size(9, Align::Justify), {50, 100});
  SetResult left = ts.set(kText, fixed_size(9, Align::Left), {50, 100});
  ASSERT_TRUE(just.text && left.text);
  // The first line breaks at the same place here; the k-th word starts k
  // adjustments further right.
  ASSERT_EQ(just.text->lines[0].text, left.text->lines[0].text);
  const auto& jg = just.text->runs[0].glyphs;
  const auto& lg = left.text->runs[0].glyphs;
  const std::string& text = just.text->runs[0].text;
  std::size_t spaces = 0;
  for (std::size_t i = 0; i < jg.size() && jg[i].y == jg[0].y; ++i) {
    EXPECT_NEAR(jg[i].x - lg[i].x, static_cast<double>(spaces) * just.text->lines[0].space_adjust, 1e-9);
    if (text[jg[i].cluster] == ' ') ++spaces;
  }
  EXPECT_GE(spaces, 3u);
}

}  // namespace
}  // namespace kw::text
