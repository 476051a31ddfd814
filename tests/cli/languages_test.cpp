// A game's languages are its own: an English game made with `new`, a German
// translation made through the PO round trip, and what each command says and
// writes for it, beside the shipped German games. Translation status comes
// as one line per game and language; --game keeps other games quiet; tags
// are spelt one way; export refuses what import refuses; a source text used
// twice is one PO entry; regional tags fall back to their language.
#include <gtest/gtest.h>

#include <algorithm>
#include <regex>

#include "support/project_copy.h"

namespace kw {
namespace {

namespace fs = std::filesystem;
using test::kartenwerk;
using test::quoted;
using Result = test::Run;

size_t count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size())) ++n;
  return n;
}

// Fills every empty msgstr of a PO file from `words` (by msgid), the rest
// by prefixing "DE: " to the source with those words translated in it:
// what a translator hands back.
std::string translated(const std::string& po, const std::map<std::string, std::string>& words) {
  std::string out;
  std::istringstream in(po);
  std::string msgid;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("msgid \"", 0) == 0) msgid = line.substr(7, line.size() - 8);
    if (line == "msgstr \"\"" && !msgid.empty()) {
      auto it = words.find(msgid);
      // A translator uses the names' translations in the sentences too
      // ("Rules card" names the card "Rules", which is "Regeln").
      std::string sentence = msgid;
      for (const auto& [word, translation] : words)
        for (size_t at = sentence.find(word); at != std::string::npos;
             at = sentence.find(word, at + translation.size()))
          sentence.replace(at, word.size(), translation);
      line = "msgstr \"" + (it != words.end() ? it->second : "DE: " + sentence) + "\"";
    }
    out += line + "\n";
  }
  return out;
}

struct Languages : ::testing::Test {
  test::ProjectCopy project;
  std::string root() const { return "--root " + quoted(project.dir.path()) + " "; }
  Result run(const std::string& args) const { return kartenwerk(root() + args); }
  bool exists(const std::string& relative) const { return fs::exists(project.dir.path() / relative); }
  fs::path out() const { return project.dir.path() / "output"; }

  // An English game with a German translation of every string, through
  // export, a translator and import.
  void english_game_translated_into_german() {
    Result made = run("new harbour-lights --cards 8");
    ASSERT_EQ(made.status, 0) << made.output;
    Result exported = run("i18n export --game harbour-lights --lang de --out " + quoted(project.dir.path() / "po"));
    ASSERT_EQ(exported.status, 0) << exported.output;
    const std::string po = project.read("po/de/harbour-lights.po");
    EXPECT_NE(po.find("X-Source-Language: en"), std::string::npos) << po;
    project.write("po/de/harbour-lights.po", translated(po, {{"Red", "Rot"}, {"Blue", "Blau"}, {"Rules", "Regeln"}}));
    Result imported = run("i18n import " + quoted(project.dir.path() / "po/de/harbour-lights.po"));
    ASSERT_EQ(imported.status, 0) << imported.output;
    ASSERT_TRUE(exists("data/locales/de/harbour-lights.yaml"));
  }
};

TEST_F(Languages, AnEnglishGameWithACompleteGermanTranslationChecksWithoutNoise) {
  english_game_translated_into_german();
  const std::string locale = project.read("data/locales/de/harbour-lights.yaml");
  // The source text is recorded under the game's language, not German.
  EXPECT_NE(locale.find("    en: \"Red\"\n    text: \"Rot\""), std::string::npos) << locale;
  Result check = run("check --game harbour-lights");
  EXPECT_EQ(check.status, 0) << check.output;
  EXPECT_NE(check.output.find("0 errors, 0 warnings, 0 notes"), std::string::npos) << check.output;
  EXPECT_NE(check.output.find("2 languages (en, de)"), std::string::npos) << check.output;
  // Nothing of the other games' findings with --game.
  for (const char* other : {"palantir", "gelfdrakkar", "duell", "monddaemmerung", "hoher-rat"})
    EXPECT_EQ(check.output.find(other), std::string::npos) << other << "\n" << check.output;
  Result status = run("i18n status --game harbour-lights");
  EXPECT_NE(status.output.find("harbour-lights [de]: 9 of 9 strings translated, 0 missing, 0 stale"), std::string::npos)
      << status.output;
}

