// The dispatcher, the registry, the formatters, and every game at once.
#include "rules/rules.h"

#include <gtest/gtest.h>

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
  Findings f = check_model(*m);
  EXPECT_FALSE(has_errors(f)) << dump(f);
  // Gelfdrakkar's claim is a warning, Duell's balance a note; nothing else.
  ASSERT_EQ(count(f, Severity::Warning), 1u) << dump(f);
  ASSERT_EQ(count(f, Severity::Note), 1u) << dump(f);
  for (const auto& x : f) {
    if (x.severity == Severity::Warning) {
      EXPECT_EQ(x.game, "gelfdrakkar");
    }
    if (x.severity == Severity::Note) {
      EXPECT_EQ(x.game, "duell");
    }
  }
  for (const auto& g : kFixtureGames) EXPECT_FALSE(blocks_build(f, g)) << g;
  // Games come in the model's order.
  EXPECT_EQ(f.front().game, "duell");
  EXPECT_EQ(f.back().game, "gelfdrakkar");
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
  Findings f = check_model(*m);
  EXPECT_TRUE(has_errors(f));
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
    Findings f = check_game(*m, *g);
    EXPECT_FALSE(has_errors(f)) << g->id << ":\n" << dump(f);
    if (find_rules_module(g->rules)) ++checked;
  }
  EXPECT_GE(checked, 1);  // Palantír today; the others as their data lands
  std::printf("[rules] real data: %d game(s) with a rules module checked\n", checked);
}

// ---------------------------------------------------------------- formatters

Finding sample(const std::string& file) {
  Finding f;
  f.severity = Severity::Error;
  f.game = "palantir";
  f.card_id = "gondor-hobbit";
  f.loc = {file, 2, 5};
  f.message = "Gondor-Hobbit is there 1 time, needs 2";
  f.check = "palantir.deck";
  f.hint = "every region and class is there twice";
  return f;
}

TEST(Format, TextLikeACompiler) {
  TempDir dir;
  fs::path file = dir.path() / "g.yaml";
  test::write_text(file, "cards:\n  - { id: gondor-hobbit, copies: 1 }\n");
  Finding w = sample(file.string());
  w.severity = Severity::Warning;
  w.card_id.clear();
  w.loc = {file.string(), 1, 1};
  w.message = "a warning";
  w.hint.clear();
  w.check = "";
  project::DiskProject sources(dir.path());  // the sample names an absolute file: a system input
  std::string text = format_findings_text({sample(file.string()), w}, &sources);
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
                "1 error, 1 warning, 0 notes\n");
  EXPECT_EQ(format_findings_text({}), "0 errors, 0 warnings, 0 notes\n");
  std::string plain = format_findings_text({sample(file.string())});
  EXPECT_EQ(plain.find("    - {"), std::string::npos);
}

TEST(Format, JsonWithStableKeysAndEscapes) {
  Finding f = sample("data/games/p.yaml");
  f.message = "quote \" backslash \\ newline \n tab \t bell \x07 Ä";
  f.severity = Severity::Note;
  std::string json = format_findings_json({f});
  EXPECT_EQ(json,
            "{\"findings\":[\n"
            "{\"severity\":\"note\",\"game\":\"palantir\",\"check\":\"palantir.deck\",\"card\":\"gondor-hobbit\","
            "\"file\":\"data/games/p.yaml\",\"line\":2,\"column\":5,"
            "\"message\":\"quote \\\" backslash \\\\ newline \\n tab \\t bell \\u0007 Ä\","
            "\"hint\":\"every region and class is there twice\"}\n"
            "],\"summary\":{\"errors\":0,\"warnings\":0,\"notes\":1}}\n");
  EXPECT_EQ(format_findings_json({}), "{\"findings\":[],\"summary\":{\"errors\":0,\"warnings\":0,\"notes\":0}}\n");
  EXPECT_EQ(json_string("\r\x1f\x7f"), "\"\\r\\u001f\\u007f\"");
}

TEST(Format, CountsAndExitDecision) {
  Finding e = sample("x"), w = sample("x"), n = sample("x");
  w.severity = Severity::Warning;
  n.severity = Severity::Note;
  EXPECT_FALSE(has_errors({w, n}));
  EXPECT_TRUE(has_errors({w, e}));
  EXPECT_EQ(count({e, w, n, n}, Severity::Note), 2u);
  EXPECT_TRUE(blocks_build({e}, "palantir"));
  EXPECT_FALSE(blocks_build({e}, "duell"));
  EXPECT_FALSE(blocks_build({w, n}, "palantir"));
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
  Findings f = check_game(*m, *m->game("palantir"));
  EXPECT_TRUE(f.empty()) << dump(f);  // ...but no module runs, and the declared checks pass
}

}  // namespace
}  // namespace kw::rules
