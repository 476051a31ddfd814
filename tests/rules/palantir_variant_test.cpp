// The Palantír rules on variants: Scharfes Spiel passes, a broken variant fails.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "model/model.h"
#include "rules/rules.h"
#include "support/disk_model.h"
#include "support/project_copy.h"
#include "support/test_support.h"

namespace kw::rules {
namespace {

namespace fs = std::filesystem;

Diagnostics check_variant(const fs::path& root, const std::string& variant) {
  model::LoadOptions options;
  options.variant = variant;
  auto loaded = test::load_from_disk(root, options);
  EXPECT_TRUE(loaded.model) << format_diagnostics(loaded.diagnostics);
  if (!loaded.model) return {};
  return check_game(*loaded.model, *loaded.model->game("palantir"));
}

using test::ProjectCopy;

TEST(PalantirVariant, ScharfesSpielPasses) {
  auto findings = check_variant(test::source_root(), "scharfes-spiel");
  EXPECT_FALSE(findings.has_errors()) << format_diagnostics(findings);
}

TEST(PalantirVariant, ScharfesSpielValuesFollowTheComposition) {
  model::LoadOptions options;
  options.variant = "scharfes-spiel";
  auto loaded = model::load_model(test::source_project(), options);
  ASSERT_TRUE(loaded.model);
  auto values = rule_values(*loaded.model, *loaded.model->game("palantir"));
  EXPECT_EQ(values.at("cards"), "40");
  EXPECT_EQ(values.at("points"), "240");
  EXPECT_EQ(values.at("trump_count.standard"), "24");  // without the two Mordor Hobbits
  EXPECT_EQ(values.at("classes").find("Hobbits"), std::string::npos);
}

// The Regionen-Solo reference card prints every region's solo, not one
// example: Rhovanion's has two trumps fewer, its Streitkraft being the Balrog.
TEST(PalantirValues, EveryRegionSoloIsListed) {
  auto loaded = model::load_model(test::source_project(), {});
  ASSERT_TRUE(loaded.model);
  auto values = rule_values(*loaded.model, *loaded.model->game("palantir"));
  EXPECT_EQ(values.at("trumps.region-solo.regions"),
            "**Gondor** A › S › K › H (26 Karten)\n**Rohan** A › S › K › H (26 Karten)\n"
            "**Rhovanion** A › K › H (24 Karten)\n**Mordor** A › S › K › H (26 Karten)");
  EXPECT_EQ(values.at("trumps.region-solo.shared"),
            "**Balrog** (Rhovanion-Streitkraft)\n**Ringträger** Gondor › Rohan › Rhovanion › Mordor\n"
            "**Erben** Gondor › Rohan › Rhovanion › Mordor");
}

TEST(PalantirVariant, ScharfesSpielRegionSolosLoseTheirHobbits) {
  model::LoadOptions options;
  options.variant = "scharfes-spiel";
  auto loaded = model::load_model(test::source_project(), options);
  ASSERT_TRUE(loaded.model);
  auto values = rule_values(*loaded.model, *loaded.model->game("palantir"));
  const std::string& regions = values.at("trumps.region-solo.regions");
  EXPECT_EQ(regions.substr(0, regions.find('\n')), "**Gondor** A › S › K (24 Karten)");
}

TEST(PalantirVariant, WrongDealAndLeftoverHobbitsAreCaught) {
  ProjectCopy p;
  std::ofstream(p.dir.path() / "data/variants/palantir/kaputt.yaml") << "variant:\n"
                                                                        "  game: palantir\n"
                                                                        "  remove: [gondor-hobbit]\n"
                                                                        "  rules:\n"
                                                                        "    without_classes: [hobbit]\n"
                                                                        "    deal: [3, 3, 3]\n"
                                                                        "  checks: []\n";
  auto findings = check_variant(p.dir.path(), "kaputt");
  std::string text = format_diagnostics(findings);
  EXPECT_TRUE(findings.has_errors()) << text;
  EXPECT_NE(text.find("the deal gives each player 9 cards, but 40 cards make 10 per player"), std::string::npos)
      << text;
  EXPECT_NE(text.find("the deck has 46 playing cards; Palantír is played with 40"), std::string::npos) << text;
  EXPECT_NE(text.find("Rohan-Hobbit is in the deck, but variant kaputt plays without Hobbits"), std::string::npos)
      << text;
  EXPECT_NE(text.find("kaputt.yaml:6:11: error: the deal"), std::string::npos) << text;
}

}  // namespace
}  // namespace kw::rules
