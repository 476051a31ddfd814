// `kartenwerk new`: the scaffolded game checks clean, builds and passes
// preflight at once (two formats, each against a shop that takes it), in
// English by default and in German with --lang de (every name, comment and
// text in that language); a bad or taken name, an unknown format, a language
// without words and an existing file are refused with nothing written.
#include <gtest/gtest.h>

#include <regex>

#include "core/files.h"
#include "render/jpeg.h"
#include "render/png.h"
#include "support/project_copy.h"

namespace kw {
namespace {

namespace fs = std::filesystem;
using test::kartenwerk;
using test::quoted;
using Result = test::Run;

struct NewGame : ::testing::Test {
  test::ProjectCopy project;
  std::string root() const { return "--root " + quoted(project.dir.path()) + " "; }
  Result run(const std::string& args) const { return kartenwerk(root() + args); }
  bool exists(const std::string& relative) const { return fs::exists(project.dir.path() / relative); }
};

// new, then check, build and preflight, as the README says: the game names
// the shop `profile` that cuts its format, and its default build writes
// that shop's package, which preflight passes.
void expect_works(const NewGame& t, const std::string& game, const std::string& options, const std::string& profile) {
  Result made = t.run("new " + game + " " + options);
  ASSERT_EQ(made.status, 0) << made.output;
  EXPECT_NE(made.output.find("wrote data/games/" + game + ".yaml"), std::string::npos) << made.output;
  EXPECT_NE(made.output.find("its shop: " + profile + " (`profile:` in data/games/" + game + ".yaml"),
            std::string::npos)
      << made.output;
  EXPECT_NE(t.project.read("data/games/" + game + ".yaml").find("  profile: " + profile + "\n"), std::string::npos);
  Result check = t.run("check --game " + game);
  EXPECT_EQ(check.status, 0) << check.output;
  EXPECT_NE(check.output.find("0 errors, 0 warnings, 0 notes"), std::string::npos) << check.output;
  const fs::path out = t.project.dir.path() / "output";
  Result build = t.run("build --game " + game + " --no-cache --out " + quoted(out));
  ASSERT_EQ(build.status, 0) << build.output;
  EXPECT_TRUE(fs::exists(out / game / profile)) << "the shop's folder";
  Result preflight = t.run("preflight --game " + game + " --out " + quoted(out));
  EXPECT_EQ(preflight.status, 0) << preflight.output;
  EXPECT_NE(preflight.output.find("preflight " + game + " against profile " + profile + " "), std::string::npos)
      << preflight.output;
  EXPECT_NE(preflight.output.find(game + ": PASS"), std::string::npos) << preflight.output;
}

TEST_F(NewGame, DefaultFormatPassesMeinspielsPreflight) {
  expect_works(*this, "harbour-lights", "--cards 8", "meinspiel");
  // English data: a card layout, a back and a rules card, English names.
  std::string game = project.read("data/games/harbour-lights.yaml");
  EXPECT_NE(game.find("language: en\n"), std::string::npos) << game;
  EXPECT_NE(game.find("format: meinspiel-59x91"), std::string::npos);
  EXPECT_NE(game.find("layout: harbour-lights/card"), std::string::npos);
  EXPECT_NE(game.find("back: harbour-lights/back"), std::string::npos);
  EXPECT_NE(game.find("layout: harbour-lights/rules"), std::string::npos);
  EXPECT_NE(game.find("{ check: count, deck: cards, expect: 8"), std::string::npos);
  EXPECT_NE(game.find("suit: { type: ref, table: suits, required: true }"), std::string::npos) << game;
  EXPECT_NE(game.find("# A starting point: four suits"), std::string::npos) << game;
  EXPECT_EQ(game.find("farbe"), std::string::npos) << game;
  EXPECT_NE(project.read("layouts/harbour-lights/card.yaml").find("The front of a playing card"), std::string::npos);
  // English is the source: the project's English folder gets no file of it.
  EXPECT_FALSE(exists("data/locales/en/harbour-lights.yaml"));
  Result list = run("list --game harbour-lights");
  EXPECT_NE(list.output.find("8 cards (8 different)  Playing cards"), std::string::npos) << list.output;
}

TEST_F(NewGame, GermanWithItsEnglishTranslation) {
  // A German game in a project that translates into English: German names
  // and texts, and an English file that leaves nothing untranslated.
  expect_works(*this, "zahlenjagd", "--lang de --cards 8", "meinspiel");
  std::string game = project.read("data/games/zahlenjagd.yaml");
  EXPECT_NE(game.find("language: de\n"), std::string::npos) << game;
  EXPECT_NE(game.find("layout: zahlenjagd/karte"), std::string::npos);
  EXPECT_NE(game.find("back: zahlenjagd/rueckseite"), std::string::npos);
  EXPECT_NE(game.find("{ check: count, deck: spielkarten, expect: 8"), std::string::npos);
  EXPECT_NE(game.find("# Ein Ausgangspunkt"), std::string::npos) << game;
  ASSERT_TRUE(exists("data/locales/en/zahlenjagd.yaml"));
  const std::string english = project.read("data/locales/en/zahlenjagd.yaml");
  EXPECT_NE(english.find("de: \"Spielregeln\"\n    text: \"Rules\""), std::string::npos) << english;
  Result built = run("build --game zahlenjagd --lang en --no-cache --out " + quoted(project.dir.path() / "output"));
  EXPECT_EQ(built.status, 0) << built.output;
  EXPECT_EQ(built.output.find("warning"), std::string::npos) << built.output;
  EXPECT_TRUE(exists("output/zahlenjagd/en/cards/00-back.png"));
}

TEST_F(NewGame, RegionalTagsTakeTheirLanguagesWords) {
  Result made = run("new harbour-lights --lang en-GB --cards 4");
  ASSERT_EQ(made.status, 0) << made.output;
  std::string game = project.read("data/games/harbour-lights.yaml");
  EXPECT_NE(game.find("language: en-GB\n"), std::string::npos) << game;
  EXPECT_NE(game.find("table: suits"), std::string::npos) << game;
  Result check = run("check --game harbour-lights");
  EXPECT_EQ(check.status, 0) << check.output;
  EXPECT_NE(check.output.find("1 language (en-GB)"), std::string::npos) << check.output;
}

TEST_F(NewGame, RefusesLanguagesWithoutWords) {
  Result none = run("new jeu --lang fr");
  EXPECT_EQ(none.status, 1) << none.output;
  EXPECT_NE(none.output.find("no scaffold in 'fr' (scaffolds: de, en)"), std::string::npos) << none.output;
  EXPECT_FALSE(exists("data/games/jeu.yaml"));
  // A tag spelt otherwise than BCP 47 does is refused by the command line.
  Result upper = run("new jeu --lang EN");
  EXPECT_EQ(upper.status, 2) << upper.output;
  EXPECT_NE(upper.output.find("'EN' is spelt 'en'"), std::string::npos) << upper.output;
}

TEST_F(NewGame, PokerFormatPassesDriveThruCardsPreflight) {
  expect_works(*this, "poker-probe", "--cards 5 --format poker", "drivethrucards");
  // Meinspiel cuts 59 x 91 mm: asked for, it is refused before anything is
  // built, saying what to do; --fit shrinks the cards into it, and the
  // images the shop takes are rendered at its size.
  const fs::path out = project.dir.path() / "refused";
  Result refused = run("build --game poker-probe --profile meinspiel --no-cache --out " + quoted(out));
  EXPECT_EQ(refused.status, 1) << refused.output;
  EXPECT_NE(refused.output.find("kartenwerk: poker-probe: format 'poker' (63.5 x 88.9 mm) does not suit the card 59 x "
                                "91 mm of profile 'meinspiel': its cards would be shrunk"),
            std::string::npos)
      << refused.output;
  EXPECT_NE(refused.output.find("nothing was built. Build for a shop that cuts this size (drivethrucards, "
                                "makeplayingcards, thegamecrafter suit it), or add --fit"),
            std::string::npos)
      << refused.output;
  EXPECT_FALSE(fs::exists(out / "poker-probe")) << "nothing written";
  const fs::path fitted = project.dir.path() / "fitted";
  Result fit = run("build --game poker-probe --profile meinspiel --fit --no-cache --out " + quoted(fitted));
  ASSERT_EQ(fit.status, 0) << fit.output;
  const auto jpeg = render::jpeg_info(*read_file(fitted / "poker-probe/meinspiel/01-red-1.jpg"));
  EXPECT_EQ(jpeg.width, 768);
  EXPECT_EQ(jpeg.height, 1146);
  EXPECT_EQ(render::jpeg_info(*read_file(fitted / "poker-probe/jpg/01-red-1.jpg")).width, 825);
  Result preflight = run("preflight --game poker-probe --profile meinspiel --out " + quoted(fitted));
  EXPECT_EQ(preflight.status, 0) << preflight.output;
  // The Game Crafter's Poker Deck takes the cards as they are: 825 x 1125 px.
  const fs::path tgc = project.dir.path() / "tgc";
  Result crafted = run("build --game poker-probe --profile thegamecrafter --no-cache --out " + quoted(tgc));
  ASSERT_EQ(crafted.status, 0) << crafted.output;
  const render::Raster front = render::decode_png(*read_file(tgc / "poker-probe/thegamecrafter/front/01-red-1.png"));
  EXPECT_EQ(front.width, 825);
  EXPECT_EQ(front.height, 1125);
  Result crafted_preflight = run("preflight --game poker-probe --profile thegamecrafter --out " + quoted(tgc));
  EXPECT_EQ(crafted_preflight.status, 0) << crafted_preflight.output;
  EXPECT_NE(crafted_preflight.output.find("card: poker"), std::string::npos) << crafted_preflight.output;
}

TEST_F(NewGame, ItsDeclaredCheckHoldsTheCardCount) {
  ASSERT_EQ(run("new zaehlprobe --lang de --cards 4").status, 0);
  // One card more than declared: the count check the scaffold declared fails.
  std::string game = project.read("data/games/zaehlprobe.yaml");
  const std::string last = "        - { id: rot-1, farbe: rot, wert: 1 }\n";
  ASSERT_NE(game.find(last), std::string::npos) << game;
  game.insert(game.find(last), "        - { id: rot-9, farbe: rot, wert: 9 }\n");
  project.write("data/games/zaehlprobe.yaml", game);
  Result check = run("check --game zaehlprobe");
  EXPECT_EQ(check.status, 1) << check.output;
  EXPECT_NE(check.output.find("error: deck 'spielkarten' has 5 cards, expected 4"), std::string::npos) << check.output;
  EXPECT_NE(check.output.find("[zaehlprobe: count]"), std::string::npos) << check.output;
}

TEST_F(NewGame, RefusesToOverwrite) {
  ASSERT_EQ(run("new zahlenjagd --lang de").status, 0);
  project.write("data/games/zahlenjagd.yaml", project.read("data/games/zahlenjagd.yaml") + "# mine\n");
  Result again = run("new zahlenjagd --cards 4");
  EXPECT_EQ(again.status, 1) << again.output;
  EXPECT_NE(again.output.find("there is a game 'zahlenjagd' already"), std::string::npos) << again.output;
  EXPECT_NE(project.read("data/games/zahlenjagd.yaml").find("# mine"), std::string::npos);
  // A layout folder left behind by hand is not overwritten either.
  fs::create_directories(project.dir.path() / "layouts/andere");
  project.write("layouts/andere/karte.yaml", "elements: []\n");
  Result taken = run("new andere --lang de");
  EXPECT_EQ(taken.status, 1) << taken.output;
  EXPECT_NE(taken.output.find("layouts/andere/karte.yaml exists already; nothing was written"), std::string::npos)
      << taken.output;
  EXPECT_FALSE(exists("data/games/andere.yaml"));
  EXPECT_EQ(project.read("layouts/andere/karte.yaml"), "elements: []\n");
}

TEST_F(NewGame, RefusesBadNamesAndUnknownFormats) {
  for (const char* bad : {"Zahlenjagd", "../x", "zahlen_jagd", "9x/y"}) {
    Result r = run(std::string("new ") + quoted(bad));
    EXPECT_EQ(r.status, 2) << bad << ": " << r.output;
    EXPECT_NE(r.output.find("is not a game id"), std::string::npos) << r.output;
  }
  Result format = run("new zahlenjagd --format jumbo");
  EXPECT_EQ(format.status, 1) << format.output;
  EXPECT_NE(format.output.find("unknown format 'jumbo' (formats of data/formats.yaml: meinspiel-59x91"),
            std::string::npos)
      << format.output;
  EXPECT_FALSE(exists("data/games/zahlenjagd.yaml"));
  EXPECT_FALSE(exists("layouts/zahlenjagd"));
  Result cards = run("new zahlenjagd --cards 0");
  EXPECT_EQ(cards.status, 2) << cards.output;
}

TEST_F(NewGame, AddsTheGameToAnIncludeListWithoutOne) {
  // A project that names its games one by one: the new one is added to the
  // list, every comment kept.
  std::string cards = project.read("data/cards.yaml");
  const std::string glob = "  - games/*.yaml\n";
  ASSERT_NE(cards.find(glob), std::string::npos);
  const std::string games =
      "  - games/palantir.yaml   # the first\n  - games/duell.yaml\n  - games/gelfdrakkar.yaml\n"
      "  - games/hoher-rat.yaml\n  - games/monddaemmerung.yaml\n";
  cards.replace(cards.find(glob), glob.size(), games);
  project.write("data/cards.yaml", cards);
  Result made = run("new zahlenjagd --cards 4");
  ASSERT_EQ(made.status, 0) << made.output;
  EXPECT_NE(made.output.find("wrote data/cards.yaml"), std::string::npos) << made.output;
  // After the last item of the list (the list ends the file); every other
  // line, comments too, as it was.
  ASSERT_TRUE(cards.ends_with(".yaml   # how each language words rule facts (README: Rule facts)\n"));
  const std::string expected = cards + "  - games/zahlenjagd.yaml\n";
  std::string edited = project.read("data/cards.yaml");
  EXPECT_EQ(edited, expected);
  EXPECT_NE(edited.find("# kartenwerk card database: the root file."), std::string::npos);
  Result list = run("list --game zahlenjagd");
  EXPECT_EQ(list.status, 0) << list.output;
}

// Every format `new` offers (each of data/formats.yaml): the game it
// scaffolds checks clean, or `new` refuses the format saying why and
// writes nothing. The card formats all make games; a board or booklet
// format (no print-and-play sheet holds such a card) is refused.
TEST_F(NewGame, EveryFormatItOffersChecksCleanOrIsRefused) {
  const std::string formats = project.read("data/formats.yaml");
  std::vector<std::string> ids;
  const std::regex entry(R"(\n  ([a-z0-9-]+):\n)");
  for (std::sregex_iterator it(formats.begin(), formats.end(), entry), end; it != end; ++it) ids.push_back((*it)[1]);
  ASSERT_GE(ids.size(), 9u);
  size_t made = 0;
  for (const auto& format : ids) {
    const std::string game = "probe-" + format;
    Result result = run("new " + game + " --cards 4 --format " + format);
    if (result.status == 0) {
      ++made;
      Result check = run("check --game " + game);
      EXPECT_EQ(check.status, 0) << format << ":\n" << check.output;
      EXPECT_NE(check.output.find("0 errors, 0 warnings"), std::string::npos) << format << ":\n" << check.output;
    } else {
      EXPECT_EQ(result.status, 1) << format;
      EXPECT_NE(result.output.find("kartenwerk: new: a game of format '" + format +
                                   "' made this way does not check clean (above); nothing was written"),
                std::string::npos)
          << format << ":\n"
          << result.output;
      EXPECT_FALSE(exists("data/games/" + game + ".yaml")) << format;
      EXPECT_FALSE(exists("layouts/" + game)) << format;
    }
  }
  for (const char* card : {"meinspiel-59x91", "poker", "bridge", "tarot", "mini", "square"})
    EXPECT_TRUE(exists(std::string("data/games/probe-") + card + ".yaml")) << card << " was refused";
  EXPECT_GE(made, 6u);
}

}  // namespace
}  // namespace kw
