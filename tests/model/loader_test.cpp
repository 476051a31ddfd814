// Loader diagnostics: every kind of bad input names its file, line and column.
#include <gtest/gtest.h>

#include "core/files.h"
#include "model/model.h"
#include "support/mini_project.h"

namespace kw::model {
namespace {

using test::MiniProject;
using test::replace;

// The first error's "file:line:col: message" without the directory.
std::string first_error(const LoadResult& r) {
  for (const auto& d : r.diagnostics.items())
    if (d.severity == Severity::Error)
      return std::filesystem::path(d.loc.file.str()).filename().string() + ":" + std::to_string(d.loc.line) + ":" +
             std::to_string(d.loc.column) + ": " + d.message;
  return "(no error)";
}

TEST(Loader, LoadsValidProjectAndExpandsCopies) {
  MiniProject p;
  auto r = load_model(p.project());
  ASSERT_TRUE(r.model) << format_diagnostics(r.diagnostics);
  const Game* g = r.model->game("mini");
  ASSERT_TRUE(g);
  EXPECT_EQ(g->name, "Mini Müll");
  ASSERT_EQ(g->decks.size(), 1u);
  const Deck& d = g->decks[0];
  ASSERT_EQ(d.cards.size(), 3u);
  EXPECT_EQ(d.cards[0].id, "alpha-1");
  EXPECT_EQ(d.cards[1].id, "alpha-2");
  EXPECT_EQ(d.cards[1].copy, 2);
  EXPECT_EQ(d.cards[2].id, "beta");
  EXPECT_EQ(g->format->page_size().w, 65);
  EXPECT_EQ(g->format->page_size().h, 97);
}

TEST(Loader, LookupFollowsReferencesIntoTables) {
  MiniProject p;
  auto r = load_model(p.project());
  ASSERT_TRUE(r.model);
  const Game& g = *r.model->game("mini");
  const Card& beta = g.decks[0].cards[2];
  EXPECT_EQ(lookup(g, beta, "region.name")->scalar, "Süd");
  EXPECT_EQ(lookup(g, beta, "region")->scalar, "south");
  EXPECT_EQ(lookup(g, beta, "region.id")->scalar, "south");
  EXPECT_EQ(lookup(g, beta, "name")->scalar, "Nazgûl");
  EXPECT_EQ(lookup(g, beta, "game.name")->scalar, "Mini Müll");
  EXPECT_EQ(lookup(g, g.decks[0].cards[1], "copy")->scalar, "2");
  EXPECT_EQ(lookup(g, beta, "region.nonsense"), nullptr);
  EXPECT_TRUE(is_known_path(g, "region.color"));
  EXPECT_FALSE(is_known_path(g, "regon.color"));
}

TEST(Loader, YamlSyntaxErrorHasLineAndColumn) {
  MiniProject p;
  p.write("data/games/mini.yaml", replace(MiniProject::game_yaml(), "points: 11\n", "points: [11\n"));
  auto r = load_model(p.project());
  EXPECT_FALSE(r.model);
  std::string e = first_error(r);
  EXPECT_EQ(e.rfind("mini.yaml:", 0), 0u) << e;
  EXPECT_NE(e.find("YAML syntax error"), std::string::npos) << e;
  EXPECT_GT(r.diagnostics.items()[0].loc.line, 25) << e;
}

TEST(Loader, UnknownFieldPointsAtTheKey) {
  MiniProject p;
  p.write("data/games/mini.yaml",
          replace(MiniProject::game_yaml(), "          points: 0\n", "          points: 0\n          colour: red\n"));
  auto r = load_model(p.project());
  EXPECT_FALSE(r.model);
  EXPECT_EQ(first_error(r), "mini.yaml:32:11: unknown field 'colour'");
  EXPECT_EQ(r.diagnostics.items()[0].card_id, "beta");
  EXPECT_NE(r.diagnostics.items()[0].hint.find("region"), std::string::npos);
}

TEST(Loader, MissingRequiredField) {
  MiniProject p;
  p.write("data/games/mini.yaml", replace(MiniProject::game_yaml(), "          points: 0\n", ""));
  auto r = load_model(p.project());
  EXPECT_FALSE(r.model);
  EXPECT_EQ(first_error(r), "mini.yaml:28:11: missing required field 'points'");
}

TEST(Loader, WrongType) {
  MiniProject p;
  p.write("data/games/mini.yaml", replace(MiniProject::game_yaml(), "points: 11", "points: elf"));
  auto r = load_model(p.project());
  EXPECT_FALSE(r.model);
  EXPECT_EQ(first_error(r), "mini.yaml:26:19: field 'points' must be a whole number, not text");
}

TEST(Loader, UnknownRegionReference) {
  MiniProject p;
  p.write("data/games/mini.yaml", replace(MiniProject::game_yaml(), "region: south", "region: sud"));
  auto r = load_model(p.project());
  EXPECT_FALSE(r.model);
  EXPECT_EQ(first_error(r), "mini.yaml:30:19: unknown region 'sud'");
  EXPECT_EQ(r.diagnostics.items()[0].hint, "known regions are north, south");
}

TEST(Loader, UnknownLayoutReference) {
  MiniProject p;
  p.write("data/games/mini.yaml", replace(MiniProject::game_yaml(), "layout: mini/card", "layout: mini/crad"));
  auto r = load_model(p.project());
  EXPECT_FALSE(r.model);
  EXPECT_EQ(first_error(r), "mini.yaml:20:15: unknown layout 'mini/crad' (no file layouts/mini/crad.yaml)");
}

TEST(Loader, MissingTemplateFile) {
  MiniProject p;
  std::string yaml = MiniProject::game_yaml();
  yaml = replace(yaml, "        color: { type: color, required: true }\n",
                 "        color: { type: color, required: true }\n        emblem: { type: art }\n");
  yaml = replace(yaml, "name: Süd, color: \"#a72608\"", "name: Süd, color: \"#a72608\", emblem: mini/nope.svg");
  p.write("data/games/mini.yaml", yaml);
  auto r = load_model(p.project());
  EXPECT_FALSE(r.model);
  EXPECT_EQ(first_error(r), "mini.yaml:13:55: template file not found: templates/mini/nope.svg");
}

TEST(Loader, ReportsAllProblemsNotOnlyTheFirst) {
  MiniProject p;
  std::string yaml = MiniProject::game_yaml();
  yaml = replace(yaml, "region: south", "region: sud");
  yaml = replace(yaml, "points: 11", "points: elf");
  yaml = replace(yaml, "layout: mini/card", "layout: mini/crad");
  p.write("data/games/mini.yaml", yaml);
  auto r = load_model(p.project());
  EXPECT_FALSE(r.model);
  EXPECT_EQ(r.diagnostics.error_count(), 3u) << format_diagnostics(r.diagnostics);
}

TEST(Loader, DuplicateCardId) {
  MiniProject p;
  p.write("data/games/mini.yaml", replace(MiniProject::game_yaml(), "id: beta", "id: alpha"));
  auto r = load_model(p.project());
  EXPECT_FALSE(r.model);
  EXPECT_EQ(first_error(r), "mini.yaml:28:15: card id 'alpha' used twice");
}

TEST(Loader, FormattedDiagnosticShowsSourceLineAndCaret) {
  MiniProject p;
  p.write("data/games/mini.yaml", replace(MiniProject::game_yaml(), "region: south", "region: sud"));
  auto r = load_model(p.project());
  std::string text = format_diagnostic(r.diagnostics.items()[0], &p.project());
  EXPECT_NE(text.find(":30:19: error: unknown region 'sud' (card beta)\n"), std::string::npos) << text;
  EXPECT_NE(text.find("              region: sud\n                      ^\n"), std::string::npos) << text;
  EXPECT_NE(text.find("hint: known regions are north, south"), std::string::npos) << text;
}

TEST(Loader, RealDatabaseLoadsPalantir) {
  auto r = load_model(test::source_project());
  ASSERT_TRUE(r.model) << format_diagnostics(r.diagnostics);
  const Game* g = r.model->game("palantir");
  ASSERT_TRUE(g);
  const Deck* playing = g->deck("playing");
  ASSERT_TRUE(playing);
  EXPECT_EQ(playing->cards.size(), 48u);
  // The two copies of Der Eine Ring differ.
  const Card* left = nullptr;
  const Card* right = nullptr;
  for (const auto& c : playing->cards) {
    if (c.id == "mordor-artefakt-1") left = &c;
    if (c.id == "mordor-artefakt-2") right = &c;
  }
  ASSERT_TRUE(left && right);
  EXPECT_EQ(lookup(*g, *left, "ring.half")->scalar, "left");
  EXPECT_EQ(lookup(*g, *right, "ring.half")->scalar, "right");
  EXPECT_EQ(lookup(*g, *left, "class.points")->scalar, "11");
}

}  // namespace
}  // namespace kw::model

