// Text in right-to-left scripts (Hebrew, Arabic) and in Chinese and
// Japanese: direction, visual order, joining, line breaks, alignment, and
// hyphenation by language. The fonts are Debian's (tests/support/script_fonts.h).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "core/utf8.h"
#include "project/memory_project.h"
#include "support/script_fonts.h"
#include "text/font_face.h"
#include "text/typesetter.h"

namespace kw::text {
namespace {

const FontLibrary& script_fonts() {
  static const auto project = [] {
    auto p = std::make_shared<project::MemoryProject>();
    test::add_script_fonts(*p);
    return p;
  }();
  static const std::unique_ptr<FontLibrary> lib = [] {
    Diagnostics diags;
    auto l = FontLibrary::load(*project, diags);
    EXPECT_FALSE(diags.has_errors()) << format_diagnostics(diags);
    return l;
  }();
  return *lib;
}

TextStyle style(const std::string& family, const std::string& language, Align align = Align::Start, double pt = 10) {
  TextStyle s;
  s.family = family;
  s.language = language;
  s.align = align;
  s.max_size_pt = s.min_size_pt = pt;
  return s;
}

SetResult set(const std::string& text, const TextStyle& st, Size box) {
  Typesetter ts(script_fonts());
  return ts.set(text, st, box);
}

struct VisualGlyph {
  double x = 0;
  std::uint32_t id = 0;
  char32_t ch = 0;  // the first character of its cluster
  const page::GlyphRun* run = nullptr;
};

// The glyphs of line `line`, left to right, with the character each shows.
std::vector<VisualGlyph> line_glyphs(const SetText& t, std::size_t line) {
  std::vector<VisualGlyph> out;
  for (const page::GlyphRun& run : t.runs)
    for (const page::Glyph& g : run.glyphs) {
      // The line whose baseline the glyph sits on (marks may sit a little off).
      std::size_t nearest = 0;
      for (std::size_t k = 1; k < t.lines.size(); ++k)
        if (std::abs(t.lines[k].baseline - g.y) < std::abs(t.lines[nearest].baseline - g.y)) nearest = k;
      if (nearest != line) continue;
      std::size_t i = g.cluster;
      out.push_back({g.x, g.id, utf8::next(run.text, i), &run});
    }
  std::stable_sort(out.begin(), out.end(), [](const VisualGlyph& a, const VisualGlyph& b) { return a.x < b.x; });
  return out;
}

// The characters of a line as they appear from left to right.
std::string visual_text(const SetText& t, std::size_t line) {
  std::string s;
  for (const VisualGlyph& g : line_glyphs(t, line)) s += utf8::encode(g.ch);
  return s;
}

// Where the ink of line `line` ends on the right: the right edge of its last glyph's advance.
double line_right(const SetLine& l) { return l.left + l.width; }

// ---- Hebrew ---------------------------------------------------------------

TEST(Scripts, HebrewRunsRightToLeftInVisualOrderFlushRight) {
  SetResult r = set("שלום עולם", style("sans", "he"), {60, 20});
  ASSERT_TRUE(r.text) << r.error;
  ASSERT_EQ(r.text->lines.size(), 1u);
  const SetLine& line = r.text->lines[0];
  EXPECT_TRUE(line.rtl);
  EXPECT_EQ(line.text, "שלום עולם");  // logical order
  // Read from the left, the glyphs show the last word first, each reversed.
  EXPECT_EQ(visual_text(*r.text, 0), "םלוע םולש");
  // Start is the right edge in right-to-left text.
  EXPECT_NEAR(line_right(line), 60, 1e-6);
  EXPECT_GT(line.left, 20);
  // A right-to-left run lists its glyphs in visual order: clusters fall.
  ASSERT_EQ(r.text->runs.size(), 1u);
  const auto& glyphs = r.text->runs[0].glyphs;
  for (std::size_t k = 1; k < glyphs.size(); ++k) {
    EXPECT_LT(glyphs[k - 1].cluster, r.text->runs[0].text.size());
    EXPECT_GT(glyphs[k - 1].cluster, glyphs[k].cluster);
    EXPECT_LT(glyphs[k - 1].x, glyphs[k].x);
  }
  for (const auto& g : glyphs) EXPECT_NE(g.id, 0u) << "notdef";
}

TEST(Scripts, LatinNumbersInsideHebrewKeepTheirOwnOrder) {
  SetResult r = set("שלום ABC 123 def עולם", style("sans", "he"), {100, 20});
  ASSERT_TRUE(r.text) << r.error;
  ASSERT_EQ(r.text->lines.size(), 1u);
  EXPECT_TRUE(r.text->lines[0].rtl);
  EXPECT_EQ(visual_text(*r.text, 0), "םלוע ABC 123 def םולש");
}

TEST(Scripts, HebrewInsideALeftToRightParagraph) {
  SetResult r = set("Er sagte שלום עולם und ging.", style("sans", "de", Align::Start), {120, 20});
  ASSERT_TRUE(r.text) << r.error;
  ASSERT_EQ(r.text->lines.size(), 1u);
  EXPECT_FALSE(r.text->lines[0].rtl);
  EXPECT_EQ(visual_text(*r.text, 0), "Er sagte םלוע םולש und ging.");
  EXPECT_NEAR(r.text->lines[0].left, 0, 1e-9);  // start: left
}

TEST(Scripts, DirectionFromTheFirstStrongCharacterWithoutALanguage) {
  SetResult rtl = set("123 שלום abc", style("sans", ""), {100, 20});
  SetResult ltr = set("123 abc שלום", style("sans", ""), {100, 20});
  ASSERT_TRUE(rtl.text && ltr.text);
  EXPECT_TRUE(rtl.text->lines[0].rtl);
  EXPECT_FALSE(ltr.text->lines[0].rtl);
  EXPECT_EQ(visual_text(*rtl.text, 0), "abc םולש 123");
  EXPECT_EQ(visual_text(*ltr.text, 0), "123 abc םולש");
}

TEST(Scripts, AnRtlLanguageSetsItsParagraphsRightToLeftWhateverTheyStartWith) {
  SetResult r = set("Gandalf אמר שלום", style("sans", "he"), {100, 20});
  ASSERT_TRUE(r.text) << r.error;
  EXPECT_TRUE(r.text->lines[0].rtl);
  EXPECT_EQ(visual_text(*r.text, 0), "םולש רמא Gandalf");
}

TEST(Scripts, EmptyParagraphsBetweenRightToLeftOnes) {
  SetResult r = set("שלום\n\nעולם", style("sans", "he"), {60, 40});
  ASSERT_TRUE(r.text) << r.error;
  ASSERT_EQ(r.text->lines.size(), 3u);
  EXPECT_EQ(r.text->lines[1].text, "");
  EXPECT_EQ(visual_text(*r.text, 2), "םלוע");
  EXPECT_GT(r.text->lines[2].baseline, r.text->lines[1].baseline);
}

TEST(Scripts, BracketsAreMirroredInRightToLeftText) {
  SetResult r = set("(שלום)", style("sans", "he"), {60, 20});
  ASSERT_TRUE(r.text) << r.error;
  const auto glyphs = line_glyphs(*r.text, 0);
  ASSERT_GE(glyphs.size(), 2u);
  const FontFace* face = script_fonts().face("sans", "regular");
  // Logically "(" comes first: it is drawn at the right as ")" would be, so
  // it still opens the parenthesis for a right-to-left reader.
  EXPECT_EQ(glyphs.back().ch, U'(');
  EXPECT_EQ(glyphs.back().id, face->glyph_of(U')'));
  EXPECT_EQ(glyphs.front().ch, U')');
  EXPECT_EQ(glyphs.front().id, face->glyph_of(U'('));
}

TEST(Scripts, HebrewBreaksOnLogicalOrderAndEachLineIsReordered) {
  const std::string text = "אחד שתיים שלוש ארבע חמש שש שבע שמונה תשע עשר";
  SetResult r = set(text, style("sans", "he"), {30, 60});
  ASSERT_TRUE(r.text) << r.error;
  ASSERT_GE(r.text->lines.size(), 3u);
  std::string joined;
  for (std::size_t k = 0; k < r.text->lines.size(); ++k) {
    const SetLine& l = r.text->lines[k];
    EXPECT_TRUE(l.rtl);
    EXPECT_FALSE(l.hyphenated);
    EXPECT_NEAR(line_right(l), 30, 1e-6) << "line " << k << " '" << l.text << "' is not flush right";
    joined += (k ? " " : "") + l.text;
    // Each line on its own: its first word (logically) is rightmost.
    const auto glyphs = line_glyphs(*r.text, k);
    ASSERT_FALSE(glyphs.empty());
    std::size_t i = 0;
    EXPECT_EQ(glyphs.back().ch, utf8::next(l.text, i)) << "line " << k;
  }
  EXPECT_EQ(joined, text);  // the first words are on the first line
}

// ---- Arabic ---------------------------------------------------------------

TEST(Scripts, ArabicLettersJoinAndRunRightToLeft) {
  const std::string word = "سلام";  // seen, lam, alef, meem
  SetResult r = set(word + " عليكم", style("sans", "ar"), {80, 20});
  ASSERT_TRUE(r.text) << r.error;
  ASSERT_EQ(r.text->lines.size(), 1u);
  EXPECT_TRUE(r.text->lines[0].rtl);
  const FontFace* face = script_fonts().face("sans", "regular");
  const auto glyphs = line_glyphs(*r.text, 0);
  // The word's first letter is the rightmost glyph, in its initial
  // (joining) form, not the isolated form the character map gives.
  ASSERT_FALSE(glyphs.empty());
  EXPECT_EQ(glyphs.back().ch, U'س');
  EXPECT_NE(glyphs.back().id, face->glyph_of(U'س'));
  EXPECT_NE(glyphs.back().id, 0u);
  // Every letter of "عليكم" but the last joins to the next: none of its
  // first four is drawn in the isolated form.
  std::map<char32_t, std::uint32_t> shaped;
  for (const auto& g : glyphs) shaped[g.ch] = g.id;
  for (char32_t c : {U'ع', U'ل', U'ي', U'ك'}) {
    ASSERT_TRUE(shaped.count(c)) << utf8::encode(c) << " has no glyph of its own (a ligature?)";
    EXPECT_NE(shaped[c], face->glyph_of(c)) << utf8::encode(c) << " is in its isolated form";
  }
  // Ink order: the second word is left of the first.
  double first_word_left = 1e9, second_word_right = -1e9;
  for (const page::GlyphRun& run : r.text->runs)
    for (const page::Glyph& g : run.glyphs) {
      if (g.cluster < word.size())
        first_word_left = std::min(first_word_left, g.x);
      else if (g.cluster > word.size())
        second_word_right = std::max(second_word_right, g.x);
    }
  EXPECT_LT(second_word_right, first_word_left);
}

TEST(Scripts, ArabicJoinsAcrossABoldRunBoundary) {
  // The bold letters are shaped apart from the others but with them as
  // context: the lam before the boundary joins on both sides (its medial
  // form, as in "سلم"), not only to the seen before it (its final form).
  auto lam_in = [](const std::string& markup) {
    SetResult r = set(markup, style("sans", "ar"), {80, 20});
    EXPECT_TRUE(r.text) << r.error;
    std::uint32_t id = 0;
    if (r.text)
      for (const auto& g : line_glyphs(*r.text, 0))
        if (g.ch == U'ل') id = g.id;
    return id;
  };
  const std::uint32_t medial = lam_in("سلم"), final_form = lam_in("سل");
  ASSERT_NE(medial, final_form);
  EXPECT_EQ(lam_in("سل**ام**"), medial);
  EXPECT_EQ(lam_in("سل**م**"), medial);
}

// ---- Alignment ------------------------------------------------------------

TEST(Scripts, LeftAndRightStayPhysicalStartAndEndFollowTheDirection) {
  const std::string hebrew = "שלום עולם";
  const Size box{80, 20};
  auto left_of = [&](const std::string& text, const std::string& lang, Align a) {
    SetResult r = set(text, style("sans", lang, a), box);
    EXPECT_TRUE(r.text) << r.error;
    return r.text ? r.text->lines[0].left : -1;
  };
  auto right_gap = [&](const std::string& text, const std::string& lang, Align a) {
    SetResult r = set(text, style("sans", lang, a), box);
    return r.text ? box.w - line_right(r.text->lines[0]) : -1;
  };
  EXPECT_NEAR(left_of(hebrew, "he", Align::Left), 0, 1e-9);
  EXPECT_NEAR(right_gap(hebrew, "he", Align::Right), 0, 1e-6);
  EXPECT_NEAR(right_gap(hebrew, "he", Align::Start), 0, 1e-6);
  EXPECT_NEAR(left_of(hebrew, "he", Align::End), 0, 1e-9);
  EXPECT_NEAR(right_gap(hebrew, "he", Align::Justify), 0, 1e-6);  // a last line sits at the start
  EXPECT_NEAR(left_of("Hobbit", "de", Align::Start), 0, 1e-9);
  EXPECT_NEAR(right_gap("Hobbit", "de", Align::End), 0, 1e-6);
}

TEST(Scripts, StartAndEndInLeftToRightTextAreExactlyLeftAndRight) {
  const std::string text = "Ein Hobbit lebte in einer Höhle im Boden, einer feuchten, schmutzigen Höhle.";
  for (auto [logical, physical] : {std::pair{Align::Start, Align::Left}, std::pair{Align::End, Align::Right}}) {
    TextStyle a = style("garamond", "de", logical), b = style("garamond", "de", physical);
    SetResult ra = set(text, a, {40, 40}), rb = set(text, b, {40, 40});
    ASSERT_TRUE(ra.text && rb.text);
    ASSERT_EQ(ra.text->runs.size(), rb.text->runs.size());
    for (std::size_t k = 0; k < ra.text->runs.size(); ++k) {
      ASSERT_EQ(ra.text->runs[k].glyphs.size(), rb.text->runs[k].glyphs.size());
      for (std::size_t g = 0; g < ra.text->runs[k].glyphs.size(); ++g) {
        EXPECT_EQ(ra.text->runs[k].glyphs[g].x, rb.text->runs[k].glyphs[g].x);
        EXPECT_EQ(ra.text->runs[k].glyphs[g].id, rb.text->runs[k].glyphs[g].id);
      }
    }
  }
}

TEST(Scripts, JustifiedHebrewFillsTheLineAndEndsFlushRight) {
  const std::string text = "אחד שתיים שלוש ארבע חמש שש שבע שמונה תשע עשר אחד עשר שנים עשר";
  SetResult r = set(text, style("sans", "he", Align::Justify), {40, 60});
  ASSERT_TRUE(r.text) << r.error;
  ASSERT_GE(r.text->lines.size(), 2u);
  bool any_justified = false;
  for (const SetLine& l : r.text->lines) {
    if (l.justified) {
      any_justified = true;
      // The line's glyphs reach from the left edge to the right edge.
      EXPECT_NEAR(l.left, 0, 1e-9);
      EXPECT_NE(l.space_adjust, 0);
    } else {
      EXPECT_NEAR(line_right(l), 40, 1e-6) << "'" << l.text << "' is not at the start (right)";
    }
  }
  EXPECT_TRUE(any_justified);
  EXPECT_FALSE(r.text->lines.back().justified);
}

// ---- Chinese and Japanese ---------------------------------------------------

// Characters a line may not start with (closing brackets, stops, and by
// the strict rules the prolonged sound mark) or end with (opening
// brackets): Japanese kinsoku shori, by ICU's line breaker.
bool no_line_start(char32_t c) { return std::u32string(U"。、」）！？ー").find(c) != std::u32string::npos; }
bool no_line_end(char32_t c) { return std::u32string(U"「（").find(c) != std::u32string::npos; }

std::u32string decode(const std::string& s) {
  std::u32string out;
  for (std::size_t i = 0; i < s.size();) out += utf8::next(s, i);
  return out;
}

TEST(Scripts, JapaneseBreaksBetweenCharactersNeverBeforeAStopOrClosingBracket) {
  const std::string text =
      "吾輩は猫である。名前はまだ無い。「どこで生れたか」とんと見当がつかぬ。何でも薄暗いじめじめした所でニャーニャー泣"
      "いていた事だけは記憶している。";
  // Box widths chosen so that some line would otherwise start with a stop.
  for (double width : {20.0, 21.2, 24.7, 28.3, 31.8}) {
    SetResult r = set(text, style("cjk", "ja", Align::Start), {width, 200});
    ASSERT_TRUE(r.text) << r.error;
    ASSERT_GE(r.text->lines.size(), 4u);
    EXPECT_TRUE(r.missing_dictionary.empty()) << "no hyphenation is asked of Japanese";
    std::string joined;
    for (const SetLine& l : r.text->lines) {
      EXPECT_FALSE(l.hyphenated);
      EXPECT_EQ(l.text.find('-'), std::string::npos) << "a hyphen in '" << l.text << "'";
      const std::u32string cps = decode(l.text);
      ASSERT_FALSE(cps.empty());
      EXPECT_FALSE(no_line_start(cps.front())) << "width " << width << ": line starts with a stop: " << l.text;
      if (&l != &r.text->lines.back()) {
        EXPECT_FALSE(no_line_end(cps.back())) << "width " << width << ": line ends with an opening bracket: " << l.text;
      }
      EXPECT_LE(line_right(l), width + 1e-6);
      joined += l.text;
    }
    EXPECT_EQ(joined, text) << "no character lost, none added (no spaces to drop)";
    // Lines break between ideographs: the full ones come close to the box
    // width (within two characters: a stop pulled along with its character).
    const double em = pt_to_mm(10);
    for (std::size_t k = 0; k + 1 < r.text->lines.size(); ++k)
      EXPECT_GT(r.text->lines[k].width, width - 2 * em - 1e-6) << "line " << k << " is short";
  }
}

TEST(Scripts, JustifiedJapaneseWidensTheGapsBetweenCharacters) {
  const std::string text =
      "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。何でも薄暗いじめじめした所で泣いていた。";
  SetResult r = set(text, style("cjk", "ja", Align::Justify), {31.5, 200});
  ASSERT_TRUE(r.text) << r.error;
  ASSERT_GE(r.text->lines.size(), 3u);
  for (std::size_t k = 0; k + 1 < r.text->lines.size(); ++k) {
    const SetLine& l = r.text->lines[k];
    EXPECT_TRUE(l.justified) << "line " << k << " '" << l.text << "' is ragged";
    EXPECT_GE(l.space_adjust, 0);
    // Its ideographs are spread evenly from the left edge to the right:
    // equal steps between them (all are one em wide), the last one ending
    // at the edge.
    const auto glyphs = line_glyphs(*r.text, k);
    ASSERT_GE(glyphs.size(), 3u);
    EXPECT_NEAR(glyphs.front().x, 0, 0.3);
    const double step = glyphs[1].x - glyphs[0].x;
    for (std::size_t g = 2; g < glyphs.size(); ++g) EXPECT_NEAR(glyphs[g].x - glyphs[g - 1].x, step, 1e-6);
    EXPECT_NEAR(glyphs.back().x + pt_to_mm(10), 31.5, 0.05);
  }
  EXPECT_FALSE(r.text->lines.back().justified);
}

TEST(Scripts, ChineseBreaksBetweenIdeographsNeverBeforeAComma) {
  const std::string text = "天下大势，分久必合，合久必分。周末七国分争，并入于秦。及秦灭之后，楚、汉分争，又并入于汉。";
  SetResult r = set(text, style("cjk", "zh", Align::Start), {23, 200});
  ASSERT_TRUE(r.text) << r.error;
  ASSERT_GE(r.text->lines.size(), 3u);
  std::string joined;
  for (const SetLine& l : r.text->lines) {
    const std::u32string cps = decode(l.text);
    ASSERT_FALSE(cps.empty());
    EXPECT_NE(cps.front(), U'，') << l.text;
    EXPECT_NE(cps.front(), U'。') << l.text;
    EXPECT_NE(cps.front(), U'、') << l.text;
    EXPECT_FALSE(l.hyphenated);
    joined += l.text;
  }
  EXPECT_EQ(joined, text);
}

// ---- Hyphenation by language ----------------------------------------------

TEST(Scripts, HyphenationDictionaryIsChosenByLanguage) {
  // "Donaudampfschifffahrt" breaks in German, "hyphenation" in English.
  SetResult de = set("Donaudampfschifffahrtsgesellschaft", style("garamond", "de", Align::Left), {25, 40});
  ASSERT_TRUE(de.text) << de.error;
  EXPECT_TRUE(de.text->lines.front().hyphenated);
  EXPECT_TRUE(de.missing_dictionary.empty());
  SetResult en = set("characteristically", style("garamond", "en", Align::Left), {15, 40});
  ASSERT_TRUE(en.text) << en.error;
  EXPECT_TRUE(en.text->lines.front().hyphenated);
  EXPECT_TRUE(en.missing_dictionary.empty());
}

TEST(Scripts, ALanguageWithoutDictionaryIsNamedAndSetUnhyphenated) {
  // The test project has German and English dictionaries only.
  SetResult fr = set("extraordinairement", style("garamond", "fr", Align::Left), {40, 40});
  ASSERT_TRUE(fr.text) << fr.error;
  EXPECT_EQ(fr.missing_dictionary, "fr");
  EXPECT_FALSE(fr.text->lines.front().hyphenated);
  // Nothing to hyphenate, or not asked: nothing missing.
  TextStyle off = style("garamond", "fr", Align::Left);
  off.hyphenate = false;
  EXPECT_TRUE(set("extraordinairement", off, {40, 40}).missing_dictionary.empty());
  EXPECT_TRUE(set("oui", style("garamond", "fr"), {40, 40}).missing_dictionary.empty());
  EXPECT_TRUE(set("extraordinairement", style("garamond", ""), {40, 40}).missing_dictionary.empty());
  EXPECT_TRUE(set("吾輩は猫である名前はまだ無い", style("cjk", "ja"), {40, 40}).missing_dictionary.empty());
  // Hebrew words would be hyphenated if a dictionary said where.
  EXPECT_EQ(set("אחד שתיים שלוש", style("sans", "he"), {40, 40}).missing_dictionary, "he");
}

}  // namespace
}  // namespace kw::text