TEST_F(Languages, AMissingTranslationIsOneLinePerLanguage) {
  english_game_translated_into_german();
  // Two strings gone from the German file, one changed in the English data.
  std::string locale = project.read("data/locales/de/harbour-lights.yaml");
  for (const char* id : {"table.suits.blue.name", "table.suits.green.name"}) {
    const size_t at = locale.find(std::string("  \"") + id + "\":");
    ASSERT_NE(at, std::string::npos) << id;
    locale.erase(at, locale.find("\n  \"", at + 1) + 1 - at);
  }
  project.write("data/locales/de/harbour-lights.yaml", locale);
  test::edit(project, "data/games/harbour-lights.yaml", "name: \"Gold\"", "name: \"Golden\"");
  Result check = run("check --game harbour-lights");
  EXPECT_EQ(check.status, 0) << check.output;
  EXPECT_EQ(count(check.output, "warning: "), 1u) << check.output;
  EXPECT_NE(check.output.find("data/locales/de/harbour-lights.yaml: warning: de: 2 of 9 strings missing, 1 stale — "
                              "kartenwerk i18n status --game harbour-lights --lang de"),
            std::string::npos)
      << check.output;
  // Never the old flood of a line per string, nor the source called German.
  EXPECT_EQ(check.output.find("no de text"), std::string::npos) << check.output;
  EXPECT_EQ(check.output.find("German"), std::string::npos) << check.output;
  // The build of the translation says the same line once, and builds.
  Result built = run("build --game harbour-lights --lang all --no-cache --out " + quoted(out()));
  EXPECT_EQ(built.status, 0) << built.output;
  EXPECT_EQ(count(built.output, "strings missing"), 1u) << built.output;
  EXPECT_TRUE(exists("output/harbour-lights/cards/00-back.png"));
  EXPECT_TRUE(exists("output/harbour-lights/de/cards/00-back.png"));
  EXPECT_FALSE(exists("output/harbour-lights/en"));
}

TEST_F(Languages, EachGameIsBuiltInItsOwnLanguages) {
  ASSERT_EQ(run("new harbour-lights --cards 4").status, 0);
  // --lang en: the English game at its root, the German games' English
  // translations in en/.
  Result en = run("build --game harbour-lights,duell --lang en --no-cache --format png --out " + quoted(out()));
  ASSERT_EQ(en.status, 0) << en.output;
  EXPECT_TRUE(exists("output/harbour-lights/cards/00-back.png"));
  EXPECT_TRUE(exists("output/duell/en/cards/00-back-balrog.png"));
  EXPECT_FALSE(exists("output/duell/cards"));
  // A language a named game does not have is an error naming its languages.
  Result fr = run("build --game harbour-lights --lang fr --out " + quoted(out()));
  EXPECT_EQ(fr.status, 1) << fr.output;
  EXPECT_NE(fr.output.find("--lang fr: game harbour-lights (en) is not in fr"), std::string::npos) << fr.output;
  // Among all games, a language none has.
  Result ja = run("build --lang ja --out " + quoted(out()));
  EXPECT_EQ(ja.status, 1) << ja.output;
  EXPECT_NE(ja.output.find("no game is in 'ja'"), std::string::npos) << ja.output;
  // Tags are spelt one way.
  Result upper = run("build --lang EN --out " + quoted(out()));
  EXPECT_EQ(upper.status, 2) << upper.output;
  EXPECT_NE(upper.output.find("'EN' is spelt 'en'"), std::string::npos) << upper.output;
}

