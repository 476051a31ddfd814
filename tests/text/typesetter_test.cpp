#include "text/typesetter.h"

#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "core/utf8.h"
#include "text/font_face.h"
#include "text_fixture.h"

namespace kw::text {
namespace {

using test_util::fixed_size;
using test_util::fonts;
using test_util::line_dump;

const char* kTolkienNames = "Palantír Nazgûl Éomer Dáin Rhúnedain Khamûl Uglúk Gríma Rhûn";

void expect_no_notdef(const std::string& family) {
  Typesetter ts(fonts());
  TextStyle st = fixed_size(10);
  st.family = family;
  SetResult r = ts.set(kTolkienNames, st, {500, 20});
  ASSERT_TRUE(r.text) << r.error;
  std::size_t glyphs = 0;
  for (const auto& run : r.text->runs) {
    EXPECT_NE(run.font->path().find(family == "garamond" ? "EBGaramond12-Regular" : "JunicodeTwoBeta-Regular"),
              std::string::npos)
        << "fell back to " << run.font->path();
    for (const auto& g : run.glyphs) {
      EXPECT_NE(g.id, 0u) << family << ": .notdef in '" << run.text << "' at byte " << g.cluster;
      ++glyphs;
    }
  }
  EXPECT_GE(glyphs, 60u);
  ASSERT_EQ(r.text->lines.size(), 1u);
  EXPECT_EQ(r.text->lines[0].text, kTolkienNames);
}

TEST(Typesetter, DiacriticsShapeWithoutNotdefInGaramond) { expect_no_notdef("garamond"); }
TEST(Typesetter, DiacriticsShapeWithoutNotdefInJunicode) { expect_no_notdef("junicode"); }

TEST(Typesetter, GlyphPositionsAreRelativeToBoxWithBaselineAtAscender) {
  Typesetter ts(fonts());
  SetResult r = ts.set("Hobbit", fixed_size(10), {50, 20});
  ASSERT_TRUE(r.text) << r.error;
  const FontFace* f = fonts().face("garamond", "regular");
  const double baseline = f->ascender * pt_to_mm(10);
  ASSERT_EQ(r.text->lines.size(), 1u);
  EXPECT_NEAR(r.text->lines[0].baseline, baseline, 1e-9);
  ASSERT_EQ(r.text->runs.size(), 1u);
  const auto& glyphs = r.text->runs[0].glyphs;
  ASSERT_EQ(glyphs.size(), 6u);
  EXPECT_NEAR(glyphs[0].x, 0, 0.2);
  EXPECT_NEAR(glyphs[0].y, baseline, 1e-9);
  for (std::size_t i = 1; i < glyphs.size(); ++i) EXPECT_GT(glyphs[i].x, glyphs[i - 1].x);
  EXPECT_EQ(r.text->runs[0].text, "Hobbit");
  EXPECT_EQ(glyphs[5].cluster, 5u);
  EXPECT_DOUBLE_EQ(r.text->runs[0].size_pt, 10);
  EXPECT_NEAR(r.text->extent.h, (f->ascender - f->descender) * pt_to_mm(10), 1e-9);
}

std::vector<std::uint32_t> glyph_ids(const std::string& text, const std::string& family,
                                     std::vector<std::string> features) {
  Typesetter ts(fonts());
  TextStyle st = fixed_size(10);
  st.family = family;
  st.features = std::move(features);
  SetResult r = ts.set(text, st, {80, 20});
  std::vector<std::uint32_t> out;
  if (!r.text) return out;
  for (const auto& run : r.text->runs)
    for (const auto& g : run.glyphs) out.push_back(g.id);
  return out;
}

TEST(Typesetter, LigaturesAndKerningAreOn) {
  // EB Garamond sets its f-ligatures as contextual pairs (f._i + i.dotless).
  EXPECT_NE(glyph_ids("fi", "garamond", {}), glyph_ids("fi", "garamond", {"-liga"}));
  Typesetter ts(fonts());
  // Kerning: "AV" is narrower than A and V set apart.
  auto width_of = [&](const std::string& s) {
    SetResult x = ts.set(s, fixed_size(10), {50, 20});
    return x.text->lines[0].width;
  };
  EXPECT_LT(width_of("AV"), width_of("A") + width_of("V") - 0.05);
}

TEST(Typesetter, FeaturesSmallCapsAndFiguresChangeGlyphs) {
  EXPECT_NE(glyph_ids("Gondor", "garamond", {}), glyph_ids("Gondor", "garamond", {"smcp"}));
  // Junicode's default figures are lining, EB Garamond's old-style.
  EXPECT_NE(glyph_ids("1234", "junicode", {}), glyph_ids("1234", "junicode", {"onum"}));
  EXPECT_NE(glyph_ids("1234", "garamond", {}), glyph_ids("1234", "garamond", {"lnum"}));
  EXPECT_EQ(glyph_ids("1234", "garamond", {}), glyph_ids("1234", "garamond", {"onum"}));
  Typesetter ts(fonts());
  TextStyle bad = fixed_size(10);
  bad.features = {"!!"};
  EXPECT_NE(ts.set("x", bad, {80, 20}).error.find("'!!'"), std::string::npos);
}

TEST(Typesetter, FallsBackPerCharacterAndNamesUncoveredCharacters) {
  Typesetter ts(fonts());
  // U+0180 (ƀ) is in Junicode/Cardo, not in EB Garamond 12.
  const FontFace* garamond = fonts().face("garamond", "regular");
  char32_t probe = 0;
  for (char32_t cp : {U'\u0180', U'\u01BF', U'\u0293', U'\u16A0', U'\u2C71'})
    if (!garamond->covers(cp)) {
      for (const FontFace* f : fonts().fallback_chain("regular"))
        if (f->covers(cp)) probe = cp;
      if (probe) break;
    }
  ASSERT_NE(probe, 0u) << "need a character garamond lacks but the fallback has";
  const std::string enc = utf8::encode(probe);
  SetResult r = ts.set("a" + enc + "b", fixed_size(10), {80, 20});
  ASSERT_TRUE(r.text) << r.error;
  ASSERT_EQ(r.text->runs.size(), 3u);
  EXPECT_NE(r.text->runs[1].font->path(), r.text->runs[0].font->path());
  EXPECT_EQ(r.text->runs[0].font->path(), r.text->runs[2].font->path());
  for (const auto& run : r.text->runs)
    for (const auto& g : run.glyphs) EXPECT_NE(g.id, 0u);
  // Nothing bundled has a Linear B syllable: an error naming it, not a box.
  r = ts.set("a\U00010000b", fixed_size(10), {80, 20});
  EXPECT_FALSE(r.text);
  EXPECT_NE(r.error.find("U+10000"), std::string::npos) << r.error;
}

TEST(Typesetter, FitChoosesLargestSizeThatFits) {
  Typesetter ts(fonts());
  TextStyle st;
  st.max_size_pt = 14;
  st.min_size_pt = 6;
  st.size_step_pt = 0.25;
  const std::string text = "Der Ringträger zieht durch das Land, und alle Völker hören davon.";
  const Size box{30, 14};
  SetResult r = ts.set(text, st, box);
  ASSERT_TRUE(r.text) << r.error;
  const double chosen = r.text->size_pt;
  EXPECT_LT(chosen, 14);
  EXPECT_GE(chosen, 6);
  EXPECT_LE(r.text->extent.h, box.h + 1e-9);
  EXPECT_LE(r.text->extent.w, box.w + 1e-9);
  // One step larger must not fit.
  TextStyle larger = st;
  larger.min_size_pt = larger.max_size_pt = chosen + 0.25;
  EXPECT_FALSE(ts.set(text, larger, box).text);
  TextStyle exact = st;
  exact.min_size_pt = exact.max_size_pt = chosen;
  EXPECT_TRUE(ts.set(text, exact, box).text);
  // Nothing outside the box.
  for (const auto& run : r.text->runs)
    for (const auto& g : run.glyphs) {
      EXPECT_GE(g.x, -0.5);
      EXPECT_LE(g.x, box.w);
      EXPECT_LE(g.y, box.h);
    }
}

TEST(Typesetter, OverflowAtMinimumIsAnError) {
  Typesetter ts(fonts());
  TextStyle st;
  st.max_size_pt = 10;
  st.min_size_pt = 8;
  SetResult r = ts.set("Ein langer Text, der in dieses kleine Feld niemals hineinpasst, egal wie klein.", st, {20, 5});
  EXPECT_FALSE(r.text);
  EXPECT_NE(r.error.find("does not fit"), std::string::npos) << r.error;
  EXPECT_NE(r.error.find("8 pt"), std::string::npos) << r.error;
}

TEST(Typesetter, UnbreakableWordWiderThanBoxIsAnError) {
  Typesetter ts(fonts());
  TextStyle st = fixed_size(10);
  st.hyphenate = false;
  SetResult r = ts.set("Donaudampfschifffahrtsgesellschaft", st, {15, 50});
  EXPECT_FALSE(r.text);
  EXPECT_NE(r.error.find("Donaudampfschifffahrtsgesellschaft"), std::string::npos) << r.error;
  EXPECT_NE(r.error.find("wider than the box"), std::string::npos) << r.error;
}

TEST(Typesetter, SizesBelowFloorAreRefused) {
  Typesetter ts(fonts());
  TextStyle st;
  st.max_size_pt = 10;
  st.min_size_pt = 5;
  st.floor_pt = 6;
  SetResult r = ts.set("Gandalf", st, {50, 50});
  EXPECT_FALSE(r.text);
  EXPECT_NE(r.error.find("below the print floor"), std::string::npos) << r.error;
}

TEST(Typesetter, NoWrapKeepsOneLineAndOnlyShrinks) {
  Typesetter ts(fonts());
  TextStyle st;
  st.max_size_pt = 12;
  st.min_size_pt = 6;
  st.wrap = false;
  SetResult r = ts.set("Die Gefährten brechen auf", st, {30, 30});
  ASSERT_TRUE(r.text) << r.error;
  EXPECT_EQ(r.text->lines.size(), 1u);
  EXPECT_LT(r.text->size_pt, 12);
  EXPECT_LE(r.text->lines[0].width, 30 + 1e-9);
}

TEST(Typesetter, AlignmentsAndVerticalAlignment) {
  Typesetter ts(fonts());
  const Size box{60, 30};
  auto set = [&](Align a, VAlign v) {
    TextStyle st = fixed_size(10, a);
    st.valign = v;
    SetResult r = ts.set("Mittelerde", st, box);
    EXPECT_TRUE(r.text) << r.error;
    return *r.text;
  };
  const SetText left = set(Align::Left, VAlign::Top);
  const SetText center = set(Align::Center, VAlign::Middle);
  const SetText right = set(Align::Right, VAlign::Bottom);
  const double w = left.lines[0].width;
  EXPECT_NEAR(left.lines[0].left, 0, 1e-9);
  EXPECT_NEAR(center.lines[0].left, (box.w - w) / 2, 1e-9);
  EXPECT_NEAR(right.lines[0].left, box.w - w, 1e-9);
  const double h = left.extent.h;
  EXPECT_NEAR(center.lines[0].baseline - left.lines[0].baseline, (box.h - h) / 2, 1e-9);
  EXPECT_NEAR(right.lines[0].baseline - left.lines[0].baseline, box.h - h, 1e-9);
  EXPECT_NEAR(right.runs[0].glyphs[0].x - left.runs[0].glyphs[0].x, box.w - w, 1e-9);
}

TEST(Typesetter, MultiLineBaselinesFollowLineHeight) {
  Typesetter ts(fonts());
  TextStyle st = fixed_size(10);
  st.line_height = 1.3;
  SetResult r = ts.set("Eins\nZwei\n\nVier", st, {50, 50});
  ASSERT_TRUE(r.text) << r.error;
  EXPECT_EQ(line_dump(*r.text), "Eins|Zwei||Vier|");
  for (std::size_t i = 1; i < r.text->lines.size(); ++i)
    EXPECT_NEAR(r.text->lines[i].baseline - r.text->lines[i - 1].baseline, 1.3 * pt_to_mm(10), 1e-9);
}

TEST(Typesetter, TrackingAddsSpaceBetweenClusters) {
  Typesetter ts(fonts());
  TextStyle plain = fixed_size(10);
  TextStyle tracked = plain;
  tracked.tracking_em = 0.1;
  SetResult a = ts.set("Mittelerde", plain, {80, 20});
  SetResult b = ts.set("Mittelerde", tracked, {80, 20});
  ASSERT_TRUE(a.text && b.text);
  std::set<std::uint32_t> clusters;
  for (const auto& g : a.text->runs[0].glyphs) clusters.insert(g.cluster);
  const double gaps = static_cast<double>(clusters.size() - 1);
  EXPECT_NEAR(b.text->lines[0].width - a.text->lines[0].width, gaps * 0.1 * pt_to_mm(10), 1e-9);
}

TEST(Typesetter, EmptyTextIsOneEmptyLine) {
  Typesetter ts(fonts());
  SetResult r = ts.set("", fixed_size(10), {20, 20});
  ASSERT_TRUE(r.text) << r.error;
  EXPECT_TRUE(r.text->runs.empty());
  EXPECT_EQ(r.text->lines.size(), 1u);
}

TEST(Typesetter, UnknownFamilyAndBadRangesAreErrors) {
  Typesetter ts(fonts());
  TextStyle st = fixed_size(10);
  st.family = "comic-sans";
  EXPECT_NE(ts.set("x", st, {20, 20}).error.find("unknown font family 'comic-sans'"), std::string::npos);
  st = fixed_size(10);
  st.min_size_pt = 12;
  EXPECT_NE(ts.set("x", st, {20, 20}).error.find("empty"), std::string::npos);
  EXPECT_NE(ts.set("x", fixed_size(10), {0, 20}).error.find("no area"), std::string::npos);
  // A box lower than one line cannot hold anything.
  SetResult r = ts.set("x", fixed_size(10), {20, 1});
  EXPECT_FALSE(r.text);
  EXPECT_NE(r.error.find("lower than one line"), std::string::npos) << r.error;
}

}  // namespace
}  // namespace kw::text
