// Language tags (CLDR's likely subtags, through ICU) and the hyphenation
// dictionary each language gets by BCP 47 matching.
#include "text/language.h"

#include <gtest/gtest.h>

#include "project/memory_project.h"
#include "text/bidi.h"
#include "text/hyphenator.h"

namespace kw::text {
namespace {

TEST(Language, TagsAreReadIntoTheirParts) {
  const LanguageTag t = parse_language_tag("zh-Hant-TW");
  EXPECT_EQ(t.language, "zh");
  EXPECT_EQ(t.script, "Hant");
  EXPECT_EQ(t.region, "TW");
  EXPECT_EQ(parse_language_tag("de_CH").region, "CH");
  EXPECT_TRUE(parse_language_tag("").language.empty());
  EXPECT_TRUE(parse_language_tag("und").language.empty());
}

TEST(Language, LikelySubtagsComeFromCldr) {
  EXPECT_EQ(likely_subtags("de").region, "DE");
  EXPECT_EQ(likely_subtags("en").region, "US");
  EXPECT_EQ(likely_subtags("pt").region, "BR");
  EXPECT_EQ(likely_subtags("he").script, "Hebr");
  EXPECT_EQ(likely_subtags("ar").script, "Arab");
  EXPECT_EQ(likely_subtags("ja").script, "Jpan");
  EXPECT_EQ(likely_subtags("de-CH").region, "CH");  // the tag's own region stays
}

TEST(Language, DirectionFollowsTheLikelyScript) {
  EXPECT_EQ(language_is_rtl("he"), std::optional<bool>(true));
  EXPECT_EQ(language_is_rtl("ar-EG"), std::optional<bool>(true));
  EXPECT_EQ(language_is_rtl("fa"), std::optional<bool>(true));
  EXPECT_EQ(language_is_rtl("de"), std::optional<bool>(false));
  EXPECT_EQ(language_is_rtl("ja"), std::optional<bool>(false));
  EXPECT_EQ(language_is_rtl("az-Arab"), std::optional<bool>(true));  // a tag's script wins
  EXPECT_FALSE(language_is_rtl(""));
  EXPECT_FALSE(language_is_rtl("qqq"));  // no script known for it
}

TEST(Bidi, LevelsAndVisualOrder) {
  const std::string text = "abc שלום 12";
  const BidiParagraph ltr = analyze_bidi(text, 0, text.size(), BaseDirection::FromText);
  EXPECT_FALSE(ltr.rtl);
  ASSERT_EQ(ltr.levels.size(), text.size());
  EXPECT_EQ(ltr.level_at(0), 0);
  EXPECT_EQ(ltr.level_at(4), 1);  // ש
  const BidiParagraph rtl = analyze_bidi(text, 0, text.size(), BaseDirection::RightToLeft);
  EXPECT_TRUE(rtl.rtl);
  EXPECT_EQ(rtl.level_at(0), 2);  // Latin inside right-to-left text
  EXPECT_EQ(rtl.level_at(text.size() - 1), 2);
  // Plain left-to-right text needs no levels at all.
  const std::string plain = "Hobbit";
  EXPECT_TRUE(analyze_bidi(plain, 0, plain.size(), BaseDirection::FromText).levels.empty());
  // Runs at levels 1, 2, 1 read from the left: the last, the middle, the first.
  EXPECT_EQ(visual_order({1, 2, 1}), (std::vector<std::size_t>{2, 1, 0}));
  EXPECT_EQ(visual_order({0, 1, 1, 0}), (std::vector<std::size_t>{0, 2, 1, 3}));
  EXPECT_EQ(visual_order({0, 0}), (std::vector<std::size_t>{0, 1}));
}

// A tiny libhyphen dictionary that breaks only between two of `letter`:
// which file a language got shows in where its words break.
std::string dictionary(char letter) { return std::string("UTF-8\n") + letter + "1" + letter + "\n"; }

std::vector<std::size_t> points(const Hyphenators& h, const std::string& language, const std::u32string& word) {
  const Hyphenator* found = h.for_language(language);
  return found ? found->points(word) : std::vector<std::size_t>{99};
}

TEST(HyphenationDictionaries, ChosenByBcp47Matching) {
  project::MemoryProject p;
  p.add_system("/usr/share/hyphen/hyph_pt_PT.dic", dictionary('a'));
  p.add_system("/usr/share/hyphen/hyph_pt_BR.dic", dictionary('o'));
  p.add_system("/usr/share/hyphen/hyph_nl_BE.dic", dictionary('a'));
  p.add_system("/usr/share/hyphen/hyph_nl_AA.dic", dictionary('o'));  // sorts before BE
  p.add_system("/usr/share/hyphen/hyph_sv.dic", dictionary('a'));
  p.add_system("/usr/share/hyphen/hyph_sv_FI.dic", dictionary('o'));
  const Hyphenators h(p);
  const std::u32string aa = U"bbaabbb", oo = U"bbcoobbb";
  // The exact tag.
  EXPECT_EQ(points(h, "pt-PT", aa), (std::vector<std::size_t>{3}));
  EXPECT_EQ(points(h, "pt-BR", oo), (std::vector<std::size_t>{4}));
  // No region: the language's own file, else its likely region (pt: BR).
  EXPECT_EQ(points(h, "pt", oo), (std::vector<std::size_t>{4}));
  EXPECT_EQ(points(h, "sv", aa), (std::vector<std::size_t>{3}));
  EXPECT_EQ(points(h, "sv-FI", oo), (std::vector<std::size_t>{4}));
  // A region not installed: the language's own file, else any region, the
  // first by name (nl: likely NL is not there).
  EXPECT_EQ(points(h, "sv-SE", aa), (std::vector<std::size_t>{3}));
  EXPECT_EQ(points(h, "nl", oo), (std::vector<std::size_t>{4}));
  EXPECT_EQ(points(h, "nl-NL", oo), (std::vector<std::size_t>{4}));
  // Nothing for the language, or no language.
  EXPECT_EQ(h.for_language("fr"), nullptr);
  EXPECT_EQ(h.for_language(""), nullptr);
  EXPECT_EQ(h.for_language("not a tag"), nullptr);
}

TEST(HyphenationDictionaries, TheMessageNamesLanguageFolderAndPackage) {
  const MissingDictionary m = missing_dictionary_message("fr-CA");
  EXPECT_NE(m.message.find("'fr-CA'"), std::string::npos) << m.message;
  EXPECT_NE(m.hint.find("/usr/share/hyphen/hyph_fr*.dic"), std::string::npos) << m.hint;
  EXPECT_NE(m.hint.find("hyphen-fr"), std::string::npos) << m.hint;
  EXPECT_NE(m.hint.find("hyphenate: false"), std::string::npos) << m.hint;
}

}  // namespace
}  // namespace kw::text
