// The build cache end to end: a copy of the real project is built, then one
// kind of input after another is edited, and each rebuild must render exactly
// the cards the edit reaches (their PNGs change, no other card file is even
// rewritten) and must leave every file byte-identical to a build of the same
// input without the cache (--no-cache): the cache never serves stale output.
#include <gtest/gtest.h>

#include <map>
#include <regex>
#include <set>

#include "core/files.h"
#include "print/manifest/sha256.h"
#include "support/mini_project.h"

namespace kw {
namespace {

namespace fs = std::filesystem;
using test::kartenwerk;
using test::quoted;

// Every file under `dir` by relative path: its SHA-256 and modification time.
struct FileState {
  std::string sha256;
  fs::file_time_type time;
};
std::map<std::string, FileState> files_under(const fs::path& dir) {
  std::map<std::string, FileState> out;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (e.is_regular_file())
      out[e.path().lexically_relative(dir).generic_string()] = {print::sha256_file(e.path()), e.last_write_time()};
  return out;
}

class IncrementalBuild : public ::testing::Test {
 protected:
  void SetUp() override {
    for (const char* folder : {"data", "layouts", "templates", "fonts"})
      fs::copy(test::source_root() / folder, root_.path() / folder, fs::copy_options::recursive);
    // A small game keeps the test quick; Palantír has cards, backs, a booklet and PnP sheets.
    ASSERT_EQ(build(), "56 cards rendered");
  }

  // Builds into out/ with the test's cache; returns the summary of what was
  // rendered ("2 of 56 cards rendered (54 from the cache)", "up to date").
  std::string build(const std::string& extra = "") {
    auto r = kartenwerk("--root " + quoted(root_.path()) + " build --game palantir --cache " + quoted(cache_.path()) +
                        " --out " + quoted(out_.path()) + " " + extra);
    EXPECT_EQ(r.status, 0) << r.output;
    std::smatch m;
    if (std::regex_search(r.output, m, std::regex(R"(palantir: up to date)"))) return "up to date";
    if (std::regex_search(r.output, m, std::regex(R"(files in [^,\n]*, ([^\n]*))"))) return m[1];
    return r.output;
  }

  void edit(const std::string& file, const std::string& from, const std::string& to) {
    const fs::path path = root_.path() / file;
    write_file_atomic(path, test::replace(*read_file(path), from, to));
  }

  // Rebuilds after an edit; checks that exactly the card files `changed`
  // (stems) got new bytes, that no other card file was rewritten, and that
  // the output is what a build without the cache gives.
  void expect_rebuild(const std::set<std::string>& changed) {
    const auto before = files_under(out_.path() / "palantir");
    const std::string summary = build();
    const auto after = files_under(out_.path() / "palantir");
    std::set<std::string> new_bytes, rewritten;
    for (const auto& [path, state] : after) {
      if (!path.starts_with("cards/")) continue;
      const std::string stem = fs::path(path).stem().string();
      const auto& old = before.at(path);
      if (old.sha256 != state.sha256) new_bytes.insert(stem);
      if (old.time != state.time) rewritten.insert(stem);
    }
    EXPECT_EQ(new_bytes, changed);
    EXPECT_EQ(rewritten, changed);
    const std::string expected = changed.empty() ? "0 of 56 cards rendered (56 from the cache)"
                                                 : std::to_string(changed.size()) + " of 56 cards rendered (" +
                                                       std::to_string(56 - changed.size()) + " from the cache)";
    EXPECT_EQ(summary, expected);

    test::TempDir clean;
    auto r = kartenwerk("--root " + quoted(root_.path()) + " build --game palantir --no-cache --out " +
                        quoted(clean.path()));
    ASSERT_EQ(r.status, 0) << r.output;
    const auto fresh = files_under(clean.path() / "palantir");
    ASSERT_EQ(fresh.size(), after.size());
    for (const auto& [path, state] : fresh) {
      if (path == "manifest.json") continue;  // it names the output folder's files, which are the same
      ASSERT_TRUE(after.count(path)) << path;
      EXPECT_EQ(after.at(path).sha256, state.sha256) << path << " differs from a build without the cache";
    }
  }

  test::TempDir root_, cache_, out_;
};

TEST_F(IncrementalBuild, NothingChangedIsUpToDateAndTouchingAnOutputRebuildsIt) {
  EXPECT_EQ(build(), "up to date");
  fs::remove(out_.path() / "palantir/cards/05-rhovanion-hobbit-1.png");
  EXPECT_EQ(build(), "0 of 56 cards rendered (56 from the cache)");
  EXPECT_TRUE(fs::exists(out_.path() / "palantir/cards/05-rhovanion-hobbit-1.png"));
  EXPECT_EQ(build(), "up to date");
  EXPECT_EQ(build("--no-cache"), "56 cards rendered");
}

TEST_F(IncrementalBuild, EachKindOfInputReRendersExactlyTheCardsItReaches) {
  // A card's data entry: both copies of that card.
  edit("data/games/palantir.yaml", "good: { name: Pippin }", "good: { name: Pippo }");
  expect_rebuild({"01-gondor-hobbit-1", "02-gondor-hobbit-2"});
  // A shared table row (a region's colour): every card of that region.
  edit("data/games/palantir.yaml", "background: \"#11412d\"", "background: \"#11512d\"");
  expect_rebuild({"03-rohan-hobbit-1", "04-rohan-hobbit-2", "11-rohan-erbe-1", "12-rohan-erbe-2",
                  "19-rohan-ringtraeger-1", "20-rohan-ringtraeger-2", "27-rohan-koenig-1", "28-rohan-koenig-2",
                  "35-rohan-streitkraft-1", "36-rohan-streitkraft-2", "43-rohan-artefakt-1", "44-rohan-artefakt-2"});
  // A layout: the back's (its art is drawn to the trim instead of the bleed).
  edit("layouts/palantir/back.yaml", "area: bleed", "area: trim");
  expect_rebuild({"00-back"});
  // An art file: the hobbit cards draw it.
  edit("templates/palantir/class-hobbit.svg", "viewBox=\"0 0 100 100\"", "viewBox=\"0 0 100 110\"");
  expect_rebuild({"01-gondor-hobbit-1", "02-gondor-hobbit-2", "03-rohan-hobbit-1", "04-rohan-hobbit-2",
                  "05-rhovanion-hobbit-1", "06-rhovanion-hobbit-2", "07-mordor-hobbit-1", "08-mordor-hobbit-2"});
  // Print settings: no card, only the sheets.
  edit("data/print/sheets.yaml", "margin: 6.35", "margin: 7");
  expect_rebuild({});
}

}  // namespace
}  // namespace kw
