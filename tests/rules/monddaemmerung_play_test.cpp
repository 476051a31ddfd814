// Monddämmerung's rule facts as data (moon actions, the numbers of
// meta.play, what the moon texts and Der Allereinzigste's text say) and its
// simulator, on the shipped data and on copies broken on purpose.
#include <gtest/gtest.h>

#include <algorithm>

#include "rules/monddaemmerung.h"
#include "rules/rules.h"
#include "rules/rules_test_util.h"
#include "support/project_copy.h"

namespace kw::rules::monddaemmerung {
namespace {

namespace fs = std::filesystem;
using test::edit;
using test::ProjectCopy;

constexpr const char* kGame = "data/games/monddaemmerung.yaml";

struct Loaded {
  std::shared_ptr<model::Model> model;
  const model::Game* game = nullptr;
};

Loaded load(const fs::path& root, const std::string& language = "de") {
  model::LoadOptions options;
  options.language = language;
  auto loaded = test::load_from_disk(root, options);
  EXPECT_TRUE(loaded.model) << format_diagnostics(loaded.diagnostics);
  Loaded l{std::move(loaded.model)};
  if (l.model) l.game = l.model->game("monddaemmerung");
  return l;
}

std::string findings_of(const Loaded& l) { return format_diagnostics(check_game(*l.model, *l.game)); }

TEST(MonddaemmerungFacts, TheShippedDataFollowsTheRules) {
  for (const char* language : {"de", "en"}) {
    Loaded l = load(test::source_root(), language);
    ASSERT_TRUE(l.game);
    Diagnostics d = rules::check_texts(*l.model, *l.game);
    EXPECT_TRUE(d.empty()) << language << "\n" << format_diagnostics(d);
  }
  Loaded l = load(test::source_root());
  Diagnostics d = check_game(*l.model, *l.game);
  EXPECT_FALSE(d.has_errors()) << format_diagnostics(d);
}

TEST(MonddaemmerungFacts, AMoonWithAnotherMoonsActionIsAnErrorAtItsLine) {
  ProjectCopy p;
  int line = edit(p, kGame, "          action: reverse_order\n", "          action: choose_trump\n");
  std::string text = findings_of(load(p.dir.path()));
  EXPECT_NE(text.find(std::string(kGame) + ":" + std::to_string(line) +
                      ":19: error: moon 'sichelmond' does 'choose_trump', but the rules give it 'reverse_order'"),
            std::string::npos)
      << text;
}

TEST(MonddaemmerungFacts, AWrongHandSizeIsAnErrorAtItsLine) {
  ProjectCopy p;
  int line = edit(p, kGame, "      hand: 7 ", "      hand: 8 ");
  std::string text = findings_of(load(p.dir.path()));
  EXPECT_NE(text.find(std::string(kGame) + ":" + std::to_string(line) +
                      ":13: error: meta.play.hand is 8, but the rules give 7 cards dealt to each player"),
            std::string::npos)
      << text;
}

TEST(MonddaemmerungFacts, WrongPlayerCountsAreAnError) {
  ProjectCopy p;
  int line = edit(p, kGame, "      players: [3, 5]", "      players: [3, 6]");
  std::string text = findings_of(load(p.dir.path()));
  EXPECT_NE(text.find(":" + std::to_string(line) + ":16: error: meta.play.players is [3, 6]"), std::string::npos)
      << text;
}

TEST(MonddaemmerungFacts, SwappedEffectTextsAreErrorsInGerman) {
  ProjectCopy p;
  // The Blutmond's text says what the Sonnenfinsternis does.
  int line =
      edit(p, kGame, "Nimm eine gespielte Karte **aus dem Spiel**.", "Nimm eine gespielte Karte **auf deine Hand**.");
  std::string text = findings_of(load(p.dir.path()));
  EXPECT_NE(text.find(":" + std::to_string(line) +
                      ":19: error: the effect of blutmond does not say what it does (remove_played)"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("error: the effect of blutmond says what sonnenfinsternis does (take_played)"), std::string::npos)
      << text;
}

TEST(MonddaemmerungFacts, ATranslationIsCheckedInItsOwnWords) {
  ProjectCopy p;
  edit(p, "data/locales/en/monddaemmerung.yaml", "\"From now on the **highest** number wins, not the lowest.",
       "\"From now on the **lowest** number wins.");
  Loaded l = load(p.dir.path(), "en");
  std::string text = format_diagnostics(rules::check_texts(*l.model, *l.game));
  EXPECT_NE(text.find("error: the effect of sichelmond does not say what it does (reverse_order)"), std::string::npos)
      << text;
}

// The words are the translation's (rules.monddaemmerung.says.*): without
// them its texts are not read, rather than read with the German words.
TEST(MonddaemmerungFacts, ATranslationWithoutItsWordsIsNotRead) {
  ProjectCopy p;
  edit(p, "data/locales/en/monddaemmerung.yaml", "\"From now on the **highest** number wins, not the lowest.",
       "\"From now on the **lowest** number wins.");
  std::string locale = p.read("data/locales/en/monddaemmerung.yaml");
  const size_t at = locale.find("  \"rules.monddaemmerung.says.reverse_order\":");
  ASSERT_NE(at, std::string::npos);
  locale.erase(at, locale.find("\n  \"", at + 1) + 1 - at);
  p.write("data/locales/en/monddaemmerung.yaml", locale);
  Loaded l = load(p.dir.path(), "en");
  std::string text = format_diagnostics(rules::check_texts(*l.model, *l.game));
  EXPECT_EQ(text.find("sichelmond does not say what it does"), std::string::npos) << text;
}

TEST(MonddaemmerungFacts, TheAllereinzigstePrintsItsBonus) {
  ProjectCopy p;
  // The text prints the fact ({{fact.allereinzigster_bonus}}); a literal in its place is read.
  int line = edit(p, kGame, "Gewinnstapel: **{{fact.allereinzigster_bonus}} Punkte** dazu.",
                  "Gewinnstapel: **6 Punkte** dazu.");
  std::string text = findings_of(load(p.dir.path()));
  EXPECT_NE(text.find(":" + std::to_string(line) +
                      ":29: error: Der Allereinzigste's text prints 6, but it adds 5 points (card allereinzigster)"),
            std::string::npos)
      << text;
}

TEST(MonddaemmerungSimulation, PlaysWholeGamesWithoutBreakingARule) {
  Loaded l = load(test::source_root());
  SimulationOptions options;
  options.games = 2000;
  options.seed = 20261126;
  SimulationReport r = simulate_report(*l.model, *l.game, options);
  EXPECT_EQ(r.violations, 0) << (r.first_violations.empty() ? "" : r.first_violations.front());
  EXPECT_EQ(r.games, 3 * 2000);  // 3, 4 and 5 players
  ASSERT_EQ(r.groups.size(), 3u);
  // Win rates of the seats add up to 100 %.
  for (const auto& g : r.groups) {
    double sum = 0;
    for (const auto& f : g.figures)
      if (f.key.find(".win_rate.") != std::string::npos) sum += f.value;
    EXPECT_NEAR(sum, 100.0, 1e-6) << g.title;
  }
  EXPECT_GT(r.steps, 100000);
}

TEST(MonddaemmerungSimulation, TheSameSeedPlaysTheSameGames) {
  Loaded l = load(test::source_root());
  SimulationOptions options;
  options.games = 200;
  options.players = 4;
  SimulationReport a = simulate_report(*l.model, *l.game, options);
  SimulationReport b = simulate_report(*l.model, *l.game, options);
  options.seed = 2;
  SimulationReport c = simulate_report(*l.model, *l.game, options);
  ASSERT_EQ(a.groups.size(), 1u);
  std::vector<double> va, vb, vc;
  for (const auto& f : a.groups[0].figures) va.push_back(f.value);
  for (const auto& f : b.groups[0].figures) vb.push_back(f.value);
  for (const auto& f : c.groups[0].figures) vc.push_back(f.value);
  EXPECT_EQ(va, vb);
  EXPECT_NE(va, vc);
}

TEST(MonddaemmerungSimulation, PlaysTheCardsOfTheData) {
  // With every moon taken off the cards, no moon is played: the simulator
  // reads the deck, it does not carry one of its own.
  ProjectCopy p;
  std::string yaml = p.read(kGame);
  for (const char* moon : {"vollmond", "leermond", "halbmond", "sichelmond", "blutmond", "sonnenfinsternis"}) {
    const std::string field = std::string(", moon: ") + moon;
    for (size_t at; (at = yaml.find(field)) != std::string::npos;) yaml.erase(at, field.size());
  }
  p.write(kGame, yaml);
  Loaded l = load(p.dir.path());
  SimulationOptions options;
  options.games = 100;
  options.players = 3;
  SimulationReport r = simulate_report(*l.model, *l.game, options);
  for (const auto& f : r.groups.at(0).figures)
    if (f.key.ends_with(".played")) {
      EXPECT_EQ(f.value, 0) << f.key;
    }
}

}  // namespace
}  // namespace kw::rules::monddaemmerung
