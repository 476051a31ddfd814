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

}  // namespace
}  // namespace kw::studio
