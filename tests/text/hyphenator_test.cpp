#include "text/hyphenator.h"

#include <gtest/gtest.h>

#include "project/memory_project.h"
#include "support/test_support.h"

namespace kw::text {
namespace {

// The system's dictionaries, read through the shared source project.
const Hyphenators& hyphenators() { return test::source_project().state<Hyphenators>(); }

std::u32string hyphenated(const Hyphenator& h, std::u32string word) {
  const auto points = h.points(word);
  for (std::size_t i = points.size(); i-- > 0;) word.insert(points[i], 1, U'-');
  return word;
}

TEST(Hyphenator, GermanDictionaryIsLatin1AndHyphenatesCompounds) {
  const Hyphenator* de = hyphenators().for_language("de");
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
  const Hyphenator* en = hyphenators().for_language("en");
  ASSERT_NE(en, nullptr);
  EXPECT_EQ(en->charset(), "UTF-8");
  EXPECT_EQ(hyphenated(*en, U"hyphenation"), U"hy-phen-ation");
  EXPECT_EQ(hyphenated(*en, U"fellowship"), U"fel-low-ship");
  // Character (not byte) positions for UTF-8 input.
  EXPECT_EQ(hyphenated(*en, U"résumé"), U"ré-sumé");
}

TEST(Hyphenator, RegionsFallBackAndUnknownLanguagesHaveNone) {
  EXPECT_NE(hyphenators().for_language("de-CH"), nullptr);
  EXPECT_NE(hyphenators().for_language("en-GB"), nullptr);
  EXPECT_EQ(hyphenators().for_language("tlh"), nullptr);
  // Loaded once: the same object every time, and one per dictionary file
  // (de-CH is a link to the de_DE patterns).
  EXPECT_EQ(hyphenators().for_language("de"), hyphenators().for_language("de"));
  EXPECT_EQ(hyphenators().for_language("de"), hyphenators().for_language("de-CH"));
}

TEST(Hyphenator, DictionariesComeThroughTheProject) {
  // A project without system inputs hyphenates nothing; one that serves a
  // dictionary under the system path uses it.
  project::MemoryProject bare;
  EXPECT_EQ(bare.state<Hyphenators>().for_language("en"), nullptr);
  project::MemoryProject with_english;
  with_english.add(test::source_project().read_system("/usr/share/hyphen/hyph_en_US.dic"));
  const Hyphenator* en = with_english.state<Hyphenators>().for_language("en");
  ASSERT_NE(en, nullptr);
  EXPECT_EQ(hyphenated(*en, U"fellowship"), U"fel-low-ship");
}

TEST(Hyphenator, UnreadableDictionaryIsNull) {
  EXPECT_EQ(Hyphenator::open(project::Input("/usr/share/hyphen/hyph_xx.dic", "")), nullptr);
}

TEST(Hyphenator, RespectsMinimaAtWordEdges) {
  const Hyphenator* de = hyphenators().for_language("de");
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
