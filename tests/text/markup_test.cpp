#include "text/markup.h"

#include <gtest/gtest.h>

namespace kw::text {
namespace {

std::string spans(const Markup& m) {
  std::string s;
  for (const MarkupSpan& sp : m.spans) {
    s += "[";
    if (sp.flags.bold) s += "b";
    if (sp.flags.italic) s += "i";
    if (sp.flags.small_caps) s += "c";
    s += ":" + m.text.substr(sp.begin, sp.end - sp.begin) + "]";
  }
  return s;
}

TEST(Markup, BoldItalicSmallCaps) {
  MarkupResult r = parse_markup("a **fett** *kursiv* [sc]Kapitälchen[/sc] ***beides***");
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.markup.text, "a fett kursiv Kapitälchen beides");
  EXPECT_EQ(spans(r.markup), "[:a ][b:fett][: ][i:kursiv][: ][c:Kapitälchen][: ][bi:beides]");
}

TEST(Markup, IconsBecomeObjectReplacementCharacters) {
  MarkupResult r = parse_markup("Zahle 2 :gold: und :ring-1:. Zeit 10:30 Uhr: ok");
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.markup.text, "Zahle 2 \uFFFC und \uFFFC. Zeit 10:30 Uhr: ok");
  ASSERT_EQ(r.markup.icons.size(), 2u);
  EXPECT_EQ(r.markup.icons[0].name, "gold");
  EXPECT_EQ(r.markup.icons[0].offset, 8u);
  EXPECT_EQ(r.markup.icons[1].name, "ring-1");
  ASSERT_NE(r.markup.icon_at(8), nullptr);
  EXPECT_EQ(r.markup.icon_at(9), nullptr);
}

TEST(Markup, LineBreaksEscapesAndSpecialSpaces) {
  MarkupResult r = parse_markup("eins\\nzwei\ndrei \\*x\\* \\:gold\\: a\\\\b 10\u00A0km Ring\u00ADträger\ttab\r\n");
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.markup.text, "eins\nzwei\ndrei *x* :gold: a\\b 10\u00A0km Ring\u00ADträger tab\n");
  EXPECT_TRUE(r.markup.icons.empty());
  EXPECT_EQ(spans(r.markup).find("[b"), std::string::npos);
}

TEST(Markup, UnclosedOrStrayMarkersAreErrors) {
  EXPECT_NE(parse_markup("**fett").error.find("unclosed ** (bold)"), std::string::npos);
  EXPECT_NE(parse_markup("*kursiv").error.find("unclosed * (italic)"), std::string::npos);
  EXPECT_NE(parse_markup("[sc]x").error.find("unclosed [sc]"), std::string::npos);
  EXPECT_NE(parse_markup("x[/sc]").error.find("[/sc] without [sc]"), std::string::npos);
  EXPECT_NE(parse_markup("a\x07").error.find("U+0007"), std::string::npos);
}

TEST(Markup, InvalidUtf8IsAnErrorAtItsByte) {
  EXPECT_EQ(parse_markup("ab\xFF").error, "markup: invalid UTF-8 (byte 0xFF) at byte 2");
  EXPECT_EQ(parse_markup("Zahl: \xC3(").error, "markup: invalid UTF-8 (byte 0xC3) at byte 6");   // cut-off sequence
  EXPECT_EQ(parse_markup("\xED\xA0\x80").error, "markup: invalid UTF-8 (byte 0xED) at byte 0");  // a surrogate
  EXPECT_EQ(parse_markup("\xC0\xAF").error, "markup: invalid UTF-8 (byte 0xC0) at byte 0");      // overlong '/'
  EXPECT_EQ(parse_markup("Ringträger \xEF\xBF\xBD").error, "");  // U+FFFD itself is text
}

}  // namespace
}  // namespace kw::text
