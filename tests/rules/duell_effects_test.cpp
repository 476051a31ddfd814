// Das Duell's rule facts beyond the card list, on a copy of the shipped data
// broken on purpose: each special's effect against what the rules name, the
// numbers its text states against its effect (in every language), the
// board's constants and its lead gauge.
#include <gtest/gtest.h>

#include <string>

#include "rules/duell.h"
#include "rules/rules_test_util.h"
#include "support/project_copy.h"

namespace kw::rules::duell {
namespace {

using test::dump;
using test::edit;
using test::locate;
using test::locate_on;
using test::ProjectCopy;

constexpr const char* kGame = "data/games/duell.yaml";
constexpr const char* kBoard = "data/boards/duell.yaml";

Diagnostics check_copy(const ProjectCopy& p, const std::string& language = {}) {
  model::LoadOptions options;
  if (!language.empty()) options.language = language;
  auto loaded = test::load_from_disk(p.dir.path(), options);
  EXPECT_TRUE(loaded.model) << format_diagnostics(loaded.diagnostics);
  if (!loaded.model) return {};
  return check_game(*loaded.model, *loaded.model->game("duell"));
}

TEST(DuellEffects, TheShippedGameHasNoErrors) {
  ProjectCopy p;
  Diagnostics f = check_copy(p);
  EXPECT_FALSE(f.has_errors()) << dump(f);
  for (const char* language : {"de", "en"}) {
    model::LoadOptions options;
    options.language = language;
    auto loaded = test::load_from_disk(p.dir.path(), options);
    ASSERT_TRUE(loaded.model);
    Diagnostics t = rules::check_texts(*loaded.model, *loaded.model->game("duell"));
    EXPECT_TRUE(t.empty()) << language << "\n" << dump(t);
  }
}

TEST(DuellEffects, AWrongStartSpace) {
  ProjectCopy p;
  edit(p, kGame, "energy_start: 15", "energy_start: 14");
  Diagnostics f = check_copy(p);
  auto [l, c] = locate(p.dir.path() / kGame, "energy_start: 14");
  EXPECT_FINDING(f, "duell.board", l, c + 14, "energy_start is 14; the start space with the white cross is 15");
}

TEST(DuellEffects, AShorterBridge) {
  ProjectCopy p;
  edit(p, kGame, "bridge_steps: 5", "bridge_steps: 4");
  Diagnostics f = check_copy(p);
  auto [l, c] = locate(p.dir.path() / kGame, "bridge_steps: 4");
  EXPECT_FINDING(f, "duell.board", l, c + 14, "bridge_steps is 4");
}

TEST(DuellEffects, ALeadGaugeWithTwoFreeSpaces) {
  ProjectCopy p;
  edit(p, kBoard, "lead_gauge: [token, free, free, free, token]", "lead_gauge: [token, free, free, token]");
  Diagnostics f = check_copy(p);
  auto [l, c] = locate(p.dir.path() / kBoard, "lead_gauge: [");
  EXPECT_FINDING(f, "duell.board", l, c + 12,
                 "the lead gauge shows 2 free spaces between two tokens; the rules' lead is 3");
  // The lead text still says 3: it now contradicts the gauge.
  EXPECT_FINDING(f, "duell.claims", locate(p.dir.path() / kBoard, "lead_text: >-").first, 0,
                 "the lead text speaks of 3 free spaces; the lead gauge has 2");
}

TEST(DuellEffects, ALeadTextWithAnotherNumber) {
  ProjectCopy p;
  edit(p, kBoard, "mindestens 3 freie Felder", "mindestens 4 freie Felder");
  Diagnostics f = check_copy(p);
  EXPECT_FINDING(f, "duell.claims", locate(p.dir.path() / kBoard, "lead_text: >-").first, 0,
                 "the lead text speaks of 4 free spaces; the lead gauge has 3");
}

TEST(DuellEffects, AnEffectFactWhoseRolesSwapTheSidesIsAnErrorAtTheRole) {
  // The Zauber is Gandalf's spell: Gandalf draws from the Balrog's hand.
  ProjectCopy p;
  edit(p, kGame, "zauber_effect: { effect: spell, applies_in: [zauber], roles: { who: [gandalf], whom: [balrog],",
       "zauber_effect: { effect: spell, applies_in: [zauber], roles: { who: [balrog], whom: [gandalf],");
  Diagnostics f = check_copy(p);
  auto [l, c] = locate(p.dir.path() / kGame, "who: [balrog], whom: [gandalf]");
  EXPECT_FINDING(f, "duell.facts", l, c + 5,
                 "fact 'zauber_effect': role 'who' names [balrog], the rules [gandalf] (the spell effect of zauber, "
                 "gandalf's special: who acts)");
  EXPECT_FINDING(f, "duell.facts", l, c + 21, "role 'whom' names [gandalf], the rules [balrog]");
}

TEST(DuellEffects, TheMirrorWithAnotherEffect) {
  ProjectCopy p;
  edit(p, kGame, "effect: { kind: mirror, scored: false }", "effect: { kind: silence-next, scored: false }");
  Diagnostics f = check_copy(p);
  auto [l, c] = locate(p.dir.path() / kGame, "kind: silence-next, scored: false");
  EXPECT_FINDING(f, "duell.effects", l, c + 6, "the rules make Spiegel a 'mirror' effect, not 'silence-next'");
}

TEST(DuellEffects, BalanceWithWrongSteps) {
  ProjectCopy p;
  edit(p, kGame, "by: tokens, ahead: [1, 0], level: [1, -1], behind: [2, -1]",
       "by: tokens, ahead: [1, 0], level: [1, -1], behind: [1, -1]");
  Diagnostics f = check_copy(p);
  auto [l, c] = locate_on(p.dir.path() / kGame, "by: tokens", "[1, -1] }");
  EXPECT_FINDING(f, "duell.effects", l, c,
                 "Gleichgewicht behind: the rules move the tokens by [2, -1] ([own, other]), not [1, -1]");
  // The text still says +2: it now contradicts the effect.
  const int text_line = locate(p.dir.path() / kGame, "Die Energie entscheidet").first - 1;  // at its `|-`
  EXPECT_FINDING(f, "duell.claims", text_line, 17,
                 "the text of special 'gleichgewicht' states the steps +1 +1 -1 +2 -1, its effect +1 +1 -1 +1 -1");
}

TEST(DuellEffects, PowerComparingTheTokensInsteadOfTheBridge) {
  ProjectCopy p;
  edit(p, kGame, "kind: energy, by: bridge,", "kind: energy, by: tokens,");
  Diagnostics f = check_copy(p);
  auto [l, c] = locate_on(p.dir.path() / kGame,
                          "kind: energy, by: tokens, ahead: [1, 0], level: [1, -1], behind: [2, -1] }", "tokens");
  // The first line with that text is Gleichgewicht's; Macht's is the one
  // just above "name: Macht".
  const int macht = locate(p.dir.path() / kGame, "name: Macht").first - 1;
  EXPECT_GT(macht, l);
  EXPECT_FINDING(f, "duell.effects", macht, c, "Macht compares the pieces on the bridge, not the energy tokens");
}

TEST(DuellEffects, ATextNumberThatContradictsItsEffect) {
  ProjectCopy p;
  // The text's line, not its claim's words (says: "Balrog +2, Gandalf −1").
  edit(p, kGame, "\n            Balrog +2, Gandalf −1\n", "\n            Balrog +3, Gandalf −1\n");
  Diagnostics f = check_copy(p);
  const int text_line = locate(p.dir.path() / kGame, "Die Brücke entscheidet").first - 1;  // at its `|-`
  EXPECT_FINDING(f, "duell.claims", text_line, 17,
                 "the text of special 'macht' states the steps +1 +1 -1 +3 -1, its effect +1 +1 -1 +2 -1");
}

TEST(DuellEffects, ATranslationIsCheckedWithItsOwnNumbers) {
  ProjectCopy p;
  const std::string file = "data/locales/en/duell.yaml";
  edit(p, file, "**Gandalf behind**\\nGandalf +2, Balrog −1", "**Gandalf behind**\\nGandalf +3, Balrog −1");
  model::LoadOptions options;
  options.language = "en";
  auto loaded = test::load_from_disk(p.dir.path(), options);
  ASSERT_TRUE(loaded.model) << format_diagnostics(loaded.diagnostics);
  Diagnostics t = rules::check_texts(*loaded.model, *loaded.model->game("duell"));
  auto [l, c] = locate(p.dir.path() / file, "Gandalf +3");
  EXPECT_FINDING(t, "duell.claims", l, 0, "states the steps +1 +1 -1 +3 -1");
  for (const auto& d : t) EXPECT_EQ(d.loc.file, file);
}

TEST(DuellEffects, AMirrorWithPoints) {
  ProjectCopy p;
  edit(p, kGame, "special: spiegel, defence: [0, 0, 0, 0]", "special: spiegel, defence: [0, 1, 0, 0]");
  Diagnostics f = check_copy(p);
  auto [l, c] = locate(p.dir.path() / kGame, "defence: [0, 1, 0, 0], attack: [0, 0, 0, 0]");
  EXPECT_FINDING(f, "duell.effects", l, c + 9,
                 "the spiegel card has strength points, but the special itself is not scored");
}

TEST(DuellEffects, TrickKeepingItsPowerInTheFinal) {
  ProjectCopy p;
  edit(p, kGame, "effect: { kind: steal-for-final, final: false }", "effect: { kind: steal-for-final }");
  Diagnostics f = check_copy(p);
  auto [l, c] = locate(p.dir.path() / kGame, "effect: { kind: steal-for-final }");
  EXPECT_FINDING(f, "duell.effects", l, c + 8, "Trick loses its power in the final");
}

TEST(DuellEffects, TrickSettingAsideOneOfFourCards) {
  ProjectCopy p;
  // The text prints the fact ({{fact.kept.word}}); a literal in its place is read.
  edit(p, kGame, "eine von Gandalfs {{fact.kept.word}} Karten", "eine von Gandalfs vier Karten");
  Diagnostics f = check_copy(p);
  const int text_line = locate(p.dir.path() / kGame, "Der Balrog nimmt eine Karte aus Gandalfs Hand").first - 1;
  EXPECT_FINDING(f, "duell.claims", text_line, 17,
                 "the text of special 'trick' speaks of 4 cards; each player keeps 3 for the final");
}

TEST(DuellEffects, StepsWrittenInWordsAreNotCardCounts) {
  // A correct rewording: the steps in words, the rest in digits.
  ProjectCopy p;
  edit(p, kGame, "Gandalf +2, Balrog −1", "Gandalf zwei Felder vor, Balrog −1");
  Diagnostics f = check_copy(p);
  EXPECT_FALSE(f.has_errors()) << dump(f);
  // A wrong step in digits beside them still is an error.
  edit(p, kGame, "**gleichauf**\n            Gandalf +1, Balrog −1",
       "**gleichauf**\n            Gandalf +1, Balrog −2");
  Diagnostics wrong = check_copy(p);
  const int text_line = locate(p.dir.path() / kGame, "Die Energie entscheidet:").first - 1;
  EXPECT_FINDING(wrong, "duell.claims", text_line, 17,
                 "the text of special 'gleichgewicht' states the steps +1 +1 -2 -1, its effect");
}

}  // namespace
}  // namespace kw::rules::duell
