// build -j lays out a game's cards on several threads: the files and every
// message must be those of one thread, the findings in card order.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "support/mini_project.h"

namespace kw {
namespace {

using test::kartenwerk;
using test::MiniProject;
using test::quoted;

constexpr const char* kTooLong = "Éomer, Dritter Marschall der Riddermark und Neffe König Théodens";

// The mini game with 40 more cards; every seventh one's name does not fit.
std::string many_cards(std::vector<std::string>& broken) {
  std::string cards;
  for (int i = 1; i <= 40; ++i) {
    const std::string id = "extra-" + std::to_string(i);
    const bool too_long = i % 7 == 3;
    if (too_long) broken.push_back(id);
    cards += "        - { id: " + id + ", name: \"" +
             (too_long ? std::string(kTooLong) : "Karte " + std::to_string(i)) +
             "\", region: north, points: " + std::to_string(i) + " }\n";
  }
  return MiniProject::game_yaml() + cards;
}

TEST(ParallelLayout, FindingsInCardOrderAndTheSameForAnyNumberOfJobs) {
  MiniProject p;
  std::vector<std::string> broken;
  p.write(p.game_file(), many_cards(broken));
  test::TempDir out;
  const std::string args = "--root " + quoted(p.root()) + " build --no-cache --out " + quoted(out.path());
  auto one = kartenwerk(args + " -j1");
  EXPECT_EQ(one.status, 1) << one.output;
  // The errors name the broken cards, in card order.
  size_t at = 0;
  for (const auto& id : broken) {
    const size_t found = one.output.find("(card " + id + ")", at);
    ASSERT_NE(found, std::string::npos) << id << " missing or out of order in\n" << one.output;
    at = found;
  }
  for (const char* jobs : {" -j2", " -j8"}) {
    auto many = kartenwerk(args + jobs);
    EXPECT_EQ(many.status, 1);
    EXPECT_EQ(many.output, one.output) << jobs;
  }
  EXPECT_FALSE(std::filesystem::exists(out.path() / "mini")) << "nothing written";
}

}  // namespace
}  // namespace kw
