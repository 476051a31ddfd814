// The watcher sees files change in the watched folders, new subfolders included.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>

#include "studio/watcher.h"
#include "support/test_support.h"

namespace kw::studio {
namespace {

constexpr std::chrono::milliseconds kPatience{5000};  // no timing is asserted: only that it comes

std::vector<std::string> wait_for(Watcher& watcher, const std::string& path) {
  std::vector<std::string> all;
  for (int i = 0; i < 5; ++i) {
    auto changed = watcher.wait(kPatience);
    all.insert(all.end(), changed.begin(), changed.end());
    if (std::find(all.begin(), all.end(), path) != all.end()) break;
  }
  return all;
}

TEST(StudioWatcher, ReportsChangedFilesAsProjectPaths) {
  test::TempDir dir;
  std::filesystem::create_directories(dir.path() / "data/games");
  Watcher watcher(dir.path());
  std::ofstream(dir.path() / "data/games/x.yaml") << "a: 1\n";
  auto changed = wait_for(watcher, "data/games/x.yaml");
  EXPECT_NE(std::find(changed.begin(), changed.end(), "data/games/x.yaml"), changed.end());
}

TEST(StudioWatcher, WatchesNewSubfolders) {
  test::TempDir dir;
  std::filesystem::create_directories(dir.path() / "templates");
  Watcher watcher(dir.path());
  std::filesystem::create_directories(dir.path() / "templates/neu");
  wait_for(watcher, "templates/neu");
  std::ofstream(dir.path() / "templates/neu/a.svg") << "<svg/>";
  auto changed = wait_for(watcher, "templates/neu/a.svg");
  EXPECT_NE(std::find(changed.begin(), changed.end(), "templates/neu/a.svg"), changed.end());
}

TEST(StudioWatcher, IgnoresFoldersItDoesNotWatch) {
  test::TempDir dir;
  std::filesystem::create_directories(dir.path() / "output");
  std::filesystem::create_directories(dir.path() / "data");
  Watcher watcher(dir.path());
  std::ofstream(dir.path() / "output/x.png") << "x";
  EXPECT_TRUE(watcher.wait(std::chrono::milliseconds(200)).empty());
}

// A symbolic link to a folder is a file to the watcher: the folder it
// leads to (outside the project here) is neither listed nor watched.
TEST(StudioWatcher, DoesNotFollowALinkedFolderOutOfTheProject) {
  test::TempDir dir, outside;
  std::filesystem::create_directories(dir.path() / "data");
  std::filesystem::create_directories(outside.path() / "deep/er");
  std::filesystem::create_directory_symlink(outside.path(), dir.path() / "data/shared");
  Watcher watcher(dir.path());
  EXPECT_EQ(watcher.watched(), (std::vector<std::string>{"data"}));
  std::ofstream(outside.path() / "deep/x.yaml") << "a: 1\n";
  std::ofstream(dir.path() / "data/marker.yaml") << "a: 1\n";
  auto changed = wait_for(watcher, "data/marker.yaml");
  for (const auto& path : changed) EXPECT_EQ(path.find("shared/"), std::string::npos) << path;
}

// Two links to "." (and a loop of real folders through bind mounts would be
// the same): the watcher starts, and watches each folder once.
TEST(StudioWatcher, StartsWithLinksThatLoop) {
  test::TempDir dir;
  std::filesystem::create_directories(dir.path() / "data/games");
  std::filesystem::create_directory_symlink(".", dir.path() / "data/a");
  std::filesystem::create_directory_symlink(".", dir.path() / "data/b");
  std::filesystem::create_directory_symlink("..", dir.path() / "data/games/up");
  Watcher watcher(dir.path());
  EXPECT_EQ(watcher.watched(), (std::vector<std::string>{"data", "data/games"}));
  std::ofstream(dir.path() / "data/games/x.yaml") << "a: 1\n";
  auto changed = wait_for(watcher, "data/games/x.yaml");
  EXPECT_NE(std::find(changed.begin(), changed.end(), "data/games/x.yaml"), changed.end());
}

// A tree deeper than the bound is watched to the bound, with a note.
TEST(StudioWatcher, ATreeDeeperThanTheBoundIsWatchedToIt) {
  test::TempDir dir;
  std::filesystem::path deep = dir.path() / "data";
  for (int i = 0; i < Watcher::kMaxDepth + 5; ++i) deep /= "d";
  std::filesystem::create_directories(deep);
  Watcher watcher(dir.path());
  EXPECT_EQ(watcher.watched().size(), static_cast<size_t>(Watcher::kMaxDepth + 1));
  auto notes = watcher.take_notes();
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_NE(notes[0].find("deeper than"), std::string::npos) << notes[0];
}

// An editor or a `git checkout` that replaces data/ as a whole: the new
// folder is watched, the old one (moved away) is not reported any more.
TEST(StudioWatcher, FollowsAFolderReplacedAsAWhole) {
  test::TempDir dir;
  std::filesystem::create_directories(dir.path() / "data/games");
  Watcher watcher(dir.path());
  std::filesystem::create_directories(dir.path() / "new/games");
  std::filesystem::rename(dir.path() / "data", dir.path() / "old");
  std::filesystem::rename(dir.path() / "new", dir.path() / "data");
  auto replaced = wait_for(watcher, "data");
  EXPECT_NE(std::find(replaced.begin(), replaced.end(), "data"), replaced.end());
  EXPECT_EQ(watcher.watched(), (std::vector<std::string>{"data", "data/games"}));
  std::ofstream(dir.path() / "old/games/stale.yaml") << "a: 1\n";
  std::ofstream(dir.path() / "data/games/x.yaml") << "a: 1\n";
  auto changed = wait_for(watcher, "data/games/x.yaml");
  EXPECT_NE(std::find(changed.begin(), changed.end(), "data/games/x.yaml"), changed.end());
  EXPECT_EQ(std::find(changed.begin(), changed.end(), "data/games/stale.yaml"), changed.end());
}

TEST(StudioWatcher, FollowsAFolderRemovedAndMadeAgain) {
  test::TempDir dir;
  std::filesystem::create_directories(dir.path() / "layouts/x");
  Watcher watcher(dir.path());
  std::filesystem::remove_all(dir.path() / "layouts");
  wait_for(watcher, "layouts");
  std::filesystem::create_directories(dir.path() / "layouts/x");
  wait_for(watcher, "layouts");
  std::ofstream(dir.path() / "layouts/x/card.yaml") << "a: 1\n";
  auto changed = wait_for(watcher, "layouts/x/card.yaml");
  EXPECT_NE(std::find(changed.begin(), changed.end(), "layouts/x/card.yaml"), changed.end());
}

}  // namespace
}  // namespace kw::studio
