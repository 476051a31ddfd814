// build --skip overview,tts,manifest,pnp,shop end to end: the files asked to
// be left out are not written, everything else is byte for byte what a whole
// build writes, and a later whole build makes the skipped files (it is not
// "up to date").
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "core/files.h"
#include "support/mini_project.h"

namespace kw {
namespace {

namespace fs = std::filesystem;
using test::kartenwerk;
using test::quoted;

// Every file under `dir` (relative path -> bytes).
std::map<std::string, std::string> files_under(const fs::path& dir) {
  std::map<std::string, std::string> files;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (e.is_regular_file()) files[e.path().lexically_relative(dir).string()] = *read_file(e.path());
  return files;
}

TEST(SkipOption, LeavesOutOnlyWhatItNames) {
  test::MiniProject p;
  test::TempDir whole, skipped;
  auto r =
      kartenwerk("--root " + quoted(p.root()) + " build --no-cache --format png,jpg --out " + quoted(whole.path()));
  ASSERT_EQ(r.status, 0) << r.output;
  r = kartenwerk("--root " + quoted(p.root()) +
                 " build --no-cache --format png,jpg --skip overview,tts,manifest --out " + quoted(skipped.path()));
  ASSERT_EQ(r.status, 0) << r.output;
  const auto all = files_under(whole.path() / "mini"), some = files_under(skipped.path() / "mini");
  ASSERT_TRUE(all.count("overview.png"));
  ASSERT_TRUE(all.count("manifest.json"));
  bool tts = false;
  for (const auto& [name, bytes] : all) tts = tts || name.starts_with("tts/");
  ASSERT_TRUE(tts) << "the mini game has TTS sheets to leave out";
  int cards = 0;
  for (const auto& [name, bytes] : all) {
    const bool left_out = name == "overview.png" || name == "manifest.json" || name.starts_with("tts/");
    EXPECT_EQ(some.count(name), left_out ? 0u : 1u) << name;
    if (!left_out && some.count(name)) {
      EXPECT_TRUE(some.at(name) == bytes) << name << " differs from the whole build's";
      cards += name.starts_with("cards/");
    }
  }
  EXPECT_GE(cards, 3);
  for (const auto& [name, bytes] : some) EXPECT_TRUE(all.count(name)) << name << ": not made by the whole build";

  // One of them alone.
  test::TempDir no_overview;
  r = kartenwerk("--root " + quoted(p.root()) + " build --no-cache --format png --skip overview --out " +
                 quoted(no_overview.path()));
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_FALSE(fs::exists(no_overview.path() / "mini/overview.png"));
  EXPECT_TRUE(fs::exists(no_overview.path() / "mini/manifest.json"));
}

TEST(SkipOption, AWholeBuildAfterASkippingOneMakesTheSkippedFiles) {
  test::MiniProject p;
  test::TempDir cache, out, clean;
  auto build = [&](const std::string& args) {
    return kartenwerk("--root " + quoted(p.root()) + " build --format png --cache " + quoted(cache.path()) + " --out " +
                      quoted(out.path()) + " " + args);
  };
  auto r = build("--skip overview");
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_FALSE(fs::exists(out.path() / "mini/overview.png"));
  r = build("");
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_EQ(r.output.find("up to date"), std::string::npos) << r.output;
  r = kartenwerk("--root " + quoted(p.root()) + " build --format png --no-cache --out " + quoted(clean.path()));
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_TRUE(read_file(out.path() / "mini/overview.png") == read_file(clean.path() / "mini/overview.png"));
  // And the same again is up to date.
  r = build("");
  EXPECT_NE(r.output.find("up to date"), std::string::npos) << r.output;
}

// The mini project with the real print settings: PnP sheets, the shop
// profiles (Meinspiel's package by default), their press conditions.
struct PrintProject : test::MiniProject {
  PrintProject() {
    for (const char* f : {"data/print/sheets.yaml", "data/print/profiles.yaml", "data/print/color.yaml",
                          "data/print/icc/kartenwerk-fogra39-300.icc", "data/print/icc/kartenwerk-gracol-240.icc"})
      write(f, *read_file(test::source_root() / f));
  }
};

TEST(SkipOption, PnpAndShopLeaveOutTheSheetsAndThePackageOnly) {
  PrintProject p;
  test::TempDir whole, skipped, no_pnp;
  // The TTS saved objects name their sheets by URL: one that is not the
  // output folder's, so that both builds' are the same.
  const std::string build =
      "--root " + quoted(p.root()) + " build --no-cache --format pdf,jpg --tts-url https://example.org/mini/ ";
  auto r = kartenwerk(build + "--out " + quoted(whole.path()));
  ASSERT_EQ(r.status, 0) << r.output;
  r = kartenwerk(build + "--skip pnp,shop --out " + quoted(skipped.path()));
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_EQ(r.output.find("print & play"), std::string::npos) << "no sheets, no word of their layout\n" << r.output;
  const auto all = files_under(whole.path() / "mini"), some = files_under(skipped.path() / "mini");
  ASSERT_TRUE(all.count("meinspiel/fronts.pdf")) << "the mini game has a shop package to leave out";
  ASSERT_TRUE(all.count("meinspiel/backs.pdf"));
  bool pnp = false;
  for (const auto& [name, bytes] : all) pnp = pnp || name.starts_with("pnp/");
  ASSERT_TRUE(pnp) << "the mini game has PnP sheets to leave out";
  int kept = 0;
  for (const auto& [name, bytes] : all) {
    // The package's PDFs go; the card JPEGs it shares with the game (its
    // images folder is where the game's own JPEGs are) stay.
    const bool left_out = name.starts_with("pnp/") || name == "meinspiel/fronts.pdf" || name == "meinspiel/backs.pdf";
    EXPECT_EQ(some.count(name), left_out ? 0u : 1u) << name;
    if (left_out || !some.count(name) || name == "manifest.json") continue;  // the manifest lists what is there
    EXPECT_TRUE(some.at(name) == bytes) << name << " differs from the whole build's";
    ++kept;
  }
  EXPECT_GE(kept, 5) << "the game PDF, its side PDFs and the card JPEGs";
  EXPECT_TRUE(some.count("mini.pdf"));
  for (const auto& [name, bytes] : some) EXPECT_TRUE(all.count(name)) << name << ": not made by the whole build";

  // pnp alone keeps the package.
  r = kartenwerk(build + "--skip pnp --out " + quoted(no_pnp.path()));
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_TRUE(fs::exists(no_pnp.path() / "mini/meinspiel/fronts.pdf"));
  EXPECT_FALSE(fs::exists(no_pnp.path() / "mini/pnp"));
}

TEST(SkipOption, ShopWithTheProfileItWouldLeaveOutIsAWrongCommandLine) {
  PrintProject p;
  test::TempDir out;
  auto r = kartenwerk("--root " + quoted(p.root()) + " build --skip shop --profile drivethrucards --out " +
                      quoted(out.path()));
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_NE(r.output.find("--skip shop leaves out the package --profile drivethrucards asks for"), std::string::npos)
      << r.output;
  EXPECT_FALSE(fs::exists(out.path() / "mini"));
}

TEST(SkipOption, AnUnknownNameIsAWrongCommandLine) {
  test::MiniProject p;
  test::TempDir out;
  auto r = kartenwerk("--root " + quoted(p.root()) + " build --skip overview,cards --out " + quoted(out.path()));
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_NE(r.output.find("'cards'"), std::string::npos) << r.output;
  EXPECT_FALSE(fs::exists(out.path() / "mini"));
}

}  // namespace
}  // namespace kw
