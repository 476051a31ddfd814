// build --tabletop end to end on the shipped games: every saved object
// written is valid as Tabletop Simulator documents the format
// (support/tts_format.h), names sheets that exist with the grid it says, in
// the language built, at the URL given; the options refuse what they do not
// know with a clear message.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <utility>

#include <nlohmann/json.hpp>

#include "core/files.h"
#include "render/jpeg.h"
#include "render/png.h"
#include "sheet/sheet.h"
#include "support/project_copy.h"
#include "support/tabletop_table_format.h"
#include "support/test_support.h"
#include "support/ttpg_format.h"
#include "support/tts_format.h"

namespace kw {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;
using test::kartenwerk;
using test::quoted;

std::string shipped() { return "--root " + quoted(test::source_root()) + " "; }

std::string joined(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines) out += l + "\n";
  return out;
}

Json object_in(const fs::path& file) { return Json::parse(*read_file(file))["ObjectStates"][0]; }

// A file:/// URL's file.
fs::path local(const std::string& url) {
  EXPECT_TRUE(url.starts_with("file:///")) << url;
  return url.substr(7);
}

TEST(TabletopBuild, DuellsDecksAndBoardAreValidSavedObjectsOfItsSheets) {
  test::TempDir out, cache;
  auto r = kartenwerk(shipped() + "build --game duell --format png,jpg --tabletop tts --cache " + quoted(cache.path()) +
                      " --out " + quoted(out.path()));
  ASSERT_EQ(r.status, 0) << r.output;
  const fs::path tts = out.path() / "duell" / "tts";
  int decks = 0, boards = 0;
  for (const auto& e : fs::directory_iterator(tts)) {
    if (e.path().extension() != ".json") continue;
    EXPECT_EQ(joined(test::tts_problems(*read_file(e.path()))), "") << e.path();
    // Its thumbnail beside it, as TTS's Saved Objects folder has them.
    fs::path thumbnail = e.path();
    thumbnail.replace_extension(".png");
    EXPECT_TRUE(fs::exists(thumbnail)) << thumbnail;
    const Json o = object_in(e.path());
    if (o["Name"] == "Custom_Board") {
      ++boards;
      const fs::path image = local(o["CustomImage"]["ImageURL"]);
      EXPECT_GT(render::decode_png(*read_file(image)).width, 0) << image;
      EXPECT_EQ(o["Nickname"], "Das Duell – Spielplan");
      continue;
    }
    ++decks;
    for (const auto& [key, sheet] : o["CustomDeck"].items()) {
      // The sheet is there, NumWidth x NumHeight cells of the back's size, within 4096 px.
      const auto face = render::jpeg_info(*read_file(local(sheet["FaceURL"])));
      const auto back = render::jpeg_info(*read_file(local(sheet["BackURL"])));
      EXPECT_EQ(face.width, sheet["NumWidth"].get<int>() * back.width) << key;
      EXPECT_EQ(face.height, sheet["NumHeight"].get<int>() * back.height) << key;
      EXPECT_LE(face.width, 4096);
      EXPECT_LE(face.height, 4096);
    }
  }
  EXPECT_EQ(decks, 2);  // Gandalf's and the Balrog's, each with its own back
  EXPECT_EQ(boards, 1);
  const Json gandalf = object_in(tts / "duell-gandalf.json");
  EXPECT_EQ(gandalf["Nickname"], "Gandalf");
  EXPECT_EQ(gandalf["ContainedObjects"][0]["Nickname"], "Glamdring");
  EXPECT_EQ(gandalf["ContainedObjects"].size(), 27u);  // the gandalf deck of data/games/duell.yaml
  // A special card: its name from the specials table, its text as the description.
  bool special = false;
  for (const auto& card : gandalf["ContainedObjects"]) special |= !card["Description"].get<std::string>().empty();
  EXPECT_TRUE(special);
  // Built again: nothing rendered, the same files.
  const std::string before = *read_file(tts / "duell-gandalf.json");
  auto again = kartenwerk(shipped() + "build --game duell --format png,jpg --no-cache --out " + quoted(out.path()));
  ASSERT_EQ(again.status, 0) << again.output;
  EXPECT_EQ(*read_file(tts / "duell-gandalf.json"), before);
}

