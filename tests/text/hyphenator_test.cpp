#include "text/hyphenator.h"

#include <gtest/gtest.h>

namespace kw::text {
namespace {

std::u32string hyphenated(const Hyphenator& h, std::u32string word) {
  const auto points = h.points(word);
  for (std::size_t i = points.size(); i-- > 0;) word.insert(points[i], 1, U'-');
  return word;
}

TEST(Hyphenator, GermanDictionaryIsLatin1AndHyphenatesCompounds) {
  const Hyphenator* de = Hyphenator::for_language("de");
  ASSERT_NE(de, nullptr);
  EXPECT_EQ(de->charset(), "ISO8859-1");  // the first line of Debian's hyph_de_DE.dic
  EXPECT_EQ(hyphenated(*de, U"Ringträgerversammlung"), U"Ring-trä-ger-ver-samm-lung");
  EXPECT_EQ(hyphenated(*de, U"Nebelgebirges"), U"Ne-bel-ge-bir-ges");
  EXPECT_EQ(hyphenated(*de, U"Gefährten"), U"Ge-fähr-ten");
  // At least three letters go to the next line: no "Stra-ße".
  EXPECT_EQ(hyphenated(*de, U"Straße"), U"Straße");
  // Outside Latin-1: left whole rather than guessed.
  EXPECT_TRUE(de->points(U"Ringtrӓger").empty());
}

TEST(Hyphenator, EnglishDictionaryIsUtf8) {
  const Hyphenator* en = Hyphenator::for_language("en");
  ASSERT_NE(en, nullptr);
  EXPECT_EQ(en->charset(), "UTF-8");
  EXPECT_EQ(hyphenated(*en, U"hyphenation"), U"hy-phen-ation");
  EXPECT_EQ(hyphenated(*en, U"fellowship"), U"fel-low-ship");
  // Character (not byte) positions for UTF-8 input.
  EXPECT_EQ(hyphenated(*en, U"résumé"), U"ré-sumé");
}

TEST(Hyphenator, RegionsFallBackAndUnknownLanguagesHaveNone) {
  EXPECT_NE(Hyphenator::for_language("de-CH"), nullptr);
  EXPECT_NE(Hyphenator::for_language("en-GB"), nullptr);
  EXPECT_EQ(Hyphenator::for_language("tlh"), nullptr);
  // Loaded once: the same object every time.
  EXPECT_EQ(Hyphenator::for_language("de"), Hyphenator::for_language("de"));
}

TEST(Hyphenator, RespectsMinimaAtWordEdges) {
  const Hyphenator* de = Hyphenator::for_language("de");
  ASSERT_NE(de, nullptr);
  for (const std::u32string w : {U"Ringträgerversammlung", U"Abendessen", U"Eisenhut"}) {
    for (std::size_t p : de->points(w)) {
      EXPECT_GE(p, de->left_min);
      EXPECT_GE(w.size() - p, de->right_min);
    }
  }
  EXPECT_TRUE(de->points(U"Ast").empty());
}

}  // namespace
}  // namespace kw::text
