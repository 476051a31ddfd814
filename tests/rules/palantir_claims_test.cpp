// What Palantír's texts and data state about the rules, checked: the claims
// beside the flavor texts (German and English), the characters the rules
// bind to cards, and the deal a text prints or a variant declares. Each
// mistake is an error where it is written, and `check` fails.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "model/model.h"
#include "rules/palantir.h"
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

constexpr const char* kFlavor = "data/flavor/palantir.yaml";
constexpr const char* kGame = "data/games/palantir.yaml";
constexpr const char* kEnglish = "data/locales/en/palantir.yaml";

// `check` as the command runs it: the game's whole check in German, the
// checks of its texts in a translation.
std::string findings(const fs::path& root, const std::string& language = "de", const std::string& variant = {}) {
  model::LoadOptions options;
  options.language = language;
  options.variant = variant;
  auto loaded = test::load_from_disk(root, options);
  EXPECT_TRUE(loaded.model) << format_diagnostics(loaded.diagnostics);
  if (!loaded.model) return {};
  const model::Game& g = *loaded.model->game("palantir");
  return format_diagnostics(language == "de" ? check_game(*loaded.model, g) : check_texts(*loaded.model, g));
}

std::string at(const fs::path& root, const std::string& file, const std::string& line_has, const std::string& inner) {
  auto [line, col] = test::locate_on(root / file, line_has, inner);
  return file + ":" + std::to_string(line) + ":" + std::to_string(col) + ": error: ";
}

TEST(PalantirClaims, TheShippedClaimsHoldInGermanAndEnglish) {
  for (const char* language : {"de", "en"}) {
    const std::string text = findings(test::source_root(), language);
    EXPECT_EQ(text.find("error"), std::string::npos) << language << "\n" << text;
  }
  const std::string scharf = findings(test::source_root(), "de", "scharfes-spiel");
  EXPECT_EQ(scharf.find("error"), std::string::npos) << scharf;
}

TEST(PalantirClaims, AWrongPlaceIsAnErrorAtTheClaim) {
  ProjectCopy p;
  edit(p, kFlavor, "an zweiter Stelle\", place: 2, among: erbe", "an zweiter Stelle\", place: 1, among: erbe");
  const std::string text = findings(p.dir.path());
  EXPECT_NE(text.find(at(p.dir.path(), kFlavor, "Éomer an zweiter", "1, among") +
                      "rohan-erbe ranks 2 of 4 in erbe, not 1 (card flavor-rohan-erbe) [palantir: palantir.claims]"),
            std::string::npos)
      << text;
}

