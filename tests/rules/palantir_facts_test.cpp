// Palantír's rule facts (README: Rule facts): its reference cards print the
// thresholds from facts the module checks, and every other rule sentence of
// theirs is claimed, in German and English, in the base game and its
// variants. A designer's mistake in a number, a comparison, who beats whom,
// where the specials apply or a variant's Lembas trigger is an error where
// it is written.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <tuple>
#include <vector>

#include "model/model.h"
#include "rules/rule_texts.h"
#include "rules/rules.h"
#include "rules/rules_test_util.h"
#include "support/disk_model.h"
#include "support/project_copy.h"
#include "support/test_support.h"

namespace kw::rules {
namespace {

namespace fs = std::filesystem;
using test::edit;
using test::ProjectCopy;

constexpr const char* kGame = "data/games/palantir.yaml";
constexpr const char* kEnglish = "data/locales/en/palantir.yaml";
constexpr const char* kScharf = "data/variants/palantir/scharfes-spiel.yaml";

// `check` as the command runs it for one language and variant.
Diagnostics findings(const fs::path& root, const std::string& language = "de", const std::string& variant = {}) {
  return test::shown_findings(root, "palantir", language, "de", variant);
}

bool has(const Diagnostics& found, const std::string& text, const std::string& file = {}, int line = 0) {
  for (const auto& f : found)
    if (f.severity == Severity::Error && f.message.find(text) != std::string::npos &&
        (file.empty() || f.loc.file == file) && (line == 0 || f.loc.line == line))
      return true;
  return false;
}

TEST(PalantirFacts, EveryReferenceRuleSentenceIsBackedInGermanAndEnglish) {
  for (const char* variant : {"", "scharfes-spiel", "mondschein"})
    for (const char* language : {"de", "en"}) {
      const Diagnostics found = findings(test::source_root(), language, variant);
      EXPECT_FALSE(found.has_errors()) << language << " " << variant << "\n" << format_diagnostics(found);
      for (const auto& f : found)
        EXPECT_EQ(f.message.find("rule sentence that no fact backs"), std::string::npos)
            << language << " " << variant << ": " << f.message;
    }
}

TEST(PalantirFacts, AThresholdWrittenOutWrongIsAnError) {
  ProjectCopy p;
  const int line = edit(p, kGame, "mit {{fact.kapitulation}} Königen", "mit vier oder mehr Königen");
  EXPECT_TRUE(has(findings(p.dir.path()), "'vier oder mehr' states at least 4 'koenig'", kGame, line))
      << format_diagnostics(findings(p.dir.path()));
  // The right number in words is a correct rewording.
  ProjectCopy right;
  edit(right, kGame, "mit {{fact.kapitulation}} Königen", "mit mindestens fünf Königen");
  EXPECT_FALSE(findings(right.dir.path()).has_errors()) << format_diagnostics(findings(right.dir.path()));
}

TEST(PalantirFacts, AnEffectNamingAnotherCardThanTheModelIsAnErrorAtTheRole) {
  // Éowyn is the Gondor-Erbe: a fact (and with it its texts) that makes the
  // Rohan-Erbe her is a mistake the model contradicts.
  ProjectCopy p;
  const int line = edit(p, kGame, "roles: { who: [gondor-erbe], becomes: [specials.eowyn] }",
                        "roles: { who: [rohan-erbe], becomes: [specials.eowyn] }");
  EXPECT_TRUE(has(findings(p.dir.path()),
                  "fact 'eowyn_last_trick': role 'who' names [rohan-erbe], the rules [gondor-erbe] (the card that "
                  "becomes Éowyn)",
                  kGame, line))
      << format_diagnostics(findings(p.dir.path()));
}

TEST(PalantirFacts, AFactTheModelContradictsIsAnErrorAtTheFact) {
  ProjectCopy p;
  const int line = edit(p, kGame, "kapitulation: { count: 5,", "kapitulation: { count: 4,");
  EXPECT_TRUE(has(findings(p.dir.path()), "fact 'kapitulation' says 4, the rules 5", kGame, line))
      << format_diagnostics(findings(p.dir.path()));
  ProjectCopy cmp;
  const int at =
      edit(cmp, kGame, "blutbad: { points: 40, compare: at_least", "blutbad: { points: 40, compare: more_than");
  EXPECT_TRUE(has(findings(cmp.dir.path()), "fact 'blutbad' compares more_than, the rules at_least", kGame, at))
      << format_diagnostics(findings(cmp.dir.path()));
}

TEST(PalantirFacts, AnEnglishComparisonThatContradictsIsAnError) {
  ProjectCopy p;
  edit(p, kEnglish, "a trick of {{fact.blutbad}} points", "a trick of more than 40 'points'");
  EXPECT_TRUE(has(findings(p.dir.path(), "en"), "'more than 40' states more than 40 'punkt'", kEnglish))
      << format_diagnostics(findings(p.dir.path(), "en"));
}

TEST(PalantirFacts, RewordedSpecialsThatChangeTheRuleAreErrors) {
  // Only the text changes, as a designer would: the claims keep the rule.
  ProjectCopy solo;
  edit(solo, kGame, "bei Bündnis – in keinem Solo.", "bei Bündnis – auch in jedem Solo.");
  EXPECT_TRUE(has(findings(solo.dir.path()), "no longer negates what it negated (the claim of fact 'specials_apply')"))
      << format_diagnostics(findings(solo.dir.path()));
  ProjectCopy ring;
  edit(ring, kGame, "Ringgedicht. Dann schlägt der Ring sogar den Balrog.",
       "Ringgedicht. Auch dann schlägt der Balrog den Ring.");
  EXPECT_TRUE(has(findings(ring.dir.path()), "names 'Balrog' and 'Ring' the other way round"))
      << format_diagnostics(findings(ring.dir.path()));
  ProjectCopy equal;
  edit(equal, kGame, "Unter gleichen Karten gewinnt die zuerst gespielte.",
       "Unter gleichen Karten gewinnt die zuletzt gespielte.");
  EXPECT_TRUE(has(findings(equal.dir.path()), "says 'zuletzt' where it said 'zuerst'"))
      << format_diagnostics(findings(equal.dir.path()));
  // A sentence that no longer states the rule at all.
  ProjectCopy gone;
  edit(gone, kGame, "Unter gleichen Karten gewinnt die zuerst gespielte.", "Viel Glück!");
  EXPECT_TRUE(has(findings(gone.dir.path()), "no longer says 'Unter gleichen Karten gewinnt die zuerst gespielte'"));
}

TEST(PalantirFacts, NumbersWrittenAnotherWayAreFine) {
  for (const auto& [file, from, to] : std::vector<std::tuple<std::string, std::string, std::string>>{
           // the Absage steps with dashes, under one comparison
           {kGame, "je 1 bei gegnerischen Punkten {{rules.absage}}", "je 1 bei gegnerischen Punkten unter 90-60-30-0"},
           // the thresholds written out, with their comparison
           {kGame, "braucht Saurons Auge {{rules.sauron_wins_from}}, die Gefährten {{rules.gefaehrten_win_from}}.",
            "braucht Saurons Auge mindestens 121, die Gefährten mindestens 120."},
           // digits for a claimed number word
           {"data/flavor/palantir.yaml", "bringt vier Punkte in den Stich", "bringt 4 Punkte in den Stich"},
       }) {
    ProjectCopy p;
    edit(p, file, from, to);
    const Diagnostics found = findings(p.dir.path());
    EXPECT_FALSE(found.has_errors()) << to << "\n" << format_diagnostics(found);
  }
  ProjectCopy wrong;
  edit(wrong, kGame, "braucht Saurons Auge {{rules.sauron_wins_from}}, die", "braucht Saurons Auge 120, die");
  EXPECT_TRUE(has(findings(wrong.dir.path()), "states 120 where it stated 121"))
      << format_diagnostics(findings(wrong.dir.path()));
}

TEST(PalantirFacts, RewordedSpecialsThatKeepTheRuleAreFine) {
  for (const auto& [from, to] : std::vector<std::pair<std::string, std::string>>{
           {"Dann schlägt der Ring sogar den Balrog.", "Dann besiegt der Ring sogar den Balrog."},
           {"Unter gleichen Karten gewinnt die zuerst gespielte.", "Bei gleichen Karten sticht die zuerst gespielte."},
           {"bei Bündnis – in keinem Solo.", "bei Bündnis – aber nie in einem Solo."},
       }) {
    ProjectCopy p;
    edit(p, kGame, from, to);
    const Diagnostics found = findings(p.dir.path());
    EXPECT_FALSE(found.has_errors()) << to << "\n" << format_diagnostics(found);
  }
}

TEST(PalantirFacts, AVariantTriggerWithoutItsRuleIsAnError) {
  ProjectCopy p;
  edit(p, kScharf, "    lembas_fehl: [rhovanion]\n", "");
  EXPECT_TRUE(has(findings(p.dir.path(), "de", "scharfes-spiel"),
                  "fact 'lembas_fehl' states a Lembas trigger that the variant's rules do not have", kScharf))
      << format_diagnostics(findings(p.dir.path(), "de", "scharfes-spiel"));
}

}  // namespace
}  // namespace kw::rules