namespace kw::model {
namespace {

TEST(Loader, ListElementsByIndexAndGlobIncludes) {
  test::MiniProject p;
  std::string yaml = test::MiniProject::game_yaml();
  yaml = test::replace(yaml, "    points: { type: int, required: true }\n",
                       "    points: { type: int, required: true }\n    edge: { type: list, of: int }\n");
  yaml = test::replace(yaml, "          points: 0\n", "          points: 0\n          edge: [1, 0, 1, 1]\n");
  p.write("data/games/mini.yaml", yaml);
  p.write("data/cards.yaml", "kartenwerk: 1\ninclude:\n  - formats.yaml\n  - games/*.yaml\nlanguage: de\n");
  auto r = load_model(p.project());
  ASSERT_TRUE(r.model) << format_diagnostics(r.diagnostics);
  const Game& g = *r.model->game("mini");
  const Card& beta = g.decks[0].cards[2];
  EXPECT_EQ(lookup(g, beta, "edge.0")->scalar, "1");
  EXPECT_EQ(lookup(g, beta, "edge.1")->scalar, "0");
  EXPECT_EQ(lookup(g, beta, "edge.4"), nullptr);
  EXPECT_TRUE(is_known_path(g, "edge.3"));
  EXPECT_FALSE(is_known_path(g, "edge.x"));
}

TEST(Loader, GlobIncludesLoadMatchingFilesInNameOrder) {
  test::MiniProject p;
  p.write("data/games/zeta.yaml", test::replace(test::MiniProject::game_yaml(), "  id: mini\n", "  id: zeta\n"));
  p.write("data/games/alpha.yaml", test::replace(test::MiniProject::game_yaml(), "  id: mini\n", "  id: alpha\n"));
  p.write("data/games/alpha.yaml.bak", "not: [valid");  // does not match *.yaml
  p.write("data/cards.yaml", "kartenwerk: 1\ninclude:\n  - formats.yaml\n  - games/*.yaml\nlanguage: de\n");
  auto r = load_model(p.project());
  ASSERT_TRUE(r.model) << format_diagnostics(r.diagnostics);
  ASSERT_EQ(r.model->games.size(), 3u);
  EXPECT_EQ(r.model->games[0]->id, "alpha");
  EXPECT_EQ(r.model->games[1]->id, "mini");
  EXPECT_EQ(r.model->games[2]->id, "zeta");

  p.write("data/cards.yaml", "kartenwerk: 1\ninclude:\n  - formats.yaml\n  - games/x*.yaml\nlanguage: de\n");
  auto none = load_model(p.project());
  EXPECT_FALSE(none.model);
  EXPECT_EQ(first_error(none), "cards.yaml:4:5: no file matches games/x*.yaml");
}

TEST(Loader, ExtendAddsABookletDeckWithCardReferences) {
  test::MiniProject p;
  p.write("data/cards.yaml",
          "kartenwerk: 1\ninclude:\n  - formats.yaml\n  - games/mini.yaml\n  - extra.yaml\nlanguage: de\n");
  p.write("data/extra.yaml",
          "extend:\n"
          "  game: mini\n"
          "  decks:\n"
          "    - id: notes\n"
          "      name: Notes\n"
          "      product: booklet\n"
          "      file: notes.pdf\n"
          "      layout: mini/card\n"
          "      card_fields:\n"
          "        about: { type: card, required: true }\n"
          "      cards:\n"
          "        - { id: note-beta, about: beta }\n");
  auto r = load_model(p.project());
  ASSERT_TRUE(r.model) << format_diagnostics(r.diagnostics);
  const Game& g = *r.model->game("mini");
  const Deck* notes = g.deck("notes");
  ASSERT_TRUE(notes);
  EXPECT_EQ(notes->product, Product::Booklet);
  EXPECT_EQ(lookup(g, notes->cards[0], "about.name")->scalar, "Nazgûl");
  EXPECT_EQ(lookup(g, notes->cards[0], "about.region.name")->scalar, "Süd");
  EXPECT_TRUE(is_known_path(g, "about.region.name", "notes"));

  p.write("data/extra.yaml", test::replace(p.text("data/extra.yaml"), "about: beta", "about: gamma"));
  auto broken = load_model(p.project());
  EXPECT_FALSE(broken.model);
  EXPECT_EQ(broken.diagnostics.items()[0].message, "unknown card 'gamma'");
  EXPECT_EQ(broken.diagnostics.items()[0].loc.line, 12);
}

}  // namespace
}  // namespace kw::model

