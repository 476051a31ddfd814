// A translation and its source state the same rule (README: Translations,
// "What a translation states"): a source text changed since it was
// translated must not state other numbers, opposites or names than the
// text the translation records; a translation must not state other numbers
// or opposites than its source. Tested on copies of the shipped games.
#include <gtest/gtest.h>

#include <string>

#include "rules/rules.h"
#include "rules/rules_test_util.h"
#include "support/project_copy.h"

namespace kw::rules {
namespace {

using test::dump;
using test::edit;
using test::locate;
using test::ProjectCopy;

constexpr const char* kBoard = "data/boards/duell.yaml";
constexpr const char* kEnglish = "data/locales/en/duell.yaml";

const Diagnostic* finding(const Diagnostics& found, const std::string& check, const std::string& text) {
  for (const auto& f : found)
    if (f.check == check && f.severity == Severity::Error && f.message.find(text) != std::string::npos) return &f;
  return nullptr;
}

Diagnostics german(const ProjectCopy& p) { return test::shown_findings(p.dir.path(), "duell", "de", "de"); }
Diagnostics english(const ProjectCopy& p) { return test::shown_findings(p.dir.path(), "duell", "en", "de"); }

TEST(TranslationDrift, AnOppositeSinceTheTranslationIsAnErrorAtTheSource) {
  ProjectCopy p;
  const int line = edit(p, kBoard, "darf der Höhere die Handkarten", "darf der Tiefere die Handkarten");
  const Diagnostics found = german(p);
  const Diagnostic* f = finding(found, "translation.source_changed", "says 'tiefere' where it said 'höhere'");
  ASSERT_NE(f, nullptr) << dump(found);
  EXPECT_EQ(f->loc.file, kBoard);
  EXPECT_LE(f->loc.line, line);
  EXPECT_NE(f->message.find("since it was translated into en"), std::string::npos) << f->message;
}

TEST(TranslationDrift, ANumberSinceTheTranslationIsAnError) {
  ProjectCopy p;
  edit(p, kBoard, "mindestens 3 freie Felder", "mindestens 4 freie Felder");
  EXPECT_NE(finding(german(p), "translation.source_changed", "states at least 4 where it stated at least 3"), nullptr)
      << dump(german(p));
}

TEST(TranslationDrift, ARewordingSinceTheTranslationIsOnlyStale) {
  // The same rule in other words: numbers in words, a closed bound.
  ProjectCopy p;
  edit(p, kBoard, "mindestens 3 freie Felder", "mehr als zwei freie Felder");
  const Diagnostics found = german(p);
  EXPECT_FALSE(found.has_errors()) << dump(found);
}

TEST(TranslationDrift, ATranslationWithAnotherNumberOrTheOppositeIsAnError) {
  ProjectCopy number;
  edit(number, kEnglish, "if after an exchange of blows at least 3 free spaces",
       "if after an exchange of blows at least 4 free spaces");
  const Diagnostics found = english(number);
  const Diagnostic* f = finding(found, "translation.meaning", "states at least 4 where its source stated at least 3");
  ASSERT_NE(f, nullptr) << dump(found);
  EXPECT_EQ(f->loc.file, kEnglish);
  EXPECT_EQ(f->loc.line, locate(number.dir.path() / kEnglish, "if after an exchange of blows at least 4").first);
  ProjectCopy opposite;
  edit(opposite, kEnglish, "the higher one may look", "the lower one may look");
  EXPECT_NE(finding(english(opposite), "translation.meaning", "says 'lower' where it said 'höhere'"), nullptr)
      << dump(english(opposite));
}

TEST(TranslationDrift, ATranslationMayAddANumberItsSourceImplies) {
  ProjectCopy p;
  edit(p, kEnglish, "the higher one may look at the opponent’s hand",
       "the higher of the two may look at the opponent’s hand");
  EXPECT_FALSE(english(p).has_errors()) << dump(english(p));
}

TEST(TranslatedNames, TwoNamesOneTranslationIsAnError) {
  ProjectCopy p;
  const std::string file = "data/locales/en/palantir.yaml";
  edit(p, file, "    de: \"Karo\"\n    text: \"Diamonds\"", "    de: \"Karo\"\n    text: \"Hearts\"");
  const Diagnostics found = test::shown_findings(p.dir.path(), "palantir", "en", "de");
  EXPECT_NE(finding(found, "translation.names", "'Hearts' translates both 'Karo'"), nullptr) << dump(found);
}

}  // namespace
}  // namespace kw::rules
