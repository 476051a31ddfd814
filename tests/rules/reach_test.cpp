// Play-only mistakes (rules/reach.h): a change to the data that leaves a
// contract, a special or a moon kind unreachable in `check`'s short
// simulation is a warning at its data entry; the shipped games and their
// variants give none.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <algorithm>

#include "rules/duell.h"
#include "rules/registry.h"
#include "rules/rules.h"
#include "rules/rules_test_util.h"
#include "support/project_copy.h"

namespace kw::rules {
namespace {

namespace fs = std::filesystem;
using test::edit;
using test::ProjectCopy;

std::vector<const Diagnostic*> reach_warnings(const Diagnostics& findings) {
  std::vector<const Diagnostic*> out;
  for (const auto& f : findings)
    if (f.check == "reach") out.push_back(&f);
  return out;
}

std::string dump(const std::vector<const Diagnostic*>& fs) {
  std::string s;
  for (const Diagnostic* f : fs) s += f->loc.str() + ": " + f->message + "\n";
  return s;
}

TEST(Reach, TheShippedGamesAndVariantsReachEverything) {
  const std::vector<std::pair<std::string, std::string>> shown = {
      {"palantir", ""},    {"palantir", "mondschein"}, {"palantir", "scharfes-spiel"}, {"duell", ""},
      {"gelfdrakkar", ""}, {"hoher-rat", ""},          {"monddaemmerung", ""},         {"monddaemmerung", "bilder"}};
  for (const auto& [game, variant] : shown) {
    const Diagnostics d = test::shown_findings(test::source_root(), game, "de", "de", variant);
    EXPECT_TRUE(reach_warnings(d).empty()) << game << " " << variant << "\n" << dump(reach_warnings(d));
  }
}

TEST(Reach, AMoonKindWithoutCardsIsAWarningAtItsEntry) {
  ProjectCopy p;
  const std::string file = "data/games/monddaemmerung.yaml";
  edit(p, file, "number: 16, name: Sandsturm, moon: blutmond,", "number: 16, name: Sandsturm,");
  edit(p, file, "number: 4, name: Wildrose, moon: blutmond,", "number: 4, name: Wildrose,");
  const auto [line, column] = test::locate(p.dir.path() / file, "blutmond:");
  const Diagnostics d = test::shown_findings(p.dir.path(), "monddaemmerung", "de", "de");
  const Diagnostic* f =
      test::find_finding(d, "reach", line, column,
                         "moon kind Blutmond was never played in 3000 simulated games (seed 1)", Severity::Warning);
  EXPECT_NE(f, nullptr) << test::dump(d);
  EXPECT_EQ(reach_warnings(d).size(), 1U) << dump(reach_warnings(d));
  EXPECT_FALSE(d.has_errors()) << test::dump(d);  // a play-only mistake: no rule is broken
}

// A variant without the Kings: every count it declares is right, but no
// hand can hold the five Kings a Kapitulation needs.
constexpr const char* kWithoutKings = R"(variant:
  game: palantir
  name: Ohne Könige
  remove:
    - where: { class: koenig }
  rules:
    without_classes: [koenig]
    deal: [3, 4, 3]
    facts:
      cards: { count: 40, of: karte, deck: playing }
      deal: { deal: 10, players: 4 }
      points_total: { points: 208, of: punkt }
      standard_trumps: { count: 24, of: trumpf }
  checks:
    - { check: count, deck: playing, expect: 40 }
)";

TEST(Reach, AContractWhoseCardsAreRemovedIsAWarningAtItsFact) {
  ProjectCopy p;
  p.write("data/variants/palantir/ohne-koenige.yaml", kWithoutKings);
  const auto [line, column] = test::locate(p.dir.path() / "data/games/palantir.yaml", "kapitulation: { count");
  const Diagnostics d = test::shown_findings(p.dir.path(), "palantir", "de", "de", "ohne-koenige");
  const Diagnostic* f = test::find_finding(d, "reach", line, column,
                                           "contract Kapitulation was never declared in 200 simulated rounds (seed 1)",
                                           Severity::Warning);
  EXPECT_NE(f, nullptr) << test::dump(d);
  EXPECT_EQ(reach_warnings(d).size(), 1U) << dump(reach_warnings(d));
  // The same input gives the same findings.
  EXPECT_EQ(test::dump(d), test::dump(test::shown_findings(p.dir.path(), "palantir", "de", "de", "ohne-koenige")));
}

TEST(Reach, AVariantMayDeclareAThingRareByDesign) {
  ProjectCopy p;
  std::string text = kWithoutKings;
  text.replace(text.find("    without_classes"), 0, "    reach: { contract.kapitulation: 0 }\n");
  p.write("data/variants/palantir/ohne-koenige.yaml", text);
  const Diagnostics d = test::shown_findings(p.dir.path(), "palantir", "de", "de", "ohne-koenige");
  EXPECT_TRUE(reach_warnings(d).empty()) << dump(reach_warnings(d));
}

TEST(Reach, ADeclaredMinimumIsCheckedAndAnUnknownKeyIsNamed) {
  ProjectCopy p;
  const std::string file = "data/games/palantir.yaml";
  const int line =
      edit(p, file, "    contract.fehl-solo: 0\n", "    contract.fehl-solo: 50\n    contract.hochzeit: 1\n");
  const auto [fact_line, fact_column] = test::locate(p.dir.path() / file, "fehl_solo: { effect");
  const Diagnostics d = test::shown_findings(p.dir.path(), "palantir", "de", "de");
  const Diagnostic* low =
      test::find_finding(d, "reach", fact_line, fact_column, "contract Fehl-Solo was played only", Severity::Warning);
  ASSERT_NE(low, nullptr) << test::dump(d);
  EXPECT_NE(low->message.find(fmt::format("in 200 simulated rounds (seed 1); the game's `reach:` ({}:{}:5) expects at "
                                          "least 50 times",
                                          file, line)),
            std::string::npos)
      << low->message;
  EXPECT_NE(test::find_finding(d, "reach", line + 1, 5, "reach.contract.hochzeit names nothing the simulator",
                               Severity::Warning),
            nullptr)
      << test::dump(d);
}

TEST(Reach, ANegativeMinimumIsAnErrorAtIt) {
  ProjectCopy p;
  const int line = edit(p, "data/games/palantir.yaml", "    contract.fehl-solo: 0\n", "    contract.fehl-solo: -2\n");
  const Diagnostics d = test::shown_findings(p.dir.path(), "palantir", "de", "de");
  EXPECT_NE(test::find_finding(d, "reach", line, 25, "must be a whole number of occurrences"), nullptr)
      << test::dump(d);
}

// A minimum from the data holds for any module: the Hoher Rat's vote, at
// the first Trilith card (which begins it).
TEST(Reach, AMinimumAboveWhatTheSimulationSeesIsAWarning) {
  ProjectCopy p;
  const std::string file = "data/games/hoher-rat.yaml";
  const int line = edit(p, file, "  rules: hoher-rat\n", "  rules: hoher-rat\n  reach: { vote: 1000 }\n");
  const auto [trilith_line, trilith_column] =
      test::locate_on(p.dir.path() / file, "          kind: trilith", "trilith");
  const Diagnostics d = test::shown_findings(p.dir.path(), "hoher-rat", "de", "de");
  const Diagnostic* f =
      test::find_finding(d, "reach", trilith_line, trilith_column, "the vote was held only", Severity::Warning);
  ASSERT_NE(f, nullptr) << test::dump(d);
  EXPECT_NE(f->message.find(fmt::format("in 600 simulated games (seed 1); the game's `reach:` ({}:{}:12) expects at "
                                        "least 1000 times",
                                        file, line + 1)),
            std::string::npos)
      << f->message;
  EXPECT_EQ(reach_warnings(d).size(), 1U) << dump(reach_warnings(d));
}

// Every special of Das Duell is reported, at the card that carries it, with
// the games in which its power took effect.
TEST(Reach, DuellReportsEverySpecialAtItsCard) {
  auto model = test::load_ok(test::source_root());
  const model::Game* game = model->game("duell");
  ASSERT_NE(game, nullptr);
  SimulationOptions options;
  options.games = 50;
  const SimulationReport r = duell::simulate_report(*model, *game, options);
  ASSERT_EQ(r.occurrences.size(), 12U);
  const auto spiegel = std::find_if(r.occurrences.begin(), r.occurrences.end(),
                                    [](const Occurrence& o) { return o.key == "special.spiegel"; });
  ASSERT_NE(spiegel, r.occurrences.end());
  const auto [line, column] = test::locate(test::source_root() / "data/games/duell.yaml", "special: spiegel");
  EXPECT_EQ(spiegel->loc.line, line);
  EXPECT_EQ(spiegel->loc.column, column + 9);
  EXPECT_GT(spiegel->count, 0);
  EXPECT_EQ(spiegel->out_of, 50);
}

}  // namespace
}  // namespace kw::rules
