// Der Hohe Rat: board spaces and colours, Tag and Nacht decks, Trilith
// cards, pieces and the winning block.
#include "rules/hoher_rat.h"

#include <gtest/gtest.h>

#include "rules/rules_test_util.h"

namespace kw::rules::hoher_rat {
namespace {

using test::broken_copy;
using test::check_one;
using test::dump;
using test::load_ok;
using test::locate;
using test::locate_on;
using test::TempDir;

constexpr const char* kGame = "data/games/hoher-rat.yaml";

TEST(HoherRatRules, Facts) {
  EXPECT_EQ(win_block(), 16);
  EXPECT_GT(2 * win_block(), kSpaces);        // more than half...
  EXPECT_LE(2 * (win_block() - 1), kSpaces);  // ...and the smallest such block
  EXPECT_EQ(colours().size(), 6u);
  EXPECT_EQ(colours().back(), wild_colour());
  EXPECT_EQ(argument_colours().size() * kArgumentsPerColour, static_cast<size_t>(kArguments));
  EXPECT_EQ(static_cast<int>(decks().size()) * kTrilithPerDeck, kTrilithCards);
}

TEST(HoherRatData, FixturePassesWithABalanceNote) {
  auto m = load_ok(test::rules_fixture("hoher-rat"));
  ASSERT_TRUE(m);
  auto f = check_one(*m, "hoher-rat");
  EXPECT_EQ(f.count(Severity::Error), 0u) << dump(f);
  EXPECT_EQ(f.count(Severity::Warning), 0u) << dump(f);
  ASSERT_EQ(f.count(Severity::Note), 1u) << dump(f);
  EXPECT_EQ(f.items()[0].check, "hoher-rat.balance");
  EXPECT_NE(f.items()[0].message.find("balance over 300 simulated councils per player count: 2 players: Pro wins"),
            std::string::npos)
      << f.items()[0].message;
}

TEST(HoherRatData, ATagCardWithTheWrongColour) {
  TempDir dir;
  auto root = broken_copy(dir, "hoher-rat", kGame,
                          {{"{ id: tag-07, kind: number, time: tag, space: 7, colour: weiss }",
                            "{ id: tag-07, kind: number, time: tag, space: 7, colour: rot }"}});
  auto m = load_ok(root);
  ASSERT_TRUE(m);
  auto f = check_one(*m, "hoher-rat");
  auto [l, c] = locate_on(root / kGame, "id: tag-07", "rot }");
  EXPECT_FINDING(f, "hoher-rat.colours", l, c, "Tag card 7 is rot, but council space 7 is weiss");
  EXPECT_FINDING(f, "covers", l, c, "colour is 'rot', but board entry '7' has colour 'weiss'");
  const Diagnostic* fd = test::find_finding(f, "hoher-rat.colours", l, c);
  ASSERT_TRUE(fd);
  EXPECT_EQ(fd->card_id, "tag-07");
}

TEST(HoherRatData, ANachtCardMissing) {
  TempDir dir;
  auto root =
      broken_copy(dir, "hoher-rat", kGame,
                  {{"        - { id: nacht-12, kind: number, time: nacht, space: 12, colour: schwarz }\n", ""}});
  auto m = load_ok(root);
  ASSERT_TRUE(m);
  auto f = check_one(*m, "hoher-rat");
  auto [l, c] = locate(root / kGame, "- id: nacht");
  EXPECT_FINDING(f, "hoher-rat.cards", l, c + 2, "the Nacht deck has no card for council space 12");
  EXPECT_FINDING(f, "covers", l, c + 2,
                 "board entry '12' is named by 0 cards of deck 'nacht' where kind=number, expected 1");
}

TEST(HoherRatData, TwoCardsForOneSpace) {
  TempDir dir;
  auto root = broken_copy(dir, "hoher-rat", kGame,
                          {{"{ id: tag-13, kind: number, time: tag, space: 13, colour: weiss }",
                            "{ id: tag-13, kind: number, time: tag, space: 12, colour: weiss }"}});
  auto m = load_ok(root);
  ASSERT_TRUE(m);
  auto f = check_one(*m, "hoher-rat");
  auto [l, c] = locate_on(root / kGame, "id: tag-13", "12,");
  EXPECT_FINDING(f, "hoher-rat.cards", l, c, "a second Tag card for council space 12 (also tag-12)");
  auto [dl, dc] = locate(root / kGame, "- id: tag");
  EXPECT_FINDING(f, "hoher-rat.cards", dl, dc + 2, "the Tag deck has no card for council space 13");
}

TEST(HoherRatData, ThreeTrilithCardsInOneDeck) {
  TempDir dir;
  auto root = broken_copy(dir, "hoher-rat", kGame,
                          {{"{ id: tag-trilith, kind: trilith, time: tag, copies: 2,",
                            "{ id: tag-trilith, kind: trilith, time: tag, copies: 3,"}});
  auto m = load_ok(root);
  ASSERT_TRUE(m);
  auto f = check_one(*m, "hoher-rat");
  auto [l, c] = locate(root / kGame, "{ id: tag-trilith");
  EXPECT_FINDING(f, "hoher-rat.cards", l, c, "the Tag deck has 3 Trilith cards; each deck has 2 (4 in all)");
  EXPECT_FINDING(f, "count", l, c, "time=tag has 3 cards in the game where kind=trilith, expected 2");
}

TEST(HoherRatData, ArgumentsMiscounted) {
  TempDir dir;
  auto root = broken_copy(dir, "hoher-rat", kGame,
                          {{"argument-gruen: { name: Argument, kind: argument, colour: gruen, count: 10 }",
                            "argument-gruen: { name: Argument, kind: argument, colour: gruen, count: 9 }"}});
  auto m = load_ok(root);
  ASSERT_TRUE(m);
  auto f = check_one(*m, "hoher-rat");
  auto [l, c] = locate_on(root / kGame, "argument-gruen", "9 }");
  EXPECT_FINDING(f, "hoher-rat.pieces", l, c, "9 Argumente in gruen; the game has 10");
}

TEST(HoherRatData, BlackMustBeWildAndTheBlockIs16) {
  TempDir dir;
  auto root =
      broken_copy(dir, "hoher-rat", kGame,
                  {{"hex: \"#1b1b1b\", wild: true }", "hex: \"#1b1b1b\" }"}, {"win_block: 16", "win_block: 15"}});
  auto m = load_ok(root);
  ASSERT_TRUE(m);
  auto f = check_one(*m, "hoher-rat");
  auto [l, c] = locate(root / kGame, "schwarz: { name: Schwarz");
  EXPECT_FINDING(f, "hoher-rat.board", l, c, "black is the wild colour: set `wild: true`");
  auto [wl, wc] = locate(root / kGame, "win_block: 15");
  EXPECT_FINDING(f, "hoher-rat.win", wl, wc + 11, "win_block is 15; a block of 16 of the 30 spaces wins");
}

// ---------------------------------------------------------------- rule facts

TEST(HoherRatData, AnExampleSpaceMoved) {
  TempDir dir;
  auto root = broken_copy(dir, "hoher-rat", kGame,
                          {{"wortfuehrer: { space: 7, colour: gelb", "wortfuehrer: { space: 8, colour: gelb"}});
  auto m = load_ok(root);
  ASSERT_TRUE(m);
  auto f = check_one(*m, "hoher-rat");
  auto [l, c] = locate(root / kGame, "space: 8, colour: gelb");
  EXPECT_FINDING(f, "hoher-rat.example", l, c + 7, "the rules' example puts the wortfuehrer on space 7, not 8");
}

TEST(HoherRatData, TheExampleCostsWhatConvincingCosts) {
  TempDir dir;
  auto root = broken_copy(dir, "hoher-rat", kGame, {{"pays: 3, with: any", "pays: 2, with: any"}});
  auto m = load_ok(root);
  ASSERT_TRUE(m);
  auto f = check_one(*m, "hoher-rat");
  auto [l, c] = locate(root / kGame, "pays: 2, with: any");
  EXPECT_FINDING(f, "hoher-rat.example", l, c + 6, "convincing the example's wortfuehrer costs 3");
}

TEST(HoherRatData, ABoardThatContradictsTheExample) {
  // Space 7 green: Pro could not convince from it with a white argument.
  TempDir dir;
  auto root = broken_copy(dir, "hoher-rat", kGame, {{"\"7\": { colour: weiss }", "\"7\": { colour: gruen }"}});
  auto m = load_ok(root);
  ASSERT_TRUE(m);
  auto f = check_one(*m, "hoher-rat");
  auto [l, c] = locate(root / kGame, "\"7\": { colour: gruen }");
  EXPECT_FINDING(f, "hoher-rat.example", l, c + 15,
                 "space 7 is gruen, but the rules' example convinces from it with weiss arguments: it is weiss");
}

TEST(HoherRatData, ATrilithCardGivingThreeArguments) {
  TempDir dir;
  auto root =
      broken_copy(dir, "hoher-rat", kGame,
                  {{"time: tag, copies: 2, effect: { arguments: 2,", "time: tag, copies: 2, effect: { arguments: 3,"}});
  auto m = load_ok(root);
  ASSERT_TRUE(m);
  auto f = check_one(*m, "hoher-rat");
  auto [l, c] = locate(root / kGame, "arguments: 3,");
  EXPECT_FINDING(f, "hoher-rat.trilith", l, c + 11, "a Trilith card gives 2 arguments, not 3");
}

// ---------------------------------------------------------------- simulator

TEST(HoherRatSimulator, ThousandsOfCouncilsKeepTheInvariants) {
  auto m = load_ok(test::rules_fixture("hoher-rat"));
  ASSERT_TRUE(m);
  SimulationOptions o;
  o.games = 1500;
  o.seed = 99;
  SimulationReport r = simulate_report(*m, *m->game("hoher-rat"), o);
  EXPECT_EQ(r.games, 3000);  // 1500 each with 2 and with 4 players
  EXPECT_EQ(r.violations, 0) << (r.first_violations.empty() ? "" : r.first_violations.front());
  EXPECT_GT(r.steps, 3000 * 16);  // at least one move per piece of a winning block
  ASSERT_EQ(r.groups.size(), 2u);
  for (const auto& g : r.groups) {
    double pro = -1, contra = -1, undecided = -1, trilith = -1;
    for (const auto& f : g.figures) {
      if (f.key == "win_rate.pro") pro = f.value;
      if (f.key == "win_rate.contra") contra = f.value;
      if (f.key == "undecided") undecided = f.value;
      if (f.key == "trilith.plays") trilith = f.value;
    }
    EXPECT_NEAR(pro + contra + undecided, 100.0, 1e-6) << g.title;
    EXPECT_LT(undecided, 5.0) << g.title;  // the councils come to a decision
    EXPECT_GT(trilith, 0.0) << g.title;    // and the Trilith cards are played
  }
}

TEST(HoherRatSimulator, DeterministicPerSeed) {
  auto m = load_ok(test::rules_fixture("hoher-rat"));
  ASSERT_TRUE(m);
  SimulationOptions o;
  o.games = 200;
  o.players = 4;
  o.seed = 3;
  auto a = simulate_report(*m, *m->game("hoher-rat"), o), b = simulate_report(*m, *m->game("hoher-rat"), o);
  EXPECT_EQ(a.steps, b.steps);
  ASSERT_EQ(a.groups.size(), 1u);
  for (size_t i = 0; i < a.groups[0].figures.size(); ++i)
    EXPECT_EQ(a.groups[0].figures[i].value, b.groups[0].figures[i].value) << a.groups[0].figures[i].key;
  o.seed = 4;
  auto c = simulate_report(*m, *m->game("hoher-rat"), o);
  EXPECT_NE(a.steps, c.steps);
}

TEST(HoherRatSimulator, ThreePlayersAreRefused) {
  auto m = load_ok(test::rules_fixture("hoher-rat"));
  ASSERT_TRUE(m);
  SimulationOptions o;
  o.players = 3;
  EXPECT_THROW(simulate_report(*m, *m->game("hoher-rat"), o), SimulationError);
}

}  // namespace
}  // namespace kw::rules::hoher_rat
