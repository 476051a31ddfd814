// Variants: overlay files on a base game, and their errors at the overlay's line.
#include <gtest/gtest.h>

#include "model/model.h"
#include "support/mini_project.h"

namespace kw::model {
namespace {

using test::MiniProject;

LoadResult load_variant(const MiniProject& p, const std::string& yaml) {
  p.write("data/variants/mini/v.yaml", yaml);
  LoadOptions options;
  options.variant = "v";
  return load_model(p.project(), options);
}

TEST(Variant, AddsRemovesPatchesAndRestyles) {
  MiniProject p;
  auto r = load_variant(p,
                        "variant:\n"
                        "  game: mini\n"
                        "  name: Kleiner\n"
                        "  remove: [alpha]\n"
                        "  patch:\n"
                        "    - { card: beta, set: { name: Khamûl } }\n"
                        "  add:\n"
                        "    - { deck: main, card: { id: gamma, name: Gandalf, region: north, points: 3 } }\n"
                        "  tables:\n"
                        "    regions: { north: { color: \"#ffffff\" } }\n"
                        "  fonts: { junicode: garamond }\n"
                        "  rules: { anything: [1, 2] }\n");
  ASSERT_TRUE(r.model) << format_diagnostics(r.diagnostics);
  const Game& g = *r.model->game("mini");
  EXPECT_EQ(g.variant, "v");
  EXPECT_EQ(g.variant_name, "Kleiner");
  ASSERT_EQ(g.decks[0].cards.size(), 2u);
  EXPECT_EQ(g.decks[0].cards[0].id, "beta");
  EXPECT_EQ(lookup(g, g.decks[0].cards[0], "name")->scalar, "Khamûl");
  EXPECT_EQ(lookup(g, g.decks[0].cards[1], "name")->scalar, "Gandalf");
  EXPECT_EQ(lookup(g, g.decks[0].cards[1], "region.color")->scalar, "#ffffff");
  EXPECT_EQ(g.font_substitutions.at("junicode"), "garamond");
  EXPECT_TRUE(g.variant_rules.find("anything"));
}

TEST(Variant, RemoveByFieldValue) {
  MiniProject p;
  auto r = load_variant(p, "variant:\n  game: mini\n  remove:\n    - where: { region: south }\n");
  ASSERT_TRUE(r.model) << format_diagnostics(r.diagnostics);
  EXPECT_EQ(r.model->game("mini")->decks[0].cards.size(), 2u);  // the two copies of alpha
}

TEST(Variant, ErrorsPointIntoTheOverlay) {
  MiniProject p;
  auto r = load_variant(p,
                        "variant:\n"                                    // 1
                        "  game: mini\n"                                // 2
                        "  remove:\n"                                   // 3
                        "    - alpha\n"                                 // 4
                        "    - alpha\n"                                 // 5
                        "  patch:\n"                                    // 6
                        "    - { card: delta, set: { name: X } }\n"     // 7
                        "    - { card: beta, set: { colour: red } }\n"  // 8
                        "  colours: nope\n");                           // 9
  EXPECT_FALSE(r.model);
  std::vector<std::string> got;
  for (const auto& d : r.diagnostics.items())
    got.push_back(std::to_string(d.loc.line) + ":" + std::to_string(d.loc.column) + " " + d.message);
  std::vector<std::string> want = {
      "9:3 unknown key 'colours' in variant",
      "5:7 card 'alpha' removed twice (first at line 4)",
      "7:15 no card 'delta' to patch",
      "8:28 unknown field 'colour'",
  };
  EXPECT_EQ(got, want);
  for (const auto& d : r.diagnostics.items())
    EXPECT_NE(d.loc.file.find("data/variants/mini/v.yaml"), std::string::npos) << d.loc.file;
}

TEST(Variant, UnknownVariantIsAnError) {
  MiniProject p;
  LoadOptions options;
  options.variant = "nope";
  auto r = load_model(p.project(), options);
  EXPECT_FALSE(r.model);
  EXPECT_EQ(r.diagnostics.items()[0].message, "no variant 'nope'");
}

}  // namespace
}  // namespace kw::model
