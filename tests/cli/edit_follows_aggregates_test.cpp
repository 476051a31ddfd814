// The files made of all the cards follow a one-card edit (issue 31): on the
// bench deck (bench/deck.sh) of 75 cards, enough for several rows of the
// overview and two Tabletop Simulator sheets, a rebuild after one card's
// title changed re-makes that card's overview row and TTS sheet only (the
// other sheet is not even rewritten) and renders that card's PDF pages only
// (its page of the game PDF, its PnP sheet's page), converts to CMYK only
// the part of Meinspiel's fronts.pdf that holds it, and every file is byte
// for byte what a build of the same input without the cache writes: the PNG
// sheets, the PDFs (the shop's CMYK PDF/X files too), the card files.
#include <gtest/gtest.h>

#include <map>
#include <regex>
#include <string>

#include "core/files.h"
#include "core/sha256.h"
#include "support/test_support.h"

namespace kw {
namespace {

namespace fs = std::filesystem;
using test::kartenwerk;
using test::quoted;

constexpr int kCards = 75;

// Every file under `dir` by relative path: its SHA-256 (output_bytes: the
// saved objects without the folder they were written to).
std::map<std::string, std::string> hashes_under(const fs::path& dir) {
  std::map<std::string, std::string> out;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (e.is_regular_file())
      out[e.path().lexically_relative(dir).generic_string()] = sha256_hex(*test::output_bytes(e.path()));
  return out;
}

// The count `build -v` gives a stage ("overview    12   ..."), or -1.
int stage_count(const std::string& output, const std::string& stage) {
  std::smatch m;
  if (!std::regex_search(output, m, std::regex("\n" + stage + " +([0-9]+) "))) return -1;
  return std::stoi(m[1]);
}

TEST(EditFollowsAggregates, AOneCardEditRemakesItsRowAndSheetAndEqualsACleanBuild) {
  test::TempDir deck, cache, out, clean;
  std::string log;
  ASSERT_EQ(test::run_command("bash " + quoted(test::source_root() / "bench/deck.sh") + " " + quoted(deck.path()) +
                                  " " + std::to_string(kCards),
                              &log),
            0)
      << log;
  // The project's print settings: its PnP sheet formats (A4, US Letter), so
  // that the deck gets its print-and-play sheets, and its shop profiles with
  // their press conditions, so that it gets Meinspiel's package, whose
  // fronts.pdf and backs.pdf are CMYK PDF/X-4.
  fs::copy(test::source_root() / "data/print", deck.path() / "data/print", fs::copy_options::recursive);
  const std::string build =
      "--root " + quoted(deck.path()) + " build -v --cache " + quoted(cache.path()) + " --out " + quoted(out.path());
  auto first = kartenwerk(build);
  ASSERT_EQ(first.status, 0) << first.output;
  const fs::path game = out.path() / "bench";
  ASSERT_TRUE(fs::exists(game / "tts/bench-1.jpg"));
  ASSERT_TRUE(fs::exists(game / "tts/bench-2.jpg"));
  const auto sheet_one_time = fs::last_write_time(game / "tts/bench-1.jpg");
  const auto before = hashes_under(game);

  // card-72 is on the second TTS sheet (69 cards a sheet) and the last rows
  // of the overview.
  const fs::path yaml = deck.path() / "data/games/bench.yaml";
  std::string text = *read_file(yaml);
  const std::regex title(R"((- \{ id: card-72, title: ")[^"]*)");
  ASSERT_TRUE(std::regex_search(text, title));
  write_file_atomic(yaml, std::regex_replace(text, title, "$1Geändert"));
  auto edit = kartenwerk(build);
  ASSERT_EQ(edit.status, 0) << edit.output;
  EXPECT_NE(edit.output.find("1 of " + std::to_string(kCards + 1) + " cards rendered"), std::string::npos)
      << edit.output;
  // The overview: the edited card's row (its cards, and the sheet written),
  // not the 76 cards.
  const int overview = stage_count(edit.output, "overview");
  EXPECT_GT(overview, 1) << edit.output;
  EXPECT_LT(overview, kCards / 3) << edit.output;
  // The PDFs are joined from parts (products/pdf_parts.h): the game PDF's
  // of 64 pages, the PnP sheets' of one page. The edit renders the game PDF's
  // part holding card-72 (its second: pages 65 to 76, the back last) and
  // the sheet page showing it in each PnP format (A4, US Letter), no other
  // page.
  EXPECT_GT(stage_count(first.output, "pdf page"), kCards) << first.output;
  EXPECT_EQ(stage_count(edit.output, "pdf page"), (kCards + 1 - 64) + 2) << edit.output;
  EXPECT_EQ(stage_count(edit.output, "pdf part copied"), 1) << edit.output;  // the first, from the last file
  // The shop's CMYK PDFs are converted part by part (pdf_parts.h
  // kCmykPagesPerPart, 16 pages): the first build converts the five parts
  // of fronts.pdf and the two distinct ones of backs.pdf (its first four
  // parts are the same back 16 times), the edit only the fronts' part
  // holding card-72; backs.pdf is not touched.
  EXPECT_EQ(stage_count(first.output, "convert cmyk"), 5 + 2) << first.output;
  EXPECT_EQ(stage_count(edit.output, "convert cmyk"), 1) << edit.output;
  // The first TTS sheet is not made again, nor rewritten.
  EXPECT_EQ(fs::last_write_time(game / "tts/bench-1.jpg"), sheet_one_time);
  const auto after = hashes_under(game);
  for (const char* changed : {"overview.png", "bench.pdf", "fronts.pdf", "tts/bench-2.jpg", "pnp/bench-a4.pdf",
                              "pnp/bench-letter.pdf", "meinspiel/fronts.pdf"})
    EXPECT_NE(before.at(changed), after.at(changed)) << changed << " does not show the edit";
  EXPECT_EQ(before.at("tts/bench-1.jpg"), after.at("tts/bench-1.jpg"));
  EXPECT_EQ(before.at("meinspiel/backs.pdf"), after.at("meinspiel/backs.pdf"));
  EXPECT_EQ(before.at("pnp/bench-a4-alignment.pdf"), after.at("pnp/bench-a4-alignment.pdf"));

  auto fresh = kartenwerk("--root " + quoted(deck.path()) + " build --no-cache --out " + quoted(clean.path()));
  ASSERT_EQ(fresh.status, 0) << fresh.output;
  const auto expected = hashes_under(clean.path() / "bench");
  ASSERT_EQ(expected.size(), after.size());
  for (const auto& [path, hash] : expected) {
    ASSERT_TRUE(after.count(path)) << path;
    EXPECT_EQ(after.at(path), hash) << path << " differs from a build without the cache";
  }

  // An edit of the first part: it is rendered, and the second is joined
  // from the cache, not copied, since fronts.pdf ends within it (on page 75
  // of 76: pdf_rewrite.h copy_part); the bytes are again a clean build's.
  text = *read_file(yaml);
  const std::regex first_part(R"((- \{ id: card-3, title: ")[^"]*)");
  ASSERT_TRUE(std::regex_search(text, first_part));
  write_file_atomic(yaml, std::regex_replace(text, first_part, "$1Vorn"));
  auto early = kartenwerk(build);
  ASSERT_EQ(early.status, 0) << early.output;
  EXPECT_EQ(stage_count(early.output, "pdf page"), 64 + 2) << early.output;
  EXPECT_EQ(stage_count(early.output, "pdf part copied"), -1) << early.output;  // none
  fs::remove_all(clean.path());
  fresh = kartenwerk("--root " + quoted(deck.path()) + " build --no-cache --out " + quoted(clean.path()));
  ASSERT_EQ(fresh.status, 0) << fresh.output;
  for (const char* file : {"bench.pdf", "fronts.pdf", "backs.pdf"})
    EXPECT_EQ(read_file(game / file), read_file(clean.path() / "bench" / file)) << file;
}

}  // namespace
}  // namespace kw
