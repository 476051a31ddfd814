// kartenwerk diff --since-build on the mini fixture: the cards whose page
// changed since the last build, read from the card records of its
// manifest.json (no git), each with what changed; nothing for input as it
// was built; the manifest byte for byte the same for the same input; a
// clear error naming the build to run when there is none.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "core/files.h"
#include "support/mini_project.h"

namespace kw {
namespace {

using test::kartenwerk;
using test::MiniProject;
using test::quoted;

struct Built {
  Built() { build(); }
  test::Run build(const std::filesystem::path& to = {}) const {
    auto run =
        kartenwerk("--root " + quoted(p.root()) + " build --format png --out " + quoted(to.empty() ? out.path() : to));
    EXPECT_EQ(run.status, 0) << run.output;
    return run;
  }
  test::Run diff(const std::string& args = "") const {
    return kartenwerk("--root " + quoted(p.root()) + " diff --since-build --out " + quoted(out.path()) + " " + args);
  }
  MiniProject p;
  test::TempDir out;
};

// The changes of diff's JSON report, card -> "kind: what; what".
std::map<std::string, std::string> changes_of(const test::Run& run) {
  const auto report = nlohmann::json::parse(run.output.substr(run.output.find('{')));
  std::map<std::string, std::string> out;
  for (const auto& game : report["games"])
    for (const auto& c : game["changes"]) {
      std::string line = c["kind"].get<std::string>() + ":";
      for (const auto& w : c["what"]) line += " " + w.get<std::string>() + ";";
      out[c["stem"].get<std::string>()] = line;
    }
  return out;
}

TEST(DiffSinceBuild, TheInputAsBuiltListsNothing) {
  Built b;
  auto run = b.diff();
  ASSERT_EQ(run.status, 0) << run.output;
  EXPECT_NE(run.output.find("mini: 0 of 4 cards changed since the build in "), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("mini/manifest.json"), std::string::npos) << run.output;
}

TEST(DiffSinceBuild, AFieldAndABackLayoutNumberListExactlyTheirCards) {
  Built b;
  b.p.write(b.p.game_file(), test::replace(MiniProject::game_yaml(), "name: Nazgûl", "name: Nazgûl-Fürst"));
  b.p.write("layouts/mini/back.yaml",
            test::replace(b.p.text("layouts/mini/back.yaml"), "box: [5, 40, 49, 10]", "box: [5, 44, 49, 10]"));
  auto run = b.diff("--format json");
  ASSERT_EQ(run.status, 0) << run.output;
  EXPECT_EQ(changes_of(run), (std::map<std::string, std::string>{
                                 {"03-beta", "changed: fields name;"},
                                 {"00-back", "changed: layout layouts/mini/back.yaml;"},
                             }))
      << run.output;
}

TEST(DiffSinceBuild, TheCardLayoutAndTheArtAreNamedOnEveryFront) {
  Built b;
  b.p.write("layouts/mini/card.yaml",
            test::replace(b.p.text("layouts/mini/card.yaml"), "box: [5, 40, 49, 10]", "box: [5, 42, 49, 10]"));
  b.p.write("templates/mini/emblem.svg", test::replace(b.p.text("templates/mini/emblem.svg"), "r=\"4\"", "r=\"3\""));
  auto run = b.diff("--format json");
  ASSERT_EQ(run.status, 0) << run.output;
  const std::string both = "changed: layout layouts/mini/card.yaml; art templates/mini/emblem.svg;";
  EXPECT_EQ(changes_of(run),
            (std::map<std::string, std::string>{{"01-alpha-1", both}, {"02-alpha-2", both}, {"03-beta", both}}))
      << run.output;
}

TEST(DiffSinceBuild, CardsAddedAndRemovedSinceTheBuild) {
  Built b;
  std::string game = test::replace(MiniProject::game_yaml(), "        - id: beta\n", "        - id: gamma\n");
  b.p.write(b.p.game_file(), game);
  auto run = b.diff();
  ASSERT_EQ(run.status, 0) << run.output;
  EXPECT_NE(run.output.find("added    03-gamma"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("removed  03-beta"), std::string::npos) << run.output;
  // A change undone is no change.
  b.p.write(b.p.game_file(), MiniProject::game_yaml());
  auto undone = b.diff();
  EXPECT_NE(undone.output.find("mini: 0 of 4 cards changed"), std::string::npos) << undone.output;
}

TEST(DiffSinceBuild, TheManifestIsTheSameForTheSameInput) {
  Built b;
  test::TempDir again;
  b.build(again.path());
  const auto first = read_file(b.out.path() / "mini/manifest.json");
  const auto second = read_file(again.path() / "mini/manifest.json");
  ASSERT_TRUE(first && second);
  EXPECT_EQ(*first, *second);
  const auto manifest = nlohmann::json::parse(*first);
  ASSERT_EQ(manifest["cards"].size(), 4u);
  EXPECT_EQ(manifest["cards"][2]["card"], "beta");
  EXPECT_EQ(manifest["cards"][3]["back"], "mini/back");
  EXPECT_TRUE(manifest["cards"][2]["fields"].contains("name"));
}

TEST(DiffSinceBuild, NoBuildNamesTheBuildThatMakesOne) {
  MiniProject p;
  test::TempDir out;
  auto run = kartenwerk("--root " + quoted(p.root()) + " diff --since-build --out " + quoted(out.path()));
  EXPECT_EQ(run.status, 1) << run.output;
  EXPECT_NE(run.output.find("mini/manifest.json: no build of mini to compare with (`kartenwerk build --game mini "
                            "--out "),
            std::string::npos)
      << run.output;
  // A manifest without card records (an older build) says so.
  std::filesystem::create_directories(out.path() / "mini");
  std::ofstream(out.path() / "mini/manifest.json") << "{\"game\": \"mini\", \"files\": []}\n";
  auto old = kartenwerk("--root " + quoted(p.root()) + " diff --since-build --out " + quoted(out.path()));
  EXPECT_EQ(old.status, 1) << old.output;
  EXPECT_NE(old.output.find("mini/manifest.json: records no cards (a build by an older kartenwerk"), std::string::npos)
      << old.output;
  // Nor is what is no manifest read as one.
  std::ofstream(out.path() / "mini/manifest.json") << "{\"cards\": [{\"card\": 3}]";
  auto broken = kartenwerk("--root " + quoted(p.root()) + " diff --since-build --out " + quoted(out.path()));
  EXPECT_EQ(broken.status, 1) << broken.output;
  EXPECT_NE(broken.output.find("mini/manifest.json: is not a kartenwerk manifest"), std::string::npos) << broken.output;
  std::ofstream(out.path() / "mini/manifest.json") << "{\"files\": [], \"cards\": [{\"card\": 3}]}";
  auto malformed = kartenwerk("--root " + quoted(p.root()) + " diff --since-build --out " + quoted(out.path()));
  EXPECT_EQ(malformed.status, 1) << malformed.output;
  EXPECT_NE(malformed.output.find("has a malformed card record (number 1)"), std::string::npos) << malformed.output;
  auto both = kartenwerk("--root " + quoted(p.root()) + " diff HEAD --since-build");
  EXPECT_EQ(both.status, 2) << both.output;
  EXPECT_NE(both.output.find("excludes"), std::string::npos) << both.output;
}

}  // namespace
}  // namespace kw