TEST(PalantirClaims, WrongPointsAndAWrongSpecialAreErrors) {
  ProjectCopy p;
  edit(p, kFlavor, "says: \"Zehn Punkte als Trumpf\", points: 10", "says: \"Zehn Punkte als Trumpf\", points: 11");
  edit(p, kFlavor, "special: eowyn }", "special: balrog }");
  const std::string text = findings(p.dir.path());
  EXPECT_NE(text.find(at(p.dir.path(), kFlavor, "Zehn Punkte als Trumpf", "11,") +
                      "mordor-streitkraft is worth 10 points, not 11"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find(at(p.dir.path(), kFlavor, "says: \"gewinnt sie oder Gothmog", "balrog") +
                      "the rules make rhovanion-streitkraft the balrog, not gondor-erbe"),
            std::string::npos)
      << text;
}

TEST(PalantirClaims, AnExceptionThatRanksLowerIsAnError) {
  ProjectCopy p;
  // "über ihm steht nur ... der vereinte Ring" turned into "... nur Gondor's Erbe".
  edit(p, kFlavor, "card: rhovanion-streitkraft, outranks: [trump], except: [rings-united]",
       "card: rhovanion-streitkraft, outranks: [trump], except: [gondor-erbe]");
  const std::string text = findings(p.dir.path());
  EXPECT_NE(text.find(at(p.dir.path(), kFlavor, "says: \"beugt er sich nur", "[gondor-erbe]") +
                      "gondor-erbe does not outrank rhovanion-streitkraft, so it is no exception"),
            std::string::npos)
      << text;
  // And an outranks claim the order contradicts: Mordor's Ringträger does not beat the Balrog.
  edit(p, kFlavor, "says: \"doch sie stechen jeden Erben\", outranks: [erbe]",
       "says: \"doch sie stechen jeden Erben\", outranks: [erbe, rhovanion-streitkraft]");
  const std::string more = findings(p.dir.path());
  EXPECT_NE(more.find("mordor-ringtraeger does not outrank rhovanion-streitkraft in the standard game"),
            std::string::npos)
      << more;
}

TEST(PalantirClaims, RingAndMarkerClaimsAreChecked) {
  ProjectCopy p;
  // "schlägt damit sogar den Balrog" said of one ring instead of both in one hand.
  edit(p, kFlavor, "card: rings-united, outranks: [rhovanion-streitkraft]",
       "card: mordor-artefakt, outranks: [rhovanion-streitkraft]");
  // Éowyn's marker in any trick instead of the last.
  edit(p, kFlavor, "marker: eowyn, trick: last", "marker: eowyn, trick: any");
  const std::string text = findings(p.dir.path());
  EXPECT_NE(text.find(at(p.dir.path(), kFlavor, "says: \"schlägt damit sogar", "[rhovanion") +
                      "mordor-artefakt does not outrank rhovanion-streitkraft in the standard game"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find(at(p.dir.path(), kFlavor, "says: \"Im letzten Kampf einer Runde", "any") +
                      "the rules give the eowyn marker in the last trick only"),
            std::string::npos)
      << text;
}

TEST(PalantirClaims, TextThatNoLongerSaysItsClaimIsAnError) {
  ProjectCopy p;
  // The text changes, the claim stays: the words are gone.
  edit(p, kFlavor, "Ringträgern steht sie an dritter Stelle und sticht",
       "Ringträgern steht sie an erster Stelle und sticht");
  const std::string text = findings(p.dir.path());
  EXPECT_NE(text.find(at(p.dir.path(), kFlavor, "says: \"Unter den Ringträgern steht sie", "\"Unter") +
                      "the text no longer says 'Unter den Ringträgern steht sie an dritter Stelle'"),
            std::string::npos)
      << text;
}

TEST(PalantirClaims, TheEnglishTextIsCheckedWithItsOwnWords) {
  ProjectCopy p;
  edit(p, kEnglish, "Among the Ring-bearers she stands third, and still",
       "Among the Ring-bearers she stands first, and still");
  const std::string text = findings(p.dir.path(), "en");
  EXPECT_NE(text.find(at(p.dir.path(), kEnglish, "text: \"Among the Ring-bearers she stands third\"", "\"Among") +
                      "the text no longer says 'Among the Ring-bearers she stands third'"),
            std::string::npos)
      << text;
}

TEST(PalantirClaims, AnUnknownClaimIsAnErrorOnLoad) {
  ProjectCopy p;
  edit(p, kFlavor, "says: \"als höchster Trumpf\", place: 1, among: trump", "says: \"als höchster Trumpf\", rank: 1");
  auto loaded = test::load_from_disk(p.dir.path());
  EXPECT_FALSE(loaded.model);
  const std::string text = format_diagnostics(loaded.diagnostics);
  EXPECT_NE(text.find(at(p.dir.path(), kFlavor, "says: \"als höchster Trumpf", "rank") +
                      "unknown field 'rank' (card flavor-rhovanion-streitkraft)"),
            std::string::npos)
      << text;
}

TEST(PalantirBindings, ACharacterOnAnotherCardIsAnErrorAtItsName) {
  ProjectCopy p;
  edit(p, kGame, "good: { name: Faramir }", "good: { name: Éomer }");
  edit(p, kGame, "class: erbe, good: { name: Éomer }, evil: { name: Uglúk }",
       "class: erbe, good: { name: Faramir }, evil: { name: Uglúk }");
  const std::string text = findings(p.dir.path());
  EXPECT_NE(text.find(at(p.dir.path(), kGame, "id: rohan-erbe", "Faramir") +
                      "'Faramir' names Faramir, whom the rules put on the gondor-erbe card's good side"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find(at(p.dir.path(), kGame, "good: { name: Éomer }", "Éomer") +
                      "gondor-erbe's good side shows 'Éomer', but the rules name Faramir there"),
            std::string::npos)
      << text;
}

TEST(PalantirBindings, ABindingToTheWrongCardOrAMissingOneIsAnError) {
  ProjectCopy p;
  edit(p, kGame, "{ name: Gothmog, card: gondor-erbe, side: evil }", "{ name: Gothmog, card: rohan-erbe, side: evil }");
  edit(p, kGame, "      - { name: Der Eine Ring, card: mordor-artefakt, side: good }\n", "");
  edit(p, kGame, "{ name: Frodo, class: ringtraeger, side: good }", "{ name: Frodo, class: erbe, side: good }");
  const std::string text = findings(p.dir.path());
  EXPECT_NE(text.find(at(p.dir.path(), kGame, "name: Gothmog, card:", "rohan-erbe") +
                      "the rules bind Gothmog to the gondor-erbe card's evil side, not to 'rohan-erbe'"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("no binding for Der Eine Ring, whom the rules name on the mordor-artefakt card's good side"),
            std::string::npos)
      << text;
  EXPECT_NE(
      text.find(at(p.dir.path(), kGame, "name: Frodo, class:", "erbe") + "the rules make Frodo a ringtraeger card"),
      std::string::npos)
      << text;
}

TEST(PalantirDeal, APrintedDealThatIsNotTheVariantsIsAnError) {
  ProjectCopy p;
  const std::string file = "data/variants/palantir/scharfes-spiel.yaml";
  edit(p, file, "Gegeben wird {{rules.deal_order}}.", "Gegeben wird 3-3-4.");
  const std::string text = findings(p.dir.path(), "de", "scharfes-spiel");
  EXPECT_NE(text.find(at(p.dir.path(), file, "Gegeben wird", "3-3-4") +
                      "'3-3-4' is not the deal: variant scharfes-spiel deals 3-4-3"),
            std::string::npos)
      << text;
  // The value the reference card prints follows the data.
  model::LoadOptions options;
  options.variant = "scharfes-spiel";
  auto loaded = test::load_from_disk(test::source_root(), options);
  ASSERT_TRUE(loaded.model);
  EXPECT_EQ(rule_values(*loaded.model, *loaded.model->game("palantir")).at("deal_order"), "3-4-3");
  auto base = test::load_from_disk(test::source_root());
  ASSERT_TRUE(base.model);
  EXPECT_EQ(rule_values(*base.model, *base.model->game("palantir")).at("deal_order"), "3-3-3-3");
}

TEST(PalantirDeal, PointStepsWithDashesAreNoDeal) {
  // "90-60-30-0" names the Absage steps: no packet of a deal is 0 or more than a hand.
  ProjectCopy p;
  edit(p, kGame, "**Absage** je Stufe 1", "**Absage** je Stufe (90-60-30-0) 1");
  std::string text = findings(p.dir.path());
  EXPECT_EQ(text.find("is not the deal"), std::string::npos) << text;
  // A wrong deal beside it still is one.
  edit(p, kGame, "**Absage** je Stufe (90-60-30-0) 1", "**Absage** je Stufe (90-60-30-0) 1, gegeben 3-4-3-3");
  text = findings(p.dir.path());
  EXPECT_NE(text.find("'3-4-3-3' is not the deal: the game deals 3-3-3-3"), std::string::npos) << text;
}

TEST(PalantirDeal, AWrongDealOrLembasRuleInTheVariantIsAnErrorAtItsLine) {
  ProjectCopy p;
  const std::string file = "data/variants/palantir/scharfes-spiel.yaml";
  edit(p, file, "deal: [3, 4, 3]", "deal: [3, 4, 4]");
  std::string text = findings(p.dir.path(), "de", "scharfes-spiel");
  EXPECT_NE(text.find(at(p.dir.path(), file, "deal: [3, 4, 4]", "[3") +
                      "the deal gives each player 11 cards, but 40 cards make 10 per player"),
            std::string::npos)
      << text;
  edit(p, file, "deal: [3, 4, 4]", "deal: [3, 0, 7]");
  text = findings(p.dir.path(), "de", "scharfes-spiel");
  EXPECT_NE(text.find(at(p.dir.path(), file, "deal: [3, 0, 7]", "0,") + "a packet of the deal must be a whole number"),
            std::string::npos)
      << text;
  // With the Hobbits kept, Rhovanion has 6 Fehl cards: never all in one trick.
  ProjectCopy q;
  q.write("data/variants/palantir/lembas.yaml",
          "variant:\n  game: palantir\n  name: Lembas\n  rules:\n    lembas_fehl: [rhovanion]\n");
  text = findings(q.dir.path(), "de", "lembas");
  EXPECT_NE(text.find("data/variants/palantir/lembas.yaml:5:19: error: Rhovanion has 6 Fehl cards in this deck, but "
                      "a trick holds 4"),
            std::string::npos)
      << text;
}

}  // namespace
}  // namespace kw::rules
