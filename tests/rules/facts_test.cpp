// Rule facts (README: Rule facts): a game without a rules module declares
// what its rule sentences state; sentences print facts ({{fact.…}}) or claim
// them, and what a text states in digits or words, with its comparison, is
// checked against the facts in every language. Mistakes are findings where
// they are written; correct rewordings are not.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "model/model.h"
#include "rules/fact_text.h"
#include "rules/facts.h"
#include "rules/rule_texts.h"
#include "rules/rules.h"
#include "rules/rules_test_util.h"
#include "support/disk_model.h"

namespace kw::rules {
namespace {

namespace fs = std::filesystem;
using test::dump;
using test::locate;
using test::TempDir;

constexpr const char* kGame = R"(game:
  id: moons
  name: Monde
  format: f
  language: de
  translations: [en]
  facts:
    nouns:
      karte: { de: "Karte|Karten", en: "card|cards" }
      punkt: { de: "Punkt|Punkte|Punkten", en: "point|points" }
    texts:
      - { deck: reference, field: text }
    rules:
      hand: { count: 5, compare: at_least, of: karte }
      bonus: { points: 40, compare: at_least, of: punkt }
      moons: { count: 3, of: karte, deck: moons }
      players: { players: [2, 4] }
      night: { binding: Nacht, deck: moons }
  card_fields:
    text: text
    claims:
      type: list
      of:
        type: record
        fields:
          fact: id
          says: text
  decks:
    - id: moons
      name: Nacht
      layout: t/card
      cards:
        - { id: m1 }
        - { id: m2, copies: 2 }
    - id: reference
      name: Referenz
      layout: t/card
      cards:
        - id: r1
          text: "Wer {{fact.hand}} Karten hält, passt. Ein Stich mit {{fact.bonus}} Punkten zählt doppelt."
        - id: r2
          text: "Ab fünf Karten darfst du tauschen."
          claims:
            - { fact: hand, says: "Ab fünf Karten" }
        - id: r3
          text: "Gespielt wird zu {{fact.players}}."
)";

constexpr const char* kEnglish = R"(language: en
game: moons
strings:
  "card.r1.text":
    de: "Wer {{fact.hand}} Karten hält, passt. Ein Stich mit {{fact.bonus}} Punkten zählt doppelt."
    text: "Holding {{fact.hand}} cards, you pass. A trick of {{fact.bonus}} points counts double."
  "card.r2.text":
    de: "Ab fünf Karten darfst du tauschen."
    text: "With five or more cards you may swap."
  "card.r2.claims.0.says":
    de: "Ab fünf Karten"
    text: "five or more cards"
  "card.r3.text":
    de: "Gespielt wird zu {{fact.players}}."
    text: "For {{fact.players}} players."
)";

constexpr const char* kPhrasing = R"(phrasing:
  de:
    exactly: ["{n}", "genau {n}"]
    at_least: ["{n} oder mehr", "mindestens {n}", "ab {n}"]
    more_than: ["mehr als {n}"]
    at_most: ["{n} oder weniger"]
    fewer_than: ["weniger als {n}"]
    range: ["{min} bis {max}"]
  en:
    exactly: ["{n}"]
    at_least: ["{n} or more", "at least {n}"]
    more_than: ["more than {n}"]
    at_most: ["{n} or fewer"]
    fewer_than: ["fewer than {n}"]
    range: ["{min} to {max}"]
)";

using Edits = std::vector<std::pair<std::string, std::string>>;

struct Moons {
  TempDir dir;
  fs::path root = dir.path() / "moons";
  fs::path game = root / "data/games/moons.yaml";
  fs::path english = root / "data/locales/en/moons.yaml";

  explicit Moons(const Edits& edits = {}, const std::string& variant_rules = {}) {
    test::write_text(root / "data/cards.yaml",
                     "kartenwerk: 1\ninclude: [formats.yaml, phrasing.yaml, games/moons.yaml]\n");
    test::write_text(root / "data/formats.yaml", "formats:\n  f: { width: 63, height: 88, bleed: 3, safe: 4 }\n");
    test::write_text(root / "data/phrasing.yaml", kPhrasing);
    test::write_text(root / "layouts/t/card.yaml", "elements: []\n");
    std::string text = kGame;
    for (const auto& [from, to] : edits) {
      const size_t at = text.find(from);
      EXPECT_NE(at, std::string::npos) << from;
      if (at != std::string::npos) text.replace(at, from.size(), to);
    }
    test::write_text(game, text);
    test::write_text(english, kEnglish);
    if (!variant_rules.empty())
      test::write_text(root / "data/variants/moons/kurz.yaml", "variant:\n  game: moons\n  rules:\n" + variant_rules);
  }

  // `check` as the command runs it: the whole check in the source language,
  // the texts' checks in a translation.
  Diagnostics findings(const std::string& language = "de", const std::string& variant = {}) const {
    return test::shown_findings(root, "moons", language, "de", variant);
  }

  RuleTextCoverage coverage(const std::string& language = "de") const {
    model::LoadOptions options;
    options.language = language == "de" ? "" : language;
    auto loaded = test::load_from_disk(root, options);
    Diagnostics ignored;
    return loaded.model ? check_rule_texts(*loaded.model, *loaded.model->game("moons"), ignored) : RuleTextCoverage{};
  }

