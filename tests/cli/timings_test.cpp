// build --timings FILE and build -v end to end: the trace is Chrome
// trace-event JSON with a render span per card and a span of every other
// stage, -v prints the summary, and neither changes a file the build writes.
// Nothing here asserts how long anything took.
#include <gtest/gtest.h>

#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include "core/files.h"
#include "support/mini_project.h"

namespace kw {
namespace {

namespace fs = std::filesystem;
using test::kartenwerk;
using test::quoted;

// Every file under `dir` but `except`, by path relative to it.
std::map<std::string, std::string> files_under(const fs::path& dir, const fs::path& except = {}) {
  std::map<std::string, std::string> files;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (e.is_regular_file() && e.path() != except)
      files[e.path().lexically_relative(dir).generic_string()] = *test::output_bytes(e.path());
  return files;
}

TEST(BuildTimings, TraceHasEveryStageAndTheOutputIsUnchanged) {
  test::MiniProject p;
  p.write("data/print/sheets.yaml", *read_file(test::source_root() / "data/print/sheets.yaml"));
  test::TempDir timed, plain;
  const fs::path trace_file = timed.path() / "timings.json";  // beside the game's folder
  auto r = kartenwerk("--root " + quoted(p.root()) + " build --no-cache -v --timings " + quoted(trace_file) +
                      " --out " + quoted(timed.path()));
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("Time per stage:"), std::string::npos) << r.output;
  for (const char* row : {"\nload ", "\nrender ", "\ngame pdf ", "\nwall "})
    EXPECT_NE(r.output.find(row), std::string::npos) << row << " not in\n" << r.output;

  const auto trace = nlohmann::json::parse(*read_file(trace_file));  // throws on invalid JSON
  ASSERT_TRUE(trace["traceEvents"].is_array());
  std::map<std::string, std::multiset<std::string>> cards_of;  // stage -> cards
  for (const auto& e : trace["traceEvents"]) {
    EXPECT_EQ(e["pid"], 1);
    if (e["ph"] == "M") continue;
    ASSERT_EQ(e["ph"], "X") << e;
    EXPECT_GE(e["ts"].get<int64_t>(), 0) << e;
    EXPECT_GE(e["dur"].get<int64_t>(), 0) << e;
    EXPECT_TRUE(e["tid"].is_number_integer()) << e;
    const auto& args = e["args"];
    if (e["name"] != "load" && e["name"] != "fonts") {  // once per language, for all its games
      EXPECT_EQ(args.value("game", ""), "mini") << e;
    }
    cards_of[e["name"].get<std::string>()].insert(args.value("card", ""));
  }
  std::multiset<std::string> stems;
  for (const auto& e : fs::directory_iterator(timed.path() / "mini" / "cards")) stems.insert(e.path().stem().string());
  EXPECT_GE(stems.size(), 4u);  // three cards and a back
  EXPECT_EQ(cards_of["render"], stems);
  EXPECT_EQ(cards_of["encode png"], stems);
  EXPECT_EQ(cards_of["encode jpeg"], stems);
  for (const char* stage :
       {"load", "check", "layout", "game pdf", "side pdfs", "pnp sheets", "overview", "tts", "manifest"})
    EXPECT_TRUE(cards_of.count(stage)) << stage << " not in the trace";

