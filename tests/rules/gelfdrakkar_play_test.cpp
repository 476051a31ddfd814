// Gelfdrakkar's deals as checked data (the 7-player deal the rule text
// cannot make even) and its simulator, on the shipped data and on copies
// broken on purpose.
#include <gtest/gtest.h>

#include <algorithm>

#include "rules/gelfdrakkar.h"
#include "rules/rules.h"
#include "rules/rules_test_util.h"
#include "support/project_copy.h"

namespace kw::rules::gelfdrakkar {
namespace {

namespace fs = std::filesystem;
using test::edit;
using test::ProjectCopy;

constexpr const char* kGame = "data/games/gelfdrakkar.yaml";

struct Loaded {
  std::shared_ptr<model::Model> model;
  const model::Game* game = nullptr;
};

Loaded load(const fs::path& root) {
  auto loaded = test::load_from_disk(root, {});
  EXPECT_TRUE(loaded.model) << format_diagnostics(loaded.diagnostics);
  Loaded l{std::move(loaded.model)};
  if (l.model) l.game = l.model->game("gelfdrakkar");
  return l;
}

std::string findings_of(const Loaded& l) { return format_diagnostics(check_game(*l.model, *l.game)); }

TEST(GelfdrakkarDeal, TheSevenPlayerDealIsAWarningThatExplainsIt) {
  Loaded l = load(test::source_root());
  Diagnostics d = check_game(*l.model, *l.game);
  EXPECT_FALSE(d.has_errors()) << format_diagnostics(d);
  std::string text = format_diagnostics(d);
  EXPECT_NE(text.find("warning: the rules give every player the same number of cards, but 124 cards do not divide "
                      "among 7 players: this deal gives 17 each and leaves 5 as the stock"),
            std::string::npos)
      << text;
}

TEST(GelfdrakkarDeal, ADealThatDoesNotAddUpIsAnErrorAtItsLine) {
  ProjectCopy p;
  int line = edit(p, kGame, "{ players: 5, hand: 24 }", "{ players: 5, hand: 23 }");
  std::string text = findings_of(load(p.dir.path()));
  EXPECT_NE(text.find(std::string(kGame) + ":" + std::to_string(line) +
                      ":11: error: 5 × 23 cards + 0 in the stock is 115, but 120 cards are dealt"),
            std::string::npos)
      << text;
}

TEST(GelfdrakkarDeal, NullCardsOnlyWithSevenPlayers) {
  ProjectCopy p;
  int line =
      edit(p, kGame, "{ players: 7, hand: 17, stock: 5, null_cards: true }", "{ players: 7, hand: 17, stock: 1 }");
  std::string text = findings_of(load(p.dir.path()));
  EXPECT_NE(text.find(":" + std::to_string(line) +
                      ":11: error: the rules add the 4 Nullkarten with 7 players; this deal leaves them out"),
            std::string::npos)
      << text;
}

TEST(GelfdrakkarDeal, AStockThatCouldDealAnotherRoundIsAnError) {
  ProjectCopy p;
  int line = edit(p, kGame, "{ players: 7, hand: 17, stock: 5, null_cards: true }",
                  "{ players: 7, hand: 16, stock: 12, null_cards: true }");
  std::string text = findings_of(load(p.dir.path()));
  EXPECT_NE(text.find(":" + std::to_string(line) + ":11: error: a stock of 12 could deal every one of the 7 players"),
            std::string::npos)
      << text;
}

TEST(GelfdrakkarDeal, WrongPlayerCountsAndAMissingDeal) {
  ProjectCopy p;
  int line = edit(p, kGame, "      players: [4, 8]", "      players: [3, 8]");
  std::string text = findings_of(load(p.dir.path()));
  EXPECT_NE(
      text.find(":" + std::to_string(line) + ":16: error: meta.play.players is [3, 8], but the rules are for 4 to 8"),
      std::string::npos)
      << text;
  EXPECT_NE(text.find("error: meta.play.deals has no deal for 3 players"), std::string::npos) << text;
}

TEST(GelfdrakkarSimulation, PlaysWholeRoundsWithoutBreakingARule) {
  Loaded l = load(test::source_root());
  SimulationOptions options;
  options.games = 400;
  options.seed = 20261126;
  SimulationReport r = simulate_report(*l.model, *l.game, options);
  EXPECT_EQ(r.violations, 0) << (r.first_violations.empty() ? "" : r.first_violations.front());
  EXPECT_EQ(r.games, 5 * 400);  // 4 to 8 players
  ASSERT_EQ(r.groups.size(), 5u);
  for (const auto& g : r.groups) {
    double sum = 0, tricks = 0;
    for (const auto& f : g.figures) {
      if (f.key.ends_with(".win_rate.for_vernio") || f.key.ends_with(".win_rate.against_vernio") ||
          f.key.ends_with(".ties"))
        sum += f.value;
      if (f.key.ends_with(".tricks")) tricks = f.value;
    }
    EXPECT_NEAR(sum, 100.0, 1e-6) << g.title;
    EXPECT_GE(tricks, 15) << g.title;  // 120 (124) cards over at most 8 players
  }
}

TEST(GelfdrakkarSimulation, TheSameSeedPlaysTheSameRounds) {
  Loaded l = load(test::source_root());
  SimulationOptions options;
  options.games = 100;
  options.players = 7;
  SimulationReport a = simulate_report(*l.model, *l.game, options);
  SimulationReport b = simulate_report(*l.model, *l.game, options);
  ASSERT_EQ(a.groups.size(), 1u);
  EXPECT_NE(a.groups[0].title.find("17 cards each, 5 in the stock"), std::string::npos) << a.groups[0].title;
  for (size_t i = 0; i < a.groups[0].figures.size(); ++i)
    EXPECT_EQ(a.groups[0].figures[i].value, b.groups[0].figures[i].value) << a.groups[0].figures[i].key;
}

TEST(GelfdrakkarSimulation, TheDealComesFromTheData) {
  // Six players, 19 cards each and 6 left over (`check` calls that stock an
  // error; the simulator plays what the data says): 19 tricks.
  ProjectCopy p;
  edit(p, kGame, "{ players: 6, hand: 20 }", "{ players: 6, hand: 19, stock: 6 }");
  Loaded l = load(p.dir.path());
  SimulationOptions options;
  options.games = 50;
  options.players = 6;
  SimulationReport r = simulate_report(*l.model, *l.game, options);
  EXPECT_EQ(r.violations, 0);
  for (const auto& f : r.groups.at(0).figures)
    if (f.key == "p6.tricks") {
      EXPECT_EQ(f.value, 19);
    }
  EXPECT_THROW(
      {
        options.players = 3;
        simulate_report(*l.model, *l.game, options);
      },
      SimulationError);
}

}  // namespace
}  // namespace kw::rules::gelfdrakkar
