// Palantír: the rules model (orders, strength, legal plays), the simulator's
// invariants, and the data check on the real deck and on broken copies.
#include "rules/palantir.h"

#include <gtest/gtest.h>

#include <numeric>

#include "rules/rules_test_util.h"

namespace kw::rules::palantir {
namespace {

using test::broken_copy;
using test::check_one;
using test::dump;
using test::find_finding;
using test::load_ok;
using test::locate;
using test::TempDir;

std::vector<std::string> ids(const std::vector<CardKey>& keys) {
  std::vector<std::string> out;
  out.reserve(keys.size());
  for (auto k : keys) out.push_back(to_string(k));
  return out;
}

// ---------------------------------------------------------------- the rules model

TEST(PalantirRules, StandardTrumpOrderIsTheRulesList) {
  // "Rhovanion-Streitkraft (Balrog); alle Ringträger (Gondor > Rohan > Rhovanion >
  // Mordor); alle Erben (...); alle Karten aus Mordor (Artefakt > Streitkraft > König > Hobbit)"
  std::vector<std::string> expected = {
      "rhovanion-streitkraft", "gondor-ringtraeger", "rohan-ringtraeger", "rhovanion-ringtraeger", "mordor-ringtraeger",
      "gondor-erbe",           "rohan-erbe",         "rhovanion-erbe",    "mordor-erbe",           "mordor-artefakt",
      "mordor-streitkraft",    "mordor-koenig",      "mordor-hobbit"};
  EXPECT_EQ(ids(trump_order(Contract::standard())), expected);
  EXPECT_EQ(trump_count(Contract::standard()), 26);
  EXPECT_EQ(trump_count(Contract::standard()), facts().standard_trumps);
}

TEST(PalantirRules, StandardFehlByRegion) {
  auto c = Contract::standard();
  EXPECT_EQ(ids(fehl_order(c, Region::Gondor)),
            (std::vector<std::string>{"gondor-artefakt", "gondor-streitkraft", "gondor-koenig", "gondor-hobbit"}));
  EXPECT_EQ(ids(fehl_order(c, Region::Rohan)),
            (std::vector<std::string>{"rohan-artefakt", "rohan-streitkraft", "rohan-koenig", "rohan-hobbit"}));
  EXPECT_EQ(ids(fehl_order(c, Region::Rhovanion)),
            (std::vector<std::string>{"rhovanion-artefakt", "rhovanion-koenig", "rhovanion-hobbit"}));
  EXPECT_TRUE(fehl_order(c, Region::Mordor).empty());
  // 26 trumps + 22 Fehl = 48.
  size_t fehl = 0;
  for (Region r : kRegions) fehl += fehl_order(c, r).size();
  EXPECT_EQ(fehl * 2 + static_cast<size_t>(trump_count(c)), 48u);
}

TEST(PalantirRules, BothRingsInOneHandRankAboveTheBalrogInTheStandardGameOnly) {
  auto united = trump_order(Contract::standard(), true);
  ASSERT_EQ(united.size(), 13u);
  EXPECT_EQ(united[0], kEinerRing);
  EXPECT_EQ(united[1], kBalrog);
  EXPECT_EQ(std::count(united.begin(), united.end(), kEinerRing), 1);
  // Not in a solo, not even the Mordor region solo.
  EXPECT_EQ(trump_order(Contract::region_solo(Region::Mordor), true), trump_order(Contract::standard(), false));
  // Strength: Balrog led, Ring played later.
  std::vector<CardKey> trick = {kBalrog, kEinerRing, {Region::Gondor, Class::Hobbit}, {Region::Rohan, Class::Hobbit}};
  EXPECT_EQ(trick_winner(Contract::standard(), false, trick), 0u);
  EXPECT_EQ(trick_winner(Contract::standard(), true, trick), 1u);
}

TEST(PalantirRules, BetweenEqualCardsTheFirstPlayedWins) {
  std::vector<CardKey> balrogs = {{Region::Gondor, Class::Hobbit}, kBalrog, kBalrog, {Region::Mordor, Class::Hobbit}};
  EXPECT_EQ(trick_winner(Contract::standard(), false, balrogs), 1u);
  std::vector<CardKey> rings = {kEinerRing, kEinerRing, kBalrog, kBalrog};
  EXPECT_EQ(trick_winner(Contract::standard(), true, rings), 0u);
  std::vector<CardKey> aces = {{Region::Gondor, Class::Artefakt},
                               {Region::Gondor, Class::Artefakt},
                               {Region::Gondor, Class::Koenig},
                               {Region::Gondor, Class::Artefakt}};
  EXPECT_EQ(trick_winner(Contract::standard(), false, aces), 0u);
}

TEST(PalantirRules, FehlIsWonByTheLedRegionOrByTrump) {
  auto c = Contract::standard();
  std::vector<CardKey> t1 = {{Region::Gondor, Class::Koenig},
                             {Region::Rohan, Class::Artefakt},
                             {Region::Gondor, Class::Artefakt},
                             {Region::Rhovanion, Class::Artefakt}};
  EXPECT_EQ(trick_winner(c, false, t1), 2u);  // another region's Ass does not beat
  std::vector<CardKey> t2 = {{Region::Gondor, Class::Artefakt},
                             {Region::Mordor, Class::Hobbit},
                             {Region::Gondor, Class::Streitkraft},
                             {Region::Rohan, Class::Erbe}};
  EXPECT_EQ(trick_winner(c, false, t2), 3u);  // Rohan-Erbe is trump above Mordor-Hobbit
  // The Gondor-Ringträger is trump, not Gondor Fehl: it does not follow a Gondor lead.
  std::vector<CardKey> hand = {{Region::Gondor, Class::Ringtraeger}, {Region::Gondor, Class::Hobbit}};
  Suit gondor = suit_of(c, {Region::Gondor, Class::Artefakt});
  EXPECT_FALSE(may_play(c, hand, gondor, hand[0]));
  EXPECT_TRUE(may_play(c, hand, gondor, hand[1]));
  std::vector<CardKey> no_gondor = {{Region::Gondor, Class::Ringtraeger}, {Region::Rohan, Class::Hobbit}};
  EXPECT_TRUE(may_play(c, no_gondor, gondor, no_gondor[0]));  // may trump
  EXPECT_TRUE(may_play(c, no_gondor, gondor, no_gondor[1]));  // or throw off
  Suit trump = suit_of(c, kBalrog);
  EXPECT_FALSE(may_play(c, hand, trump, hand[1]));  // trump led: must trump
}

TEST(PalantirRules, RegionSolos) {
  auto gondor = Contract::region_solo(Region::Gondor);
  auto order = ids(trump_order(gondor));
  ASSERT_EQ(order.size(), 13u);
  EXPECT_EQ(order.front(), "rhovanion-streitkraft");  // "der Balrog bleibt unverändert die höchste Karte"
  EXPECT_EQ(std::vector<std::string>(order.end() - 4, order.end()),
            (std::vector<std::string>{"gondor-artefakt", "gondor-streitkraft", "gondor-koenig", "gondor-hobbit"}));
  EXPECT_EQ(trump_count(gondor), 26);
  EXPECT_TRUE(fehl_order(gondor, Region::Gondor).empty());
  EXPECT_EQ(ids(fehl_order(gondor, Region::Mordor)),
            (std::vector<std::string>{"mordor-artefakt", "mordor-streitkraft", "mordor-koenig", "mordor-hobbit"}));
  auto rhovanion = Contract::region_solo(Region::Rhovanion);
  EXPECT_EQ(trump_count(rhovanion), 24);
  auto rh = ids(trump_order(rhovanion));
  EXPECT_EQ(rh.front(), "rhovanion-streitkraft");
  EXPECT_EQ(std::vector<std::string>(rh.end() - 3, rh.end()),
            (std::vector<std::string>{"rhovanion-artefakt", "rhovanion-koenig", "rhovanion-hobbit"}));
}

TEST(PalantirRules, RingtraegerErbenAndFehlSolo) {
  auto r = Contract::ringtraeger_solo();
  EXPECT_EQ(ids(trump_order(r)), (std::vector<std::string>{"gondor-ringtraeger", "rohan-ringtraeger",
                                                           "rhovanion-ringtraeger", "mordor-ringtraeger"}));
  EXPECT_EQ(trump_count(r), 8);
  EXPECT_EQ(ids(fehl_order(r, Region::Rhovanion)),
            (std::vector<std::string>{"rhovanion-artefakt", "rhovanion-streitkraft", "rhovanion-koenig",
                                      "rhovanion-erbe", "rhovanion-hobbit"}));  // no Balrog: A S K E H
  auto e = Contract::erben_solo();
  EXPECT_EQ(trump_count(e), 8);
  EXPECT_EQ(ids(fehl_order(e, Region::Gondor)),
            (std::vector<std::string>{"gondor-artefakt", "gondor-streitkraft", "gondor-koenig", "gondor-ringtraeger",
                                      "gondor-hobbit"}));
  auto f = Contract::fehl_solo();
  EXPECT_EQ(trump_count(f), 0);
  EXPECT_TRUE(trump_order(f).empty());
  EXPECT_EQ(fehl_order(f, Region::Mordor).size(), 6u);
  // In the Ringträger-Solo the Balrog is an ordinary Rhovanion card: a Rhovanion Ass beats it.
  std::vector<CardKey> t = {kBalrog,
                            {Region::Rhovanion, Class::Artefakt},
                            {Region::Gondor, Class::Artefakt},
                            {Region::Rhovanion, Class::Hobbit}};
  EXPECT_EQ(trick_winner(r, false, t), 1u);
  EXPECT_EQ(trick_winner(Contract::standard(), false, t), 0u);
}

TEST(PalantirRules, PointsAndFacts) {
  int total = 0;
  for (Class c : kClasses) total += points(c) * 4 * facts().copies;
  EXPECT_EQ(total, 240);
  EXPECT_EQ(total, facts().points_total);
  EXPECT_EQ(facts().cards / facts().players, facts().tricks);
  EXPECT_EQ(facts().sauron_wins_from + facts().gefaehrten_win_from, facts().points_total + 1);
  std::string letters;
  for (Class c : kClasses) letters += letter(c);
  EXPECT_EQ(letters, "ASKREH");
}

TEST(PalantirRules, ContractsRoundTrip) {
  EXPECT_EQ(Contract::all().size(), 8u);
  for (const auto& c : Contract::all()) {
    auto back = Contract::parse(c.id());
    ASSERT_TRUE(back) << c.id();
    EXPECT_EQ(*back, c);
  }
  EXPECT_EQ(Contract::region_solo(Region::Rohan).id(), "region-solo:rohan");
  EXPECT_EQ(Contract::region_solo(Region::Rohan).name(), "Regionen-Solo Rohan");
  EXPECT_FALSE(Contract::parse("damen-solo"));
}

// ---------------------------------------------------------------- resolved rankings

TEST(PalantirReference, RankingsResolveNamesFromTheTables) {
  TempDir dir;
  auto m = load_ok(test::rules_fixture("palantir"));
  ASSERT_TRUE(m);
  const model::Game& g = *m->game("palantir");
  auto ranked = resolve(g, trump_order(Contract::standard()));
  ASSERT_EQ(ranked.size(), 13u);
  EXPECT_EQ(ranked[0].region_name, "Rhovanion");
  EXPECT_EQ(ranked[0].class_name, "Streitkraft");
  EXPECT_EQ(ranked[0].letter, "S");
  EXPECT_EQ(ranked[0].points, 10);
  EXPECT_EQ(ranked[0].card_id, "rhovanion-streitkraft");
  EXPECT_EQ(ranked[0].good_name, "Thal & Erebor");
  EXPECT_EQ(ranked[1].class_name, "Ringträger");
  EXPECT_EQ(ranked[9].good_name, "Der Eine Ring");
}

TEST(PalantirReference, RankingsForEveryContract) {
  auto m = load_ok(test::rules_fixture("palantir"));
  ASSERT_TRUE(m);
  auto all = rankings(*m->game("palantir"));
  ASSERT_EQ(all.size(), 8u);
  EXPECT_EQ(all[0].name, "Standardspiel");
  EXPECT_EQ(all[0].trump_cards, 26);
  EXPECT_EQ(all[0].trumps.size(), 13u);
  ASSERT_EQ(all[0].trumps_rings_united.size(), 13u);
  EXPECT_EQ(all[0].trumps_rings_united[0].good_name, "Der Eine Ring");
  EXPECT_EQ(all[0].fehl[static_cast<size_t>(Region::Rhovanion)].size(), 3u);
  EXPECT_EQ(all[0].fehl[static_cast<size_t>(Region::Gondor)][0].good_name, "Leuchtfeuer");
  for (const auto& r : all) {
    size_t kinds = r.trumps.size();
    for (const auto& f : r.fehl) kinds += f.size();
    EXPECT_EQ(kinds, 24u) << r.name;  // every kind once: trump or Fehl
    EXPECT_EQ(static_cast<int>(r.trumps.size()) * 2, r.trump_cards) << r.name;
    if (r.contract.kind != Contract::Kind::Standard) {
      EXPECT_TRUE(r.trumps_rings_united.empty()) << r.name;
    }
  }
  EXPECT_EQ(all[6].name, "Erben-Solo");
  EXPECT_EQ(all[6].trumps[0].class_name, "Erbe");
}

// ---------------------------------------------------------------- data check

TEST(PalantirData, FixturePassesWithABalanceNoteOnly) {
  auto m = load_ok(test::rules_fixture("palantir"));
  ASSERT_TRUE(m);
  auto f = check_one(*m, "palantir");
  ASSERT_EQ(f.size(), 1u) << dump(f);
  EXPECT_EQ(f.items()[0].check, "palantir.balance");
  EXPECT_EQ(f.items()[0].severity, Severity::Note);
  EXPECT_NE(f.items()[0].message.find("balance over 200 simulated rounds: 4 players: Saurons Auge"), std::string::npos)
      << dump(f);
}

TEST(PalantirData, RealDeckPasses) {
  TempDir dir;
  std::string stubbed;
  auto m = test::load_real(dir, &stubbed);
  ASSERT_TRUE(m);
  if (!stubbed.empty()) std::printf("[palantir] real data loaded with stand-ins for:%s\n", stubbed.c_str());
  const model::Game* g = m->game("palantir");
  ASSERT_NE(g, nullptr);
  auto f = check_game(*m, *g);
  EXPECT_FALSE(f.has_errors()) << dump(f);
  EXPECT_EQ(f.count(Severity::Warning), 0u) << dump(f);
}

TEST(PalantirData, RealDeckPassesTheSuggestedDeclaredChecks) {
  const std::string snippet = R"(
  checks:
    - { check: count, deck: playing, expect: 48 }
    - { check: count, deck: playing, per: [region, class], expect: 2 }
    - { check: unique, deck: playing, fields: [region, class, copy] }
    - { check: sum, deck: playing, field: class.points, expect: 240 }
    - { check: count, where: { special: balrog }, expect: 2, message: both Rhovanion-Streitkräfte are Balrogs }
    - { check: allowed, where: { region: mordor, class: artefakt }, field: ring.half, values: [left, right], required: true }
    - { check: unique, where: { region: mordor, class: artefakt }, fields: [ring.half] })";
  TempDir dir;
  // Once the snippet is in the real data, check the data as it is.
  bool present =
      test::read_text(test::source_root() / "data/games/palantir.yaml").find("\n  checks:") != std::string::npos;
  auto m = present ? test::load_real(dir)
                   : test::load_real(dir, nullptr, "games/palantir.yaml", "  rules: palantir", snippet);
  ASSERT_TRUE(m);
  const model::Game* g = m->game("palantir");
  ASSERT_NE(g, nullptr);
  ASSERT_TRUE(g->info.find("checks"));
  auto f = check_game(*m, *g);
  EXPECT_FALSE(f.has_errors()) << dump(f);
  EXPECT_EQ(f.count(Severity::Warning), 0u) << dump(f);
}

constexpr const char* kGame = "data/games/palantir.yaml";

TEST(PalantirData, ACardMissing) {
  TempDir dir;
  auto root = broken_copy(dir, "palantir", kGame,
                          {{"evil: { name: Bergtroll }, copies: 2 }", "evil: { name: Bergtroll }, copies: 1 }"}});
  auto m = load_ok(root);
  ASSERT_TRUE(m);
  auto f = check_one(*m, "palantir");
  auto [line, col] = locate(root / kGame, "{ id: gondor-hobbit");
  auto [deck_line, deck_col] = locate(root / kGame, "id: playing");
  EXPECT_FINDING(f, "palantir.deck", line, col, "Gondor-Hobbit is there 1 time, needs 2");
  EXPECT_FINDING(f, "palantir.deck", deck_line, deck_col, "the deck has 47 playing cards");
  EXPECT_EQ(test::count_check(f, "palantir.points"), 0u) << dump(f);  // a Hobbit is worth 0
  // The declared generic checks see it too.
  EXPECT_FINDING(f, "count", deck_line, deck_col, "deck 'playing' has 47 cards, expected 48");
  EXPECT_FINDING(f, "count", line, col, "region=gondor, class=hobbit has 1 card in deck 'playing', expected 2");
  const Diagnostic* fd = find_finding(f, "palantir.deck", line, col);
  ASSERT_TRUE(fd);
  EXPECT_EQ(fd->card_id, "gondor-hobbit");  // one copy left: no copy suffix
  EXPECT_EQ(fd->game, "palantir");
  EXPECT_TRUE(fd->loc.file.ends_with(kGame)) << fd->loc.file;
}

TEST(PalantirData, ACardDeletedEntirely) {
  TempDir dir;
  auto root =
      broken_copy(dir, "palantir", kGame,
                  {{"        - { id: rohan-koenig, region: rohan, class: koenig, good: { name: Théoden }, evil: "
                    "{ name: Gríma }, copies: 2 }\n",
                    ""}});
  auto m = load_ok(root);
  ASSERT_TRUE(m);
  auto f = check_one(*m, "palantir");
  auto [deck_line, deck_col] = locate(root / kGame, "id: playing");
  EXPECT_FINDING(f, "palantir.deck", deck_line, deck_col, "no Rohan-König card");
  EXPECT_FINDING(f, "palantir.points", deck_line, deck_col, "sum to 232");
  EXPECT_FINDING(f, "count", deck_line, deck_col,
                 "region=rohan, class=koenig has 0 cards in deck 'playing', expected 2");
}

TEST(PalantirData, ADuplicatedCard) {
  TempDir dir;
  const std::string merry =
      "        - { id: rohan-hobbit, region: rohan, class: hobbit, good: { name: Merry }, evil: { name: Lotho }, "
      "copies: 2 }\n";
  auto root = broken_copy(dir, "palantir", kGame,
                          {{merry, merry + "        - { id: rohan-hobbit-extra, region: rohan, class: hobbit, good: { "
                                           "name: Merry }, evil: { name: Lotho } }\n"}});
  auto m = load_ok(root);
  ASSERT_TRUE(m);
  auto f = check_one(*m, "palantir");
  auto [line, col] = locate(root / kGame, "{ id: rohan-hobbit-extra");
  EXPECT_FINDING(f, "palantir.deck", line, col, "Rohan-Hobbit is there 3 times, needs 2 (also rohan-hobbit)");
  EXPECT_FINDING(f, "unique", line, col, "share region=rohan, class=hobbit, copy=1");
  const Diagnostic* fd = find_finding(f, "palantir.deck", line, col);
  ASSERT_TRUE(fd);
  EXPECT_EQ(fd->card_id, "rohan-hobbit-extra");
}

TEST(PalantirData, PointsOffByOne) {
  TempDir dir;
  auto root = broken_copy(dir, "palantir", kGame, {{"letter: K, points: 4,", "letter: K, points: 5,"}});
  auto m = load_ok(root);
  ASSERT_TRUE(m);
  auto f = check_one(*m, "palantir");
  auto [line, col] = locate(root / kGame, "5, rank: König");
  auto [deck_line, deck_col] = locate(root / kGame, "id: playing");
  EXPECT_FINDING(f, "palantir.tables", line, col,
                 "classes entry 'koenig' has points 5, but the rules' König's points is 4");
  EXPECT_FINDING(f, "palantir.points", deck_line, deck_col, "sum to 248, the rules say 240");
  EXPECT_FINDING(f, "sum", deck_line, deck_col, "is 248, expected 240");
}

TEST(PalantirData, ATrumpRankingSwapped) {
  // Ringträger and Erben swapped: the data would make the Erben the Damen,
  // i.e. rank them above the Ringträger.
  TempDir dir;
  auto root = broken_copy(
      dir, "palantir", kGame,
      {{"points: 3, rank: Dame", "points: 3, rank: Bube"}, {"points: 2, rank: Bube", "points: 2, rank: Dame"}});
  auto m = load_ok(root);
  ASSERT_TRUE(m);
  auto f = check_one(*m, "palantir");
  auto [r_line, r_col] = locate(root / kGame, "Bube }");
  auto [e_line, e_col] = locate(root / kGame, "Dame }");
  EXPECT_FINDING(f, "palantir.tables", r_line, r_col,
                 "'ringtraeger' has rank Bube, but the rules' Ringträger's Doppelkopf rank is Dame");
  EXPECT_FINDING(f, "palantir.tables", e_line, e_col, "'erbe' has rank Dame");
  EXPECT_EQ(test::count_check(f, "palantir.tables"), 2u) << dump(f);
}

TEST(PalantirData, RegionSuitsSwapped) {
  TempDir dir;
  auto root = broken_copy(dir, "palantir", kGame,
                          {{"suit: Kreuz", "suit: @"}, {"suit: Pik", "suit: Kreuz"}, {"suit: @", "suit: Pik"}});
  auto m = load_ok(root);
  ASSERT_TRUE(m);
  auto f = check_one(*m, "palantir");
  auto [line, col] = locate(root / kGame, "suit: Pik");
  EXPECT_FINDING(f, "palantir.tables", line, col + 6, "'gondor' has suit Pik, but the rules' Gondor's suit is Kreuz");
}

TEST(PalantirData, SpecialOnTheWrongCard) {
  TempDir dir;
  auto root = broken_copy(dir, "palantir", kGame, {{"          special: balrog", "          special: eowyn"}});
  auto m = load_ok(root);
  ASSERT_TRUE(m);
  auto f = check_one(*m, "palantir");
  auto [line, col] = locate(root / kGame, "- id: rhovanion-streitkraft");
  // id, region, class, good, evil, special: the value is five lines below the id.
  EXPECT_FINDING(f, "palantir.specials", line + 5, 20,
                 "Rhovanion-Streitkraft carries special 'eowyn', but must carry 'balrog'");
  // Without `deck:` a missing card is reported at the game's list of decks.
  EXPECT_FINDING(f, "count", test::locate(root / kGame, "- id: playing").first, 5,
                 "the game has 0 cards where special=balrog, expected 2");
  const Diagnostic* fd = find_finding(f, "palantir.specials", line + 5, 20);
  ASSERT_TRUE(fd);
  EXPECT_EQ(fd->card_id, "rhovanion-streitkraft");  // both copies: one finding for the definition
  EXPECT_EQ(test::count_check(f, "palantir.specials"), 1u) << dump(f);
  (void)col;
}

TEST(PalantirData, BothRingCopiesCarryTheSameHalf) {
  TempDir dir;
  auto root = broken_copy(dir, "palantir", kGame, {{"half: right", "half: left"}});
  auto m = load_ok(root);
  ASSERT_TRUE(m);
  auto f = check_one(*m, "palantir");
  auto [line, col] = locate(root / kGame, "left, verse: \"Ins Dunkel");
  EXPECT_FINDING(f, "palantir.specials", line, col, "both copies of Der Eine Ring carry the left half");
  auto [def_line, def_col] = locate(root / kGame, "id: mordor-artefakt");
  EXPECT_FINDING(f, "unique", def_line, def_col, "cards mordor-artefakt-1 and mordor-artefakt-2 share ring.half=left");
}

TEST(PalantirData, UnknownRulesModuleIsAnErrorAtTheRulesField) {
  TempDir dir;
  auto root = broken_copy(dir, "palantir", kGame, {{"rules: palantir", "rules: palantri"}});
  auto m = load_ok(root);
  ASSERT_TRUE(m);
  auto f = check_one(*m, "palantir");
  auto [line, col] = locate(root / kGame, "rules: palantri");
  EXPECT_FINDING(f, "rules", line, col + 7, "unknown rules module 'palantri'");
  EXPECT_TRUE(blocks_build(f, "palantir"));
}

}  // namespace
}  // namespace kw::rules::palantir
