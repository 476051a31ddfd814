// The dispatcher, the registry, how findings print, and every game at once.
#include "rules/rules.h"

#include <gtest/gtest.h>

#include <algorithm>

#include <set>

#include "rules/registry.h"
#include "rules/rules_test_util.h"

namespace kw::rules {
namespace {

namespace fs = std::filesystem;
using test::dump;
using test::load_ok;
using test::TempDir;

const std::vector<std::string> kFixtureGames = {"palantir", "duell", "gelfdrakkar", "hoher-rat", "monddaemmerung"};

// One project with all five fixture games, as `kartenwerk check` sees a full database.
fs::path all_games(const TempDir& dir) {
  fs::path root = dir.path() / "all";
  std::string cards = "kartenwerk: 1\ninclude:\n  - formats.yaml\n";
  for (const auto& g : kFixtureGames) {
    fs::path src = test::rules_fixture(g);
    fs::create_directories(root / "data/games");
    fs::copy(src / "data/games", root / "data/games",
             fs::copy_options::recursive | fs::copy_options::overwrite_existing);
    fs::copy(src / "layouts", root / "layouts", fs::copy_options::recursive | fs::copy_options::overwrite_existing);
    cards += "  - games/" + g + ".yaml\n";
  }
  fs::copy(test::rules_fixture("palantir") / "data/formats.yaml", root / "data/formats.yaml");
  test::write_text(root / "data/cards.yaml", cards);
  return root;
}

TEST(Registry, OneModulePerGame) {
  std::set<std::string_view> ids;
  for (const auto& m : rules_modules()) {
    EXPECT_TRUE(ids.insert(m.id).second) << m.id;
    EXPECT_NE(m.check, nullptr);
    EXPECT_FALSE(m.summary.empty());
    EXPECT_EQ(find_rules_module(m.id), &m);
  }
  EXPECT_EQ(ids, (std::set<std::string_view>{"palantir", "duell", "gelfdrakkar", "hoher-rat", "monddaemmerung"}));
  EXPECT_EQ(find_rules_module("skat"), nullptr);
}

TEST(CheckModel, AllFixtureGamesTogether) {
  TempDir dir;
  auto m = load_ok(all_games(dir));
  ASSERT_TRUE(m);
  ASSERT_EQ(m->games.size(), 5u);
  Diagnostics f = check_model(*m);
  EXPECT_FALSE(f.has_errors()) << dump(f);
  // Gelfdrakkar's claim is a warning; the notes are the simulators'
  // balance notes; nothing else.
  ASSERT_EQ(f.count(Severity::Warning), 1u) << dump(f);
  for (const auto& x : f) {
    if (x.severity == Severity::Warning) {
      EXPECT_EQ(x.game, "gelfdrakkar");
    }
    if (x.severity == Severity::Note) {
      EXPECT_TRUE(x.check.ends_with(".balance")) << x.check;
    }
  }
  for (const auto& g : kFixtureGames) EXPECT_FALSE(blocks_build(f, g)) << g;
  // Games come in the model's order.
  std::vector<size_t> order;
  for (const auto& x : f)
    for (size_t i = 0; i < m->games.size(); ++i)
      if (m->games[i]->id == x.game) order.push_back(i);
  EXPECT_TRUE(std::is_sorted(order.begin(), order.end())) << dump(f);
}

TEST(CheckModel, ErrorsBlockOnlyTheirGame) {
  TempDir dir;
  fs::path root = all_games(dir);
  fs::path hr = root / "data/games/hoher-rat.yaml";
  std::string text = test::read_text(hr);
  text.replace(text.find("space: 7, colour: weiss"), 23, "space: 7, colour: rot");
  test::write_text(hr, text);
  auto m = load_ok(root);
  ASSERT_TRUE(m);
  Diagnostics f = check_model(*m);
  EXPECT_TRUE(f.has_errors());
  EXPECT_TRUE(blocks_build(f, "hoher-rat"));
  EXPECT_FALSE(blocks_build(f, "palantir"));
  EXPECT_FALSE(blocks_build(f, "gelfdrakkar"));  // its warning does not block
}

TEST(CheckModel, EveryGameOfTheRealDataWithARulesModulePasses) {
  TempDir dir;
  auto m = test::load_real(dir);
  ASSERT_TRUE(m);
  int checked = 0;
  for (const auto& g : m->games) {
    Diagnostics f = check_game(*m, *g);
    EXPECT_FALSE(f.has_errors()) << g->id << ":\n" << dump(f);
    if (find_rules_module(g->rules)) ++checked;
  }
  EXPECT_GE(checked, 1);  // Palantír today; the others as their data lands
  std::printf("[rules] real data: %d game(s) with a rules module checked\n", checked);
}

// ---------------------------------------------------------------- findings

Diagnostic sample(const std::string& file) {
  Diagnostic f;
  f.severity = Severity::Error;
  f.game = "palantir";
  f.card_id = "gondor-hobbit";
  f.loc = {file, 2, 5};
  f.message = "Gondor-Hobbit is there 1 time, needs 2";
  f.check = "palantir.deck";
  f.hint = "every region and class is there twice";
  return f;
}

Diagnostics of(std::initializer_list<Diagnostic> items) {
  Diagnostics ds;
  for (const auto& d : items) ds.add(d);
  return ds;
}

// A finding is a Diagnostic: it prints like the loader's, compiler style,
// with the game and the check that found it named at the end of the line.
TEST(Format, FindingsPrintLikeACompilerNamingGameAndCheck) {
  TempDir dir;
  fs::path file = dir.path() / "g.yaml";
  test::write_text(file, "cards:\n  - { id: gondor-hobbit, copies: 1 }\n");
  Diagnostic w = sample(file.string());
  w.severity = Severity::Warning;
  w.card_id.clear();
  w.loc = {file.string(), 1, 1};
  w.message = "a warning";
  w.hint.clear();
  w.check = "";
  Diagnostic fonts = w;
  fonts.game = "";
  fonts.check = "fonts";
  fonts.loc = {};
  // The sample names an absolute file: a system input. Diagnostics quote
  // only files the project read, so it reads it first.
  project::DiskProject sources(dir.path());
  ASSERT_TRUE(sources.read_system(file.string()));
  std::string text = format_diagnostics(of({sample(file.string()), w, fonts}), &sources);
  EXPECT_EQ(text,
            file.string() +
                ":2:5: error: Gondor-Hobbit is there 1 time, needs 2 (card gondor-hobbit) [palantir: palantir.deck]\n"
                "      - { id: gondor-hobbit, copies: 1 }\n"
                "        ^\n"
                "hint: every region and class is there twice\n" +
                file.string() +
                ":1:1: warning: a warning [palantir]\n"
                "    cards:\n"
                "    ^\n"
                "warning: a warning [fonts]\n");
  std::string plain = format_diagnostics(of({sample(file.string())}));
  EXPECT_EQ(plain.find("    - {"), std::string::npos);
}

TEST(Format, CountsAndExitDecision) {
  Diagnostic e = sample("x"), w = sample("x"), n = sample("x");
  w.severity = Severity::Warning;
  n.severity = Severity::Note;
  EXPECT_FALSE(of({w, n}).has_errors());
  EXPECT_TRUE(of({w, e}).has_errors());
  EXPECT_EQ(of({e, w, n, n}).count(Severity::Note), 2u);
  EXPECT_TRUE(blocks_build(of({e}), "palantir"));
  EXPECT_FALSE(blocks_build(of({e}), "duell"));
  EXPECT_FALSE(blocks_build(of({w, n}), "palantir"));
}

TEST(Dispatch, GameWithoutRulesRunsOnlyDeclaredChecks) {
  TempDir dir;
  fs::path root = dir.path() / "p";
  fs::copy(test::rules_fixture("palantir"), root, fs::copy_options::recursive);
  fs::path g = root / "data/games/palantir.yaml";
  std::string text = test::read_text(g);
  text.replace(text.find("  rules: palantir\n"), 17, "");
  text.replace(text.find("suit: Pik"), 9, "suit: Kreuz");  // the module would object...
  test::write_text(g, text);
  auto m = load_ok(root);
  ASSERT_TRUE(m);
  EXPECT_TRUE(m->game("palantir")->rules.empty());
  Diagnostics f = check_game(*m, *m->game("palantir"));
  EXPECT_TRUE(f.empty()) << dump(f);  // ...but no module runs, and the declared checks pass
}

}  // namespace
}  // namespace kw::rules