TEST(TabletopBuild, ATranslationNamesItsCardsInItsLanguageAtTheUrlGiven) {
  test::TempDir out, cache;
  auto r = kartenwerk(shipped() + "build --game palantir --lang en --format jpg --tts-url https://example.org/pal " +
                      "--cache " + quoted(cache.path()) + " --out " + quoted(out.path()));
  ASSERT_EQ(r.status, 0) << r.output;
  const fs::path file = out.path() / "palantir" / "en" / "tts" / "palantir-playing.json";
  EXPECT_EQ(joined(test::tts_problems(*read_file(file))), "");
  const Json deck = object_in(file);
  EXPECT_EQ(deck["Nickname"], "Playing cards");
  EXPECT_EQ(deck["CustomDeck"]["1"]["FaceURL"], "https://example.org/pal/palantir-1.jpg");
  EXPECT_EQ(deck["CustomDeck"]["1"]["BackURL"], "https://example.org/pal/palantir-back.jpg");
  EXPECT_EQ(deck["ContainedObjects"][0]["Nickname"], "Hobbit (Gondor)");
  EXPECT_EQ(deck["ContainedObjects"][0]["Description"], "Pippin / Hill-troll");
  // The reference cards' text names the rules' texts: filled in, in bold as TTS writes it.
  const Json reference = object_in(out.path() / "palantir" / "en" / "tts" / "palantir-reference.json");
  const std::string text = reference["ContainedObjects"][2]["Description"];
  EXPECT_EQ(text.find("{{"), std::string::npos) << text;
  EXPECT_NE(text.find("[b]"), std::string::npos) << text;
}

// A PNG's or JPEG's pixel size, for the TTPG package check.
std::pair<int, int> image_size(const std::string& bytes) {
  if (bytes.starts_with("\x89PNG")) {
    const auto info = render::png_info(bytes);
    return {info.width, info.height};
  }
  const auto info = render::jpeg_info(bytes);
  return {info.width, info.height};
}

TEST(TabletopBuild, DuellsTabletopPlaygroundPackageHoldsItsDecksAndBoard) {
  test::TempDir out, cache;
  auto r = kartenwerk(shipped() + "build --game duell --format png,jpg --tabletop tts,ttpg --cache " +
                      quoted(cache.path()) + " --out " + quoted(out.path()));
  ASSERT_EQ(r.status, 0) << r.output;
  const fs::path game = out.path() / "duell", ttpg = game / "ttpg";
  EXPECT_EQ(joined(test::ttpg_package_problems(ttpg, image_size)), "");
  std::vector<std::string> templates;
  for (const auto& e : fs::directory_iterator(ttpg / "Templates")) templates.push_back(e.path().filename().string());
  std::sort(templates.begin(), templates.end());
  EXPECT_EQ(templates, (std::vector<std::string>{"duell-balrog.json", "duell-board.json", "duell-gandalf.json"}));
  // The sheets are TTS's, byte for byte; the board its preview.
  for (const char* sheet : {"duell-1.jpg", "duell-2.jpg", "duell-back-gandalf.jpg", "duell-back-balrog.jpg"})
    EXPECT_EQ(read_file(ttpg / "Textures" / sheet), read_file(game / "tts" / sheet)) << sheet;
  EXPECT_EQ(read_file(ttpg / "Textures" / "duell-board.png"), read_file(game / "board" / "board.png"));
  const Json gandalf = Json::parse(*read_file(ttpg / "Templates" / "duell-gandalf.json"));
  EXPECT_EQ(gandalf["Name"], "Gandalf");
  EXPECT_EQ(gandalf["Indices"].size(), 27u);  // the gandalf deck of data/games/duell.yaml
  EXPECT_EQ(gandalf["CardNames"]["0"], "Glamdring");
  const Json board = Json::parse(*read_file(ttpg / "Templates" / "duell-board.json"));
  EXPECT_EQ(board["Name"], "Das Duell – Spielplan");
  EXPECT_GT(board["Width"].get<double>(), board["Height"].get<double>());  // cm, landscape
}

TEST(TabletopBuild, TabletopPlaygroundAloneInATranslation) {
  test::TempDir out;
  auto r = kartenwerk(shipped() + "build --game palantir --lang en --format jpg --tabletop ttpg --no-cache --out " +
                      quoted(out.path()));
  ASSERT_EQ(r.status, 0) << r.output;
  const fs::path en = out.path() / "palantir" / "en";
  EXPECT_FALSE(fs::exists(en / "tts"));  // TTS not asked for: no saved objects, the sheets only in ttpg/
  EXPECT_EQ(joined(test::ttpg_package_problems(en / "ttpg", image_size)), "");
  const Json playing = Json::parse(*read_file(en / "ttpg" / "Templates" / "palantir-playing.json"));
  EXPECT_EQ(playing["Name"], "Playing cards");
  EXPECT_EQ(playing["CardNames"]["0"], "Hobbit (Gondor)");
  EXPECT_EQ(playing["CardMetadata"]["0"], "Pippin / Hill-troll");
  // The reference cards share the sheet, in their own stack with its own GUID.
  const Json reference = Json::parse(*read_file(en / "ttpg" / "Templates" / "palantir-reference.json"));
  EXPECT_EQ(reference["FrontTexture"], playing["FrontTexture"]);
  EXPECT_NE(reference["GUID"], playing["GUID"]);
}

