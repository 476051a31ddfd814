// Layout of one card as a list of items: no pixels involved.
#include <gtest/gtest.h>

#include "layout/card_layout.h"
#include "model/model.h"
#include "support/mini_project.h"
#include "text/typesetter.h"

namespace kw::layout {
namespace {

using test::MiniProject;

struct Fixture {
  explicit Fixture(const project::Project& project) {
    auto loaded = model::load_model(project);
    EXPECT_TRUE(loaded.model) << format_diagnostics(loaded.diagnostics);
    model = std::move(loaded.model);
    Diagnostics d;
    fonts = text::FontLibrary::load(project, d);
    EXPECT_FALSE(d.has_errors()) << format_diagnostics(d);
    typesetter = std::make_unique<text::Typesetter>(*fonts);
    layouter = std::make_unique<Layouter>(*model, *fonts, *typesetter);
  }
  std::unique_ptr<model::Model> model;
  std::unique_ptr<text::FontLibrary> fonts;
  std::unique_ptr<text::Typesetter> typesetter;
  std::unique_ptr<Layouter> layouter;
};

const page::Item* find_item(const page::Page& page, const std::string& name) {
  for (const auto& item : page.items)
    if (item.name == name) return &item;
  return nullptr;
}

TEST(CardLayout, MiniCardIsAListOfItemsInPageMillimetres) {
  MiniProject p;
  Fixture f(p.project());
  ASSERT_TRUE(f.model);
  const auto& game = *f.model->game("mini");
  Diagnostics diags;
  const LayoutDef* def = f.layouter->definition("mini/card", diags);
  ASSERT_TRUE(def) << format_diagnostics(diags);
  page::Page page = f.layouter->layout(*def, game, &game.decks[0].cards[0], diags);
  ASSERT_FALSE(diags.has_errors()) << format_diagnostics(diags);

  EXPECT_EQ(page.id, "mini/alpha-1");
  EXPECT_EQ(page.size, (Size{65, 97}));
  EXPECT_EQ(page.trim, (Rect{3, 3, 59, 91}));
  EXPECT_EQ(page.safe, (Rect{7, 7, 51, 83}));
  EXPECT_EQ(page.edge_color, *Color::parse("#112233"));

  const page::Item* bg = find_item(page, "background");
  ASSERT_TRUE(bg);
  const auto& rect = std::get<page::RectShape>(bg->shape);
  EXPECT_EQ(bg->bounds, (Rect{0, 0, 65, 97}));  // through the bleed
  EXPECT_EQ(rect.paint.fill, Color::parse("#112233"));

  const page::Item* emblem = find_item(page, "emblem");
  ASSERT_TRUE(emblem);
  EXPECT_EQ(emblem->bounds, (Rect{8, 8, 10, 10}));  // trim-relative box + 3 mm bleed
  EXPECT_TRUE(emblem->keep_in_safe_area);
  EXPECT_NE(std::get<page::SvgArt>(emblem->shape).stylesheet.find(".fg{fill:#ffffff}"), std::string::npos);

  const page::Item* title = find_item(page, "title");
  ASSERT_TRUE(title);
  const auto& run = std::get<page::GlyphRun>(title->shape);
  EXPECT_EQ(run.text.find("Éomer"), 0u);
  EXPECT_TRUE(page.safe.contains(title->bounds));
  EXPECT_TRUE(find_item(page, "points"));
}

TEST(CardLayout, ConditionsSelectElementsPerCard) {
  MiniProject p;
  Fixture f(p.project());
  const auto& game = *f.model->game("mini");
  Diagnostics diags;
  const LayoutDef* def = f.layouter->definition("mini/card", diags);
  page::Page beta = f.layouter->layout(*def, game, &game.decks[0].cards[2], diags);
  ASSERT_FALSE(diags.has_errors()) << format_diagnostics(diags);
  EXPECT_FALSE(find_item(beta, "points"));  // points: 0 -> no point value
  EXPECT_EQ(beta.edge_color, *Color::parse("#a72608"));
}

TEST(CardLayout, UnknownFieldInLayoutNamesCardAndLine) {
  MiniProject p;
  p.write("layouts/mini/card.yaml",
          "elements:\n"
          "  - type: text\n"
          "    text: \"{{regon.name}}\"\n"
          "    box: [5, 40, 49, 10]\n");
  Fixture f(p.project());
  const auto& game = *f.model->game("mini");
  Diagnostics diags;
  const LayoutDef* def = f.layouter->definition("mini/card", diags);
  ASSERT_TRUE(def);
  f.layouter->layout(*def, game, &game.decks[0].cards[0], diags);
  ASSERT_EQ(diags.error_count(), 1u);
  const auto& d = diags.items()[0];
  EXPECT_EQ(d.loc.line, 2);
  EXPECT_EQ(d.loc.column, 5);
  EXPECT_EQ(d.card_id, "alpha-1");
  EXPECT_EQ(d.message, "unknown field 'regon.name'");
}

TEST(CardLayout, LayoutFileErrorsHaveLocations) {
  MiniProject p;
  p.write("layouts/mini/card.yaml",
          "elements:\n"
          "  - type: rectangle\n"
          "    area: bleed\n"
          "  - type: text\n"
          "    text: hi\n"
          "    box: [5, 40, 49, 10]\n"
          "    font: { family: comic-sans }\n"
          "    colour: \"#fff\"\n");
  Fixture f(p.project());
  Diagnostics diags;
  EXPECT_FALSE(f.layouter->definition("mini/card", diags));
  ASSERT_EQ(diags.error_count(), 3u) << format_diagnostics(diags);
  EXPECT_EQ(diags.items()[0].message, "unknown element type 'rectangle'");
  EXPECT_EQ(diags.items()[0].loc.line, 2);
  EXPECT_EQ(diags.items()[0].loc.column, 11);
  EXPECT_EQ(diags.items()[1].message, "unknown key 'colour' for a text element");
  EXPECT_EQ(diags.items()[1].loc.line, 8);
  EXPECT_EQ(diags.items()[2].message, "unknown font family 'comic-sans'");
  EXPECT_EQ(diags.items()[2].loc.line, 7);
}

// A style the family does not have names the styles it has, and the nearest
// one for a typo. Garamond has no bold italic (Debian's EB Garamond has none).
TEST(CardLayout, AStyleTheFamilyLacksListsItsStyles) {
  MiniProject p;
  p.write("layouts/mini/card.yaml",
          "elements:\n"
          "  - { type: text, text: hi, box: [5, 40, 49, 10], font: { family: garamond, style: italc } }\n"
          "  - { type: text, text: hi, box: [5, 50, 49, 10], font: { family: garamond, style: bold-italic } }\n");
  Fixture f(p.project());
  Diagnostics diags;
  EXPECT_FALSE(f.layouter->definition("mini/card", diags));
  ASSERT_EQ(diags.error_count(), 2u) << format_diagnostics(diags);
  EXPECT_EQ(diags.items()[0].message, "font family 'garamond' has no style 'italc'");
  EXPECT_EQ(diags.items()[0].loc.line, 2);
  EXPECT_EQ(diags.items()[0].hint,
            "did you mean 'italic'? font family 'garamond' has the styles regular, italic, bold (fonts/fonts.yaml)");
  EXPECT_EQ(diags.items()[1].message, "font family 'garamond' has no style 'bold-italic'");
  EXPECT_EQ(diags.items()[1].hint, "font family 'garamond' has the styles regular, italic, bold (fonts/fonts.yaml)");
}

TEST(CardLayout, MissingTemplateIsReportedForTheCard) {
  MiniProject p;
  p.write("layouts/mini/card.yaml",
          "elements:\n"
          "  - { type: art, src: mini/missing.svg, box: [5, 5, 10, 10] }\n");
  Fixture f(p.project());
  const auto& game = *f.model->game("mini");
  Diagnostics diags;
  const LayoutDef* def = f.layouter->definition("mini/card", diags);
  f.layouter->layout(*def, game, &game.decks[0].cards[2], diags);
  ASSERT_EQ(diags.error_count(), 1u);
  EXPECT_EQ(diags.items()[0].message, "template file not found: templates/mini/missing.svg");
  EXPECT_EQ(diags.items()[0].card_id, "beta");
}

TEST(CardLayout, PalantirCardIsTwoHeaded) {
  Fixture f(test::source_project());
  ASSERT_TRUE(f.model);
  const auto& game = *f.model->game("palantir");
  const model::Card* card = nullptr;
  for (const auto& c : game.deck("playing")->cards)
    if (c.id == "rohan-koenig-1") card = &c;
  ASSERT_TRUE(card);
  Diagnostics diags;
  const LayoutDef* def = f.layouter->definition("palantir/card", diags);
  ASSERT_TRUE(def) << format_diagnostics(diags);
  page::Page page = f.layouter->layout(*def, game, card, diags);
  ASSERT_FALSE(diags.has_errors()) << format_diagnostics(diags);

  std::vector<const page::Item*> names;
  for (const auto& item : page.items)
    if (item.name == "name") names.push_back(&item);
  ASSERT_EQ(names.size(), 2u);
  EXPECT_EQ(std::get<page::GlyphRun>(names[0]->shape).text, "Théoden");
  EXPECT_EQ(std::get<page::GlyphRun>(names[1]->shape).text, "Gríma");
  // The evil half is the good half turned 180° about the card centre.
  EXPECT_EQ(names[0]->transform.xx, 1);
  EXPECT_EQ(names[1]->transform.xx, -1);
  EXPECT_EQ(names[1]->transform.yy, -1);
  Point centre = page.trim.center();
  Rect good = names[0]->bounds, evil = names[1]->bounds;
  EXPECT_NEAR(good.center().x + evil.center().x, 2 * centre.x, 1e-9);
  EXPECT_NEAR(good.center().y + evil.center().y, 2 * centre.y, 1e-9);
  // Everything that matters lies in the safe area.
  for (const auto& item : page.items) {
    if (item.keep_in_safe_area) {
      EXPECT_TRUE(page.safe.contains(item.bounds, 1e-6)) << item.name;
    }
  }
  // Every region and point label is there twice; Kings have points.
  int points = 0;
  for (const auto& item : page.items) points += item.name == "points";
  EXPECT_EQ(points, 2);
}

}  // namespace
}  // namespace kw::layout
