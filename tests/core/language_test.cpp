// Language tags (core/language.h): one spelling for each, the fallback chain
// a translation follows, and the plural categories of counts.
#include "core/language.h"

#include <gtest/gtest.h>

namespace kw {
namespace {

TEST(Language, CanonicalSpellings) {
  EXPECT_EQ(canonical_language("en"), "en");
  EXPECT_EQ(canonical_language("EN"), "en");
  EXPECT_EQ(canonical_language("pt-br"), "pt-BR");
  EXPECT_EQ(canonical_language("zh-hant-tw"), "zh-Hant-TW");
  EXPECT_EQ(canonical_language("de-CH"), "de-CH");
  EXPECT_EQ(canonical_language("und"), "und");
  for (const char* bad : {"", "e", "english language", "de_CH", "../en", "en-", "-en", "x", "xx", "english", "txt"})
    EXPECT_EQ(canonical_language(bad), std::nullopt) << bad;
}

TEST(Language, ParentsAndPrimaries) {
  EXPECT_EQ(parent_language("de-CH"), "de");
  EXPECT_EQ(parent_language("zh-Hant-TW"), "zh-Hant");
  EXPECT_EQ(parent_language("de"), "");
  EXPECT_EQ(primary_language("zh-Hant-TW"), "zh");
}

TEST(Language, FallbackChainStopsAtTheSource) {
  using Chain = std::vector<std::string>;
  // A Swiss German text of a German game: its own strings, then the German.
  EXPECT_EQ(fallback_chain("de-CH", {"en", "de-CH"}, "de"), (Chain{"de-CH", "de"}));
  // Brazilian Portuguese of an English game with a Portuguese translation.
  EXPECT_EQ(fallback_chain("pt-BR", {"pt", "pt-BR"}, "en"), (Chain{"pt-BR", "pt", "en"}));
  // Without the more general language, straight to the source.
  EXPECT_EQ(fallback_chain("pt-BR", {"pt-BR"}, "en"), (Chain{"pt-BR", "en"}));
  EXPECT_EQ(fallback_chain("en", {"en"}, "en"), (Chain{"en"}));
}

TEST(Language, PluralCategoriesComeFromCldr) {
  using Categories = std::vector<std::string>;
  EXPECT_EQ(plural_categories("en"), (Categories{"one", "other"}));
  EXPECT_EQ(plural_categories("de"), (Categories{"one", "other"}));
  EXPECT_EQ(plural_categories("pl"), (Categories{"one", "few", "many", "other"}));
  EXPECT_EQ(plural_categories("ar"), (Categories{"zero", "one", "two", "few", "many", "other"}));
  EXPECT_EQ(plural_categories("ja"), (Categories{"other"}));
  EXPECT_EQ(plural_category("en", 1), "one");
  EXPECT_EQ(plural_category("en", 2), "other");
  EXPECT_EQ(plural_category("fr", 0), "one");  // French counts zero as one
  EXPECT_EQ(plural_category("pl", 3), "few");
  EXPECT_EQ(plural_category("pl", 5), "many");
  EXPECT_EQ(plural_category("pl", 22), "few");
}

TEST(Language, NumbersAreWrittenTheLanguagesWay) {
  EXPECT_EQ(format_decimal(1.5, "de"), "1,5");
  EXPECT_EQ(format_decimal(1.5, "en"), "1.5");
  EXPECT_EQ(format_decimal(-0.25, "fr"), "-0,25");
  EXPECT_EQ(format_decimal(1234.5, "de"), "1234,5");  // no grouping
  EXPECT_EQ(format_decimal(-1e-9, "en"), "0");
  EXPECT_EQ(format_decimal(2, "de"), "2");
}

}  // namespace
}  // namespace kw
