// Gelfdrakkar: the rules' card list, ranks, and the 551-vs-431 point claim.
#include "rules/gelfdrakkar.h"

#include <gtest/gtest.h>

#include "rules/rules_test_util.h"

namespace kw::rules::gelfdrakkar {
namespace {

using test::broken_copy;
using test::check_one;
using test::dump;
using test::load_ok;
using test::locate;
using test::TempDir;

constexpr const char* kGame = "data/games/gelfdrakkar.yaml";

TEST(GelfdrakkarRules, TheListSumsTo431NotTheClaimed551) {
  EXPECT_EQ(listed_points(), 431);
  EXPECT_EQ(listed_count(false), 120);
  EXPECT_EQ(listed_count(true), 124);
  EXPECT_EQ(kClaimedPoints - listed_points(), listed_count(false));  // one point per card
}

TEST(GelfdrakkarRules, RanksAndTheHighestCards) {
  EXPECT_EQ(rank_strength("A5"), 24);
  EXPECT_EQ(rank_strength("E1"), 0);
  EXPECT_GT(rank_strength("A1"), rank_strength("B5"));  // A above B
  EXPECT_GT(rank_strength("C4"), rank_strength("C3"));  // within a letter the higher number
  EXPECT_EQ(rank_strength("F1"), -1);
  EXPECT_EQ(rank_strength("A6"), -1);
  auto order = rank_order();
  ASSERT_EQ(order.size(), 25u);
  EXPECT_EQ(order.front(), "A5");
  EXPECT_EQ(order.back(), "E1");
  for (size_t i = 1; i < order.size(); ++i) EXPECT_GT(rank_strength(order[i - 1]), rank_strength(order[i]));
  EXPECT_EQ(highest_cards(), (std::vector<std::string_view>{"Vernio", "Tod", "Sinhara"}));
}

TEST(GelfdrakkarData, FixturePassesWithTheClaimWarning) {
  auto m = load_ok(test::rules_fixture("gelfdrakkar"));
  ASSERT_TRUE(m);
  auto all = check_one(*m, "gelfdrakkar");
  EXPECT_FALSE(all.has_errors()) << dump(all);
  // Besides the simulation's balance notes (gelfdrakkar_play_test.cpp).
  Diagnostics f;
  for (const auto& d : all)
    if (d.check != "gelfdrakkar.balance") f.add(d);
  ASSERT_EQ(f.size(), 1u) << dump(all);
  const Diagnostic& w = f.items()[0];
  EXPECT_EQ(w.severity, Severity::Warning);
  EXPECT_EQ(w.check, "gelfdrakkar.points");
  EXPECT_EQ(w.message,
            "the rules claim 551 points in play, but their own card list sums to 431 (120 less, one per card for 120 "
            "cards); the deck follows the list: its cards sum to 431");
  EXPECT_EQ(w.hint,
            "the list: 25 + 20 + 0 + 0 + 2×15 + 2×15 + 12 + 10 + 8 + 6 + 2×5 + 2×5 + 4×5 + 25×4 + 25×3 + 25×2 + 25×1 "
            "= 431. The claim, not the deck, disagrees, so this does not stop the build.");
  auto [line, col] = locate(test::rules_fixture("gelfdrakkar") / kGame, "rules: gelfdrakkar");
  EXPECT_EQ(w.loc.line, line);
  EXPECT_EQ(w.loc.column, col + 7);
  EXPECT_FALSE(blocks_build(f, "gelfdrakkar"));
}

TEST(GelfdrakkarData, ACardMissing) {
  TempDir dir;
  auto root = broken_copy(
      dir, "gelfdrakkar", kGame,
      {{"        - { id: mensch-c3, name: Die Hochgewachsenen, group: menschen, rank: C3, points: 3 }\n", ""}});
  auto m = load_ok(root);
  ASSERT_TRUE(m);
  auto f = check_one(*m, "gelfdrakkar");
  auto [l, c] = locate(root / kGame, "- id: cards");
  EXPECT_FINDING(f, "gelfdrakkar.cards", l, c + 2, "no card C3 of the menschen");
  EXPECT_FINDING(f, "gelfdrakkar.cards", l, c + 2, "the game has 119 cards in play; the rules list 120");
  EXPECT_FINDING(f, "gelfdrakkar.points", l, c + 2,
                 "the cards in play show 428 points in all; the rules' card list sums to 431");
  EXPECT_FINDING(f, "count", l, c + 2, "deck 'cards' has 119 cards, expected 120");
  EXPECT_FINDING(f, "sum", l, c + 2, "is 428, expected 431");
  // Without `deck:`, missing cards are reported at the game's list of decks.
  EXPECT_FINDING(f, "count", l, c, "group=menschen has 24 cards in the game, expected 25");
}

TEST(GelfdrakkarData, ADuplicatedCard) {
  TempDir dir;
  const std::string b2 = "        - { id: zwerg-b2, name: Die Streitbaren, group: zwerge, rank: B2, points: 2 }\n";
  auto root = broken_copy(
      dir, "gelfdrakkar", kGame,
      {{b2, b2 + "        - { id: zwerg-b2-again, name: Die Streitbaren, group: zwerge, rank: B2, points: 2 }\n"}});
  auto m = load_ok(root);
  ASSERT_TRUE(m);
  auto f = check_one(*m, "gelfdrakkar");
  auto [al, ac] = locate(root / kGame, "{ id: zwerg-b2-again");
  auto [rl, rc] = test::locate_on(root / kGame, "zwerg-b2-again", "B2");
  ASSERT_EQ(rl, al);
  EXPECT_FINDING(f, "gelfdrakkar.cards", al, rc, "rank B2 of the zwerge is there twice (also zwerg-b2)");
  EXPECT_FINDING(f, "unique", al, ac, "cards zwerg-b2 and zwerg-b2-again share group=zwerge, rank=B2");
}

TEST(GelfdrakkarData, PointsOffByOne) {
  TempDir dir;
  auto root = broken_copy(dir, "gelfdrakkar", kGame, {{"group: heilige, points: 20", "group: heilige, points: 21"}});
  auto m = load_ok(root);
  ASSERT_TRUE(m);
  auto f = check_one(*m, "gelfdrakkar");
  auto [l, c] = locate(root / kGame, "21 }");
  EXPECT_FINDING(f, "gelfdrakkar.points", l, c, "Sinhara shows 21 points; the rules list 20");
  auto [dl, dc] = locate(root / kGame, "- id: cards");
  EXPECT_FINDING(f, "gelfdrakkar.points", dl, dc + 2, "show 432 points in all; the rules' card list sums to 431");
  // The claim warning still explains both numbers and says what the deck sums to.
  bool warned = false;
  for (const auto& x : f)
    if (x.severity == Severity::Warning && x.message.find("its cards sum to 432") != std::string::npos) warned = true;
  EXPECT_TRUE(warned) << dump(f);
}

TEST(GelfdrakkarData, TooFewHelfer) {
  TempDir dir;
  auto root = broken_copy(dir, "gelfdrakkar", kGame, {{"sex: w, points: 5, copies: 2 }", "sex: w, points: 5 }"}});
  auto m = load_ok(root);
  ASSERT_TRUE(m);
  auto f = check_one(*m, "gelfdrakkar");
  auto [l, c] = locate(root / kGame, "- id: cards");
  EXPECT_FINDING(f, "gelfdrakkar.cards", l, c + 2, "3 × Der Helfer; the rules list 4");
}

TEST(GelfdrakkarData, TwoMaleFriends) {
  TempDir dir;
  auto root = broken_copy(dir, "gelfdrakkar", kGame,
                          {{"name: Der Freund, group: elfen, colour: geflügelt, sex: w",
                            "name: Der Freund, group: elfen, colour: geflügelt, sex: m"}});
  auto m = load_ok(root);
  ASSERT_TRUE(m);
  auto f = check_one(*m, "gelfdrakkar");
  auto [l, c] = test::locate_on(root / kGame, "{ id: freund-w", "m, points");
  const Diagnostic* fd = test::find_finding(f, "gelfdrakkar.cards", l, c, "Der Freund: 2 male cards; the rules have 1");
  ASSERT_TRUE(fd) << dump(f);
  EXPECT_EQ(fd->card_id, "freund-w");
}

TEST(GelfdrakkarData, ACardNotOnTheList) {
  TempDir dir;
  auto root = broken_copy(dir, "gelfdrakkar", kGame, {{"name: Vernio", "name: Vernia"}});
  auto m = load_ok(root);
  ASSERT_TRUE(m);
  auto f = check_one(*m, "gelfdrakkar");
  auto [l, c] = locate(root / kGame, "Vernia");
  EXPECT_FINDING(f, "gelfdrakkar.cards", l, c, "'Vernia' is not on the rules' card list");
  auto [dl, dc] = locate(root / kGame, "- id: cards");
  EXPECT_FINDING(f, "gelfdrakkar.cards", dl, dc + 2, "no Vernio card; the rules list 1");
}

}  // namespace
}  // namespace kw::rules::gelfdrakkar