TEST_F(Languages, ExportRefusesWhatImportRefuses) {
  ASSERT_EQ(run("new harbour-lights --cards 4").status, 0);
  const std::string po_dir = quoted(project.dir.path() / "po");
  // The game's own language is no translation.
  Result source = run("i18n export --game harbour-lights --lang en --out " + po_dir);
  EXPECT_EQ(source.status, 1) << source.output;
  EXPECT_NE(source.output.find("game harbour-lights is written in en"), std::string::npos) << source.output;
  EXPECT_FALSE(exists("po/en/harbour-lights.po"));
  // A declared list of translations is kept to.
  test::edit(project, "data/games/harbour-lights.yaml", "  language: en\n", "  language: en\n  translations: [de]\n");
  Result undeclared = run("i18n export --game harbour-lights --lang fr --out " + po_dir);
  EXPECT_EQ(undeclared.status, 1) << undeclared.output;
  EXPECT_NE(undeclared.output.find("not translated into fr (its translations: de)"), std::string::npos)
      << undeclared.output;
  // A PO whose header spells the language otherwise is refused at the header
  // and creates no folder.
  ASSERT_EQ(run("i18n export --game harbour-lights --lang de --out " + po_dir).status, 0);
  std::string po = project.read("po/de/harbour-lights.po");
  po.replace(po.find("Language: de"), 12, "Language: DE");
  project.write("po/de/harbour-lights.po", po);
  Result imported = run("i18n import " + quoted(project.dir.path() / "po/de/harbour-lights.po"));
  EXPECT_EQ(imported.status, 1) << imported.output;
  EXPECT_NE(imported.output.find("the language 'DE' is spelt 'de'"), std::string::npos) << imported.output;
  EXPECT_FALSE(exists("data/locales/DE"));
  EXPECT_FALSE(exists("data/locales/de/harbour-lights.yaml"));
}

TEST_F(Languages, BrokenMarkupInAPoIsFoundAtItsLineBeforeAnythingIsWritten) {
  ASSERT_EQ(run("new harbour-lights --cards 4").status, 0);
  const std::string po_dir = quoted(project.dir.path() / "po");
  ASSERT_EQ(run("i18n export --game harbour-lights --lang de --out " + po_dir).status, 0);
  std::string po = translated(project.read("po/de/harbour-lights.po"), {{"Red", "**Rot"}});
  project.write("po/de/harbour-lights.po", po);
  const std::string red = "msgctxt \"table.suits.red.name\"\nmsgid \"Red\"\nmsgstr";
  ASSERT_NE(po.find(red), std::string::npos) << po;
  const int line = 3 + static_cast<int>(std::count(po.begin(), po.begin() + static_cast<long>(po.find(red)), '\n'));
  Result imported = run("i18n import " + quoted(project.dir.path() / "po/de/harbour-lights.po"));
  EXPECT_EQ(imported.status, 1) << imported.output;
  EXPECT_NE(imported.output.find("harbour-lights.po:" + std::to_string(line) +
                                 ":1: error: 'table.suits.red.name': markup: unclosed ** (bold)"),
            std::string::npos)
      << imported.output;
  EXPECT_FALSE(exists("data/locales/de/harbour-lights.yaml"));
}

TEST_F(Languages, APlaceholderNoFieldHasIsRefusedAtImport) {
  ASSERT_EQ(run("new harbour-lights --cards 4").status, 0);
  const std::string po_dir = quoted(project.dir.path() / "po");
  ASSERT_EQ(run("i18n export --game harbour-lights --lang de --out " + po_dir).status, 0);
  project.write("po/de/harbour-lights.po", translated(project.read("po/de/harbour-lights.po"),
                                                      {{"Red", "Rot {{valeu}}"}, {"Blue", "Blau {{value}}"}}));
  Result imported = run("i18n import " + quoted(project.dir.path() / "po/de/harbour-lights.po"));
  EXPECT_EQ(imported.status, 1) << imported.output;
  EXPECT_TRUE(std::regex_search(
      imported.output, std::regex("harbour-lights\\.po:\\d+:1: error: 'table\\.suits\\.red\\.name': the translation "
                                  "has \\{\\{valeu\\}\\}, which is no field of game harbour-lights")))
      << imported.output;
  // A field the game has, but the source does not use, is the translator's choice: a warning.
  EXPECT_TRUE(
      std::regex_search(imported.output, std::regex("warning: 'table\\.suits\\.blue\\.name': the translation has "
                                                    "\\{\\{value\\}\\}, which the source does not")))
      << imported.output;
  EXPECT_FALSE(exists("data/locales/de/harbour-lights.yaml"));
}