  RuleValues values(const std::string& language = "de") const {
    model::LoadOptions options;
    options.language = language == "de" ? "" : language;
    auto loaded = test::load_from_disk(root, options);
    return loaded.model ? rule_values(*loaded.model, *loaded.model->game("moons")) : RuleValues{};
  }
};

const Diagnostic* with(const Diagnostics& found, const std::string& text, Severity severity = Severity::Error) {
  for (const auto& f : found)
    if (f.severity == severity && f.message.find(text) != std::string::npos) return &f;
  return nullptr;
}

TEST(RuleFacts, AnOrdinalPlaceThatIsNoNumberIsAnErrorAtItsLine) {
  Moons m;
  test::write_text(
      m.root / "data/phrasing.yaml",
      std::string(kPhrasing) + "    ranks:\n      ends: { last: \"letzt\" }\n      places: { erst: \"vor\" }\n");
  const auto loaded = test::load_from_disk(m.root);
  const std::string said = format_diagnostics(loaded.diagnostics);
  EXPECT_NE(said.find("phrasing.yaml:"), std::string::npos) << said;
  EXPECT_NE(said.find("ranks: places: 'erst' is no place"), std::string::npos) << said;
}

TEST(RuleFacts, ATermWithoutFormsByLanguageIsAnErrorAtItsLine) {
  Moons m(
      Edits{{"      punkt: { de: \"Punkt|Punkte|Punkten\", en: \"point|points\" }\n",
             "      punkt: { de: \"Punkt|Punkte|Punkten\", en: \"point|points\" }\n    terms:\n      mond: Mond\n"}});
  const Diagnostics found = m.findings();
  const Diagnostic* f = with(found, "terms: 'mond' gives no forms by language");
  ASSERT_NE(f, nullptr) << dump(found);
  EXPECT_EQ(f->loc.line, test::locate(m.game, "mond: Mond").first);
}

TEST(RuleFacts, ACorrectGameHasNoFindingsInEitherLanguage) {
  Moons m;
  for (const char* lang : {"de", "en"}) {
    const Diagnostics found = m.findings(lang);
    EXPECT_TRUE(found.empty()) << lang << "\n" << dump(found);
  }
  const RuleTextCoverage de = m.coverage("de");
  EXPECT_EQ(de.generated, 3u);  // two sentences of r1, r3
  EXPECT_EQ(de.claimed, 1u);    // r2
  EXPECT_EQ(de.free, 0u);
}

TEST(RuleFacts, FactsPrintInTheLanguageWithItsComparisonAndNumberWords) {
  Moons m;
  RuleValues de = m.values("de"), en = m.values("en");
  EXPECT_EQ(de["fact.hand"], "5 oder mehr");
  EXPECT_EQ(de["fact.hand.words"], "fünf oder mehr");
  EXPECT_EQ(de["fact.hand.n"], "5");
  EXPECT_EQ(de["fact.players"], "2 bis 4");
  EXPECT_EQ(en["fact.hand"], "5 or more");
  EXPECT_EQ(en["fact.hand.words"], "five or more");
  EXPECT_EQ(en["fact.players"], "2 to 4");
  EXPECT_EQ(de["fact.night"], "Nacht");
}

TEST(RuleFacts, ANumberWrittenWrongInWordsIsAnErrorAtTheText) {
  Moons m(Edits{{"text: \"Ab fünf Karten darfst du tauschen.\"", "text: \"Ab vier Karten darfst du tauschen.\""},
                {"says: \"Ab fünf Karten\"", "says: \"Ab vier Karten\""}});
  const Diagnostics found = m.findings();
  const Diagnostic* f = with(found, "states at least 4 'karte', fact 'hand' at least 5 'karte'");
  ASSERT_NE(f, nullptr) << dump(found);
  auto [line, col] = locate(m.game, "Ab vier Karten darfst");
  EXPECT_EQ(f->loc.line, line);
  EXPECT_EQ(f->loc.column, col);
}

TEST(RuleFacts, ANumberChangedUnderItsClaimIsAnErrorAtTheText) {
  // The text changed, its claim did not: the error is at the text's words.
  Moons m(Edits{{"text: \"Ab fünf Karten darfst du tauschen.\"", "text: \"Ab vier Karten darfst du tauschen.\""}});
  const Diagnostics found = m.findings();
  const Diagnostic* f = with(found, "'Ab vier' states at least 4 'karte', fact 'hand' at least 5 'karte'");
  ASSERT_NE(f, nullptr) << dump(found);
  auto [line, col] = locate(m.game, "Ab vier Karten darfst");
  EXPECT_EQ(f->loc.line, line);
  EXPECT_EQ(f->loc.column, col);
  EXPECT_EQ(f->hint, "the claim says 'Ab fünf Karten'");
  EXPECT_EQ(found.size(), 1u) << dump(found);  // not also a free sentence with an unknown threshold
}

TEST(RuleFacts, AWrongComparisonInAFreeSentenceIsAnError) {
  Moons m(Edits{{"text: \"Gespielt wird zu {{fact.players}}.\"",
                 "text: \"Gespielt wird zu {{fact.players}}. Mehr als 40 Punkte geben einen Bonus.\""}});
  const Diagnostics found = m.findings();
  const Diagnostic* f = with(found, "'Mehr als 40' states more than 40 'punkt', which no fact states");
  ASSERT_NE(f, nullptr) << dump(found);
  EXPECT_NE(f->hint.find("bonus: at least 40 'punkt'"), std::string::npos) << f->hint;
}

