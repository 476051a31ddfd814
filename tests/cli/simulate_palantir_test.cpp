// End-to-end: `kartenwerk simulate --game palantir` and `check` through the
// binary, as a designer runs them: exit codes and messages.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "support/project_copy.h"
#include "support/test_support.h"

namespace kw {
namespace {

using test::kartenwerk;
using test::quoted;

std::string root_arg(const std::filesystem::path& root) { return "--root " + quoted(root) + " "; }

TEST(SimulatePalantir, PlaysBothPlayerCountsAndReportsJson) {
  auto r = kartenwerk(root_arg(test::source_root()) +
                      "simulate --game palantir --games 30 --seed 5 --format json 2>/dev/null");
  ASSERT_EQ(r.status, 0) << r.output;
  auto j = nlohmann::json::parse(r.output);
  EXPECT_EQ(j["game"], "palantir");
  EXPECT_EQ(j["games"], 60);
  EXPECT_EQ(j["violations"], 0);
  std::vector<std::string> titles;
  for (const auto& g : j["groups"]) titles.push_back(g["title"]);
  ASSERT_GE(titles.size(), 4u);
  EXPECT_EQ(titles[0], "4 players");
  EXPECT_EQ(titles[1], "5 players (the dealer sits out)");
  // The same seed prints the same report.
  auto again = kartenwerk(root_arg(test::source_root()) +
                          "simulate --game palantir --games 30 --seed 5 --format json 2>/dev/null");
  EXPECT_EQ(again.output, r.output);
}

TEST(SimulatePalantir, ScharfesSpielPlaysTenTricks) {
  auto r = kartenwerk(root_arg(test::source_root()) +
                      "simulate --game palantir --variant scharfes-spiel --games 20 --players 4 2>&1");
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("0 broken invariants"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("round length"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("10 tricks"), std::string::npos) << r.output;
}

TEST(SimulatePalantir, AWrongPlayerCountOrAnUnplayableDeckExitsWithOne) {
  auto three = kartenwerk(root_arg(test::source_root()) + "simulate --game palantir --players 3 2>&1");
  EXPECT_EQ(three.status, 1) << three.output;
  EXPECT_NE(three.output.find("cannot simulate: Palantír is played by 4 players, or by 5 with the dealer sitting out"),
            std::string::npos)
      << three.output;
  test::ProjectCopy p;
  std::string yaml = p.read("data/games/palantir.yaml");
  const std::string from = "evil: { name: Bergtroll }, copies: 2 }";
  ASSERT_NE(yaml.find(from), std::string::npos);
  yaml.replace(yaml.find(from), from.size(), "evil: { name: Bergtroll }, copies: 1 }");
  p.write("data/games/palantir.yaml", yaml);
  auto broken = kartenwerk(root_arg(p.dir.path()) + "simulate --game palantir --games 5 2>&1");
  EXPECT_EQ(broken.status, 1) << broken.output;
  EXPECT_NE(broken.output.find("cannot simulate: data/games/palantir.yaml:"), std::string::npos) << broken.output;
  EXPECT_NE(broken.output.find("the deck has 47 playing cards"), std::string::npos) << broken.output;
}

TEST(SimulatePalantir, CheckFailsOnAWrongClaimAtItsPlace) {
  test::ProjectCopy p;
  std::string yaml = p.read("data/flavor/palantir.yaml");
  const std::string from = "says: \"Als zweiter der Ringträger\", place: 2";
  ASSERT_NE(yaml.find(from), std::string::npos);
  yaml.replace(yaml.find(from), from.size(), "says: \"Als zweiter der Ringträger\", place: 3");
  p.write("data/flavor/palantir.yaml", yaml);
  auto r = kartenwerk(root_arg(p.dir.path()) + "check --game palantir 2>&1");
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_NE(r.output.find("data/flavor/palantir.yaml:"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("error: rohan-ringtraeger ranks 2 of 4 in ringtraeger, not 3"), std::string::npos)
      << r.output;
}

}  // namespace
}  // namespace kw
