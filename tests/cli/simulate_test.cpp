// End-to-end: `kartenwerk simulate` on the shipped games.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "support/test_support.h"

namespace kw {
namespace {

using test::kartenwerk;
using test::quoted;

std::string root() { return "--root " + quoted(test::source_root()) + " "; }

TEST(Simulate, PrintsTheFiguresOfEveryPlayerCount) {
  auto r = kartenwerk(root() + "simulate --game monddaemmerung --games 50 --seed 7");
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("monddaemmerung (Monddämmerung): 150 games from seed 7"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find(", 0 broken invariants\n"), std::string::npos) << r.output;
  for (const char* group : {"\n3 players", "\n4 players", "\n5 players"})
    EXPECT_NE(r.output.find(group), std::string::npos) << group << "\n" << r.output;
  EXPECT_NE(r.output.find("  wins, seat 1 "), std::string::npos) << r.output;
}

TEST(Simulate, JsonHasStableKeysAndTheSameSeedGivesTheSameReport) {
  std::string a, b;
  const std::string command =
      quoted(test::binary()) + " " + root() + "simulate --game gelfdrakkar --players 7 --games 30 --format json";
  ASSERT_EQ(test::run_command(command, &a), 0) << a;
  ASSERT_EQ(test::run_command(command, &b), 0) << b;
  EXPECT_EQ(a, b);
  auto json = nlohmann::json::parse(a);
  EXPECT_EQ(json["game"], "gelfdrakkar");
  EXPECT_EQ(json["games"], 30);
  EXPECT_EQ(json["violations"], 0);
  ASSERT_EQ(json["groups"].size(), 1u);
  bool found = false;
  for (const auto& f : json["groups"][0]["figures"])
    if (f["key"] == "p7.win_rate.for_vernio") found = true;
  EXPECT_TRUE(found) << a;
}

// What `check` weighs for play-only mistakes, by the keys a game's `reach:`
// takes, with the place of each thing in the data.
TEST(Simulate, ListsWhatWasReachedInPlay) {
  auto r = kartenwerk(root() + "simulate --game monddaemmerung --players 3 --games 20");
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("\nreached in play (reach: keys)\n"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("  moon.blutmond "), std::string::npos) << r.output;
  EXPECT_NE(r.output.find(" of 20 games: moon kind Blutmond, played\n"), std::string::npos) << r.output;
  std::string out;
  ASSERT_EQ(test::run_command(
                quoted(test::binary()) + " " + root() + "simulate --game palantir --players 4 --games 10 --format json",
                &out),
            0)
      << out;
  auto json = nlohmann::json::parse(out);
  bool found = false;
  for (const auto& o : json["occurrences"])
    if (o["key"] == "contract.kapitulation") {
      found = true;
      EXPECT_EQ(o["out_of"], 40);
      EXPECT_EQ(o["per"], "rounds");
      EXPECT_EQ(o["at"].get<std::string>().rfind("data/games/palantir.yaml:", 0), 0U) << o;
    }
  EXPECT_TRUE(found) << out;
}

TEST(Simulate, WrongRequestsAreClearErrors) {
  auto r = kartenwerk(root() + "simulate --game gelfdrakkar --players 3 --games 5");
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_NE(r.output.find("gelfdrakkar: cannot simulate: Gelfdrakkar is played by 4 to 8 players, not 3"),
            std::string::npos)
      << r.output;
  r = kartenwerk(root() + "simulate --game duell --players 3 --games 5");
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_NE(r.output.find("Das Duell is played by 2 players, not 3"), std::string::npos) << r.output;
  r = kartenwerk(root() + "simulate --game nope");
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_NE(r.output.find("unknown game 'nope'"), std::string::npos) << r.output;
  r = kartenwerk(root() + "simulate --game monddaemmerung --games 0");
  EXPECT_EQ(r.status, 2) << r.output;
  r = kartenwerk(root() + "simulate");
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_NE(r.output.find("--game"), std::string::npos) << r.output;
}

}  // namespace
}  // namespace kw