TEST(RuleFacts, ACorrectRewordingIsNotFlagged) {
  // The claimed words are gone, but the sentence still states the fact.
  Moons m(Edits{
      {"text: \"Ab fünf Karten darfst du tauschen.\"", "text: \"Mit mindestens fünf Karten darfst du tauschen.\""}});
  const Diagnostics found = m.findings();
  EXPECT_TRUE(found.empty()) << dump(found);
  // A free sentence that states a fact correctly counts as backed.
  Moons free(Edits{{"text: \"Gespielt wird zu {{fact.players}}.\"",
                    "text: \"Gespielt wird zu {{fact.players}}. Ab 40 Punkten gibt es einen Bonus.\""}});
  EXPECT_TRUE(free.findings().empty()) << dump(free.findings());
  // Whole numbers: "more than four" is "at least five", "more than 39" is "40 or more".
  Moons more(
      Edits{{"text: \"Ab fünf Karten darfst du tauschen.\"", "text: \"Mit mehr als vier Karten darfst du tauschen.\""},
            {"text: \"Gespielt wird zu {{fact.players}}.\"",
             "text: \"Gespielt wird zu {{fact.players}}. Mehr als 39 Punkte geben einen Bonus.\""}});
  EXPECT_TRUE(more.findings().empty()) << dump(more.findings());
  Moons off_by_one(Edits{
      {"text: \"Ab fünf Karten darfst du tauschen.\"", "text: \"Mit mehr als fünf Karten darfst du tauschen.\""}});
  EXPECT_NE(with(off_by_one.findings(), "states more than 5 'karte'"), nullptr) << dump(off_by_one.findings());
}

TEST(RuleFacts, AnEnglishTranslationThatChangesTheNumberIsAnError) {
  Moons m;
  std::string en = test::read_text(m.english);
  en.replace(en.find("With five or more cards"), 23, "With four or more cards");
  en.replace(en.find("text: \"five or more cards\""), 26, "text: \"four or more cards\"");
  test::write_text(m.english, en);
  const Diagnostics found = m.findings("en");
  const Diagnostic* f = with(found, "states at least 4 'karte'");
  ASSERT_NE(f, nullptr) << dump(found);
  EXPECT_EQ(f->loc.file, "data/locales/en/moons.yaml");
}

TEST(RuleFacts, AFreeRuleSentenceIsAWarningAtItsPlace) {
  Moons m(Edits{{"text: \"Gespielt wird zu {{fact.players}}.\"",
                 "text: \"Gespielt wird zu {{fact.players}}. Jeder zieht 3 Monde.\""}});
  const Diagnostics found = m.findings();
  const Diagnostic* f = with(found, "a rule sentence that no fact backs: 'Jeder zieht 3 Monde.'", Severity::Warning);
  ASSERT_NE(f, nullptr) << dump(found);
  auto [line, col] = locate(m.game, "Jeder zieht 3");
  EXPECT_EQ(f->loc.line, line);
  EXPECT_EQ(f->loc.column, col);
  EXPECT_FALSE(found.has_errors()) << dump(found);
  EXPECT_EQ(m.coverage().free, 1u);
  EXPECT_EQ(m.coverage().flagged, 1u);
}

TEST(RuleFacts, FactsAreCheckedAgainstTheCards) {
  Moons count(Edits{{"moons: { count: 3, of: karte, deck: moons }", "moons: { count: 4, of: karte, deck: moons }"}});
  EXPECT_NE(with(count.findings(), "deck 'moons' has 3 cards, expected 4"), nullptr) << dump(count.findings());
  Moons name(Edits{{"night: { binding: Nacht, deck: moons }", "night: { binding: Tag, deck: moons }"}});
  const Diagnostics named = name.findings();
  const Diagnostic* f = with(named, "deck moons is named 'Nacht', the fact 'night' binds 'Tag'");
  ASSERT_NE(f, nullptr) << dump(named);
  auto [line, col] = locate(name.game, "name: Nacht");
  EXPECT_EQ(f->loc.line, line);
}

TEST(RuleFacts, AMalformedFactIsAnErrorAtItsPlace) {
  Moons m(Edits{{"hand: { count: 5, compare: at_least, of: karte }", "hand: { count: 5, points: 3, of: karte }"}});
  const Diagnostics found = m.findings();
  EXPECT_NE(with(found, "fact 'hand': it states more than one thing"), nullptr) << dump(found);
  Moons typo(
      Edits{{"hand: { count: 5, compare: at_least, of: karte }", "hand: { count: 5, comprae: at_least, of: karte }"}});
  const Diagnostics typo_found = typo.findings();
  const Diagnostic* f = with(typo_found, "unknown key 'comprae' in fact 'hand'");
  ASSERT_NE(f, nullptr) << dump(typo_found);
  auto [line, col] = locate(typo.game, "comprae");
  EXPECT_EQ(f->loc.line, line);
  EXPECT_EQ(f->loc.column, col);
  Moons noun(Edits{{"bonus: { points: 40, compare: at_least, of: punkt }", "bonus: { points: 40, of: muenze }"}});
  EXPECT_NE(with(noun.findings(), "fact 'bonus' counts 'muenze', which facts: nouns: does not declare"), nullptr)
      << dump(noun.findings());
}

