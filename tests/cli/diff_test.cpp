// kartenwerk diff REV on the mini fixture kept in a git repository: the
// cards whose page changed since a commit, each with what changed (a field,
// the layout, the art), cards added and removed, JSON for machines, and a
// clear refusal of what is no revision.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "support/mini_project.h"

namespace kw {
namespace {

using test::kartenwerk;
using test::MiniProject;
using test::quoted;

// The mini project on disk, committed as the repository's first commit.
struct Repo {
  Repo() {
    const std::string git = "git -C " + quoted(p.root()) + " -c user.name=Test -c user.email=test@example.org ";
    std::string out;
    EXPECT_EQ(test::run_command(git + "init -q", &out), 0) << out;
    EXPECT_EQ(test::run_command(git + "add -A", &out), 0) << out;
    EXPECT_EQ(test::run_command(git + "commit -q -m first", &out), 0) << out;
  }
  test::Run diff(const std::string& args = "") const {
    return kartenwerk("--root " + quoted(p.root()) + " diff " + args);
  }
  MiniProject p;
};

// The line of `stem` in diff's text output ("" when it has none).
std::string line_of(const std::string& output, const std::string& stem) {
  auto at = output.find(" " + stem + " ");
  if (at == std::string::npos) return "";
  auto start = output.rfind('\n', at) + 1;
  return output.substr(start, output.find('\n', at) - start);
}

TEST(Diff, NothingChangedSaysSo) {
  Repo r;
  auto run = r.diff();
  ASSERT_EQ(run.status, 0) << run.output;
  EXPECT_NE(run.output.find("mini: 0 of 4 cards changed since HEAD"), std::string::npos) << run.output;
}

TEST(Diff, AFieldChangesOnlyItsCards) {
  Repo r;
  r.p.write(r.p.game_file(), test::replace(MiniProject::game_yaml(), "name: Nazgûl", "name: Nazgûl-Fürst"));
  auto run = r.diff("HEAD");
  ASSERT_EQ(run.status, 0) << run.output;
  EXPECT_NE(run.output.find("mini: 1 of 4 cards changed"), std::string::npos) << run.output;
  EXPECT_NE(line_of(run.output, "03-beta").find("changed"), std::string::npos) << run.output;
  EXPECT_NE(line_of(run.output, "03-beta").find("fields name"), std::string::npos) << run.output;
  EXPECT_EQ(line_of(run.output, "01-alpha-1"), "") << run.output;
}

TEST(Diff, TheLayoutAndTheArtAreNamed) {
  Repo r;
  r.p.write("layouts/mini/card.yaml",
            test::replace(r.p.text("layouts/mini/card.yaml"), "box: [5, 40, 49, 10]", "box: [5, 42, 49, 10]"));
  r.p.write("templates/mini/emblem.svg", test::replace(r.p.text("templates/mini/emblem.svg"), "r=\"4\"", "r=\"3\""));
  auto run = r.diff();
  ASSERT_EQ(run.status, 0) << run.output;
  const std::string alpha = line_of(run.output, "01-alpha-1");
  EXPECT_NE(alpha.find("layout layouts/mini/card.yaml"), std::string::npos) << run.output;
  EXPECT_NE(alpha.find("art templates/mini/emblem.svg"), std::string::npos) << run.output;
  EXPECT_EQ(line_of(run.output, "00-back"), "") << "the back's page did not change\n" << run.output;
}

TEST(Diff, AddedAndRemovedCardsAsJson) {
  Repo r;
  std::string game = test::replace(MiniProject::game_yaml(), "        - id: beta\n", "        - id: gamma\n");
  game = test::replace(game, "name: Nazgûl", "name: Ork");
  r.p.write(r.p.game_file(), game);
  auto run = r.diff("--format json");
  ASSERT_EQ(run.status, 0) << run.output;
  const auto report = nlohmann::json::parse(run.output.substr(run.output.find('{')));
  ASSERT_EQ(report["games"].size(), 1u);
  std::map<std::string, std::string> kinds;
  for (const auto& c : report["games"][0]["changes"]) kinds[c["card"]] = c["kind"];
  EXPECT_EQ(kinds["gamma"], "added");
  EXPECT_EQ(kinds["beta"], "removed");
  EXPECT_EQ(kinds.count("alpha-1"), 0u);
  EXPECT_EQ(report["commit"].get<std::string>().size(), 40u);
}

TEST(Diff, WhatIsNoRevisionIsRefused) {
  Repo r;
  auto unknown = r.diff("no-such-tag");
  EXPECT_EQ(unknown.status, 2) << unknown.output;
  EXPECT_NE(unknown.output.find("unknown git revision 'no-such-tag'"), std::string::npos) << unknown.output;

  MiniProject outside;  // not in a repository
  auto plain = kartenwerk("--root " + quoted(outside.root()) + " diff");
  EXPECT_EQ(plain.status, 2) << plain.output;
  EXPECT_NE(plain.output.find("not in a git repository"), std::string::npos) << plain.output;
}

}  // namespace
}  // namespace kw