TEST_F(Languages, AStaleTranslationExportsWithWhatItWasMadeFrom) {
  english_game_translated_into_german();
  test::edit(project, "data/games/harbour-lights.yaml", "name: \"Blue\"", "name: \"Navy\"");
  const std::string po_dir = quoted(project.dir.path() / "again");
  ASSERT_EQ(run("i18n export --game harbour-lights --lang de --out " + po_dir).status, 0);
  const std::string po = project.read("again/de/harbour-lights.po");
  EXPECT_NE(po.find("#, fuzzy\n#| msgid \"Blue\"\nmsgctxt \"table.suits.blue.name\"\nmsgid \"Navy\"\nmsgstr \"Blau\""),
            std::string::npos)
      << po;
  // A language tag of no language is no language.
  test::edit(project, "data/games/harbour-lights.yaml", "  language: en\n", "  language: english\n");
  Result check = run("check --game harbour-lights");
  EXPECT_EQ(check.status, 1) << check.output;
  EXPECT_NE(check.output.find("error: game 'harbour-lights': the language 'english' is no language tag"),
            std::string::npos)
      << check.output;
  EXPECT_EQ(check.output.find("does not say which language"), std::string::npos) << check.output;
}

TEST_F(Languages, ALocaleFileOfAnotherLanguageOrSourceIsSaid) {
  ASSERT_EQ(run("new harbour-lights --cards 4").status, 0);
  test::edit(project, "data/games/harbour-lights.yaml", "  language: en\n", "  language: en\n  translations: [de]\n");
  fs::create_directories(project.dir.path() / "data/locales/fr");
  project.write("data/locales/fr/harbour-lights.yaml",
                "language: fr\ngame: harbour-lights\nstrings:\n  \"table.suits.red.name\":\n    en: \"Red\"\n"
                "    text: \"Rouge\"\n");
  // A German file whose strings record German as their source: made for
  // another game, or before the game said it is English.
  fs::create_directories(project.dir.path() / "data/locales/de");
  project.write("data/locales/de/harbour-lights.yaml",
                "language: de\ngame: harbour-lights\nstrings:\n  \"table.suits.red.name\":\n    de: \"Red\"\n"
                "    text: \"Rot\"\n");
  Result check = run("check --game harbour-lights");
  EXPECT_EQ(check.status, 1) << check.output;
  EXPECT_NE(check.output.find("data/locales/fr/harbour-lights.yaml: warning: data/locales/fr/harbour-lights.yaml "
                              "translates game harbour-lights into fr, which is not one of its translations"),
            std::string::npos)
      << check.output;
  EXPECT_NE(check.output.find("data/locales/de/harbour-lights.yaml:5:5: error: 1 of 1 strings record their source "
                              "text as 'de', but game harbour-lights is written in 'en'"),
            std::string::npos)
      << check.output;
}