TEST(RuleFacts, AVariantThatRemovesAPrintedFactIsAnError) {
  Moons m(Edits{}, "    facts:\n      bonus: removed\n");
  const Diagnostics found = m.findings("de", "kurz");
  const Diagnostic* f = with(found, "the text prints fact 'bonus', which this variant removes");
  ASSERT_NE(f, nullptr) << dump(found);
  auto [line, col] = locate(m.game, "{{fact.bonus}}");
  EXPECT_EQ(f->loc.line, line);
  EXPECT_EQ(f->loc.column, col);
  // A declared change is the variant's to make: the texts follow it.
  Moons changed(Edits{}, "    facts:\n      hand: { count: 4, compare: at_least, of: karte }\n");
  EXPECT_NE(with(changed.findings("de", "kurz"), "states at least 5 'karte', fact 'hand' at least 4 'karte'"), nullptr)
      << dump(changed.findings("de", "kurz"));
}

TEST(RuleFacts, AMisnamedRuleTextIsAnErrorNotASilentPass) {
  Moons deck(Edits{{"- { deck: reference, field: text }", "- { deck: refrence, field: text }"}});
  const Diagnostics found = deck.findings();
  EXPECT_NE(with(found, "facts: texts: no deck 'refrence'"), nullptr) << dump(found);
  // The claims of a deck that is no rule text would never be read.
  EXPECT_NE(with(found, "this claim is never read: deck reference is not among the rule texts"), nullptr)
      << dump(found);
  Moons field(Edits{{"- { deck: reference, field: text }", "- { deck: reference, field: txet }"}});
  EXPECT_NE(with(field.findings(), "'txet' is no text field of deck reference"), nullptr) << dump(field.findings());
}

TEST(RuleFacts, TheNounMayStandBeforeTheComparison) {
  // "5 Karten oder mehr" is "5 oder mehr Karten" reworded.
  Moons m(
      Edits{{"text: \"Ab fünf Karten darfst du tauschen.\"", "text: \"Mit 5 Karten oder mehr darfst du tauschen.\""}});
  EXPECT_TRUE(m.findings().empty()) << dump(m.findings());
  Moons wrong(
      Edits{{"text: \"Ab fünf Karten darfst du tauschen.\"", "text: \"Mit 4 Karten oder mehr darfst du tauschen.\""}});
  EXPECT_NE(with(wrong.findings(), "states at least 4 'karte'"), nullptr) << dump(wrong.findings());
}

TEST(RuleFacts, APlayerRangeIsReadAsARange) {
  const std::string text = "text: \"Gespielt wird zu {{fact.players}}.\"";
  Moons right(Edits{{text,
                     "text: \"Für zwei bis vier Spieler.\"\n          claims: [{ fact: players, "
                     "says: \"Für zwei bis vier Spieler\" }]"}});
  EXPECT_FALSE(right.findings().has_errors()) << dump(right.findings());
  // Both numbers are in the text, but the range is 3 to 4.
  Moons wrong(Edits{{text,
                     "text: \"In 2 Teams, für 3 bis 4 Spieler.\"\n          claims: [{ fact: players, says: "
                     "\"In 2 Teams, für 3 bis 4 Spieler\" }]"}});
  EXPECT_NE(with(wrong.findings(), "'3 bis 4' states 3 to 4 players, fact 'players' 2 to 4"), nullptr)
      << dump(wrong.findings());
}

TEST(RuleFacts, NumberWordsComeFromTheLanguage) {
  EXPECT_EQ(number_word("elf", "de"), 11);
  EXPECT_EQ(number_word("einem", "de"), 1);
  EXPECT_EQ(number_word("twelve", "en"), 12);
  EXPECT_EQ(number_word("onze", "fr"), 11);
  EXPECT_FALSE(number_word("karte", "de").has_value());
  EXPECT_EQ(spell_number(7, "de"), "sieben");
}

// An effect with a structure (README: Rule facts, "Effects"): the moons are
// named, a reference card claims what undoes them and how a card is laid.
const Edits kEffects = {
    {"  card_fields:\n    text: text\n", "  card_fields:\n    name: text\n    text: text\n"},
    {"        - { id: m1 }\n        - { id: m2, copies: 2 }\n",
     "        - { id: m1, name: Vollmond }\n        - { id: m2, name: Leermond, copies: 2 }\n"},
    {"      night: { binding: Nacht, deck: moons }\n",
     "      night: { binding: Nacht, deck: moons }\n"
     "      undo: { effect: a Vollmond taken away loses its effect, roles: { undoes: [m1] } }\n"
     "      laid: { effect: the card is laid face up, roles: { what: [m1] }, sides: { open_hidden: open } }\n"
     "      lost: { effect: the moons lose their effect, roles: { who: [m1, m2] },\n"
     "              say: { de: \"{who} verlieren ihre Wirkung\", en: \"{who} lose their effect\" } }\n"},
    {"          text: \"Gespielt wird zu {{fact.players}}.\"\n",
     "          text: \"Gespielt wird zu {{fact.players}}.\"\n"
     "        - id: r4\n"
     "          text: \"War es ein Vollmond, ist seine Wirkung aufgehoben. Lege den Vollmond offen aus.\"\n"
     "          claims:\n"
     "            - { fact: undo, says: \"ist seine Wirkung aufgehoben\" }\n"
     "            - { fact: laid, says: \"Lege den Vollmond offen aus\" }\n"
     "        - id: r5\n"
     "          text: \"Am Ende: {{fact.lost}}.\"\n"},
};

