// Palantír's simulator on the shipped data: thousands of seeded rounds keep
// every invariant, the same seed gives the same report, Scharfes Spiel deals
// 3-4-3 from its data, and the verifier catches rounds that break the rules.
#include "rules/palantir_simulation.h"

#include <gtest/gtest.h>

#include <map>
#include <string>

#include "model/model.h"
#include "support/disk_model.h"
#include "support/project_copy.h"
#include "support/test_support.h"

namespace kw::rules::palantir {
namespace {

struct Loaded {
  test::DiskModel disk;
  const model::Game* game = nullptr;
};

Loaded load(const std::filesystem::path& root, const std::string& variant = {}) {
  model::LoadOptions options;
  options.variant = variant;
  Loaded l{test::load_from_disk(root, options), nullptr};
  EXPECT_TRUE(l.disk.model) << format_diagnostics(l.disk.diagnostics);
  if (l.disk.model) l.game = l.disk.model->game("palantir");
  return l;
}

std::map<std::string, double> figures(const SimulationReport& r) {
  std::map<std::string, double> out;
  for (const auto& g : r.groups)
    for (const auto& f : g.figures) out[f.key] = f.value;
  return out;
}

TEST(PalantirSimulation, ThousandsOfRoundsKeepEveryInvariant) {
  Loaded l = load(test::source_root());
  ASSERT_TRUE(l.game);
  SimulationOptions options;
  options.seed = 20261126;
  options.games = 400;  // per player count: 400 x 4 + 400 x 5 = 3600 rounds
  const SimulationReport r = simulate_report(*l.disk.model, *l.game, options);
  EXPECT_EQ(r.violations, 0) << (r.first_violations.empty() ? "" : r.first_violations.front());
  EXPECT_EQ(r.games, 800);
  auto f = figures(r);
  EXPECT_EQ(f.at("p4.rounds"), 1600);
  EXPECT_EQ(f.at("p5.rounds"), 2000);
  EXPECT_EQ(f.at("p4.tricks_per_round"), 12);
  // Every card of every round was played and checked: 48 cards + the deal per round.
  EXPECT_EQ(r.steps, 3600LL * 49);
  // Wins of both sides add up (nobody wins only when an Absage is missed).
  EXPECT_NEAR(f.at("p4.win_rate.sauron") + f.at("p4.win_rate.gefaehrten") + f.at("p4.no_winner"), 100, 1e-9);
  // Every kind of game and marker turns up in this many rounds.
  for (const char* k : {"contract.standard.share", "contract.unterwerfung.share", "contract.buendnis.share",
                        "contract.stilles-buendnis.share"})
    EXPECT_GT(f[k], 0) << k;
  double solos = 0;
  for (const auto& [key, value] : f)
    if (key.find("solo") != std::string::npos && key.ends_with(".share")) solos += value;
  EXPECT_GT(solos, 0);
  for (const char* k : {"marker.blutbad", "marker.ring", "marker.eowyn", "marker.solo", "announce.ansage",
                        "announce.absage", "decides.balrog", "p4.lembas", "p5.lembas"})
    EXPECT_GT(f.at(k), 0) << k;
  // Both rings in one hand: 4 * C(46,10) / C(48,12) = 23.4 % of deals.
  EXPECT_GT(f.at("rings_united"), 15);
  EXPECT_LT(f.at("rings_united"), 30);
  // Markers only change hands: the positions' means sum to 0.
  double sum = 0;
  for (int p = 1; p <= 4; ++p) sum += f.at("p4.markers.position_" + std::to_string(p));
  EXPECT_NEAR(sum, 0, 1e-9);
  EXPECT_FALSE(r.notes.empty());
}

TEST(PalantirSimulation, TheSameSeedGivesTheSameReport) {
  Loaded l = load(test::source_root());
  ASSERT_TRUE(l.game);
  SimulationOptions options;
  options.seed = 7;
  options.games = 40;
  options.players = 4;
  auto a = simulate_report(*l.disk.model, *l.game, options), b = simulate_report(*l.disk.model, *l.game, options);
  EXPECT_EQ(figures(a), figures(b));
  EXPECT_EQ(a.notes, b.notes);
  options.seed = 8;
  EXPECT_NE(figures(simulate_report(*l.disk.model, *l.game, options)), figures(a));
  // And one round: the same deal and the same tricks.
  const SimDeck deck = sim_deck(*l.disk.model, *l.game);
  SimRound x = play_sim_round(deck, 42, false), y = play_sim_round(deck, 42, false);
  EXPECT_EQ(x.shuffled, y.shuffled);
  ASSERT_EQ(x.tricks.size(), y.tricks.size());
  for (size_t i = 0; i < x.tricks.size(); ++i) EXPECT_EQ(x.tricks[i].cards, y.tricks[i].cards);
}

TEST(PalantirSimulation, TheDeckComesFromTheData) {
  Loaded l = load(test::source_root());
  ASSERT_TRUE(l.game);
  const SimDeck deck = sim_deck(*l.disk.model, *l.game);
  EXPECT_EQ(deck.cards.size(), 48u);
  EXPECT_EQ(deck.deal, (std::vector<int>{3, 3, 3, 3}));
  EXPECT_EQ(deck.points_total, 240);
  EXPECT_TRUE(deck.lembas_fehl.empty());
  EXPECT_EQ(deck.cards.front().id, "gondor-hobbit-1");  // the data's order, not one built in C++
}

TEST(PalantirSimulation, ScharfesSpielDealsItsPacketsFromTheVariant) {
  Loaded l = load(test::source_root(), "scharfes-spiel");
  ASSERT_TRUE(l.game);
  const SimDeck deck = sim_deck(*l.disk.model, *l.game);
  EXPECT_EQ(deck.cards.size(), 40u);
  EXPECT_EQ(deck.deal, (std::vector<int>{3, 4, 3}));
  EXPECT_EQ(deck.hand, 10);
  ASSERT_EQ(deck.lembas_fehl.size(), 1u);
  EXPECT_EQ(deck.lembas_fehl[0], Region::Rhovanion);
  const SimRound r = play_sim_round(deck, 3, false);
  // Packets of 3, 4, 3 around the table: position 1 gets cards 0-2, 12-15, 28-30.
  const std::vector<uint8_t> first = {r.shuffled[0],  r.shuffled[1],  r.shuffled[2],  r.shuffled[12], r.shuffled[13],
                                      r.shuffled[14], r.shuffled[15], r.shuffled[28], r.shuffled[29], r.shuffled[30]};
  EXPECT_EQ(r.dealt[0], first);
  EXPECT_EQ(r.tricks.size(), 10u);
  EXPECT_TRUE(verify_sim_round(deck, r).empty());
  SimulationOptions options;
  options.games = 150;
  const SimulationReport report = simulate_report(*l.disk.model, *l.game, options);
  EXPECT_EQ(report.violations, 0) << (report.first_violations.empty() ? "" : report.first_violations.front());
  EXPECT_EQ(figures(report).at("p4.tricks_per_round"), 10);
}

TEST(PalantirSimulation, TheVerifierCatchesRoundsThatBreakTheRules) {
  Loaded l = load(test::source_root());
  ASSERT_TRUE(l.game);
  const SimDeck deck = sim_deck(*l.disk.model, *l.game);
  const SimRound r = play_sim_round(deck, 5, false);
  ASSERT_TRUE(verify_sim_round(deck, r).empty());
  auto broken = [&](auto edit) {
    SimRound b = r;
    edit(b);
    return !verify_sim_round(deck, b).empty();
  };
  EXPECT_TRUE(broken([](SimRound& b) { std::swap(b.dealt[0], b.dealt[1]); }));  // not the packets of the deal
  EXPECT_TRUE(broken([](SimRound& b) { b.tricks[3].winner = (b.tricks[3].winner + 1) % 4; }));
  EXPECT_TRUE(broken([](SimRound& b) { std::swap(b.tricks[0].cards[0], b.tricks[0].cards[1]); }));
  EXPECT_TRUE(broken([](SimRound& b) { b.tricks.pop_back(); }));
  EXPECT_TRUE(broken([](SimRound& b) { b.value += 1; }));
  EXPECT_TRUE(broken([](SimRound& b) { b.score[0] += 1; }));
  EXPECT_TRUE(broken([](SimRound& b) { b.winner = 1 - b.winner; }));
  EXPECT_TRUE(broken([](SimRound& b) { b.re = {true, true, true, false}; }));
  // A renege: a later player keeps the led suit back although he holds it.
  bool found = false;
  for (uint64_t seed = 1; seed < 200 && !found; ++seed) {
    SimRound b = play_sim_round(deck, seed, false);
    if (b.kind != RoundKind::Standard) continue;
    const SimTrick& t = b.tricks[0];
    // Swap the second card of trick 1 with a card of another suit from the
    // same player's later play, if any: he then did not follow suit.
    const int pos = (t.leader + 1) % 4;
    for (size_t k = 1; k < b.tricks.size() && !found; ++k)
      for (size_t i = 0; i < 4 && !found; ++i)
        if ((b.tricks[k].leader + static_cast<int>(i)) % 4 == pos) {
          SimRound c = b;
          std::swap(c.tricks[0].cards[1], c.tricks[k].cards[i]);
          auto bad = verify_sim_round(deck, c);
          for (const auto& s : bad) found = found || s.find("did not follow suit") != std::string::npos;
        }
  }
  EXPECT_TRUE(found);
}

TEST(PalantirSimulation, PlayerCounts) {
  Loaded l = load(test::source_root());
  ASSERT_TRUE(l.game);
  SimulationOptions options;
  options.games = 10;
  options.players = 5;
  const SimulationReport r = simulate_report(*l.disk.model, *l.game, options);
  ASSERT_FALSE(r.groups.empty());
  EXPECT_EQ(r.groups.front().title, "5 players (the dealer sits out)");
  EXPECT_EQ(figures(r).at("p5.rounds"), 50);  // a set of 5 rounds per game: everyone deals once
  options.players = 3;
  EXPECT_THROW(simulate_report(*l.disk.model, *l.game, options), SimulationError);
}

TEST(PalantirSimulation, ADeckTheRulesCannotPlayIsRefused) {
  test::ProjectCopy p;
  const std::string file = "data/games/palantir.yaml";
  std::string yaml = p.read(file);
  const std::string from = "evil: { name: Bergtroll }, copies: 2 }";
  ASSERT_NE(yaml.find(from), std::string::npos);
  yaml.replace(yaml.find(from), from.size(), "evil: { name: Bergtroll }, copies: 1 }");
  p.write(file, yaml);
  Loaded l = load(p.dir.path());
  ASSERT_TRUE(l.game);
  try {
    simulate_report(*l.disk.model, *l.game, {});
    ADD_FAILURE() << "no SimulationError";
  } catch (const SimulationError& e) {
    EXPECT_NE(std::string(e.what()).find("the deck has 47 playing cards"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace kw::rules::palantir
