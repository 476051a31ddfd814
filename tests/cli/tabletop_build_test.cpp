// build --tabletop end to end on the shipped games: every saved object
// written is valid as Tabletop Simulator documents the format
// (support/tts_format.h), names sheets that exist with the grid it says, in
// the language built, at the URL given; the options refuse what they do not
// know with a clear message.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "core/files.h"
#include "render/jpeg.h"
#include "render/png.h"
#include "support/test_support.h"
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

TEST(TabletopBuild, TheOptionsRefuseWhatTheyDoNotKnow) {
  test::TempDir out;
  const std::string build = shipped() + "build --game duell --format jpg --no-cache --out " + quoted(out.path()) + " ";
  auto unknown = kartenwerk(build + "--tabletop tts,roll20");
  EXPECT_EQ(unknown.status, 2);
  EXPECT_NE(unknown.output.find("'roll20' is not one of tts, ttpg, screentop, playingcards, none"), std::string::npos)
      << unknown.output;
  auto later = kartenwerk(build + "--tabletop screentop");
  EXPECT_EQ(later.status, 2);
  EXPECT_NE(later.output.find("tabletop 'screentop' is not made yet"), std::string::npos) << later.output;
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