Edits with_effects(const Edits& more) {
  Edits all = kEffects;
  all.insert(all.end(), more.begin(), more.end());
  return all;
}

void add_opposites(const Moons& m) {
  std::string phrasing = kPhrasing;
  phrasing.replace(phrasing.find("  en:\n"), 6,
                   "    opposites:\n      open_hidden: [\"offen\", \"verdeckt\"]\n"
                   "    negations: [kein, keinen, nicht]\n"
                   "    ranks:\n      ends: { highest: \"höchst\" }\n      places: { \"2\": \"zweit\" }\n  en:\n"
                   "    opposites:\n      open_hidden: [\"face up\", \"face down\"]\n");
  test::write_text(m.root / "data/phrasing.yaml", phrasing);
}

TEST(RuleFactEffects, AnEffectWithRolesIsCleanWhereItsClaimsNameWhatItInvolves) {
  Moons m(kEffects);
  add_opposites(m);
  const Diagnostics found = m.findings();
  EXPECT_TRUE(found.empty()) << dump(found);
}

TEST(RuleFactEffects, ANameSwappedInTheTextAndItsClaimAlikeIsAnErrorAtTheSentence) {
  // The designer changed the text and kept the claim's words: the words
  // still stand, the fact says the Vollmond.
  Moons m(with_effects({{"War es ein Vollmond, ist", "War es ein Leermond, ist"}}));
  add_opposites(m);
  const Diagnostics found = m.findings();
  const Diagnostic* f = with(found, "names 'Leermond', which the facts it claims ('undo') do not involve");
  ASSERT_NE(f, nullptr) << dump(found);
  EXPECT_EQ(f->loc.line, locate(m.game, "War es ein Leermond").first);
  EXPECT_NE(f->hint.find("add m2 to a role of the fact at"), std::string::npos) << f->hint;
  // Unclaimed sentences and correct ones are not judged by it.
  EXPECT_EQ(with(found, "'laid'"), nullptr) << dump(found);
}

TEST(RuleFactEffects, TheOtherSideOfAnOppositeInTextAndClaimIsAnError) {
  Moons m(with_effects({{"Lege den Vollmond offen aus.\"", "Lege den Vollmond verdeckt aus.\""},
                        {"says: \"Lege den Vollmond offen aus\"", "says: \"Lege den Vollmond verdeckt aus\""}}));
  add_opposites(m);
  const Diagnostics found = m.findings();
  const Diagnostic* f = with(found, "says 'verdeckt', fact 'laid' states open");
  ASSERT_NE(f, nullptr) << dump(found);
  EXPECT_EQ(f->loc.line, locate(m.game, "Lege den Vollmond verdeckt").first);
}

TEST(RuleFactEffects, AnEffectPrintsItsSentenceWithItsRolesNamesInEachLanguage) {
  Moons m(kEffects);
  add_opposites(m);
  EXPECT_EQ(m.values("de")["fact.lost"], "Vollmond und Leermond verlieren ihre Wirkung");
  EXPECT_EQ(m.values("en")["fact.lost"], "Vollmond and Leermond lose their effect");
  // A sentence that prints it is generated.
  EXPECT_GE(m.coverage("de").generated, 4u);
}

TEST(RuleFactEffects, AMalformedStructureIsAnErrorAtItsPlace) {
  Moons unknown(with_effects({{"roles: { undoes: [m1] }", "roles: { undoes: [m11] }"}}));
  add_opposites(unknown);
  Diagnostics found = unknown.findings();
  const Diagnostic* f = with(found, "role 'undoes' names 'm11', which is no card, table entry, deck, binding or term");
  ASSERT_NE(f, nullptr) << dump(found);
  EXPECT_EQ(f->loc.line, locate(unknown.game, "roles: { undoes: [m11] }").first);
  EXPECT_NE(f->hint.find("did you mean 'm1'?"), std::string::npos) << f->hint;

  Moons slot(with_effects({{"\"{who} lose their effect\"", "\"{whom} lose their effect\""}}));
  add_opposites(slot);
  found = slot.findings();
  EXPECT_NE(with(found, "say: 'en' has the slot {whom}, which no role fills"), nullptr) << dump(found);
  // The fact stays: the text that prints it is no unknown field besides.
  EXPECT_EQ(with(found, "unknown field"), nullptr) << dump(found);
  EXPECT_EQ(with(slot.findings("en"), "unknown field"), nullptr) << dump(slot.findings("en"));

  Moons side(with_effects({{"sides: { open_hidden: open }", "sides: { open_hidden: shut }"}}));
  add_opposites(side);
  found = side.findings();
  EXPECT_NE(with(found, "sides: 'shut' is neither half of 'open_hidden'"), nullptr) << dump(found);

  Moons kind(Edits{{"      night: { binding: Nacht, deck: moons }\n",
                    "      night: { binding: Nacht, deck: moons, roles: { who: [m1] } }\n"}});
  found = kind.findings();
  EXPECT_NE(with(found, "roles, sides, rank, negated and say belong to an effect"), nullptr) << dump(found);
}

