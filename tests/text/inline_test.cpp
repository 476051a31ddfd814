// Inline markup through the Typesetter: faces, small caps, icons.
#include <gtest/gtest.h>

#include "text/font_face.h"
#include "text_fixture.h"

namespace kw::text {
namespace {

using test_util::fixed_size;
using test_util::fonts;
using test_util::line_dump;

std::optional<double> aspects(const std::string& name) {
  if (name == "gold") return 1.0;
  if (name == "sword") return 2.5;
  return std::nullopt;
}

const page::GlyphRun* run_with_text(const SetText& t, const std::string& text) {
  for (const auto& r : t.runs)
    if (r.text.find(text) != std::string::npos) return &r;
  return nullptr;
}

TEST(Inline, BoldAndItalicSwitchTheFace) {
  Typesetter ts(fonts());
  SetResult r = ts.set("Der **Ring** und *Sting* und ***beides***", fixed_size(10), {100, 20});
  ASSERT_TRUE(r.text) << r.error;
  EXPECT_EQ(line_dump(*r.text), "Der Ring und Sting und beides|");
  ASSERT_NE(run_with_text(*r.text, "Ring"), nullptr);
  // Garamond's bold is Junicode Bold (Debian's EB Garamond Bold lacks umlauts).
  EXPECT_NE(run_with_text(*r.text, "Ring")->font->path().find("JunicodeTwoBeta-Bold.otf"), std::string::npos);
  EXPECT_NE(run_with_text(*r.text, "Sting")->font->path().find("EBGaramond12-Italic.otf"), std::string::npos);
  EXPECT_NE(run_with_text(*r.text, "Der")->font->path().find("EBGaramond12-Regular.otf"), std::string::npos);
  // Garamond has no bold italic: bold wins.
  EXPECT_NE(run_with_text(*r.text, "beides")->font->path().find("JunicodeTwoBeta-Bold.otf"), std::string::npos);
  // A bold word with umlauts stays in one face: no fallback mid-word.
  r = ts.set("**Ringträger Éowyn Nazgûl**", fixed_size(10), {100, 20});
  ASSERT_TRUE(r.text) << r.error;
  ASSERT_EQ(r.text->runs.size(), 1u);
  EXPECT_NE(r.text->runs[0].font->path().find("JunicodeTwoBeta-Bold.otf"), std::string::npos);
  // Junicode has one.
  TextStyle st = fixed_size(10);
  st.family = "junicode";
  r = ts.set("***beides***", st, {100, 20});
  ASSERT_TRUE(r.text) << r.error;
  EXPECT_NE(r.text->runs[0].font->path().find("JunicodeTwoBeta-BoldItalic.otf"), std::string::npos);
  // Emphasis inside italic text is set upright.
  st.style = "italic";
  r = ts.set("schräg *aufrecht*", st, {100, 20});
  ASSERT_TRUE(r.text) << r.error;
  EXPECT_NE(run_with_text(*r.text, "schräg")->font->path().find("Italic"), std::string::npos);
  EXPECT_NE(run_with_text(*r.text, "aufrecht")->font->path().find("Regular"), std::string::npos);
}

TEST(Inline, SmallCapsMarkupUsesSmcp) {
  Typesetter ts(fonts());
  SetResult plain = ts.set("Gondor", fixed_size(10), {100, 20});
  SetResult sc = ts.set("[sc]Gondor[/sc]", fixed_size(10), {100, 20});
  ASSERT_TRUE(plain.text && sc.text);
  ASSERT_EQ(plain.text->runs[0].glyphs.size(), sc.text->runs[0].glyphs.size());
  EXPECT_EQ(plain.text->runs[0].glyphs[0].id, sc.text->runs[0].glyphs[0].id);  // capital G stays
  EXPECT_NE(plain.text->runs[0].glyphs[1].id, sc.text->runs[0].glyphs[1].id);  // o -> o.sc
  EXPECT_EQ(sc.text->runs[0].text, "Gondor");
}

TEST(Inline, IconSitsOnBaselineAtCapHeight) {
  Typesetter ts(fonts(), aspects);
  for (double size : {8.0, 10.0, 14.0}) {
    SetResult r = ts.set("Zahle :gold: oder :sword: jetzt", fixed_size(size), {100, 30});
    ASSERT_TRUE(r.text) << r.error;
    ASSERT_EQ(r.text->icons.size(), 2u);
    ASSERT_EQ(r.text->lines.size(), 1u);
    const double baseline = r.text->lines[0].baseline;
    const double cap = fonts().face("garamond", "regular")->cap_height * pt_to_mm(size);
    for (const PlacedIcon& icon : r.text->icons) {
      EXPECT_NEAR(icon.box.bottom(), baseline, 1e-9) << icon.name;
      EXPECT_NEAR(icon.box.h, cap, 1e-9) << icon.name;
    }
    EXPECT_EQ(r.text->icons[0].name, "gold");
    EXPECT_NEAR(r.text->icons[0].box.w, cap, 1e-9);
    EXPECT_NEAR(r.text->icons[1].box.w, 2.5 * cap, 1e-9);
    // The cap height is the height of 'H': an H set beside it is as tall.
    EXPECT_NEAR(fonts().face("garamond", "regular")->cap_height, 0.65, 0.05);
    // Icons take room: the text after an icon starts after its box.
    const page::GlyphRun* after = run_with_text(*r.text, " oder ");
    ASSERT_NE(after, nullptr);
    EXPECT_GE(after->glyphs[0].x + 1e-9, r.text->icons[0].box.right());
    EXPECT_EQ(line_dump(*r.text), "Zahle :gold: oder :sword: jetzt|");
  }
}

TEST(Inline, IconOnSecondLineUsesThatBaseline) {
  Typesetter ts(fonts(), aspects);
  SetResult r = ts.set("Erste Zeile\nZweite :gold:", fixed_size(10), {100, 30});
  ASSERT_TRUE(r.text) << r.error;
  ASSERT_EQ(r.text->icons.size(), 1u);
  EXPECT_NEAR(r.text->icons[0].box.bottom(), r.text->lines[1].baseline, 1e-9);
}

TEST(Inline, IconCapHeightFollowsTheFaceAroundIt) {
  Typesetter ts(fonts(), aspects);
  TextStyle st = fixed_size(10);
  st.family = "junicode";
  SetResult r = ts.set(":gold:", st, {100, 30});
  ASSERT_TRUE(r.text) << r.error;
  EXPECT_NEAR(r.text->icons[0].box.h, fonts().face("junicode", "regular")->cap_height * pt_to_mm(10), 1e-9);
}

TEST(Inline, UnknownIconIsAnError) {
  Typesetter ts(fonts(), aspects);
  SetResult r = ts.set("Zahle :mithril:", fixed_size(10), {100, 30});
  EXPECT_FALSE(r.text);
  EXPECT_NE(r.error.find(":mithril:"), std::string::npos) << r.error;
}

TEST(Inline, MarkupErrorsReachTheResult) {
  Typesetter ts(fonts());
  SetResult r = ts.set("**offen", fixed_size(10), {100, 30});
  EXPECT_FALSE(r.text);
  EXPECT_NE(r.error.find("unclosed"), std::string::npos);
}

}  // namespace
}  // namespace kw::text
