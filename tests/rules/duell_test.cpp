// Das Duell: exchanges of blows, the deck check on the fixture and broken
// copies, and the duel simulator's invariants and balance figures.
#include "rules/duell.h"

#include <gtest/gtest.h>

#include "rules/rules_test_util.h"

namespace kw::rules::duell {
namespace {

using test::broken_copy;
using test::check_one;
using test::dump;
using test::find_finding;
using test::load_ok;
using test::locate;
using test::TempDir;

constexpr const char* kGame = "data/games/duell.yaml";

Card card(Side s, Edge d, Edge a) {
  Card c;
  c.side = s;
  c.defence = d;
  c.attack = a;
  return c;
}

TEST(DuellRules, TheRulesExampleOfTwoExchanges) {
  // First exchange: Gandalf hits in rows 1 and 4, the Balrog in row 2, row 3 is blocked.
  Card g = card(Side::Gandalf, {0, 1, 0, 0}, {1, 0, 1, 1});
  Card b = card(Side::Balrog, {0, 1, 1, 0}, {0, 0, 1, 1});
  Blow first = exchange(g, b);
  EXPECT_EQ(first.to_right, 2);  // the Balrog moves 2 down
  EXPECT_EQ(first.to_left, 1);   // Gandalf 1
  EXPECT_EQ(first.rows_to_right, (Edge{1, 0, 0, 1}));
  EXPECT_EQ(first.rows_to_left, (Edge{0, 1, 0, 0}));
  // Second: the Balrog's card attacks Gandalf's next card: 2 hits (rows 3, 4), 1 back (row 2).
  Card g2 = card(Side::Gandalf, {0, 1, 0, 0}, {0, 0, 0, 0});
  Blow second = exchange(b, g2);
  EXPECT_EQ(second.to_right, 2);
  EXPECT_EQ(second.to_left, 1);
}

TEST(DuellRules, BridgeStepsByFreeSpaces) {
  EXPECT_EQ(bridge_steps(0), 1);   // a tie: the winner moves 1
  EXPECT_EQ(bridge_steps(1), 1);   // 0 free spaces
  EXPECT_EQ(bridge_steps(3), 1);   // 2 free
  EXPECT_EQ(bridge_steps(4), 2);   // 3 free
  EXPECT_EQ(bridge_steps(-5), 2);  // 4 free
  EXPECT_EQ(bridge_steps(6), 3);   // 5 free
  EXPECT_EQ(bridge_steps(15), 3);
}

TEST(DuellData, FixturePassesWithABalanceNote) {
  auto m = load_ok(test::rules_fixture("duell"));
  ASSERT_TRUE(m);
  auto f = check_one(*m, "duell");
  EXPECT_EQ(f.count(Severity::Error), 0u) << dump(f);
  EXPECT_EQ(f.count(Severity::Warning), 0u) << dump(f);
  ASSERT_EQ(f.count(Severity::Note), 1u) << dump(f);
  EXPECT_EQ(f.items()[0].check, "duell.balance");
  EXPECT_NE(f.items()[0].message.find("balance over 1000 simulated games"), std::string::npos) << f.items()[0].message;
  EXPECT_NE(f.items()[0].hint.find("every special as its effect says"), std::string::npos) << f.items()[0].hint;
  auto [line, col] = locate(test::rules_fixture("duell") / kGame, "rules: duell");
  EXPECT_EQ(f.items()[0].loc.line, line);
  EXPECT_EQ(f.items()[0].loc.column, col + 7);
}

TEST(DuellData, ReadsDeckAndBoard) {
  auto m = load_ok(test::rules_fixture("duell"));
  ASSERT_TRUE(m);
  const model::Game& g = *m->game("duell");
  Deck d = read_deck(g);
  ASSERT_EQ(d.gandalf.size(), 27u);
  ASSERT_EQ(d.balrog.size(), 27u);
  EXPECT_TRUE(d.gandalf[20].trance());
  EXPECT_EQ(d.balrog[26].special, "glut");
  Board b = read_board(g);
  EXPECT_EQ(b.energy_start, 15);
  EXPECT_EQ(b.final_start, 20);
  EXPECT_EQ(b.negative_floor, -5);
  EXPECT_EQ(b.bridge_top, 5);
}

TEST(DuellData, ASideWith26Cards) {
  TempDir dir;
  auto root = broken_copy(
      dir, "duell", kGame,
      {{"        - { id: b07, side: balrog, defence: [1, 1, 1, 0], attack: [0, 1, 0, 0], reconstructed: true }\n",
        ""}});
  auto m = load_ok(root);
  ASSERT_TRUE(m);
  auto f = check_one(*m, "duell");
  auto [bl, bc] = locate(root / kGame, "- id: balrog");
  EXPECT_FINDING(f, "duell.deck", bl, bc + 2, "the Balrog side has 26 cards; each side has 27");
  EXPECT_FINDING(f, "count", bl, bc + 2, "deck 'balrog' has 26 cards, expected 27");
  auto [gl, gc] = locate(root / kGame, "{ id: g07,");
  EXPECT_FINDING(f, "duell.shared", gl, gc, "Gandalf card g07 (defence 1110, attack 0100) has no Balrog card");
  auto [rl, rc] = locate(root / kGame, "counterpart: b07");
  EXPECT_FINDING(f, "ref", rl, rc + 13, "counterpart 'b07' names no card of deck 'balrog'");
  // No balance note for a broken deck.
  EXPECT_EQ(f.count(Severity::Note), 0u) << dump(f);
}

TEST(DuellData, AnEdgeWithThreeRows) {
  TempDir dir;
  auto root =
      broken_copy(dir, "duell", kGame,
                  {{"id: b05, side: balrog, defence: [1, 0, 0, 1]", "id: b05, side: balrog, defence: [1, 0, 0]"}});
  auto m = load_ok(root);
  ASSERT_TRUE(m);
  auto f = check_one(*m, "duell");
  auto [l, c] = locate(root / kGame, "[1, 0, 0]");
  EXPECT_FINDING(f, "duell.deck", l, c, "defence has 3 rows; every edge has 4");
}

TEST(DuellData, ARowWithTwoPoints) {
  TempDir dir;
  auto root =
      broken_copy(dir, "duell", kGame,
                  {{"id: g02, side: gandalf, defence: [0, 0, 1, 1]", "id: g02, side: gandalf, defence: [0, 0, 2, 1]"}});
  auto m = load_ok(root);
  ASSERT_TRUE(m);
  auto f = check_one(*m, "duell");
  auto [l, c] = locate(root / kGame, "2, 1]");
  EXPECT_FINDING(f, "duell.deck", l, c, "defence row 3 is '2'");
  EXPECT_FINDING(f, "allowed", l, c, "defence[] '2' is not allowed");
}

TEST(DuellData, SharedPatternDiffers) {
  TempDir dir;
  auto root = broken_copy(dir, "duell", kGame,
                          {{"id: g03, side: gandalf, defence: [1, 0, 1, 0], attack: [0, 1, 0, 1]",
                            "id: g03, side: gandalf, defence: [1, 0, 1, 0], attack: [0, 1, 1, 1]"}});
  auto m = load_ok(root);
  ASSERT_TRUE(m);
  auto f = check_one(*m, "duell");
  auto [gl, gc] = locate(root / kGame, "{ id: g03,");
  auto [bl, bc] = locate(root / kGame, "{ id: b03,");
  EXPECT_FINDING(f, "duell.shared", gl, gc, "Gandalf card g03 (defence 1010, attack 0111) has no Balrog card");
  EXPECT_FINDING(f, "duell.shared", bl, bc, "Balrog card b03 (defence 1010, attack 0101) has no Gandalf card");
  auto [rl, rc] = locate(root / kGame, "counterpart: b03");
  EXPECT_FINDING(f, "ref", rl, rc + 13, "g03 and b03 (its counterpart) differ in attack: [0, 1, 1, 1] vs [0, 1, 0, 1]");
}

TEST(DuellData, TwoTranceCardsOnOneSide) {
  TempDir dir;
  // Give the Balrog's b01 and its Gandalf counterpart no points: edges still match, but two trances.
  auto root = broken_copy(dir, "duell", kGame,
                          {{"id: g01, side: gandalf, defence: [1, 1, 0, 0], attack: [0, 0, 1, 1]",
                            "id: g01, side: gandalf, defence: [0, 0, 0, 0], attack: [0, 0, 0, 0]"},
                           {"id: b01, side: balrog, defence: [1, 1, 0, 0], attack: [0, 0, 1, 1]",
                            "id: b01, side: balrog, defence: [0, 0, 0, 0], attack: [0, 0, 0, 0]"}});
  auto m = load_ok(root);
  ASSERT_TRUE(m);
  auto f = check_one(*m, "duell");
  auto [l, c] = locate(root / kGame, "{ id: g21,");
  EXPECT_FINDING(f, "duell.shared", l, c, "a second trance card (no points) on the Gandalf side; the first is g01");
  EXPECT_EQ(test::count_check(f, "duell.shared"), 2u) << dump(f);  // and the Balrog's b21
  // Both sides lost 2 defence and 2 attack points alike: still balanced, no warning.
  EXPECT_EQ(f.count(Severity::Warning), 0u) << dump(f);
}

TEST(DuellData, ANamedSpecialMissing) {
  TempDir dir;
  auto root = broken_copy(dir, "duell", kGame, {{", special: spiegel,", ","}});
  auto m = load_ok(root);
  ASSERT_TRUE(m);
  auto f = check_one(*m, "duell");
  auto [l, c] = locate(root / kGame, "- id: gandalf");
  EXPECT_FINDING(f, "duell.specials", l, c + 2, "no Gandalf card carries the special 'spiegel'");
  EXPECT_FINDING(f, "duell.specials", l, c + 2, "the Gandalf side has 5 specials, the rules 6");
}

TEST(DuellData, ASpecialOnTheWrongSide) {
  TempDir dir;
  auto root = broken_copy(dir, "duell", kGame, {{"special: glut", "special: wut"}});
  auto m = load_ok(root);
  ASSERT_TRUE(m);
  auto f = check_one(*m, "duell");
  auto [l, c] = locate(root / kGame, "attack: [1, 1, 0, 0], special: wut");
  EXPECT_FINDING(f, "duell.specials", l, c + 31,
                 "special 'wut' belongs to the gandalf side, but this is a Balrog card");
  EXPECT_EQ(test::count_check(f, "duell.specials"), 1u) << dump(f);
  EXPECT_EQ(f.count(Severity::Warning), 0u) << dump(f);
  auto [bl, bc] = locate(root / kGame, "{ id: b27,");
  EXPECT_FINDING(f, "unique", bl, bc, "cards g26 and b27 share special=wut");
}

TEST(DuellData, AnUnnamedBalrogSpecialMustBeMarkedReconstructed) {
  TempDir dir;
  auto root = broken_copy(dir, "duell", kGame, {{"power., reconstructed: true,", "power.,"}});
  auto m = load_ok(root);
  ASSERT_TRUE(m);
  auto f = check_one(*m, "duell");
  auto [l, c] = locate(root / kGame, "glut: { name: Glut");
  EXPECT_FINDING(f, "duell.specials", l, c, "not named by the rules; mark it `reconstructed: true`", Severity::Warning);
  EXPECT_FALSE(f.has_errors()) << dump(f);
}

TEST(DuellData, UnbalancedEdgesWarn) {
  TempDir dir;
  auto root =
      broken_copy(dir, "duell", kGame,
                  {{"id: g01, side: gandalf, defence: [1, 1, 0, 0]", "id: g01, side: gandalf, defence: [1, 1, 1, 0]"},
                   {"id: b01, side: balrog, defence: [1, 1, 0, 0]", "id: b01, side: balrog, defence: [1, 1, 1, 0]"}});
  auto m = load_ok(root);
  ASSERT_TRUE(m);
  auto f = check_one(*m, "duell");
  auto [l, c] = locate(root / kGame, "- id: gandalf");
  EXPECT_FINDING(f, "duell.shared", l, c + 2, "carry 40 attack but 41 defence points", Severity::Warning);
  EXPECT_FALSE(f.has_errors()) << dump(f);
}

// ---------------------------------------------------------------- simulator

TEST(DuellSimulator, ThreeThousandSeededGamesKeepTheInvariants) {
  auto m = load_ok(test::rules_fixture("duell"));
  ASSERT_TRUE(m);
  const model::Game& g = *m->game("duell");
  Summary s = simulate(read_deck(g), read_board(g), 20240601, 3000, false);
  EXPECT_EQ(s.games, 3000);
  EXPECT_EQ(s.violations, 0) << describe(s);
  EXPECT_EQ(s.wins[0] + s.wins[1], 3000);
  EXPECT_EQ(s.finals + s.early_wins, 3000);
  EXPECT_GE(s.duels, 3 * 3000 - s.early_wins);
  EXPECT_LE(s.duels, 4 * 3000);
  EXPECT_LE(s.cards_played[0], 27LL * 3000);
  EXPECT_LE(s.cards_played[1], 27LL * 3000);
  EXPECT_GE(s.steps, s.cards_played[0] + s.cards_played[1]);
  // All twelve specials are played, and each one's power takes effect.
  ASSERT_EQ(s.specials.size(), 12u);
  for (const auto& [id, sp] : s.specials) {
    EXPECT_GT(sp.played, 1000) << id;
    EXPECT_GT(sp.power, 0) << id;
    EXPECT_LE(sp.power, sp.played * 2) << id;
  }
}

TEST(DuellSimulator, ReplaysWithoutAPowerCountWhatItDecides) {
  auto m = load_ok(test::rules_fixture("duell"));
  ASSERT_TRUE(m);
  const model::Game& g = *m->game("duell");
  Summary s = simulate(read_deck(g), read_board(g), 5, 400, true);
  EXPECT_EQ(s.violations, 0) << describe(s);
  long long decided = 0;
  for (const auto& [id, sp] : s.specials) {
    EXPECT_LE(sp.decided_duels, sp.duels_with_power) << id;
    EXPECT_LE(sp.decided_games, sp.games_with_power) << id;
    EXPECT_LE(sp.games_with_power, s.games) << id;
    decided += sp.decided_games;
  }
  EXPECT_GT(decided, 0);
  // The mirror turns the Balrog's attack against him: it decides games.
  EXPECT_GT(s.specials.at("spiegel").decided_games, 0);
}

TEST(DuellSimulator, DeterministicPerSeed) {
  auto m = load_ok(test::rules_fixture("duell"));
  ASSERT_TRUE(m);
  const model::Game& g = *m->game("duell");
  Deck d = read_deck(g);
  Summary a = simulate(d, read_board(g), 7, 300), b = simulate(d, read_board(g), 7, 300);
  EXPECT_EQ(a.wins, b.wins);
  EXPECT_EQ(a.damage_dealt, b.damage_dealt);
  EXPECT_EQ(a.steps, b.steps);
  EXPECT_EQ(a.specials.at("spiegel").decided_games, b.specials.at("spiegel").decided_games);
  Summary c = simulate(d, read_board(g), 8, 300);
  EXPECT_NE(a.damage_dealt, c.damage_dealt);
}

TEST(DuellSimulator, WithoutItsEffectTheMirrorIsAPlainCard) {
  // The same deal with the Mirror's effect removed plays differently: the
  // simulator plays effects from the data, not from card names.
  auto m = load_ok(test::rules_fixture("duell"));
  ASSERT_TRUE(m);
  const model::Game& g = *m->game("duell");
  Deck d = read_deck(g);
  Summary with = simulate(d, read_board(g), 11, 500, false);
  for (Card& c : d.gandalf)
    if (c.special == "spiegel") c.effect = Effect{};
  Summary without = simulate(d, read_board(g), 11, 500, false);
  EXPECT_EQ(without.violations, 0) << describe(without);
  EXPECT_EQ(without.specials.at("spiegel").power, 0);
  EXPECT_GT(with.specials.at("spiegel").power, 0);
  EXPECT_NE(with.damage_dealt, without.damage_dealt);
}

TEST(DuellSimulator, RefusesAnIncompleteDeck) {
  Deck d;
  d.gandalf.resize(27);
  d.balrog.resize(26);
  Summary s = simulate(d, Board{}, 1, 10);
  EXPECT_EQ(s.games, 0);
  EXPECT_EQ(s.violations, 1);
}

TEST(DuellSimulator, TheReportNamesSidesAndSpecials) {
  auto m = load_ok(test::rules_fixture("duell"));
  ASSERT_TRUE(m);
  SimulationOptions o;
  o.games = 200;
  SimulationReport r = simulate_report(*m, *m->game("duell"), o);
  EXPECT_EQ(r.games, 200);
  EXPECT_EQ(r.violations, 0);
  ASSERT_EQ(r.groups.size(), 2u);
  double g = -1, b = -1;
  bool decides = false;
  for (const auto& gr : r.groups)
    for (const auto& f : gr.figures) {
      if (f.key == "win_rate.gandalf") g = f.value;
      if (f.key == "win_rate.balrog") b = f.value;
      decides |= f.key == "decides_game.finte";
    }
  EXPECT_NEAR(g + b, 100.0, 1e-9);
  EXPECT_TRUE(decides);
}

}  // namespace
}  // namespace kw::rules::duell