// A named sentence of an effect, with a slot in a grammatical case whose
// forms facts: cases: declares ("den Vollmond"); a name without forms
// (Leermond) keeps its one form.
const Edits kCased = {
    {"    texts:\n", "    cases:\n      m1: { de: { nom: der Vollmond, acc: den Vollmond } }\n    texts:\n"},
    {"      lost: {",
     "      stop:\n"
     "        effect: nobody stops the moons\n"
     "        roles: { whom: [m1, m2] }\n"
     "        say:\n"
     "          nobody: { de: \"{whom:acc} hält man nicht auf\", en: \"Nobody stops {whom}\" }\n"
     "      lost: {"},
    {"          text: \"Am Ende: {{fact.lost}}.\"\n",
     "          text: \"Am Ende: {{fact.lost}}. {{fact.stop.nobody}}.\"\n"},
};

TEST(RuleFactEffects, ANamedSentencePrintsTheCaseFormsTheFactsDeclare) {
  Moons m(with_effects(kCased));
  add_opposites(m);
  test::write_text(m.english, std::string(kEnglish) +
                                  "  \"card.r5.text\":\n"
                                  "    de: \"Am Ende: {{fact.lost}}. {{fact.stop.nobody}}.\"\n"
                                  "    text: \"In the end: {{fact.lost}}. {{fact.stop.nobody}}.\"\n");
  const Diagnostics found = m.findings();
  EXPECT_FALSE(found.has_errors()) << dump(found);
  // The sentence opens with the slot, so with a capital.
  EXPECT_EQ(m.values("de")["fact.stop.nobody"], "Den Vollmond und Leermond hält man nicht auf");
  EXPECT_EQ(m.values("en")["fact.stop.nobody"], "Nobody stops Vollmond and Leermond");
  EXPECT_FALSE(m.findings("en").has_errors()) << dump(m.findings("en"));
}

TEST(RuleFactEffects, ACaseANameDoesNotDeclareIsAnErrorAtTheSentence) {
  Moons m(with_effects(kCased));
  add_opposites(m);
  std::string text = test::read_text(m.game);
  text.replace(text.find("{whom:acc}"), 10, "{whom:dat}");
  test::write_text(m.game, text);
  const Diagnostics found = m.findings();
  const Diagnostic* f = with(found, "writes {whom:dat}, but facts: cases: gives 'm1' no 'dat' form in de");
  ASSERT_NE(f, nullptr) << dump(found);
  EXPECT_EQ(f->loc.line, locate(m.game, "{whom:dat}").first);
  EXPECT_NE(f->message.find("(it gives: nom, acc)"), std::string::npos) << f->message;

  Moons typo(with_effects(kCased));
  text = test::read_text(typo.game);
  text.replace(text.find("      m1: { de: { nom"), 9, "      m7:");
  test::write_text(typo.game, text);
  const Diagnostics typo_found = typo.findings();
  const Diagnostic* t = with(typo_found, "facts: cases: 'm7' is no card, table entry, deck, binding or term");
  ASSERT_NE(t, nullptr) << dump(typo_found);
  EXPECT_NE(t->hint.find("did you mean 'm1'?"), std::string::npos) << t->hint;

  Moons flat(with_effects(kCased));
  text = test::read_text(flat.game);
  text.replace(text.find("{ de: { nom: der Vollmond, acc: den Vollmond } }"), 48, "{ de: [der Vollmond] }");
  test::write_text(flat.game, text);
  EXPECT_NE(with(flat.findings(), "cases: 'm1' gives no forms by language and case"), nullptr) << dump(flat.findings());
}

TEST(RuleFactEffects, AGeneratedSentenceThatSaysOtherwiseInAnotherLanguageIsAnError) {
  auto english_of = [](const Moons& m) {
    test::write_text(m.english, std::string(kEnglish) +
                                    "  \"card.r5.text\":\n"
                                    "    de: \"Am Ende: {{fact.lost}}. {{fact.stop.nobody}}.\"\n"
                                    "    text: \"In the end: {{fact.lost}}. {{fact.stop.nobody}}.\"\n");
  };
  // The German sentence lost its negation; the English kept it. Both are
  // generated, so no translation record compares them: the facts' own
  // sentences are compared with each other.
  Edits lost = with_effects(kCased);
  lost.push_back({"\"{whom:acc} hält man nicht auf\"", "\"{whom:acc} hält man auf\""});
  auto english_negations = [](const Moons& m) {
    add_opposites(m);
    std::string phrasing = test::read_text(m.root / "data/phrasing.yaml");
    phrasing.replace(phrasing.rfind("  en:\n"), 6, "  en:\n    negations: [nobody, not]\n");
    test::write_text(m.root / "data/phrasing.yaml", phrasing);
  };
  Moons negation(lost);
  english_negations(negation);
  english_of(negation);
  const Diagnostics found = negation.findings("en");
  const Diagnostic* f = with(found, "fact 'stop': say: nobody: 'en' is negated, its de sentence is not");
  ASSERT_NE(f, nullptr) << dump(found);
  EXPECT_EQ(f->loc.line, locate(negation.game, "\"Nobody stops {whom}\"").first);

  // A role the other language leaves out.
  Edits role = with_effects(kCased);
  role.push_back({"\"{who} lose their effect\"", "\"They lose their effect\""});
  Moons dropped(role);
  add_opposites(dropped);
  english_of(dropped);
  const Diagnostics dropped_found = dropped.findings("en");
  EXPECT_NE(with(dropped_found, "fact 'lost': say: 'en' prints no role, its de sentence {who}"), nullptr)
      << dump(dropped_found);

  // Each language negates what it says of the same role: here the English
  // says of the Vollmond what the German says of the Leermond.
  Edits keep = with_effects(kCased);
  keep.push_back(
      {"      lost: {",
       "      keep: { effect: the Vollmond stays, the Leermond not, roles: { kept: [m1], gone: [m2] },\n"
       "              say: { de: \"{kept} bleibt, {gone} nicht\", en: \"{gone} stays, {kept} does not\" } }\n"
       "      lost: {"});
  Moons swapped(keep);
  english_negations(swapped);
  english_of(swapped);
  const Diagnostics swapped_found = swapped.findings("en");
  const Diagnostic* s =
      with(swapped_found, "fact 'keep': say: 'en' negates what it says of {kept}, its de sentence of {gone}");
  ASSERT_NE(s, nullptr) << dump(swapped_found);
  EXPECT_EQ(s->loc.line, locate(swapped.game, "{gone} stays").first);
  // The clauses in the other order say the same.
  Edits reordered = with_effects(kCased);
  reordered.push_back(
      {"      lost: {",
       "      keep: { effect: the Vollmond stays, the Leermond not, roles: { kept: [m1], gone: [m2] },\n"
       "              say: { de: \"{kept} bleibt, {gone} nicht\", en: \"{gone} does not stay, {kept} does\" } }\n"
       "      lost: {"});
  Moons fine(reordered);
  english_negations(fine);
  english_of(fine);
  EXPECT_FALSE(fine.findings("en").has_errors()) << dump(fine.findings("en"));
}