  r = kartenwerk("--root " + quoted(p.root()) + " build --no-cache --out " + quoted(plain.path()));
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_EQ(r.output.find("Time per stage"), std::string::npos) << r.output;
  const auto with = files_under(timed.path(), trace_file), without = files_under(plain.path());
  ASSERT_EQ(with.size(), without.size());
  for (const auto& [file, bytes] : without) {
    ASSERT_TRUE(with.count(file)) << file;
    EXPECT_TRUE(with.at(file) == bytes) << file << " differs with --timings";
  }
  EXPECT_EQ(with.at("mini/manifest.json").find("timings"), std::string::npos);
}

TEST(BuildTimings, ATraceInAGameFolderOrTheCacheIsRefusedBeforeAnythingIsBuilt) {
  test::MiniProject p;
  test::TempDir out, cache;
  const std::string build = "--root " + quoted(p.root()) + " build --format png --cache " + quoted(cache.path()) +
                            " --out " + quoted(out.path());
  auto r = kartenwerk(build + " --timings " + quoted(out.path() / "mini" / "manifest.json"));
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_NE(r.output.find("--timings"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("a folder below --out"), std::string::npos) << r.output;
  EXPECT_FALSE(fs::exists(out.path() / "mini")) << "built although refused";

  ASSERT_EQ(kartenwerk(build).status, 0);
  const auto manifest = read_file(out.path() / "mini" / "manifest.json");
  ASSERT_TRUE(manifest);
  // Also through a name with "..", and in a folder that does not exist yet.
  for (const fs::path& named : {out.path() / "x" / ".." / "mini" / "manifest.json",
                                out.path() / "mini" / "new" / "t.json", cache.path() / "t.json"}) {
    r = kartenwerk(build + " --timings " + quoted(named));
    EXPECT_EQ(r.status, 2) << named << "\n" << r.output;
    EXPECT_EQ(read_file(out.path() / "mini" / "manifest.json"), manifest) << named;
  }
  EXPECT_FALSE(fs::exists(out.path() / "mini" / "new"));
  EXPECT_FALSE(fs::exists(cache.path() / "t.json"));
  r = kartenwerk(build + " --timings " + quoted(out.path() / "mini"));
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_NE(r.output.find("is a folder"), std::string::npos) << r.output;
  // Places no file can be written at: said before the build, not after it.
  p.write("a-file", "x");
  for (const fs::path& named : {p.root() / "new-folder" / "", p.root() / "a-file" / "t.json"}) {
    r = kartenwerk(build + " --timings " + quoted(named));
    EXPECT_EQ(r.status, 2) << named << "\n" << r.output;
    EXPECT_EQ(r.output.find("files in"), std::string::npos) << "built although refused:\n" << r.output;
  }
  // The cache is refused with --no-cache too: its entries are another build's.
  r = kartenwerk(build + " --no-cache --timings " + quoted(cache.path() / "t.json"));
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_FALSE(fs::exists(cache.path() / "t.json"));
  r = kartenwerk(build + " --timings " + quoted(out.path() / "t.json"));  // beside the games: written
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_TRUE(fs::exists(out.path() / "t.json"));
  EXPECT_EQ(read_file(out.path() / "mini" / "manifest.json"), manifest);
}

TEST(BuildTimings, ATraceBesideTheGamesOfAFolderNotMadeYetIsWritten) {
  test::MiniProject p;
  test::TempDir top;
  // --out with a trailing slash, naming a folder that does not exist yet.
  const fs::path out = top.path() / "new", trace = out / "trace.json";
  auto r = kartenwerk("--root " + quoted(p.root()) + " build --no-cache --format png --out " +
                      quoted(fs::path(out.string() + "/")) + " --timings " + quoted(trace));
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_TRUE(fs::exists(trace));
  EXPECT_TRUE(fs::exists(out / "mini" / "manifest.json"));
}

// A folder where no file can be made (even as root): known only when the
// trace is written, after the build, which stands.
TEST(BuildTimings, AnUnwritableTraceFails) {
  test::MiniProject p;
  test::TempDir out;
  auto r = kartenwerk("--root " + quoted(p.root()) + " build --no-cache --format png --timings " +
                      quoted(fs::path("/proc/kartenwerk-trace.json")) + " --out " + quoted(out.path()));
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_NE(r.output.find("--timings: cannot write"), std::string::npos) << r.output;
  EXPECT_TRUE(fs::exists(out.path() / "mini" / "manifest.json"));
}

}  // namespace
}  // namespace kw
