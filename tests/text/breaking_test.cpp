// Line breaking through the whole Typesetter: hyphenation, soft hyphens,
// no-break spaces and known paragraphs.
#include <gtest/gtest.h>

#include <set>

#include "text_fixture.h"

namespace kw::text {
namespace {

using test_util::fixed_size;
using test_util::fonts;
using test_util::line_dump;

std::string join_without_hyphens(const SetText& t) {
  std::string s;
  for (const SetLine& l : t.lines) {
    std::string x = l.text;
    if (l.hyphenated) x.pop_back();
    s += x;
  }
  return s;
}

TEST(Breaking, RingtraegerversammlungHyphenatesAtValidPointsInNarrowBox) {
  Typesetter ts(fonts());
  const std::string word = "Ringträgerversammlung";
  // Valid German division: Ring-trä-ger-ver-samm-lung.
  const std::set<std::string> valid_prefixes{"Ring",          "Ringträ",        "Ringträger",
                                             "Ringträgerver", "Ringträgervers", "Ringträgerversamm"};
  for (double width : {12.0, 16.0, 22.0}) {
    SetResult r = ts.set(word, fixed_size(10), {width, 100});
    ASSERT_TRUE(r.text) << r.error;
    ASSERT_GE(r.text->lines.size(), 2u) << width;
    EXPECT_EQ(join_without_hyphens(*r.text), word);
    std::string prefix;
    for (std::size_t i = 0; i + 1 < r.text->lines.size(); ++i) {
      const SetLine& l = r.text->lines[i];
      EXPECT_TRUE(l.hyphenated) << l.text;
      ASSERT_EQ(l.text.back(), '-') << l.text;
      prefix += l.text.substr(0, l.text.size() - 1);
      EXPECT_TRUE(valid_prefixes.count(prefix)) << "invalid break after '" << prefix << "'";
      EXPECT_LE(l.width, width + 1e-9);
    }
    // The hyphen is a real glyph at the end of its line.
    bool found_hyphen_run = false;
    for (const auto& run : r.text->runs)
      if (!run.text.empty() && run.text.back() == '-') found_hyphen_run = true;
    EXPECT_TRUE(found_hyphen_run);
  }
  // "samm-lung" is allowed, but "Ringträgerversammlun-g" never.
  SetResult r = ts.set(word, fixed_size(10), {12, 100});
  EXPECT_EQ(line_dump(*r.text), "Ringträ-|gerver-|samm-|lung|");
}

TEST(Breaking, HyphenationOffLeavesWordsWhole) {
  Typesetter ts(fonts());
  TextStyle st = fixed_size(10);
  st.hyphenate = false;
  SetResult r = ts.set("Die Ringträgerversammlung", st, {35, 50});
  ASSERT_TRUE(r.text) << r.error;
  EXPECT_EQ(line_dump(*r.text), "Die|Ringträgerversammlung|");
  r = ts.set("Die Ringträgerversammlung", fixed_size(10), {35, 50});
  ASSERT_TRUE(r.text) << r.error;
  EXPECT_EQ(line_dump(*r.text), "Die Ringträgerversamm-|lung|");
}

TEST(Breaking, KnownGermanParagraph) {
  Typesetter ts(fonts());
  SetResult r = ts.set(
      "Als die Gefährten die Ringträgerversammlung in Bruchtal verließen, lag der Schnee schon auf den Pässen des "
      "Nebelgebirges.",
      fixed_size(9), {45, 100});
  ASSERT_TRUE(r.text) << r.error;
  EXPECT_EQ(line_dump(*r.text),
            "Als die Gefährten die Ringträgerver-|sammlung in Bruchtal verließen, lag|der Schnee schon auf den "
            "Pässen des|Nebelgebirges.|");
}

TEST(Breaking, KnownEnglishParagraph) {
  Typesetter ts(fonts());
  TextStyle st = fixed_size(9);
  st.language = "en";
  SetResult r = ts.set(
      "In a hole in the ground there lived a hobbit. Not a nasty, dirty, wet hole, filled with the ends of worms "
      "and an oozy smell, nor yet a dry, bare, sandy hole with nothing in it to sit down on or to eat: it was a "
      "hobbit-hole, and that means comfort.",
      st, {50, 100});
  ASSERT_TRUE(r.text) << r.error;
  EXPECT_EQ(line_dump(*r.text),
            "In a hole in the ground there lived a hob-|bit. Not a nasty, dirty, wet hole, filled|with the ends of "
            "worms and an oozy|smell, nor yet a dry, bare, sandy hole with|nothing in it to sit down on or to eat: "
            "it|was a hobbit-hole, and that means com-|fort.|");
}

TEST(Breaking, SoftHyphenOnlyShowsWhenBroken) {
  Typesetter ts(fonts());
  const std::string text = "Eine Ring\u00ADträger\u00ADversammlung";
  // Wide: no hyphen anywhere, no glyph for the soft hyphens.
  SetResult wide = ts.set(text, fixed_size(10), {80, 20});
  ASSERT_TRUE(wide.text) << wide.error;
  EXPECT_EQ(line_dump(*wide.text), "Eine Ringträgerversammlung|");
  for (const auto& run : wide.text->runs) EXPECT_EQ(run.text.find('-'), std::string::npos);
  // The soft-hyphen text sets exactly like the plain word.
  SetResult plain = ts.set("Eine Ringträgerversammlung", fixed_size(10), {80, 20});
  EXPECT_NEAR(wide.text->lines[0].width, plain.text->lines[0].width, 1e-9);
  // Narrow: it breaks at an author's soft hyphen (and only there: the
  // dictionary's "Ringträ-" is not used in a word with soft hyphens).
  SetResult narrow = ts.set(text, fixed_size(10), {30, 50});
  ASSERT_TRUE(narrow.text) << narrow.error;
  EXPECT_EQ(line_dump(*narrow.text), "Eine Ringträger-|versammlung|");
  EXPECT_TRUE(narrow.text->lines[0].hyphenated);
}

TEST(Breaking, NoBreakSpaceNeverBreaks) {
  Typesetter ts(fonts());
  const std::string nb = "\u00A0";
  const std::string text = "Zahle 10" + nb + "Gold und 20" + nb + "Silber und 30" + nb + "Kupfer an 40" + nb +
                           "Zwerge und 50" + nb + "Elben";
  for (double width : {20.0, 25.0, 30.0, 40.0}) {
    SetResult r = ts.set(text, fixed_size(10), {width, 100});
    ASSERT_TRUE(r.text) << r.error;
    for (const SetLine& l : r.text->lines) {
      // A line never ends in a bare number nor starts with the unit.
      EXPECT_FALSE(l.text.size() >= 2 && l.text.substr(l.text.size() - 2) == "10") << l.text;
      for (const char* unit : {"Gold", "Silber", "Kupfer", "Zwerge", "Elben"})
        EXPECT_NE(l.text.rfind(unit, 0), 0u) << width << ": line starts with " << unit;
    }
  }
}

TEST(Breaking, ForcedLineBreaks) {
  Typesetter ts(fonts());
  SetResult r = ts.set("Erste Zeile\\nZweite\nDritte", fixed_size(10), {80, 50});
  ASSERT_TRUE(r.text) << r.error;
  EXPECT_EQ(line_dump(*r.text), "Erste Zeile|Zweite|Dritte|");
  for (const SetLine& l : r.text->lines) EXPECT_TRUE(l.last_of_paragraph);
}

}  // namespace
}  // namespace kw::text