TEST(RuleFactEffects, AClaimedListThatLeavesOutOneOfARolesItemsIsAnError) {
  auto with_list = [](const std::string& sentence) {
    return with_effects(
        {{"      lost: {",
          "      when: { effect: it applies at every moon, roles: { in: [m1, m2, night] } }\n      lost: {"},
         {"        - id: r5\n", "        - id: r6\n          text: \"" + sentence +
                                    ".\"\n          claims:\n            - { fact: when, says: \"" + sentence +
                                    "\" }\n        - id: r5\n"}});
  };
  // A list is names joined by the language's conjunctions.
  auto phrased = [](const Moons& m) {
    add_opposites(m);
    std::string phrasing = test::read_text(m.root / "data/phrasing.yaml");
    phrasing.replace(phrasing.find("  de:\n"), 6, "  de:\n    conjunctions: [und, oder]\n");
    test::write_text(m.root / "data/phrasing.yaml", phrasing);
  };
  Moons all(with_list("Es gilt bei Vollmond, Leermond und Nacht"));
  phrased(all);
  EXPECT_FALSE(all.findings().has_errors()) << dump(all.findings());
  // One named alone is no list of the role.
  Moons one(with_list("Bei Vollmond gilt es auch"));
  phrased(one);
  EXPECT_FALSE(one.findings().has_errors()) << dump(one.findings());

  Moons two(with_list("Es gilt bei Vollmond und Leermond"));
  phrased(two);
  const Diagnostics found = two.findings();
  const Diagnostic* f = with(found, "lists what fact 'when' names in role 'in' but leaves out 'Nacht'");
  ASSERT_NE(f, nullptr) << dump(found);
  EXPECT_EQ(f->loc.line, locate(two.game, "text: \"Es gilt bei Vollmond und Leermond").first);
}

TEST(RuleFactEffects, AClaimsRolesSayWhichRoleItsWordsState) {
  // Both moons are involved; the claim says its words are of the one beaten.
  auto with_claim = [](const std::string& sentence, const std::string& roles) {
    return with_effects({{"          says: text\n", "          says: text\n          roles: { type: list, of: id }\n"},
                         {"      lost: {",
                          "      beat: { effect: the Vollmond beats the Leermond, roles: { who: [m1], whom: [m2] } }\n"
                          "      lost: {"},
                         {"        - id: r5\n", "        - id: r6\n          text: \"" + sentence +
                                                    ".\"\n          claims:\n            - { fact: beat, says: \"" +
                                                    sentence + "\", roles: " + roles + " }\n        - id: r5\n"}});
  };
  Moons right(with_claim("Der Leermond verliert", "[whom]"));
  add_opposites(right);
  EXPECT_FALSE(right.findings().has_errors()) << dump(right.findings());

  // Written wrong in the text and the claim alike: both moons are involved,
  // but the Vollmond is the fact's who.
  Moons wrong(with_claim("Der Vollmond verliert", "[whom]"));
  add_opposites(wrong);
  const Diagnostics found = wrong.findings();
  const Diagnostic* f =
      with(found, "'Der Vollmond verliert' names 'Vollmond', which fact 'beat' has as its who, not as its whom");
  ASSERT_NE(f, nullptr) << dump(found);
  EXPECT_EQ(f->loc.line, locate(wrong.game, "text: \"Der Vollmond verliert").first);

  Moons typo(with_claim("Der Leermond verliert", "[whim]"));
  add_opposites(typo);
  const Diagnostics typo_found = typo.findings();
  const Diagnostic* t = with(typo_found, "the claim says it states role 'whim' of fact 'beat', which has no such role");
  ASSERT_NE(t, nullptr) << dump(typo_found);
  EXPECT_NE(t->hint.find("did you mean 'whom'?"), std::string::npos) << t->hint;
}

