// Monddämmerung: 64 cards, numbers 1-18 once per colour (two-coloured cards
// in both), Der Allereinzigste once, the six moons.
#include "rules/monddaemmerung.h"

#include <gtest/gtest.h>

#include "rules/rules_test_util.h"

namespace kw::rules::monddaemmerung {
namespace {

using test::broken_copy;
using test::check_one;
using test::dump;
using test::load_ok;
using test::locate;
using test::locate_on;
using test::TempDir;

constexpr const char* kGame = "data/games/monddaemmerung.yaml";

TEST(MonddaemmerungRules, Facts) {
  EXPECT_EQ(kNumberedCards, 63);
  EXPECT_EQ(kTwoColouredCards, 9);
  EXPECT_EQ(colours().size(), 4u);
  EXPECT_EQ(moons().size(), 6u);
}

TEST(MonddaemmerungData, FixturePassesWithoutFindings) {
  auto m = load_ok(test::rules_fixture("monddaemmerung"));
  ASSERT_TRUE(m);
  auto f = check_one(*m, "monddaemmerung");
  // Only the balance notes of the simulation (monddaemmerung_play_test.cpp).
  EXPECT_EQ(f.size(), f.count(Severity::Note)) << dump(f);
  for (const auto& d : f) EXPECT_EQ(d.check, "monddaemmerung.balance") << dump(f);
  // The fixture really has 9 two-coloured cards counted in both colours.
  int two = 0;
  for (const auto& card : m->game("monddaemmerung")->decks[0].cards)
    if (const auto* cs = card.fields.find("colours"); cs && cs->list.size() == 2) ++two;
  EXPECT_EQ(two, kTwoColouredCards);
}

TEST(MonddaemmerungData, ACardMissing) {
  TempDir dir;
  auto root =
      broken_copy(dir, "monddaemmerung", kGame, {{"        - { id: blau-17, colours: [blau], number: 17 }\n", ""}});
  auto m = load_ok(root);
  ASSERT_TRUE(m);
  auto f = check_one(*m, "monddaemmerung");
  auto [l, c] = locate(root / kGame, "- id: cards");
  EXPECT_FINDING(f, "monddaemmerung.cards", l, c + 2, "no blau card with number 17");
  EXPECT_FINDING(f, "monddaemmerung.cards", l, c + 2, "the game has 63 cards; Monddämmerung has 64");
}

TEST(MonddaemmerungData, ATwoColouredCardCountsInBothColours) {
  TempDir dir;
  // gelb-rot-07 becomes 8: gelb 8 and rot 8 now twice, gelb 7 and rot 7 missing.
  auto root = broken_copy(dir, "monddaemmerung", kGame,
                          {{"{ id: gelb-rot-07, colours: [gelb, rot], number: 7 }",
                            "{ id: gelb-rot-07, colours: [gelb, rot], number: 8 }"}});
  auto m = load_ok(root);
  ASSERT_TRUE(m);
  auto f = check_one(*m, "monddaemmerung");
  auto [gl, gc] = locate_on(root / kGame, "{ id: gelb-08", "8 }");
  auto [rl, rc] = locate_on(root / kGame, "{ id: rot-08", "8 }");
  EXPECT_FINDING(f, "monddaemmerung.cards", gl, gc, "gelb 8 is there twice (also gelb-rot-07)");
  EXPECT_FINDING(f, "monddaemmerung.cards", rl, rc, "rot 8 is there twice (also gelb-rot-07)");
  auto [l, c] = locate(root / kGame, "- id: cards");
  EXPECT_FINDING(f, "monddaemmerung.cards", l, c + 2, "no gelb card with number 7");
  EXPECT_FINDING(f, "monddaemmerung.cards", l, c + 2, "no rot card with number 7");
  EXPECT_FINDING(f, "unique", gl, locate(root / kGame, "{ id: gelb-08").second, "share colours[]=gelb, number=8");
}

TEST(MonddaemmerungData, TheAllereinzigsteTwice) {
  TempDir dir;
  const std::string card = "        - { id: allereinzigster, special: allereinzigster, name: Der Allereinzigste }\n";
  auto root = broken_copy(
      dir, "monddaemmerung", kGame,
      {{card, card + "        - { id: allereinzigster-2, special: allereinzigster, name: Der Allereinzigste }\n"}});
  auto m = load_ok(root);
  ASSERT_TRUE(m);
  auto f = check_one(*m, "monddaemmerung");
  auto [l, c] = locate(root / kGame, "{ id: allereinzigster-2");
  EXPECT_FINDING(f, "monddaemmerung.cards", l, c, "a second Der Allereinzigste (also allereinzigster); there is one");
  EXPECT_FINDING(f, "count", l, c, "the game has 2 cards where special=allereinzigster, expected 1");
}

TEST(MonddaemmerungData, ANumberOutOfRange) {
  TempDir dir;
  auto root =
      broken_copy(dir, "monddaemmerung", kGame,
                  {{"{ id: blau-17, colours: [blau], number: 17 }", "{ id: blau-17, colours: [blau], number: 19 }"}});
  auto m = load_ok(root);
  ASSERT_TRUE(m);
  auto f = check_one(*m, "monddaemmerung");
  auto [l, c] = locate_on(root / kGame, "{ id: blau-17", "19 }");
  EXPECT_FINDING(f, "monddaemmerung.cards", l, c, "number 19 is not one of 1-18");
  EXPECT_FINDING(f, "range", l, c, "number is 19, must be from 1 to 18");
}

TEST(MonddaemmerungData, AMoonOnTheAllereinzigsteWarns) {
  TempDir dir;
  auto root = broken_copy(dir, "monddaemmerung", kGame,
                          {{"special: allereinzigster, name: Der Allereinzigste }",
                            "special: allereinzigster, name: Der Allereinzigste, moon: blutmond }"}});
  auto m = load_ok(root);
  ASSERT_TRUE(m);
  auto f = check_one(*m, "monddaemmerung");
  auto [l, c] = locate_on(root / kGame, "{ id: allereinzigster", "blutmond");
  EXPECT_FINDING(f, "monddaemmerung.cards", l, c, "Der Allereinzigste carries a moon", Severity::Warning);
  EXPECT_FALSE(f.has_errors()) << dump(f);
}

TEST(MonddaemmerungData, AnUnknownKindOfMoon) {
  TempDir dir;
  auto root = broken_copy(dir, "monddaemmerung", kGame,
                          {{"        vollmond: { name: Vollmond,",
                            "        neumond: { name: Neumond, action: choose_trump, effect: Bestimme eine neue "
                            "Trumpffarbe. }\n        vollmond: { name: Vollmond,"}});
  auto m = load_ok(root);
  ASSERT_TRUE(m);
  auto f = check_one(*m, "monddaemmerung");
  auto [l, c] = locate(root / kGame, "neumond:");
  EXPECT_FINDING(f, "monddaemmerung.tables", l, c, "'neumond' is not one of the six kinds of moon");
}

}  // namespace
}  // namespace kw::rules::monddaemmerung
