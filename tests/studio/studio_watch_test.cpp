// The studio following the project's folders through the watcher, on the
// mini project on disk: an edit reaches the event stream also after the
// folder it is in was replaced as a whole (an editor's or git's way to save).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "studio/studio.h"
#include "support/mini_project.h"

namespace kw::studio {
namespace {

namespace fs = std::filesystem;

// Whether an event after `cursor` names `stem` (within a patience that is
// no assertion of time); `cursor` moves on to the events read.
bool event_names(Studio& studio, std::uint64_t& cursor, const std::string& stem) {
  for (int i = 0; i < 60; ++i)
    for (const Event& e : studio.events_after(cursor, std::chrono::seconds(1))) {
      cursor = e.id;
      if (e.json.find("\"stem\":\"" + stem + "\"") != std::string::npos) return true;
    }
  return false;
}

TEST(StudioWatch, EditsReachThePageAfterDataIsReplacedAsAWhole) {
  test::MiniProject mini;
  Studio studio(mini.root());
  std::string error;
  ASSERT_TRUE(studio.state({"mini", "de", ""}, error)) << error;
  studio.watch();
  const fs::path& root = mini.root();
  std::uint64_t cursor = studio.last_event();
  // The new folder holds an edit already: its event says the replacement was seen.
  fs::copy(root / "data", root / "data.new", fs::copy_options::recursive);
  fs::remove(root / "data.new/games/mini.yaml");
  std::ofstream(root / "data.new/games/mini.yaml")
      << test::replace(test::MiniProject::game_yaml(), "name: Nazgûl", "name: Kankra");
  fs::rename(root / "data", root / "data.old");
  fs::rename(root / "data.new", root / "data");
  EXPECT_TRUE(event_names(studio, cursor, "03-beta"));
  // Then an edit inside the new folder: it must be watched.
  mini.write(mini.game_file(), test::replace(test::MiniProject::game_yaml(), "name: Nazgûl", "name: Gollum"));
  EXPECT_TRUE(event_names(studio, cursor, "03-beta"));
  // The old folder is no part of the project any more: an edit there is not news.
  std::ofstream(root / "data.old/games/mini.yaml") << "broken: [\n";
  auto state = studio.state({"mini", "de", ""}, error);
  ASSERT_TRUE(state);
  EXPECT_FALSE(state->stale);
}

}  // namespace
}  // namespace kw::studio