TEST(RuleFactEffects, NamesMarkedByCaseMayStandInAnyOrder) {
  // German marks who beats whom by case: with the names' case forms
  // declared, "Den Leermond schlägt der Vollmond" says what "Der Vollmond
  // schlägt den Leermond" says; "Der Leermond schlägt den Vollmond" does not.
  auto written = [](const std::string& sentence) {
    Edits e =
        with_effects({{"    texts:\n",
                       "    cases:\n      m1: { de: { nom: der Vollmond, acc: den Vollmond } }\n"
                       "      m2: { de: { nom: der Leermond, acc: den Leermond } }\n    texts:\n"},
                      {"      lost: {",
                       "      beat: { effect: the Vollmond beats the Leermond, roles: { who: [m1], whom: [m2] } }\n"
                       "      lost: {"},
                      {"        - id: r5\n", "        - id: r6\n          text: \"" + sentence +
                                                 ".\"\n          claims:\n            - { fact: beat, says: \"" +
                                                 sentence + "\" }\n        - id: r5\n"}});
    return e;
  };
  auto translated = [](const Moons& m) {
    add_opposites(m);
    test::write_text(m.english, std::string(kEnglish) +
                                    "  \"card.r6.text\":\n"
                                    "    de: \"Der Vollmond schlägt den Leermond.\"\n"
                                    "    text: \"The Vollmond beats the Leermond.\"\n"
                                    "  \"card.r6.claims.0.says\":\n"
                                    "    de: \"Der Vollmond schlägt den Leermond\"\n"
                                    "    text: \"The Vollmond beats the Leermond\"\n");
  };
  Moons same(written("Der Vollmond schlägt den Leermond"));
  translated(same);
  EXPECT_FALSE(same.findings().has_errors()) << dump(same.findings());

  Moons reordered(written("Den Leermond schlägt der Vollmond"));
  translated(reordered);
  EXPECT_FALSE(reordered.findings().has_errors()) << dump(reordered.findings());

  Moons swapped(written("Der Leermond schlägt den Vollmond"));
  translated(swapped);
  const Diagnostics found = swapped.findings();
  EXPECT_NE(with(found, "names 'Vollmond' and 'Leermond' the other way round"), nullptr) << dump(found);
}

TEST(RuleFactEffects, ANegationOrAPlaceLostInTextAndClaimIsAnError) {
  const Edits more = {
      {"      lost: {",
       "      top: { effect: the Vollmond stays the highest card, roles: { who: [m1] }, rank: { highest: 1 } }\n"
       "      none: { effect: the Vollmond takes no trick, roles: { who: [m1] }, negated: true }\n      lost: {"},
      {"        - id: r5\n",
       "        - id: r6\n"
       "          text: \"Der Vollmond bleibt die höchste Karte. Der Vollmond macht keinen Stich.\"\n"
       "          claims:\n"
       "            - { fact: top, says: \"Der Vollmond bleibt die höchste Karte\" }\n"
       "            - { fact: none, says: \"Der Vollmond macht keinen Stich\" }\n"
       "        - id: r5\n"}};
  Moons good(with_effects(more));
  add_opposites(good);
  EXPECT_TRUE(good.findings().empty()) << dump(good.findings());
  // r6 has no English translation: the English load shows its German text,
  // which is not read with English words ("keinen" is no English negation).
  EXPECT_FALSE(good.findings("en").has_errors()) << dump(good.findings("en"));

  Edits wrong = more;
  wrong.push_back({"bleibt die höchste Karte. Der", "bleibt die zweithöchste Karte. Der"});
  wrong.push_back(
      {"says: \"Der Vollmond bleibt die höchste Karte\"", "says: \"Der Vollmond bleibt die zweithöchste Karte\""});
  wrong.push_back({"macht keinen Stich.\"", "macht einen Stich.\""});
  wrong.push_back({"says: \"Der Vollmond macht keinen Stich\"", "says: \"Der Vollmond macht einen Stich\""});
  Moons m(with_effects(wrong));
  add_opposites(m);
  const Diagnostics found = m.findings();
  EXPECT_NE(with(found, "says 'zweithöchste' (place 2 from the highest), fact 'top' states place 1"), nullptr)
      << dump(found);
  EXPECT_NE(with(found, "states it without a negation, fact 'none' states it negated"), nullptr) << dump(found);
}

TEST(RuleFactEffects, AClaimedRankingNamesOnlyItsItems) {
  const Edits more = {{"      lost: {", "      order: { ranking: [m1, m2] }\n      lost: {"},
                      {"        - id: r5\n",
                       "        - id: r6\n"
                       "          text: \"Der Vollmond sticht den Leermond.\"\n"
                       "          claims:\n"
                       "            - { fact: order, says: \"Der Vollmond sticht den Leermond\" }\n"
                       "        - id: r5\n"}};
  Moons good(with_effects(more));
  add_opposites(good);
  EXPECT_TRUE(good.findings().empty()) << dump(good.findings());
  Edits wrong = more;
  wrong.push_back(
      {"          text: \"Der Vollmond sticht den Leermond.\"", "          text: \"Der Vollmond sticht die Nacht.\""});
  wrong.push_back({"says: \"Der Vollmond sticht den Leermond\"", "says: \"Der Vollmond sticht die Nacht\""});
  Moons m(with_effects(wrong));
  add_opposites(m);
  const Diagnostics found = m.findings();
  EXPECT_NE(with(found, "names 'Nacht', which the facts it claims ('order') do not involve"), nullptr) << dump(found);
}

}  // namespace
}  // namespace kw::rules