TEST_F(Languages, AGameWithoutALanguageIsSaidOnce) {
  ASSERT_EQ(run("new harbour-lights --cards 4").status, 0);
  test::edit(project, "data/games/harbour-lights.yaml", "  language: en\n", "");
  Result check = run("check --game harbour-lights");
  EXPECT_EQ(check.status, 0) << check.output;
  EXPECT_EQ(count(check.output, "does not say which language its text is in"), 1u) << check.output;
  // Said once, as that: not again as a dictionary "und" lacks.
  EXPECT_EQ(check.output.find("hyphenation"), std::string::npos) << check.output;
  EXPECT_NE(check.output.find("1 language (und)"), std::string::npos) << check.output;
  // A project default covers it.
  test::edit(project, "data/cards.yaml", "kartenwerk: 1\n", "kartenwerk: 1\nlanguage: en\n");
  Result with_default = run("check --game harbour-lights");
  EXPECT_NE(with_default.output.find("0 errors, 0 warnings, 0 notes"), std::string::npos) << with_default.output;
  EXPECT_NE(with_default.output.find("1 language (en)"), std::string::npos) << with_default.output;
  // A game's language spelt otherwise is an error at its line.
  test::edit(project, "data/cards.yaml", "language: en\n", "language: EN\n");
  Result spelt = run("check --game harbour-lights");
  EXPECT_EQ(spelt.status, 1) << spelt.output;
  EXPECT_NE(spelt.output.find("data/cards.yaml:6:11: error: the project's language 'EN' is spelt 'en'"),
            std::string::npos)
      << spelt.output;
}

TEST_F(Languages, TheSameSourceTextIsOnePoEntry) {
  ASSERT_EQ(run("new harbour-lights --cards 4").status, 0);
  // Two suits share a name: one entry with both places, translated once.
  test::edit(project, "data/games/harbour-lights.yaml", "name: \"Gold\"", "name: \"Red\"");
  const std::string po_dir = quoted(project.dir.path() / "po");
  ASSERT_EQ(run("i18n export --game harbour-lights --lang de --out " + po_dir).status, 0);
  std::string po = project.read("po/de/harbour-lights.po");
  EXPECT_EQ(count(po, "msgid \"Red\""), 1u) << po;
  EXPECT_NE(po.find("#. also table.suits.gold.name"), std::string::npos) << po;
  std::smatch refs;
  ASSERT_TRUE(
      std::regex_search(po, refs,
                        std::regex("#: (data/games/harbour-lights.yaml:[0-9:]+) "
                                   "(data/games/harbour-lights.yaml:[0-9:]+)\nmsgctxt \"table.suits.red.name\"")))
      << po;
  project.write("po/de/harbour-lights.po", translated(po, {{"Red", "Rot"}}));
  ASSERT_EQ(run("i18n import " + quoted(project.dir.path() / "po/de/harbour-lights.po")).status, 0);
  const std::string locale = project.read("data/locales/de/harbour-lights.yaml");
  EXPECT_NE(locale.find("\"table.suits.gold.name\":\n    en: \"Red\"\n    text: \"Rot\""), std::string::npos) << locale;
  EXPECT_NE(locale.find("\"table.suits.red.name\":\n    en: \"Red\"\n    text: \"Rot\""), std::string::npos) << locale;
}

TEST_F(Languages, ARegionalTranslationFallsBackToItsLanguageWithoutMissing) {
  // Swiss German for a German game: one string of its own, the rest German.
  fs::create_directories(project.dir.path() / "data/locales/de-CH");
  project.write("data/locales/de-CH/duell.yaml",
                "language: de-CH\ngame: duell\nstrings:\n  \"game.name\":\n    de: \"Das Duell\"\n"
                "    text: \"Das Duäll\"\n");
  test::edit(project, "data/games/duell.yaml", "  translations: [", "  translations: [de-CH, ");
  Result check = run("check --game duell");
  EXPECT_EQ(check.output.find("strings missing"), std::string::npos) << check.output;
  EXPECT_NE(check.output.find("languages (de, de-CH, en"), std::string::npos) << check.output;
  Result built = run("build --game duell --lang de-CH --format png --no-cache --out " + quoted(out()));
  EXPECT_EQ(built.status, 0) << built.output;
  EXPECT_TRUE(exists("output/duell/de-CH/cards/00-back-balrog.png"));
  // The other shipped games know nothing of de-CH.
  Result palantir = run("check --game palantir");
  EXPECT_EQ(palantir.output.find("de-CH"), std::string::npos) << palantir.output;
}

}  // namespace
}  // namespace kw