test::Table table_in(const fs::path& file) {
  Diagnostics diags;
  auto sheet = sheet::parse_csv(*read_file(file), file.string(), diags);
  EXPECT_TRUE(sheet) << format_diagnostics(diags);
  test::Table table;
  if (sheet)
    for (const auto& row : sheet->rows) {
      table.emplace_back();
      for (const auto& cell : row.cells) table.back().push_back(cell.text);
    }
  return table;
}

TEST(TabletopBuild, EveryTabletopAtOnceFromOneSetOfSheets) {
  test::TempDir out, cache;
  auto r =
      kartenwerk(shipped() + "build --game duell --format jpg --tabletop tts,ttpg,screentop,playingcards --cache " +
                 quoted(cache.path()) + " --out " + quoted(out.path()));
  ASSERT_EQ(r.status, 0) << r.output;
  const fs::path game = out.path() / "duell";
  EXPECT_EQ(joined(test::ttpg_package_problems(game / "ttpg", image_size)), "");
  const test::Table screentop = table_in(game / "screentop" / "duell.csv");
  EXPECT_EQ(joined(test::screentop_table_problems(screentop, game / "screentop", image_size)), "");
  const test::Table playingcards = table_in(game / "playingcards" / "duell.csv");
  EXPECT_EQ(joined(test::playingcards_table_problems(playingcards, game / "playingcards", image_size)), "");
  EXPECT_EQ(screentop.size(), 55u);  // the header and the 27 cards of each deck
  EXPECT_EQ(playingcards.size(), 55u);
  EXPECT_EQ(screentop[1][1], "Glamdring");
  EXPECT_EQ(playingcards[1][3], "cards/01-g01-glamdring.jpg");
  // The sheets are TTS's, byte for byte; a single card is a cell of them.
  for (const char* sheet : {"duell-1.jpg", "duell-2.jpg", "duell-back-gandalf.jpg", "duell-back-balrog.jpg"})
    EXPECT_EQ(read_file(game / "screentop" / sheet), read_file(game / "tts" / sheet)) << sheet;
  EXPECT_EQ(image_size(*read_file(game / "playingcards" / playingcards[1][3])),
            image_size(*read_file(game / "tts" / "duell-back-gandalf.jpg")));
  // Built again from the cache: the same files.
  const std::string before = *read_file(game / "playingcards" / "duell.csv");
  auto again = kartenwerk(shipped() + "build --game duell --format jpg --tabletop tts,ttpg,screentop,playingcards " +
                          "--cache " + quoted(cache.path()) + " --out " + quoted(out.path()));
  ASSERT_EQ(again.status, 0) << again.output;
  EXPECT_EQ(*read_file(game / "playingcards" / "duell.csv"), before);
  EXPECT_TRUE(fs::exists(game / "playingcards" / playingcards[1][3]));
}

TEST(TabletopBuild, PlayingcardsAloneWritesItsCardsAndNoSheets) {
  test::TempDir out;
  auto r = kartenwerk(shipped() + "build --game palantir --lang en --format jpg --tabletop playingcards --no-cache " +
                      "--out " + quoted(out.path()));
  ASSERT_EQ(r.status, 0) << r.output;
  const fs::path en = out.path() / "palantir" / "en";
  EXPECT_FALSE(fs::exists(en / "tts"));
  EXPECT_FALSE(fs::exists(en / "ttpg"));
  EXPECT_FALSE(fs::exists(en / "screentop"));
  const test::Table table = table_in(en / "playingcards" / "palantir.csv");
  EXPECT_EQ(joined(test::playingcards_table_problems(table, en / "playingcards", image_size)), "");
  ASSERT_GT(table.size(), 1u);
  EXPECT_EQ(table[1][0], "Playing cards");
  EXPECT_EQ(table[1][1], "Hobbit (Gondor)");
  EXPECT_EQ(table[1][2], "Pippin / Hill-troll");
}

