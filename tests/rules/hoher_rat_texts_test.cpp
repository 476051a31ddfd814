// Der Hohe Rat's Trilith text against the Trilith cards' effect, on a copy
// of the shipped data, in German and in the English translation.
#include <gtest/gtest.h>

#include <string>

#include "rules/hoher_rat.h"
#include "rules/rules_test_util.h"
#include "support/project_copy.h"

namespace kw::rules::hoher_rat {
namespace {

using test::dump;
using test::edit;
using test::locate;
using test::locate_on;
using test::ProjectCopy;

Diagnostics texts(const ProjectCopy& p, const char* language) {
  model::LoadOptions options;
  options.language = language;
  auto loaded = test::load_from_disk(p.dir.path(), options);
  EXPECT_TRUE(loaded.model) << format_diagnostics(loaded.diagnostics);
  if (!loaded.model) return {};
  return rules::check_texts(*loaded.model, *loaded.model->game("hoher-rat"));
}

TEST(HoherRatTexts, TheShippedTextsAgreeWithTheEffect) {
  ProjectCopy p;
  for (const char* language : {"de", "en"}) {
    Diagnostics t = texts(p, language);
    EXPECT_TRUE(t.empty()) << language << "\n" << dump(t);
  }
}

TEST(HoherRatTexts, AGermanTextPromisingThreeArguments) {
  ProjectCopy p;
  const std::string file = "data/games/hoher-rat.yaml";
  // The text prints the facts ({{fact.…}}); literals in their place are read.
  edit(p, file, "nimm dir **{{fact.trilith_arguments.n}}\\u00a0beliebige Argumente**",
       "nimm dir **3\\u00a0beliebige Argumente**");
  edit(p, file, "Fraktion:\\n{{fact.argument_limit.n}}\\u00a0Argumente", "Fraktion:\\n6\\u00a0Argumente");
  Diagnostics t = texts(p, "de");
  auto [l, c] = locate(p.dir.path() / file, "rule: &trilith-rule");
  EXPECT_FINDING(t, "hoher-rat.claims", l, c + 6,
                 "the Trilith text states 3, 6; its effect gives 2 arguments with a limit of 6");
}

TEST(HoherRatTexts, AnEnglishTextWithAnotherLimit) {
  ProjectCopy p;
  const std::string file = "data/locales/en/hoher-rat.yaml";
  std::string yaml = p.read(file);
  // Both Trilith cards carry the text: break the Tag card's translation.
  const size_t key = yaml.find("\"card.tag-trilith.rule\":");
  ASSERT_NE(key, std::string::npos);
  // The text prints the facts; literals in their place are read: 2 arguments, a limit of 5.
  const std::string limit = "{{fact.argument_limit.n}}", arguments = "{{fact.trilith_arguments.n}}";
  const size_t text = yaml.find("text:", key);
  size_t at = yaml.find(limit, text);
  ASSERT_NE(at, std::string::npos);
  yaml.replace(at, limit.size(), "5");
  at = yaml.find(arguments, text);
  ASSERT_NE(at, std::string::npos);
  yaml.replace(at, arguments.size(), "2");
  p.write(file, yaml);
  Diagnostics t = texts(p, "en");
  auto [l, c] = locate(p.dir.path() / file, "*Limit per faction:\\n5");
  EXPECT_FINDING(t, "hoher-rat.claims", l, 0, "the Trilith text states 2, 5");
  EXPECT_EQ(test::count_check(t, "hoher-rat.claims"), 1u) << dump(t);
}

Diagnostics check_copy(const ProjectCopy& p) {
  auto loaded = test::load_from_disk(p.dir.path());
  EXPECT_TRUE(loaded.model) << format_diagnostics(loaded.diagnostics);
  if (!loaded.model) return {};
  return check_game(*loaded.model, *loaded.model->game("hoher-rat"));
}

TEST(HoherRatFactions, TheShippedDataBindsThemAsTheRules) {
  ProjectCopy p;
  Diagnostics f = check_copy(p);
  EXPECT_FALSE(f.has_errors()) << dump(f);
}

TEST(HoherRatFactions, ALegendThatSwapsTheDecks) {
  ProjectCopy p;
  const std::string board = "data/boards/hoher-rat.yaml";
  edit(p, board, "cards: Tag-Karten, time: tag,", "cards: Tag-Karten, time: nacht,");
  Diagnostics f = check_copy(p);
  auto [l, c] = locate(p.dir.path() / board, "time: nacht, colours: [gelb");
  EXPECT_FINDING(f, "hoher-rat.factions", l, c + 6, "Pro plays the tag cards, not nacht");
}

TEST(HoherRatFactions, ALegendThatGivesProARedColour) {
  ProjectCopy p;
  const std::string board = "data/boards/hoher-rat.yaml";
  edit(p, board, "colours: [gelb, weiss]", "colours: [gelb, rot]");
  Diagnostics f = check_copy(p);
  auto [l, c] = locate(p.dir.path() / board, "colours: [gelb, rot]");
  EXPECT_FINDING(f, "hoher-rat.factions", l, c + 9, "Pro plays gelb and weiss, not gelb and rot");
}

TEST(HoherRatFactions, ANachtLookForPro) {
  ProjectCopy p;
  const std::string game = "data/games/hoher-rat.yaml";
  edit(p, game, "        faction: Contra\n", "        faction: Pro\n");
  Diagnostics f = check_copy(p);
  auto [l, c] = locate_on(p.dir.path() / game, "faction: Pro", "Pro");
  // The first "faction: Pro" is the Tag look's; the Nacht look's is the second.
  const Diagnostic* hit = nullptr;
  for (const auto& d : f)
    if (d.check == "hoher-rat.factions" && d.message == "the Nacht deck belongs to Contra, not Pro") hit = &d;
  ASSERT_NE(hit, nullptr) << dump(f);
  EXPECT_GT(hit->loc.line, l);
  EXPECT_EQ(hit->loc.column, c);
}

TEST(HoherRatPlacement, WhereThePiecesStandIsTheRulesNotTheFactsToSwap) {
  // The board's hint, written wrong everywhere at once (text, claim and
  // English) leaves no wording to compare; the fact's roles are still held
  // to the rules: a piece stands on the coloured part, the number stays free.
  ProjectCopy p;
  const std::string game = "data/games/hoher-rat.yaml";
  edit(p, game, "where: [farbteil], free: [zahl]", "where: [zahl], free: [farbteil]");
  Diagnostics f = check_copy(p);
  auto [l, c] = locate(p.dir.path() / game, "where: [zahl]");
  EXPECT_FINDING(f, "hoher-rat.facts", l, c + 7,
                 "fact 'placement': role 'where' names [zahl], the rules [farbteil] (a piece stands on the coloured "
                 "part)");
  ProjectCopy arguments;
  edit(arguments, game, "who: [pieces.anhaenger-weiss, pieces.wortfuehrer-weiss]",
       "who: [pieces.anhaenger-weiss, pieces.argument-weiss]");
  Diagnostics a = check_copy(arguments);
  auto [al, ac] = locate(arguments.dir.path() / game, "who: [pieces.anhaenger-weiss, pieces.argument-weiss]");
  EXPECT_FINDING(a, "hoher-rat.facts", al, ac + 5,
                 "fact 'placement': role 'who' names pieces of kind anhaenger, argument; the rules place an Anhänger "
                 "and a Wortführer (kinds anhaenger, wortfuehrer) on a space");
}

}  // namespace
}  // namespace kw::rules::hoher_rat
