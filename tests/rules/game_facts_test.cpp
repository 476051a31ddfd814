// The rule facts of Das Duell, Gelfdrakkar, Der Hohe Rat and Monddämmerung
// (README: Rule facts), on copies of the shipped data: their rule texts
// print or claim the facts in every language, a number or comparison
// changed in a text (German or English) is an error at its words, and a
// fact changed against the rules is an error of the game's rules module at
// the fact.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "rules/rule_texts.h"
#include "rules/rules.h"
#include "rules/rules_test_util.h"
#include "support/project_copy.h"

namespace kw::rules {
namespace {

using test::dump;
using test::edit;
using test::locate;
using test::ProjectCopy;

constexpr const char* kCheck = "facts.texts";

// The rule-text findings of `game` loaded in `language` ("de": the source).
Diagnostics texts(const ProjectCopy& p, const std::string& game, const std::string& language,
                  RuleTextCoverage* coverage = nullptr) {
  model::LoadOptions options;
  options.language = language == "de" ? "" : language;
  auto loaded = test::load_from_disk(p.dir.path(), options);
  EXPECT_TRUE(loaded.model) << format_diagnostics(loaded.diagnostics);
  if (!loaded.model) return {};
  Diagnostics out;
  const RuleTextCoverage c = check_rule_texts(*loaded.model, *loaded.model->game(game), out);
  if (coverage) *coverage = c;
  return out;
}

Diagnostics whole_check(const ProjectCopy& p, const std::string& game) {
  auto loaded = test::load_from_disk(p.dir.path());
  EXPECT_TRUE(loaded.model) << format_diagnostics(loaded.diagnostics);
  return loaded.model ? check_game(*loaded.model, *loaded.model->game(game)) : Diagnostics{};
}

// The error at `needle` in `file` whose message holds `message`.
void expect_error_at(const Diagnostics& found, const ProjectCopy& p, const std::string& file, const std::string& needle,
                     const std::string& message, const char* check = kCheck) {
  auto [line, col] = locate(p.dir.path() / file, needle);
  EXPECT_FINDING(found, check, line, col, message);
}

TEST(GameFacts, EveryRuleSentenceIsGeneratedOrClaimedInEveryLanguage) {
  ProjectCopy p;
  struct Game {
    const char* id;
    std::vector<const char*> languages;
  };
  for (const Game& g : {Game{"duell", {"de", "en", "fr"}}, Game{"gelfdrakkar", {"de", "en"}},
                        Game{"hoher-rat", {"de", "en"}}, Game{"monddaemmerung", {"de", "en"}}}) {
    for (const char* language : g.languages) {
      RuleTextCoverage c;
      const Diagnostics found = texts(p, g.id, language, &c);
      EXPECT_TRUE(found.empty()) << g.id << " " << language << "\n" << dump(found);
      EXPECT_GT(c.generated + c.claimed, 0u) << g.id << " " << language;
      EXPECT_EQ(c.flagged, 0u) << g.id << " " << language;
    }
  }
}

// ------------------------------------------------------------ Das Duell

TEST(GameFacts, DuellALeadOfMoreThanThreeSpaces) {
  ProjectCopy p;
  const std::string board = "data/boards/duell.yaml";
  edit(p, board, "mindestens 3 freie Felder", "mehr als 3 freie Felder");
  expect_error_at(texts(p, "duell", "de"), p, board, "mehr als 3 freie",
                  "'mehr als 3' states more than 3 'feld', which no fact states");
}

TEST(GameFacts, DuellAnEnglishLeadOfFourSpaces) {
  ProjectCopy p;
  const std::string en = "data/locales/en/duell.yaml";
  edit(p, en, "if after an exchange of blows at least 3 free spaces",
       "if after an exchange of blows at least 4 free spaces");
  expect_error_at(texts(p, "duell", "en"), p, en, "at least 4 free",
                  "'at least 4' states at least 4 'feld', which no fact states");
}

TEST(GameFacts, DuellAFactOfFourCardsForTheFinal) {
  ProjectCopy p;
  const std::string game = "data/games/duell.yaml";
  edit(p, game, "kept: { count: 3,", "kept: { count: 4,");
  expect_error_at(whole_check(p, "duell"), p, game, "4, of: karte, doc: the cards each side sets aside",
                  "fact 'kept' says 4, the rules 3", "duell.facts");
}

TEST(GameFacts, DuellGleichgewichtBehindByThreeSteps) {
  ProjectCopy p;
  const std::string game = "data/games/duell.yaml";
  const int line = edit(p, game, "\n            Gandalf +2, Balrog −1\n", "\n            Gandalf +3, Balrog −1\n") + 1;
  const Diagnostics found = texts(p, "duell", "de");
  EXPECT_FINDING(found, kCheck, line, 22, "'3' states exactly 3, fact 'gleichgewicht_behind' exactly 2");
}

TEST(GameFacts, DuellAnEnglishMachtBehindByThreeSteps) {
  ProjectCopy p;
  const std::string en = "data/locales/en/duell.yaml";
  std::string yaml = p.read(en);
  const size_t key = yaml.find("\"table.specials.macht.text\":");
  ASSERT_NE(key, std::string::npos);
  const size_t at = yaml.find("Balrog +2, Gandalf", yaml.find("text:", key));
  ASSERT_NE(at, std::string::npos);
  yaml.replace(at, 9, "Balrog +3");
  p.write(en, yaml);
  const Diagnostics found = texts(p, "duell", "en");
  auto [line, col] = locate(p.dir.path() / en, "Balrog +3, Gandalf");
  EXPECT_FINDING(found, kCheck, line, col + 8, "'3' states exactly 3, fact 'macht_behind' exactly 2");
}

TEST(GameFacts, DuellAStepWrittenInWordsIsNoClaimError) {
  ProjectCopy p;
  edit(p, "data/games/duell.yaml", "**Gandalf vorn**\n            Gandalf +1\n",
       "**Gandalf vorn**\n            Gandalf einen Schritt vor\n");
  const Diagnostics found = texts(p, "duell", "de");
  EXPECT_EQ(test::count_check(found, kCheck), 0u) << dump(found);
}

// ----------------------------------------------------------- Gelfdrakkar

TEST(GameFacts, GelfdrakkarFourGnomesBeatADwarf) {
  ProjectCopy p;
  const std::string game = "data/games/gelfdrakkar.yaml";
  edit(p, game, "Drei **Gnome** in Folge stechen einen Zwerg.\n", "Vier **Gnome** in Folge stechen einen Zwerg.\n");
  expect_error_at(texts(p, "gelfdrakkar", "de"), p, game, "Vier **Gnome**",
                  "states exactly 4 'gnom', fact 'gnome_zwerg' exactly 3 'gnom'");
}

TEST(GameFacts, GelfdrakkarAnEnglishWaldherrForVernioFromSix) {
  ProjectCopy p;
  const std::string en = "data/locales/en/gelfdrakkar.yaml";
  edit(p, en, "partner when played; with 7\u00a0or more", "partner when played; with 6\u00a0or more");
  expect_error_at(texts(p, "gelfdrakkar", "en"), p, en, "6\u00a0or more he plays",
                  "states at least 6 'spieler', fact 'waldherr_vernio' at least 7 'spieler'");
}

TEST(GameFacts, GelfdrakkarAGermanWaldherrForVernioFromSix) {
  ProjectCopy p;
  const std::string game = "data/games/gelfdrakkar.yaml";
  edit(p, game, "ab 7 spielt er für Vernio", "ab 6 spielt er für Vernio");
  expect_error_at(texts(p, "gelfdrakkar", "de"), p, game, "ab 6 spielt",
                  "states at least 6 'spieler', fact 'waldherr_vernio' at least 7 'spieler'");
}

TEST(GameFacts, GelfdrakkarADealThatIsNotTheRules) {
  ProjectCopy p;
  const std::string game = "data/games/gelfdrakkar.yaml";
  edit(p, game, "deal_7: { deal: 17,", "deal_7: { deal: 18,");
  expect_error_at(whole_check(p, "gelfdrakkar"), p, game, "18, players: 7 }", "fact 'deal_7' says 18, the rules 17",
                  "gelfdrakkar.facts");
}

// ----------------------------------------------------------- Der Hohe Rat

TEST(GameFacts, HoherRatALimitOfAtMostFive) {
  ProjectCopy p;
  const std::string game = "data/games/hoher-rat.yaml";
  edit(p, game, "Fraktion:\\n{{fact.argument_limit.n}}\\u00a0Argumente", "Fraktion:\\nhöchstens 5 Argumente");
  expect_error_at(texts(p, "hoher-rat", "de"), p, game, "höchstens 5 Argumente",
                  "'höchstens 5' states at most 5 'argument', which no fact states");
}

TEST(GameFacts, HoherRatAnEnglishLimitOfMoreThanSix) {
  ProjectCopy p;
  const std::string en = "data/locales/en/hoher-rat.yaml";
  std::string yaml = p.read(en);
  const std::string limit = "Limit per faction:\\n{{fact.argument_limit.n}}\u00a0Arguments";
  const size_t at = yaml.find(limit, yaml.find("\"card.tag-trilith.rule\":"));
  ASSERT_NE(at, std::string::npos);
  yaml.replace(at, limit.size(), "Limit per faction:\\nmore than 6 Arguments");
  p.write(en, yaml);
  const Diagnostics found = texts(p, "hoher-rat", "en");
  auto [line, col] = locate(p.dir.path() / en, "more than 6 Arguments");
  EXPECT_FINDING(found, kCheck, line, 0, "'more than 6' states more than 6 'argument', which no fact states");
}

TEST(GameFacts, HoherRatAWinningBlockThatIsNotTheRules) {
  ProjectCopy p;
  const std::string game = "data/games/hoher-rat.yaml";
  edit(p, game, "win_block: { count: 16,", "win_block: { count: 15,");
  expect_error_at(whole_check(p, "hoher-rat"), p, game, "15, compare: at_least, of: feld",
                  "fact 'win_block' says 15, the rules 16", "hoher-rat.facts");
}

// ---------------------------------------------------------- Monddämmerung

TEST(GameFacts, MonddaemmerungMoreThanFivePoints) {
  ProjectCopy p;
  const std::string game = "data/games/monddaemmerung.yaml";
  edit(p, game, "**{{fact.allereinzigster_bonus}} Punkte** dazu", "**mehr als 5 Punkte** dazu");
  expect_error_at(texts(p, "monddaemmerung", "de"), p, game, "mehr als 5 Punkte",
                  "'mehr als 5' states more than 5 'punkt', which no fact states");
}

TEST(GameFacts, MonddaemmerungAnEnglishBonusOfAtLeastFive) {
  ProjectCopy p;
  const std::string en = "data/locales/en/monddaemmerung.yaml";
  edit(p, en, "**{{fact.allereinzigster_bonus}} extra points**", "**at least 5 points**");
  expect_error_at(texts(p, "monddaemmerung", "en"), p, en, "at least 5 points",
                  "'at least 5' states at least 5 'punkt', which no fact states");
}

TEST(GameFacts, MonddaemmerungPlayersThatAreNotTheRules) {
  ProjectCopy p;
  const std::string game = "data/games/monddaemmerung.yaml";
  edit(p, game, "players: { players: [3, 5] }", "players: { players: [3, 6] }");
  expect_error_at(whole_check(p, "monddaemmerung"), p, game, "[3, 6] }", "Monddämmerung is played by 3 to 5 players",
                  "monddaemmerung.facts");
}

// The structure of an effect against the play model: the moons whose
// effect a Blutmond undoes, named in the text, its claim and English alike.
TEST(GameFacts, MonddaemmerungAnUndoThatNamesAnotherMoonIsAnErrorAtTheFactAndTheText) {
  ProjectCopy p;
  edit(p, "data/games/monddaemmerung.yaml", "roles: { undoes: [moons.vollmond, moons.sichelmond] }",
       "roles: { undoes: [moons.leermond, moons.sichelmond] }");
  const Diagnostics facts = whole_check(p, "monddaemmerung");
  expect_error_at(facts, p, "data/games/monddaemmerung.yaml", "[moons.leermond, moons.sichelmond]",
                  "fact 'undo': role 'undoes' names [leermond, sichelmond], the rules [sichelmond, vollmond] (the "
                  "moons whose effect stands until their card leaves the table)",
                  "monddaemmerung.facts");
  // The text still names the Vollmond: the fact no longer involves it.
  const Diagnostics said = texts(p, "monddaemmerung", "en");
  EXPECT_TRUE(std::any_of(said.begin(), said.end(), [](const Diagnostic& d) {
    return d.check == kCheck &&
           d.message.find("names 'Full Moon', which the facts it claims ('undo') do not involve") != std::string::npos;
  })) << dump(said);
}

}  // namespace
}  // namespace kw::rules
