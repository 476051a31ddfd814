// Generic checks declared in data: every kind passing and failing at the
// expected place, and malformed declarations reported where they are written.
#include "rules/generic_checks.h"

#include <gtest/gtest.h>

#include "rules/rules_test_util.h"

namespace kw::rules {
namespace {

using test::dump;
using test::load_ok;
using test::locate;
using test::locate_on;
using test::TempDir;

// A small game without a rules module: only its declared checks run.
constexpr const char* kTemplate = R"(game:
  id: tiles
  name: Tiles
  format: f
  checks:
@CHECKS@
  tables:
    colours:
      fields: { name: text }
      entries:
        red: { name: Red }
        blue: { name: Blue }
        green: { name: Green }
    spots:
      fields: { colour: { type: ref, table: colours } }
      entries:
        a: { colour: red }
        b: { colour: blue }
  card_fields:
    colour: { type: ref, table: colours }
    colours: { type: list, of: { type: ref, table: colours } }
    value: int
    kind: { type: id, allowed: [plain, fancy] }
    spot: { type: ref, table: spots }
    pair: id
    label: text
  decks:
    - id: main
      name: Main
      layout: t/card
      cards:
        - { id: c1, colour: red, colours: [red], value: 1, kind: plain, spot: a, pair: d1, label: x }
        - { id: c2, colour: blue, colours: [red, blue], value: 2, kind: fancy, spot: b, pair: d2, copies: 2 }
    - id: other
      name: Other
      layout: t/card
      cards:
        - { id: d1, colour: red, value: 1, pair: c1 }
        - { id: d2, colour: blue, value: 5 }
)";

struct Project {
  std::shared_ptr<model::Model> model;
  std::filesystem::path file;  // data/games/tiles.yaml
  Diagnostics findings;
};

Project make(const TempDir& dir, const std::string& checks) {
  namespace fs = std::filesystem;
  fs::path root = dir.path() / "tiles";
  test::write_text(root / "data/cards.yaml", "kartenwerk: 1\ninclude: [formats.yaml, games/tiles.yaml]\n");
  test::write_text(root / "data/formats.yaml", "formats:\n  f: { width: 63, height: 88, bleed: 3, safe: 4 }\n");
  test::write_text(root / "layouts/t/card.yaml", "elements: []\n");
  std::string game = kTemplate;
  game.replace(game.find("@CHECKS@"), 8, checks);
  test::write_text(root / "data/games/tiles.yaml", game);
  Project p;
  p.file = root / "data/games/tiles.yaml";
  p.model = load_ok(root);
  if (p.model) p.findings = test::check_one(*p.model, "tiles");
  return p;
}

TEST(GenericChecks, EveryKindPassesOnMatchingData) {
  TempDir dir;
  auto p = make(dir, R"(    - { check: count, deck: main, expect: 3 }
    - { check: count, per: colour, where: { colour: [red, blue] }, expect: { min: 2, max: 3 } }
    - { check: count, per: "colours[]", deck: main, where: { "colours[]": [red, blue] }, expect: { min: 2 } }
    - { check: sum, deck: main, field: value, expect: 5 }
    - { check: sum, field: value, per: deck, expect: { min: 5, max: 6 } }
    - { check: unique, fields: [id] }
    - { check: unique, deck: main, fields: [spot, copy] }
    - { check: allowed, deck: main, field: kind, values: [plain, fancy], required: true }
    - { check: range, field: value, min: 1, max: 5 }
    - { check: ref, deck: main, field: pair, to: other, same: [colour] }
    - { check: covers, table: spots, deck: main, field: spot, expect: { min: 1, max: 2 }, match: { colour: colour } }
    - { check: count, where: { label: ~ }, expect: 4 })");
  ASSERT_TRUE(p.model);
  EXPECT_TRUE(p.findings.empty()) << dump(p.findings);
}

TEST(GenericChecks, CountTooFewIsReportedAtTheDeck) {
  TempDir dir;
  auto p = make(dir, "    - { check: count, deck: main, expect: 4 }");
  ASSERT_TRUE(p.model);
  ASSERT_EQ(p.findings.size(), 1u) << dump(p.findings);
  auto [l, c] = locate(p.file, "- id: main");
  const Diagnostic& f = p.findings.items()[0];
  EXPECT_EQ(f.loc.line, l);
  EXPECT_EQ(f.loc.column, c + 2);
  EXPECT_EQ(f.message, "deck 'main' has 3 cards, expected 4");
  EXPECT_EQ(f.check, "count");
  EXPECT_EQ(f.game, "tiles");
  auto [dl, dc] = locate(p.file, "{ check: count");
  EXPECT_EQ(f.hint, "check declared at data/games/tiles.yaml:" + std::to_string(dl) + ":" + std::to_string(dc));
}

TEST(GenericChecks, CountTooManyIsReportedAtTheSurplusCard) {
  TempDir dir;
  auto p = make(dir, "    - { check: count, deck: main, expect: 2, id: main-size }");
  ASSERT_TRUE(p.model);
  auto [l, c] = locate(p.file, "{ id: c2,");
  EXPECT_FINDING(p.findings, "main-size", l, c, "deck 'main' has 3 cards, expected 2");
  EXPECT_EQ(p.findings.items()[0].card_id, "c2-2");
}

TEST(GenericChecks, CountPerEnumeratesEveryTableEntry) {
  TempDir dir;
  auto p = make(dir, "    - { check: count, deck: other, per: colour, expect: 1 }");
  ASSERT_TRUE(p.model);
  auto [l, c] = locate(p.file, "- id: other");
  EXPECT_FINDING(p.findings, "count", l, c + 2, "colour=green has 0 cards in deck 'other', expected 1");
  EXPECT_EQ(p.findings.size(), 1u) << dump(p.findings);
}

TEST(GenericChecks, EachElementOfAListCountsInItsGroup) {
  TempDir dir;
  auto p = make(dir, "    - { check: count, deck: main, per: \"colours[]\", expect: 2 }");
  ASSERT_TRUE(p.model);
  auto [l, c] = locate(p.file, "- id: main");
  // red: c1, c2-1, c2-2 = 3 (too many: the surplus card); blue: 2; green: 0.
  auto [cl, cc] = locate(p.file, "{ id: c2,");
  EXPECT_FINDING(p.findings, "count", cl, cc, "colours[]=red has 3 cards in deck 'main', expected 2");
  EXPECT_FINDING(p.findings, "count", l, c + 2, "colours[]=green has 0 cards in deck 'main', expected 2");
  EXPECT_EQ(p.findings.size(), 2u) << dump(p.findings);
}

TEST(GenericChecks, SumWithSeverityAndMessage) {
  TempDir dir;
  auto p = make(dir,
                "    - { check: sum, deck: main, field: value, expect: 6, severity: warning, message: the values add "
                "up to six }");
  ASSERT_TRUE(p.model);
  auto [l, c] = locate(p.file, "- id: main");
  EXPECT_FINDING(p.findings, "sum", l, c + 2, "the sum of value over deck 'main' is 5, expected 6", Severity::Warning);
  EXPECT_EQ(p.findings.items()[0].hint.rfind("the values add up to six; check declared at ", 0), 0u)
      << p.findings.items()[0].hint;
  EXPECT_FALSE(p.findings.has_errors());
}

TEST(GenericChecks, UniqueReportsTheLaterCard) {
  TempDir dir;
  auto p = make(dir, "    - { check: unique, deck: main, fields: [spot] }");
  ASSERT_TRUE(p.model);
  auto [l, c] = locate(p.file, "{ id: c2,");
  EXPECT_FINDING(p.findings, "unique", l, c, "cards c2-1 and c2-2 share spot=b (in deck 'main')");
  EXPECT_EQ(p.findings.size(), 1u) << dump(p.findings);
}

TEST(GenericChecks, AllowedReportsTheValueOncePerDefinition) {
  TempDir dir;
  auto p = make(dir, "    - { check: allowed, field: kind, values: [plain] }");
  ASSERT_TRUE(p.model);
  auto [l, c] = locate_on(p.file, "{ id: c2,", "fancy");
  EXPECT_FINDING(p.findings, "allowed", l, c, "kind 'fancy' is not allowed; allowed are plain");
  ASSERT_EQ(p.findings.size(), 1u) << dump(p.findings);  // both copies: one finding
  EXPECT_EQ(p.findings.items()[0].card_id, "c2");
}

TEST(GenericChecks, AllowedRequired) {
  TempDir dir;
  auto p = make(dir, "    - { check: allowed, deck: main, field: label, values: [x], required: true }");
  ASSERT_TRUE(p.model);
  auto [l, c] = locate(p.file, "{ id: c2,");
  EXPECT_FINDING(p.findings, "allowed", l, c, "card sets no label");
}

TEST(GenericChecks, Range) {
  TempDir dir;
  auto p = make(dir, "    - { check: range, field: value, max: 4 }");
  ASSERT_TRUE(p.model);
  auto [l, c] = locate_on(p.file, "{ id: d2,", "5 }");
  EXPECT_FINDING(p.findings, "range", l, c, "value is 5, must be at most 4");
  EXPECT_EQ(p.findings.items()[0].card_id, "d2");
}

TEST(GenericChecks, RefToAMissingCard) {
  TempDir dir;
  auto p = make(dir, "    - { check: ref, field: pair, to: main }");
  ASSERT_TRUE(p.model);
  auto [l, c] = locate_on(p.file, "{ id: c1,", "d1,");
  EXPECT_FINDING(p.findings, "ref", l, c, "pair 'd1' names no card of deck 'main'");
  auto [l2, c2] = locate_on(p.file, "{ id: c2,", "d2,");
  EXPECT_FINDING(p.findings, "ref", l2, c2, "pair 'd2' names no card of deck 'main'");
  EXPECT_EQ(p.findings.size(), 2u) << dump(p.findings);  // d1 -> c1 is fine
}

TEST(GenericChecks, RefWithDifferingFields) {
  TempDir dir;
  auto p = make(dir, "    - { check: ref, deck: main, field: pair, same: [value] }");
  ASSERT_TRUE(p.model);
  auto [l, c] = locate_on(p.file, "{ id: c2,", "d2,");
  EXPECT_FINDING(p.findings, "ref", l, c, "c2-1 and d2 (its pair) differ in value: 2 vs 5");
}

TEST(GenericChecks, CoversTooManyMissingAndMismatched) {
  TempDir dir;
  auto p = make(dir, R"(    - { check: covers, table: spots, deck: main, field: spot, match: { value: colour } }
    - { check: covers, table: spots, deck: other, field: spot })");
  ASSERT_TRUE(p.model);
  auto [l, c] = locate_on(p.file, "{ id: c2,", "b,");
  EXPECT_FINDING(p.findings, "covers", l, c, "spots entry 'b' is named by 2 cards of deck 'main', expected 1");
  auto [vl, vc] = locate_on(p.file, "{ id: c1,", "value: 1");
  EXPECT_FINDING(p.findings, "covers", vl, vc + 7, "value is '1', but spots entry 'a' has colour 'red'");
  auto [ol, oc] = locate(p.file, "- id: other");
  EXPECT_FINDING(p.findings, "covers", ol, oc + 2, "spots entry 'a' is named by 0 cards of deck 'other', expected 1");
  EXPECT_FINDING(p.findings, "covers", ol, oc + 2, "spots entry 'b' is named by 0 cards of deck 'other', expected 1");
}

TEST(GenericChecks, MalformedDeclarationsAreReportedWhereWritten) {
  TempDir dir;
  auto p = make(dir, R"(    - { check: countt, expect: 1 }
    - { check: count, expect: 1, per: region }
    - { check: count, expect: 1, deck: nope }
    - { check: count, expect: 1, colour: red }
    - { check: count }
    - { check: unique, fields: ["value[]"] }
    - { check: count, expect: many }
    - { check: count, expect: 1, severity: fatal }
    - { check: covers, table: nope, field: spot }
    - just-a-string
    - { check: range, field: value }
    - { expect: 3 })");
  ASSERT_TRUE(p.model);
  const auto& f = p.findings;
  auto at = [&](const std::string& line_needle, const std::string& inner) {
    return locate_on(p.file, line_needle, inner);
  };
  {
    auto [l, c] = at("countt", "countt");
    EXPECT_FINDING(f, "checks", l, c, "unknown check 'countt'");
  }
  {
    auto [l, c] = at("per: region", "region");
    EXPECT_FINDING(f, "checks", l, c, "unknown card field 'region'");
  }
  {
    auto [l, c] = at("deck: nope", "nope");
    EXPECT_FINDING(f, "checks", l, c, "unknown deck 'nope'");
  }
  {
    auto [l, c] = at("colour: red }", "colour");
    EXPECT_FINDING(f, "checks", l, c, "unknown key 'colour' in a 'count' check");
  }
  {
    auto [l, c] = at("{ check: count }", "{");
    EXPECT_FINDING(f, "checks", l, c, "a 'count' check needs 'expect:'");
  }
  {
    auto [l, c] = at("value[]", "\"value[]\"");
    EXPECT_FINDING(f, "checks", l, c, "'value[]' asks for each element, but 'value' is not a list");
  }
  {
    auto [l, c] = at("expect: many", "many");
    EXPECT_FINDING(f, "checks", l, c, "'expect' must be a whole number or {min: a, max: b}");
  }
  {
    auto [l, c] = at("severity: fatal", "fatal");
    EXPECT_FINDING(f, "checks", l, c, "unknown severity 'fatal'");
  }
  {
    auto [l, c] = at("table: nope", "nope");
    EXPECT_FINDING(f, "checks", l, c, "unknown table 'nope'");
  }
  {
    auto [l, c] = at("just-a-string", "just");
    EXPECT_FINDING(f, "checks", l, c, "a check must be a map with 'check:', not text");
  }
  {
    auto [l, c] = at("{ check: range, field: value }", "{");
    EXPECT_FINDING(f, "checks", l, c, "a 'range' check needs 'min:' or 'max:'");
  }
  {
    auto [l, c] = at("{ expect: 3 }", "{");
    EXPECT_FINDING(f, "checks", l, c, "a check needs 'check:' naming its kind");
  }
  // Malformed checks do not run: every finding is about a declaration.
  for (const auto& x : f) EXPECT_EQ(x.check, "checks") << dump(f);
  EXPECT_EQ(f.size(), 12u) << dump(f);
}

TEST(GenericChecks, NoChecksNoFindings) {
  TempDir dir;
  auto p = make(dir, "    []");
  ASSERT_TRUE(p.model);
  EXPECT_TRUE(p.findings.empty()) << dump(p.findings);
}

}  // namespace
}  // namespace kw::rules
