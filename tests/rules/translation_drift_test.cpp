// A translation and its source state the same rule (README: Translations,
// "What a translation states"): a source text changed since it was
// translated must not state other numbers, opposites or names than the
// text the translation records; a translation must not state other numbers
// or opposites than its source. Tested on copies of the shipped games.
#include <gtest/gtest.h>

#include <string>

#include "rules/rules.h"
#include "rules/rules_test_util.h"
#include "support/project_copy.h"

namespace kw::rules {
namespace {

using test::dump;
using test::edit;
using test::locate;
using test::ProjectCopy;

constexpr const char* kBoard = "data/boards/duell.yaml";
constexpr const char* kEnglish = "data/locales/en/duell.yaml";

// `check` "" is any check.
const Diagnostic* finding(const Diagnostics& found, const std::string& check, const std::string& text) {
  for (const auto& f : found)
    if ((check.empty() || f.check == check) && f.severity == Severity::Error &&
        f.message.find(text) != std::string::npos)
      return &f;
  return nullptr;
}

Diagnostics german(const ProjectCopy& p) { return test::shown_findings(p.dir.path(), "duell", "de", "de"); }
Diagnostics english(const ProjectCopy& p) { return test::shown_findings(p.dir.path(), "duell", "en", "de"); }

TEST(TranslationDrift, AnOppositeSinceTheTranslationIsAnErrorAtTheSource) {
  ProjectCopy p;
  const int line = edit(p, kBoard, "darf der Höhere die Handkarten", "darf der Tiefere die Handkarten");
  const Diagnostics found = german(p);
  const Diagnostic* f = finding(found, "translation.source_changed", "says 'tiefere' where it said 'höhere'");
  ASSERT_NE(f, nullptr) << dump(found);
  EXPECT_EQ(f->loc.file, kBoard);
  EXPECT_LE(f->loc.line, line);
  EXPECT_NE(f->message.find("since it was translated into en"), std::string::npos) << f->message;
}

TEST(TranslationDrift, ANumberNoFactStatesSinceTheTranslationIsAnError) {
  ProjectCopy p;
  const std::string board = "data/boards/hoher-rat.yaml";
  edit(p, board, "die Zahl bleibt frei.", "die Zahl bleibt frei. Der Ratskreis hat 32 Felder.");
  const Diagnostics found = test::shown_findings(p.dir.path(), "hoher-rat", "de", "de");
  EXPECT_NE(finding(found, "translation.source_changed", "states 32 where it stated no number"), nullptr)
      << dump(found);
  // A number a fact states is no change of the rule (the council has 30 spaces).
  ProjectCopy right;
  edit(right, board, "die Zahl bleibt frei.", "die Zahl bleibt frei. Der Ratskreis hat 30 Felder.");
  const Diagnostics fine = test::shown_findings(right.dir.path(), "hoher-rat", "de", "de");
  EXPECT_FALSE(fine.has_errors()) << dump(fine);
}

TEST(TranslationDrift, OneMistakeIsOneError) {
  // The module reads the lead text's number: the drift is not said again.
  ProjectCopy p;
  edit(p, kBoard, "mindestens 3 freie Felder", "mindestens 4 freie Felder");
  const Diagnostics found = german(p);
  EXPECT_NE(finding(found, "duell.claims", "the lead text speaks of 4 free spaces"), nullptr) << dump(found);
  EXPECT_EQ(finding(found, "translation.source_changed", ""), nullptr) << dump(found);
}

TEST(TranslationDrift, ARewordingSinceTheTranslationIsOnlyStale) {
  // The same rule in other words: numbers in words, a closed bound.
  ProjectCopy p;
  edit(p, kBoard, "mindestens 3 freie Felder", "mehr als zwei freie Felder");
  const Diagnostics found = german(p);
  EXPECT_FALSE(found.has_errors()) << dump(found);
}

TEST(TranslationDrift, ATranslationThatSaysTheOppositeIsAnError) {
  ProjectCopy p;
  edit(p, kEnglish, "the higher one may look", "the lower one may look");
  const Diagnostics found = english(p);
  const Diagnostic* f = finding(found, "translation.meaning", "says 'lower' where its source said");
  ASSERT_NE(f, nullptr) << dump(found);
  EXPECT_EQ(f->loc.file, kEnglish);
  EXPECT_EQ(f->loc.line, locate(p.dir.path() / kEnglish, "the lower one may look").first);
}

TEST(TranslationDrift, ATranslationMayAddANumberItsSourceImplies) {
  ProjectCopy p;
  edit(p, kEnglish, "the higher one may look at the opponent’s hand",
       "the higher of the two may look at the opponent’s hand");
  EXPECT_FALSE(english(p).has_errors()) << dump(english(p));
}

TEST(TranslationDrift, WhoDoesWhatIsReadPerClause) {
  // The Tod's card prints this sentence from its fact; here it is written
  // as prose with a claim, as a designer may do.
  const std::string game = "data/games/gelfdrakkar.yaml";
  auto written = [&](ProjectCopy& p, const std::string& sentence) {
    edit(p, game, "{{fact.tod_power.spares}}.", sentence);
    edit(p, game, "            - { fact: tod_power, says: \"Kann nicht gefesselt werden.\" }\n",
         "            - { fact: tod_power, says: \"Kann nicht gefesselt werden.\" }\n"
         "            - { fact: tod_power, says: \"Vernio bleibt verschont, Sinhara nicht.\" }\n");
  };
  ProjectCopy swapped;
  written(swapped, "Sinhara bleibt verschont, Vernio nicht.");
  const Diagnostics found = test::shown_findings(swapped.dir.path(), "gelfdrakkar", "de", "de");
  EXPECT_NE(finding(found, "facts.texts", "says of 'Sinhara' what it said of 'Vernio'"), nullptr) << dump(found);
  // The clauses the other way round say the same.
  ProjectCopy reordered;
  written(reordered, "Sinhara nicht, Vernio bleibt verschont.");
  const Diagnostics fine = test::shown_findings(reordered.dir.path(), "gelfdrakkar", "de", "de");
  EXPECT_FALSE(fine.has_errors()) << dump(fine);
}

TEST(TranslationDrift, ALongTextIsComparedSentenceBySentence) {
  // Palantír's specials text names the Unterwerfung and the Bündnis
  // elsewhere too: the whole text keeps its names, one sentence does not.
  const std::string game = "data/games/palantir.yaml";
  ProjectCopy changed;
  edit(changed, game, "Beide in einer Hand: siehe Bündnis.", "Beide in einer Hand: siehe Unterwerfung.");
  const Diagnostics found = test::shown_findings(changed.dir.path(), "palantir", "de", "de");
  EXPECT_NE(finding(found, "translation.source_changed",
                    "in 'Beide in einer Hand: siehe Unterwerfung.' names 'Unterwerfung' where it named 'Bündnis'"),
            nullptr)
      << dump(found);
  // A sentence reworded keeps what it said: only stale.
  ProjectCopy reworded;
  edit(reworded, game, "Beide in einer Hand: siehe Bündnis.", "Hält jemand beide, gilt das Bündnis.");
  const Diagnostics fine = test::shown_findings(reworded.dir.path(), "palantir", "de", "de");
  EXPECT_EQ(finding(fine, "translation.source_changed", ""), nullptr) << dump(fine);

  // A translation with as many sentences as its source, place by place:
  // "highest" is said elsewhere in the English text, not of the plain suits.
  ProjectCopy english;
  edit(english, "data/locales/en/palantir.yaml", "**Plain suits**, highest first", "**Plain suits**, lowest first");
  const Diagnostics translated = test::shown_findings(english.dir.path(), "palantir", "en", "de");
  EXPECT_NE(finding(translated, "translation.meaning", "in 'Plain suits**, lowest first:' says 'lowest'"), nullptr)
      << dump(translated);
}

TEST(TranslationDrift, AnOrdinalPlaceIsANumberToo) {
  const std::string game = "data/games/gelfdrakkar.yaml";
  ProjectCopy p;
  edit(p, game, "Die **zweithöchste Karte**. Vernichtet", "Die **dritthöchste Karte**. Vernichtet");
  const Diagnostics found = test::shown_findings(p.dir.path(), "gelfdrakkar", "de", "de");
  EXPECT_NE(finding(found, "", "says 'dritthöchste' where it said 'zweithöchste'"), nullptr) << dump(found);
  // Across languages, by the end a place counts from.
  ProjectCopy english;
  edit(english, "data/locales/en/gelfdrakkar.yaml", "    text: \"The **third-highest card**, after Vernio and Death.",
       "    text: \"The **second-highest card**, after Vernio and Death.");
  const Diagnostics translated = test::shown_findings(english.dir.path(), "gelfdrakkar", "en", "de");
  EXPECT_NE(finding(translated, "", "says 'second highest' where it"), nullptr) << dump(translated);
  // "the last two cards" is a count, not a place: the shipped English says
  // "before the last two cards" for "spätestens als drittletzte Karte".
  EXPECT_EQ(finding(test::shown_findings(p.dir.path(), "gelfdrakkar", "en", "de"), "translation.meaning", "'last'"),
            nullptr);
}

TEST(TranslationDrift, APartTwoNamesShareIsReadWhole) {
  const std::string game = "data/games/monddaemmerung.yaml";
  const std::string was = "**aus dem Spiel**. War es ein Voll- oder Sichelmond";
  ProjectCopy p;
  edit(p, game, was, "**aus dem Spiel**. War es ein Halb- oder Sichelmond");
  const Diagnostics found = test::shown_findings(p.dir.path(), "monddaemmerung", "de", "de");
  // Read whole, the text names the Halbmond: against its translation, or
  // (one error at a place is shown) against the fact whose roles name the
  // Vollmond and the Sichelmond.
  const Diagnostic* named = finding(found, "translation.source_changed", "names 'Halbmond' where it named 'Vollmond'");
  if (!named) named = finding(found, "facts.texts", "names 'Halbmond', which the facts it claims ('undo')");
  EXPECT_NE(named, nullptr) << dump(found);
  ProjectCopy whole;
  edit(whole, game, was, "**aus dem Spiel**. War es ein Vollmond oder ein Sichelmond");
  const Diagnostics fine = test::shown_findings(whole.dir.path(), "monddaemmerung", "de", "de");
  EXPECT_FALSE(fine.has_errors()) << dump(fine);
  // The same in a translation: "Half or Crescent Moon" names the Half Moon.
  ProjectCopy english;
  edit(english, "data/locales/en/monddaemmerung.yaml",
       "    text: \"Remove a played card **from the game**. If it was a Full or Crescent Moon",
       "    text: \"Remove a played card **from the game**. If it was a Half or Crescent Moon");
  const Diagnostics translated = test::shown_findings(english.dir.path(), "monddaemmerung", "en", "de");
  EXPECT_NE(finding(translated, "translation.names", "names 'Vollmond', which is 'Full Moon'"), nullptr)
      << dump(translated);
}

TEST(TranslationDrift, AGameTermSaidForAnotherIsAnError) {
  const std::string game = "data/games/duell.yaml";
  ProjectCopy p;
  edit(p, game, "Die Energie entscheidet:", "Die Brücke entscheidet:");
  const Diagnostics found = german(p);
  EXPECT_NE(finding(found, "translation.source_changed", "names 'Brücke' where it named 'Energie'"), nullptr)
      << dump(found);
  // A term's forms are the declared ones: "spielt" is no "Spiel".
  ProjectCopy verb;
  edit(verb, game, "\n            Bis zum Ende dieses Duells spielt der Balrog",
       "\n            Bis zum Ende dieses Duells spielt nun der Balrog");
  EXPECT_FALSE(german(verb).has_errors()) << dump(german(verb));
}

TEST(TranslationDrift, ANameSaidForAThingOfTheGameIsAnError) {
  // "Gefährten" is a term of Palantír's (its team), "Saurons Auge" a name.
  ProjectCopy p;
  edit(p, "data/games/palantir.yaml", "gleich wer die Augen hält, als Team Saurons Auge.",
       "gleich wer die Augen hält, als Team der Gefährten.");
  const Diagnostics found = test::shown_findings(p.dir.path(), "palantir", "de", "de");
  EXPECT_NE(finding(found, "translation.source_changed", "names 'Gefährten' where it named 'Saurons Auge'"), nullptr)
      << dump(found);
}

TEST(TranslationDrift, AListThatLosesANameIsAnError) {
  const std::string game = "data/games/gelfdrakkar.yaml";
  ProjectCopy p;
  // The Helfer's text (its claim keeps the words: the text changed alone).
  const std::string was = "getauscht werden. Sticht\n            Drachen, Menschen und Gnome.";
  edit(p, game, was, "getauscht werden. Sticht\n            nur Drachen und Gnome.");
  const Diagnostics found = test::shown_findings(p.dir.path(), "gelfdrakkar", "de", "de");
  EXPECT_NE(finding(found, "", "no longer names 'Menschen' beside"), nullptr) << dump(found);
  // A pronoun for all of them loses none.
  ProjectCopy both;
  edit(both, game, was, "getauscht werden. Sticht\n            sie alle.");
  const Diagnostics fine = test::shown_findings(both.dir.path(), "gelfdrakkar", "de", "de");
  EXPECT_EQ(finding(fine, "", "no longer names"), nullptr) << dump(fine);
}

TEST(TranslationDrift, AnArticleIsOneBeforeACountedNoun) {
  // Palantír's bribe is one victory token (a count fact the Bündnis text
  // claims); "a victory token" says one as "einen Siegesmarker" does.
  const std::string file = "data/locales/en/palantir.yaml";
  const std::string was = "As a bribe, every other player first gives you a victory token.";
  ProjectCopy p;
  edit(p, file, was, "As a bribe, every other player first gives you two victory tokens.");
  const Diagnostics found = test::shown_findings(p.dir.path(), "palantir", "en", "de");
  EXPECT_NE(finding(found, "", "'two' states exactly 2 'siegesmarker', fact 'bribe' exactly 1"), nullptr)
      << dump(found);
  ProjectCopy one;
  edit(one, file, was, "As a bribe, every other player first gives you one victory token.");
  const Diagnostics fine = test::shown_findings(one.dir.path(), "palantir", "en", "de");
  EXPECT_FALSE(fine.has_errors()) << dump(fine);
}

TEST(TranslationDrift, APassiveClauseKeepsWhoBeatsWhom) {
  // Found by an outside tester: the passive was read as the Balrog beating the Ring.
  const std::string game = "data/games/palantir.yaml";
  ProjectCopy passive;
  edit(passive, game, "Ringgedicht. Dann schlägt der Ring sogar den Balrog.",
       "Ringgedicht. Dann wird sogar der Balrog vom Ring geschlagen.");
  edit(passive, game, "says: \"Dann schlägt der Ring sogar den Balrog\"",
       "says: \"Dann wird sogar der Balrog vom Ring geschlagen\"");
  const Diagnostics fine = test::shown_findings(passive.dir.path(), "palantir", "de", "de");
  EXPECT_FALSE(fine.has_errors()) << dump(fine);
  ProjectCopy swapped;
  edit(swapped, game, "Ringgedicht. Dann schlägt der Ring sogar den Balrog.",
       "Ringgedicht. Dann wird sogar der Ring vom Balrog geschlagen.");
  const Diagnostics found = test::shown_findings(swapped.dir.path(), "palantir", "de", "de");
  EXPECT_NE(finding(found, "", "the other way round"), nullptr) << dump(found);
}

TEST(TranslationDrift, ReorderedWordsAndListsStateTheSame) {
  // Terms keep no order; a list reordered, icons and all, says the same.
  ProjectCopy terms;
  edit(terms, "data/games/hoher-rat.yaml",
       "nimm dir **{{fact.trilith_arguments.n}}\\u00a0beliebige Argumente** aus dem Vorrat",
       "nimm dir aus dem Vorrat **{{fact.trilith_arguments.n}}\\u00a0beliebige Argumente**");
  const Diagnostics council = test::shown_findings(terms.dir.path(), "hoher-rat", "de", "de");
  EXPECT_FALSE(council.has_errors()) << dump(council);
  ProjectCopy list;
  edit(list, "data/games/monddaemmerung.yaml",
       ":leermond:\u00a0Leermond und\n            :halbmond:\u00a0Halbmond gestohlen",
       ":halbmond:\u00a0Halbmond und\n            :leermond:\u00a0Leermond gestohlen");
  const Diagnostics moons = test::shown_findings(list.dir.path(), "monddaemmerung", "de", "de");
  EXPECT_FALSE(moons.has_errors()) << dump(moons);
}

TEST(TranslationDrift, AnOppositeSaidOnceMoreIsAChange) {
  // "höchste" is said elsewhere in the text too: one fewer of it and one
  // more "niedrigste" is the swap.
  ProjectCopy p;
  edit(p, "data/games/palantir.yaml", "**Fehl**, der höchste zuerst", "**Fehl**, der niedrigste zuerst");
  const Diagnostics found = test::shown_findings(p.dir.path(), "palantir", "de", "de");
  EXPECT_NE(finding(found, "translation.source_changed", "says 'niedrigste' where it said"), nullptr) << dump(found);
  // Across languages a translator counts otherwise (found by an outside
  // tester): "play on your own" for "allein spielen" is no swap.
  ProjectCopy own;
  edit(own, "data/locales/en/palantir.yaml", "You may keep silent and play alone.",
       "You may also keep it secret and play on your own.");
  const Diagnostics fine = test::shown_findings(own.dir.path(), "palantir", "en", "de");
  EXPECT_FALSE(fine.has_errors()) << dump(fine);
}

TEST(TranslatedNames, TwoNamesOneTranslationIsAnError) {
  ProjectCopy p;
  const std::string file = "data/locales/en/palantir.yaml";
  edit(p, file, "    de: \"Karo\"\n    text: \"Diamonds\"", "    de: \"Karo\"\n    text: \"Hearts\"");
  const Diagnostics found = test::shown_findings(p.dir.path(), "palantir", "en", "de");
  EXPECT_NE(finding(found, "translation.names", "'Hearts' translates both 'Karo'"), nullptr) << dump(found);
}

}  // namespace
}  // namespace kw::rules