// Every file of the tabletops' folders by relative path: its bytes (file
// URLs masked, test::output_bytes) and modification time.
std::map<std::string, std::pair<std::string, fs::file_time_type>> tabletop_files(const fs::path& game) {
  std::map<std::string, std::pair<std::string, fs::file_time_type>> out;
  for (const char* folder : {"tts", "ttpg", "screentop"})
    for (const auto& e : fs::recursive_directory_iterator(game / folder))
      if (e.is_regular_file())
        out[e.path().lexically_relative(game).generic_string()] = {*test::output_bytes(e.path()), e.last_write_time()};
  return out;
}

// A one-card edit makes the one sheet showing it again (with the JSON and the
// tables); the other sheet comes from the cache, its file not even rewritten
// (in every tabletop's folder), and everything is what a clean build gives.
TEST(TabletopBuild, ACardEditRemakesOnlyTheSheetShowingIt) {
  test::ProjectCopy p;
  test::TempDir out, cache, clean;
  const std::string build = "--root " + quoted(p.dir.path()) +
                            " build --game duell --format jpg --tabletop tts,ttpg,screentop --cache " +
                            quoted(cache.path()) + " --out ";
  auto first = kartenwerk(build + quoted(out.path()));
  ASSERT_EQ(first.status, 0) << first.output;
  const fs::path game = out.path() / "duell";
  const auto before = tabletop_files(game);
  test::edit(p, "data/games/duell.yaml", "name: Glamdring,", "name: Glamdrung,");  // on sheet 1, Gandalf's
  auto again = kartenwerk(build + quoted(out.path()));
  ASSERT_EQ(again.status, 0) << again.output;
  EXPECT_NE(again.output.find("1 of 56 cards rendered"), std::string::npos) << again.output;
  const auto after = tabletop_files(game);
  std::set<std::string> new_bytes, rewritten;
  for (const auto& [path, file] : after) {
    ASSERT_TRUE(before.count(path)) << path;
    if (before.at(path).first != file.first) new_bytes.insert(path);
    if (before.at(path).second != file.second && path.ends_with(".jpg")) rewritten.insert(path);
  }
  const std::set<std::string> sheet{"screentop/duell-1.jpg", "ttpg/Textures/duell-1.jpg", "tts/duell-1.jpg"};
  EXPECT_EQ(rewritten, sheet);  // not duell-2.jpg, Balrog's, nor the backs
  std::set<std::string> expected = sheet;
  expected.insert({"screentop/duell.csv", "ttpg/Templates/duell-gandalf.json", "tts/duell-gandalf.json"});
  EXPECT_EQ(new_bytes, expected);
  auto fresh = kartenwerk("--root " + quoted(p.dir.path()) +
                          " build --game duell --format jpg --tabletop tts,ttpg,screentop --no-cache --out " +
                          quoted(clean.path()));
  ASSERT_EQ(fresh.status, 0) << fresh.output;
  const auto clean_files = tabletop_files(clean.path() / "duell");
  ASSERT_EQ(clean_files.size(), after.size());
  for (const auto& [path, file] : clean_files)
    EXPECT_EQ(file.first, after.at(path).first) << path << " differs from a build without the cache";
}

TEST(TabletopBuild, TheOptionsRefuseWhatTheyDoNotKnow) {
  test::TempDir out;
  const std::string build = shipped() + "build --game duell --format jpg --no-cache --out " + quoted(out.path()) + " ";
  auto unknown = kartenwerk(build + "--tabletop tts,roll20");
  EXPECT_EQ(unknown.status, 2);
  EXPECT_NE(unknown.output.find("'roll20' is not one of tts, ttpg, screentop, playingcards, none"), std::string::npos)
      << unknown.output;
  auto none_and = kartenwerk(build + "--tabletop tts,none");
  EXPECT_EQ(none_and.status, 2);
  EXPECT_NE(none_and.output.find("none names no tabletop: give it alone"), std::string::npos) << none_and.output;
  auto url = kartenwerk(build + "--tts-url ftp://example.org/");
  EXPECT_EQ(url.status, 2);
  EXPECT_NE(url.output.find("is no http:// or https:// URL"), std::string::npos) << url.output;
  EXPECT_FALSE(fs::exists(out.path() / "duell"));  // nothing written
  auto none = kartenwerk(build + "--tabletop none");
  ASSERT_EQ(none.status, 0) << none.output;
  EXPECT_TRUE(fs::exists(out.path() / "duell" / "meinspiel"));
  EXPECT_FALSE(fs::exists(out.path() / "duell" / "tts"));
}

}  // namespace
}  // namespace kw
