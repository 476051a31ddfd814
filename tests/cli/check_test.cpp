// `kartenwerk check` finds what `build` would refuse, at the place to fix it:
// each mistake is made on purpose in the mini project, in the source
// language, a translation and a variant.
#include "cli/check.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "cli/check_report.h"
#include "support/mini_project.h"

namespace kw::cli {
namespace {

using test::MiniProject;
using test::replace;

const std::string kLong =
    "Ein Name, der viel zu lang ist für das schmale Kästchen oben auf der Karte, und dann noch länger";

Diagnostics check(const MiniProject& p) { return check_project(engine::World(p.project(), Clock{}), {}); }

// The first error, as "file:line:col: message" (empty when there is none).
std::string first_error(const Diagnostics& ds) {
  for (const Diagnostic& d : ds)
    if (d.severity == Severity::Error) return d.loc.str() + ": " + d.message;
  return {};
}

TEST(Check, TheMiniProjectPasses) {
  MiniProject p;
  Diagnostics ds = check(p);
  EXPECT_FALSE(ds.has_errors()) << format_report_text(ds);
}

TEST(Check, TextThatDoesNotFitIsFoundAtTheCardsLine) {
  MiniProject p;
  p.write(p.game_file(), replace(MiniProject::game_yaml(), "name: Éomer", "name: " + kLong));
  Diagnostics ds = check(p);
  ASSERT_TRUE(ds.has_errors());
  EXPECT_TRUE(first_error(ds).starts_with("data/games/mini.yaml:24:17: text of element 'title': "))
      << format_report_text(ds);
  EXPECT_NE(format_report_text(ds).find("(card alpha-1) (language de)"), std::string::npos) << format_report_text(ds);
  EXPECT_NE(first_error(ds).find("does not fit"), std::string::npos) << first_error(ds);
  // Both copies of alpha are laid out; the mistake is reported once, and the
  // hint names the layout element that sets the text.
  EXPECT_EQ(ds.error_count(), 1u) << format_report_text(ds);
  EXPECT_TRUE(ds.items()[0].hint.starts_with("set by the layout element at layouts/mini/card.yaml:"))
      << ds.items()[0].hint;
}

TEST(Check, AnUnknownIconIsFoundWhereTheCardNamesIt) {
  MiniProject p;
  p.write(p.game_file(), replace(MiniProject::game_yaml(), "name: Éomer", "name: \"Éomer :nope:\""));
  Diagnostics ds = check(p);
  EXPECT_TRUE(first_error(ds).starts_with("data/games/mini.yaml:24:24: text of element 'title'"))
      << format_report_text(ds);
  EXPECT_NE(first_error(ds).find("unknown icon :nope:"), std::string::npos) << first_error(ds);
}

TEST(Check, AnUnknownRuleValueInCardTextIsFoundAtItsName) {
  MiniProject p;
  p.write(p.game_file(), replace(MiniProject::game_yaml(), "name: Éomer", "name: \"x {{rules.nope}}\""));
  Diagnostics ds = check(p);
  EXPECT_TRUE(first_error(ds).starts_with("data/games/mini.yaml:24:22: unknown field 'rules.nope'"))
      << format_report_text(ds);
}

TEST(Check, AnUnknownFieldInALayoutIsFoundInTheLayout) {
  MiniProject p;
  p.write("layouts/mini/card.yaml", replace(p.text("layouts/mini/card.yaml"), "{{name}}", "{{nmae}}"));
  Diagnostics ds = check(p);
  ASSERT_TRUE(ds.has_errors());
  EXPECT_TRUE(first_error(ds).starts_with("layouts/mini/card.yaml:")) << format_report_text(ds);
  EXPECT_NE(first_error(ds).find("unknown field 'nmae'"), std::string::npos) << first_error(ds);
  EXPECT_EQ(ds.error_count(), 1u) << format_report_text(ds);  // once, not per card
}

TEST(Check, AnUnknownFontIsFoundInTheLayout) {
  MiniProject p;
  p.write("layouts/mini/card.yaml", replace(p.text("layouts/mini/card.yaml"), "family: garamond", "family: garamont"));
  Diagnostics ds = check(p);
  EXPECT_TRUE(first_error(ds).starts_with("layouts/mini/card.yaml:16:")) << format_report_text(ds);
  EXPECT_NE(first_error(ds).find("unknown font family 'garamont'"), std::string::npos) << first_error(ds);
}

TEST(Check, ATranslationThatDoesNotFitIsFoundInTheLocaleFile) {
  MiniProject p;
  p.write("data/locales/en/mini.yaml",
          "language: en\ngame: mini\nstrings:\n"
          "  game.name: { de: Mini Müll, text: Mini Rubbish }\n"
          "  card.alpha.name:\n"
          "    de: Éomer\n"
          "    text: " +
              kLong + "\n");
  Diagnostics ds = check(p);
  EXPECT_TRUE(first_error(ds).starts_with("data/locales/en/mini.yaml:7:11: text of element 'title': "))
      << format_report_text(ds);
  EXPECT_NE(format_report_text(ds).find("(language en)"), std::string::npos) << format_report_text(ds);
}

TEST(Check, AVariantThatDoesNotFitIsFoundInTheVariantFile) {
  MiniProject p;
  p.write("data/variants/mini/lang.yaml",
          "variant:\n"
          "  game: mini\n"
          "  name: Lang\n"
          "  patch:\n"
          "    - card: beta\n"
          "      set:\n"
          "        name: " +
              kLong + "\n");
  Diagnostics ds = check(p);
  EXPECT_TRUE(first_error(ds).starts_with("data/variants/mini/lang.yaml:7:15: text of element 'title'"))
      << format_report_text(ds);
  // --variant: that variant alone is checked, and the base game is not.
  EXPECT_TRUE(check_project(engine::World(p.project(), Clock{}), {{}, "lang"}).has_errors());
}

// The warnings of the overlap check (layout/overlaps.h), as "file:line:col: message".
std::vector<std::string> overlap_warnings(const Diagnostics& ds) {
  std::vector<std::string> out;
  for (const Diagnostic& d : ds)
    if (d.check == "overlap") out.push_back(d.loc.str() + ": " + d.message + " [" + d.card_id + "]");
  return out;
}

// The mini layout's `points` text moved onto the emblem's box.
std::string points_on_emblem(const MiniProject& p, const std::string& extra = {}) {
  return replace(p.text("layouts/mini/card.yaml"), "    box: [25, 5, 9, 8]\n", "    box: [12, 5, 9, 8]\n" + extra);
}

TEST(Check, TextOverAnotherElementIsAWarningAtTheTextElement) {
  MiniProject p;
  EXPECT_TRUE(overlap_warnings(check(p)).empty()) << format_report_text(check(p));
  p.write("layouts/mini/card.yaml", points_on_emblem(p));
  Diagnostics ds = check(p);
  EXPECT_FALSE(ds.has_errors()) << format_report_text(ds);
  const auto warnings = overlap_warnings(ds);
  ASSERT_EQ(warnings.size(), 1u) << format_report_text(ds);  // once, not per card
  // At the `points` element (line 20), naming the emblem's line and the first card it is met on.
  EXPECT_EQ(warnings[0],
            "layouts/mini/card.yaml:20:5: text 'points' overlaps 'emblem' (layouts/mini/card.yaml:7:5), which the "
            "layout does not declare [alpha-1]")
      << format_report_text(ds);
  EXPECT_NE(format_report_text(ds).find("add `overlaps: [emblem]` to 'points'"), std::string::npos)
      << format_report_text(ds);
  // The background holds every text: drawn on, not overlapped.
  EXPECT_EQ(format_report_text(ds).find("'background'"), std::string::npos) << format_report_text(ds);
}

TEST(Check, AnOverlapTheLayoutDeclaresIsNoWarning) {
  MiniProject p;
  p.write("layouts/mini/card.yaml", points_on_emblem(p, "    overlaps: [emblem]\n"));
  Diagnostics ds = check(p);
  EXPECT_TRUE(overlap_warnings(ds).empty()) << format_report_text(ds);
  EXPECT_FALSE(ds.has_errors()) << format_report_text(ds);
  // Declared on the other element, or as `any`, the same.
  MiniProject q;
  q.write("layouts/mini/card.yaml", replace(points_on_emblem(q), "    src: mini/emblem.svg\n",
                                            "    src: mini/emblem.svg\n    overlaps: [any]\n"));
  ds = check(q);
  EXPECT_TRUE(overlap_warnings(ds).empty()) << format_report_text(ds);
}

TEST(Check, AnOverlapsNameThatIsNoElementIsAnError) {
  MiniProject p;
  p.write("layouts/mini/card.yaml", points_on_emblem(p, "    overlaps: [emblme]\n"));
  Diagnostics ds = check(p);
  EXPECT_TRUE(first_error(ds).starts_with("layouts/mini/card.yaml:25:15: unknown element 'emblme' in 'overlaps'"))
      << format_report_text(ds);
  EXPECT_NE(format_report_text(ds).find("did you mean 'emblem'?"), std::string::npos) << format_report_text(ds);
}

TEST(Check, AnUnknownGameIsAFinding) {
  MiniProject p;
  Diagnostics ds = check_project(engine::World(p.project(), Clock{}), {{"maxi"}, ""});
  ASSERT_TRUE(ds.has_errors());
  EXPECT_EQ(ds.items()[0].message, "unknown game 'maxi' (known games: mini)");
}

TEST(Check, DataThatDoesNotLoadIsAFindingInValidJson) {
  MiniProject p;
  p.write(p.game_file(), replace(MiniProject::game_yaml(), "  id: mini\n", "  id: [mini\n"));
  Diagnostics ds = check(p);
  ASSERT_TRUE(ds.has_errors());
  auto json = nlohmann::json::parse(format_report_json(ds));
  ASSERT_FALSE(json["findings"].empty());
  EXPECT_EQ(json["findings"][0]["file"], "data/games/mini.yaml") << json;
  EXPECT_GT(json["findings"][0]["line"].get<int>(), 0) << json;
  EXPECT_EQ(json["findings"][0]["check"], "load") << json;
  EXPECT_GE(json["summary"]["errors"].get<int>(), 1);
}

}  // namespace
}  // namespace kw::cli