namespace kw::model {
namespace {

// "line:col message" of every error, in order.
std::vector<std::string> errors(const Diagnostics& diags) {
  std::vector<std::string> out;
  for (const auto& d : diags.items())
    if (d.severity == Severity::Error)
      out.push_back(std::to_string(d.loc.line) + ":" + std::to_string(d.loc.column) + " " + d.message);
  return out;
}

TEST(Loader, DatabaseKeysAreReadAgainstTheirDeclarations) {
  test::MiniProject p;
  std::string yaml = test::MiniProject::game_yaml();
  yaml = test::replace(yaml, "      layout: mini/card\n", "      lyout: mini/card\n      product: deck\n");
  yaml = test::replace(yaml, "        name: { type: text, required: true }\n        color:",
                       "        name: { type: txt, required: yes please }\n        color:");
  p.write("data/games/mini.yaml", yaml);
  p.write("data/formats.yaml", "formats:\n  poker: { width: 59, height: 91, bleed: 3, safe: many }\n");
  auto r = load_model(p.project());
  EXPECT_FALSE(r.model);
  std::vector<std::string> want = {
      "2:51 'safe' must be a number, not text",
      "4:11 unknown format 'poker'",
      "8:23 unknown field type 'txt'",
      "8:38 'required' must be true or false, not text",
      "20:7 unknown key 'lyout' in deck",
      "21:16 unknown product 'deck'",
      "18:7 deck needs 'layout:'",
  };
  EXPECT_EQ(errors(r.diagnostics), want) << format_diagnostics(r.diagnostics);
  const auto& items = r.diagnostics.items();
  auto hint = [&](const std::string& message) {
    for (const auto& d : items)
      if (d.message == message) return d.hint;
    return std::string("(no such message)");
  };
  EXPECT_EQ(hint("unknown key 'lyout' in deck"),
            "did you mean 'layout' (its cards' layout: layouts/<layout>.yaml)? known keys are id, name, layout, back, "
            "cards, cards_csv, card_fields, product, file, format, tabletop (docs/reference.md)");
  EXPECT_EQ(hint("unknown field type 'txt'").rfind("did you mean 'text'? field type is one of text, id, int,", 0), 0u);
  EXPECT_EQ(hint("deck needs 'layout:'"), "its cards' layout: layouts/<layout>.yaml");
}

TEST(Loader, LocaleFilesAreReadAgainstTheirDeclaration) {
  test::MiniProject p;
  p.write("data/locales/en/mini.yaml",
          "language: en\n"
          "game: mini\n"
          "strings:\n"
          "  \"card.beta.name\": { de: Nazgûl, txt: Ringwraith }\n"
          "  \"card.alpha.name\": [Eomer]\n"
          "strngs: {}\n");
  LoadOptions options;
  options.language = "en";
  auto r = load_model(p.project(), options);
  EXPECT_FALSE(r.model);
  std::vector<std::string> want = {
      "6:1 unknown key 'strngs' in mini.yaml",
      "4:35 unknown key 'txt' in string 'card.beta.name'",
      "5:22 string 'card.alpha.name' must be a text, or { <the game's source language>: <source text>, text: "
      "<translation> }, not a list",
  };
  EXPECT_EQ(errors(r.diagnostics), want) << format_diagnostics(r.diagnostics);
  // A string given twice: the YAML reader refuses the file (a key twice in a map).
  p.write("data/locales/en/mini.yaml",
          "language: en\n"
          "game: mini\n"
          "strings:\n"
          "  \"card.beta.name\": Ringwraith\n"
          "  \"card.beta.name\": Nazgul\n");
  auto twice = load_model(p.project(), options);
  EXPECT_FALSE(twice.model);
  EXPECT_EQ(errors(twice.diagnostics),
            std::vector<std::string>{"5:3 key 'card.beta.name' appears twice in this map (first at line 4)"});
}

// A formats file that does not parse leaves no format at all: the games that
// name one say so, and the hint does not list an empty set of known formats.
TEST(Loader, NoFormatsAtAllIsSaidPlainly) {
  test::MiniProject p;
  p.write("data/formats.yaml", "formats:\n  poker: { width: 59, height: 91, bleed: 3, safe: 5\n");
  auto r = load_model(p.project());
  EXPECT_FALSE(r.model);
  bool syntax = false, unknown = false;
  for (const auto& d : r.diagnostics.items()) {
    syntax = syntax || (d.loc.file == "data/formats.yaml" && d.message.rfind("YAML syntax error", 0) == 0);
    if (d.message == "unknown format 'poker'") {
      unknown = true;
      EXPECT_EQ(d.hint, "no format is defined: a `formats:` map in any data file defines them");
    }
  }
  EXPECT_TRUE(syntax) << format_diagnostics(r.diagnostics);
  EXPECT_TRUE(unknown) << format_diagnostics(r.diagnostics);
}

}  // namespace
}  // namespace kw::model
