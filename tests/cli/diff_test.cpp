// kartenwerk diff REV on the mini fixture kept in a git repository: the
// cards whose page changed since a commit, each with what changed (a field,
// the layout, the art), cards added and removed, JSON for machines, and a
// clear refusal of what is no revision.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "core/files.h"
#include "pdf/pdf_boxes.h"
#include "support/mini_project.h"

namespace kw {
namespace {

using test::kartenwerk;
using test::MiniProject;
using test::quoted;

// The mini project on disk, committed as the repository's first commit.
struct Repo {
  Repo() {
    p.write("data/print/sheets.yaml", *read_file(test::source_root() / "data/print/sheets.yaml"));  // PnP sheets
    const std::string git =
        "git -C " + quoted(p.root()) + " -c user.name=Test -c user.email=test@example.org -c commit.gpgsign=false ";
    std::string out;
    EXPECT_EQ(test::run_command(git + "init -q", &out), 0) << out;
    EXPECT_EQ(test::run_command(git + "add -A", &out), 0) << out;
    EXPECT_EQ(test::run_command(git + "commit -q -m first", &out), 0) << out;
  }
  void commit(const std::string& message) const {
    const std::string git = "git -C " + quoted(p.root()) + " -c user.name=Test -c user.email=test@example.org " +
                            "-c commit.gpgsign=false ";
    std::string out;
    EXPECT_EQ(test::run_command(git + "add -A", &out), 0) << out;
    EXPECT_EQ(test::run_command(git + "commit -q -m '" + message + "'", &out), 0) << out;
  }
  test::Run diff(const std::string& args = "") const {
    return kartenwerk("--root " + quoted(p.root()) + " diff " + args);
  }
  MiniProject p;
};

// The line of `stem` in diff's text output ("" when it has none).
std::string line_of(const std::string& output, const std::string& stem) {
  size_t at = 0;
  while ((at = output.find(" " + stem, at)) != std::string::npos) {
    const size_t end = at + 1 + stem.size();
    if (end == output.size() || output[end] == ' ' || output[end] == '\n') break;
    at = end;
  }
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

TEST(Diff, ARevisionWhoseDataDoesNotLoadComparesNothing) {
  Repo r;
  r.p.write(r.p.game_file(), test::replace(MiniProject::game_yaml(), "points: 11", "points: elf"));
  r.commit("broken");
  r.p.write(r.p.game_file(), MiniProject::game_yaml());
  auto run = r.diff();
  EXPECT_EQ(run.status, 1) << run.output;
  EXPECT_NE(run.output.find("in HEAD ("), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("data/games/mini.yaml:26"), std::string::npos) << "located in the revision\n" << run.output;
  EXPECT_EQ(run.output.find("added"), std::string::npos) << "no card is 'added' for want of a comparison\n"
                                                         << run.output;
}

TEST(Diff, AGameGoneSinceTheRevisionHasItsCardsRemoved) {
  Repo r;
  r.p.write("data/games/other.yaml", test::replace(test::replace(MiniProject::game_yaml(), "id: mini", "id: other"),
                                                   "name: Mini Müll", "name: Andere"));
  const std::string database = r.p.text("data/cards.yaml");
  r.p.write("data/cards.yaml",
            test::replace(database, "  - games/mini.yaml\n", "  - games/mini.yaml\n  - games/other.yaml\n"));
  r.commit("a second game");
  r.p.write("data/cards.yaml", database);
  std::filesystem::remove(r.p.root() / "data/games/other.yaml");
  auto run = r.diff();
  ASSERT_EQ(run.status, 0) << run.output;
  EXPECT_NE(run.output.find("mini: 0 of 4 cards changed"), std::string::npos) << run.output;
  EXPECT_NE(line_of(run.output, "03-beta").find("removed"), std::string::npos) << run.output;
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

namespace fs = std::filesystem;

// The card files of a reprint set, sorted.
std::vector<std::string> card_files(const fs::path& dir) {
  std::vector<std::string> out;
  if (fs::exists(dir / "cards"))
    for (const auto& f : fs::directory_iterator(dir / "cards")) out.push_back(f.path().filename().string());
  std::sort(out.begin(), out.end());
  return out;
}

TEST(Reprint, OnlyTheChangedCardsWithTheirBackAndTheirNumbers) {
  Repo r;
  r.p.write(r.p.game_file(), test::replace(MiniProject::game_yaml(), "name: Nazgûl", "name: Nazgûl-Fürst"));
  test::TempDir out;
  auto run = kartenwerk("--root " + quoted(r.p.root()) + " build --changed-since HEAD --out " + quoted(out.path()));
  ASSERT_EQ(run.status, 0) << run.output;
  const fs::path dir = out.path() / "mini" / "reprint";
  EXPECT_EQ(card_files(dir), (std::vector<std::string>{"00-back.png", "03-beta.png"})) << run.output;
  // The PnP sheet holds the one card: its front page and its back page.
  bool found = false;
  for (const auto& f : fs::directory_iterator(dir / "pnp")) {
    if (f.path().filename().string().find("alignment") != std::string::npos) continue;
    found = true;
    EXPECT_EQ(pdf::read_page_boxes(f.path()).size(), 2u) << f.path();
  }
  EXPECT_TRUE(found) << "no PnP sheet in " << dir;
  EXPECT_FALSE(fs::exists(out.path() / "mini" / "cards")) << "a reprint writes only the reprint set";
}

TEST(Reprint, ANewBackReprintsEveryCardItBacks) {
  Repo r;
  r.p.write("layouts/mini/back.yaml", test::replace(r.p.text("layouts/mini/back.yaml"), "#002e66", "#003e77"));
  test::TempDir out;
  auto run = kartenwerk("--root " + quoted(r.p.root()) + " build --changed-since HEAD --format png --out " +
                        quoted(out.path()));
  ASSERT_EQ(run.status, 0) << run.output;
  EXPECT_EQ(card_files(out.path() / "mini" / "reprint"),
            (std::vector<std::string>{"00-back.png", "01-alpha-1.png", "02-alpha-2.png", "03-beta.png"}))
      << run.output;
}

TEST(Reprint, ANewReprintReplacesTheOldOne) {
  Repo r;
  const std::string back = r.p.text("layouts/mini/back.yaml");
  r.p.write("layouts/mini/back.yaml", test::replace(back, "#002e66", "#003e77"));
  test::TempDir out;
  const std::string args =
      "--root " + quoted(r.p.root()) + " build --changed-since HEAD --format png --out " + quoted(out.path());
  ASSERT_EQ(kartenwerk(args).status, 0);
  const std::filesystem::path dir = out.path() / "mini" / "reprint";
  EXPECT_EQ(card_files(dir).size(), 4u);
  r.p.write("layouts/mini/back.yaml", back);
  r.p.write(r.p.game_file(), test::replace(MiniProject::game_yaml(), "name: Nazgûl", "name: Nazgûl-Fürst"));
  auto second = kartenwerk(args);
  ASSERT_EQ(second.status, 0) << second.output;
  EXPECT_EQ(card_files(dir), (std::vector<std::string>{"00-back.png", "03-beta.png"})) << second.output;
  r.p.write(r.p.game_file(), MiniProject::game_yaml());
  auto none = kartenwerk(args);
  ASSERT_EQ(none.status, 0) << none.output;
  EXPECT_EQ(card_files(dir), std::vector<std::string>{}) << "nothing to reprint leaves no old reprint\n" << none.output;
}

TEST(Reprint, NothingChangedWritesNothing) {
  Repo r;
  test::TempDir out;
  auto run = kartenwerk("--root " + quoted(r.p.root()) + " build --changed-since HEAD --out " + quoted(out.path()));
  ASSERT_EQ(run.status, 0) << run.output;
  EXPECT_NE(run.output.find("no card changed since HEAD; nothing to reprint"), std::string::npos) << run.output;
  EXPECT_FALSE(fs::exists(out.path() / "mini"));
  auto bad = kartenwerk("--root " + quoted(r.p.root()) + " build --changed-since v7 --out " + quoted(out.path()));
  EXPECT_EQ(bad.status, 2) << bad.output;
  EXPECT_NE(bad.output.find("--changed-since: unknown git revision 'v7'"), std::string::npos) << bad.output;
}

}  // namespace
}  // namespace kw
