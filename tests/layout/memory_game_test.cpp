// A whole game built in memory, no file on disk: the card database, a format,
// a layout, one font (its bytes copied from fonts/) and an SVG all live in a
// MemoryProject, and laying out a card reads nothing else.
#include <gtest/gtest.h>

#include "layout/card_layout.h"
#include "model/model.h"
#include "project/memory_project.h"
#include "support/mini_project.h"
#include "support/test_support.h"
#include "text/typesetter.h"

namespace kw::layout {
namespace {

constexpr const char* kFont = "fonts/eb-garamond/EBGaramond12-Regular.otf";

const std::string kGame =
    "game:\n"
    "  id: tiny\n"
    "  name: Winzig\n"
    "  format: mini\n"
    "  card_fields:\n"
    "    name: { type: text, required: true }\n"
    "    art: { type: art }\n"
    "  decks:\n"
    "    - id: main\n"
    "      name: Main\n"
    "      layout: tiny/card\n"
    "      cards:\n"
    "        - { id: sun, name: Sonne, art: tiny/sun.svg }\n";

void add_tiny_game(project::MemoryProject& p, const std::string& game = kGame) {
  p.add("data/cards.yaml", "kartenwerk: 1\ninclude:\n  - formats.yaml\n  - games/tiny.yaml\n");
  p.add("data/formats.yaml", "formats:\n  mini: { width: 40, height: 60, bleed: 2, safe: 3, dpi: 300 }\n");
  p.add("data/games/tiny.yaml", game);
  p.add("layouts/tiny/card.yaml",
        "edge_color: \"#223344\"\n"
        "elements:\n"
        "  - { type: rect, name: background, area: bleed, fill: \"#223344\" }\n"
        "  - { type: art, name: picture, src: \"{{art}}\", box: [5, 5, 30, 30], colors: { fg: \"#ffcc00\" } }\n"
        "  - type: text\n"
        "    name: title\n"
        "    text: \"{{name}}\"\n"
        "    box: [3, 40, 34, 10]\n"
        "    font: { family: serif, style: regular }\n"
        "    size: 12\n"
        "    color: \"#ffffff\"\n"
        "    wrap: false\n");
  p.add("templates/tiny/sun.svg",
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\">"
        "<circle class=\"fg\" cx=\"5\" cy=\"5\" r=\"4\"/></svg>\n");
  p.add("fonts/fonts.yaml",
        "families:\n  serif: { regular: eb-garamond/EBGaramond12-Regular.otf }\nfallback: [serif]\n");
  // The font's bytes, taken from the bundled fonts once; from here on only
  // the memory project is read.
  p.add(kFont, test::source_project().read(kFont)->text());
}

TEST(MemoryGame, LaysOutACardFromAProjectHeldInMemory) {
  project::MemoryProject project;
  add_tiny_game(project);
  auto loaded = model::load_model(project);
  ASSERT_TRUE(loaded.model) << format_diagnostics(loaded.diagnostics, &project);
  Diagnostics diags;
  auto fonts = text::FontLibrary::load(project, diags);
  ASSERT_FALSE(diags.has_errors()) << format_diagnostics(diags, &project);
  text::Typesetter typesetter(*fonts);
  Layouter layouter(*loaded.model, *fonts, typesetter);
  const model::Game& game = *loaded.model->game("tiny");
  const LayoutDef* def = layouter.definition("tiny/card", diags);
  ASSERT_TRUE(def) << format_diagnostics(diags, &project);
  page::Page page = layouter.layout(*def, game, &game.decks[0].cards[0], diags);
  ASSERT_FALSE(diags.has_errors()) << format_diagnostics(diags, &project);

  EXPECT_EQ(page::dump(page),
            "page tiny/sun 44.00x64.00 trim [2.00 2.00 40.00 60.00] safe [5.00 5.00 34.00 54.00]\n"
            "  background: rect [-2.00 -2.00 44.00 64.00] fill=#223344 bounds [0.00 0.00 44.00 64.00]\n"
            "  picture: art tiny/sun.svg [5.00 5.00 30.00 30.00] bounds [7.00 7.00 30.00 30.00] key\n"
            "  title: text \"Sonne\" EBGaramond12-Regular.otf 12.00pt #ffffff 5 glyphs bounds [5.00 42.00 34.00 10.00] "
            "key\n");

  // The page holds the very inputs the project read: painting it needs no disk.
  for (const auto& item : page.items) {
    if (const auto* art = std::get_if<page::SvgArt>(&item.shape)) {
      EXPECT_EQ(art->svg, project.read("templates/tiny/sun.svg"));
    }
    if (const auto* run = std::get_if<page::GlyphRun>(&item.shape)) {
      EXPECT_EQ(run->font, project.read(kFont));
    }
  }
}

TEST(MemoryGame, AMissingDrawingIsReportedAtTheCard) {
  project::MemoryProject project;
  add_tiny_game(project, test::replace(kGame, "tiny/sun.svg", "tiny/moon.svg"));
  auto loaded = model::load_model(project);
  ASSERT_FALSE(loaded.model);
  const std::string text = format_diagnostics(loaded.diagnostics, &project);
  // Named by its project path, and quoted from the memory project's text.
  EXPECT_NE(text.find("data/games/tiny.yaml:13:40: error: template file not found: templates/tiny/moon.svg"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("        - { id: sun, name: Sonne, art: tiny/moon.svg }\n"), std::string::npos) << text;
}

}  // namespace
}  // namespace kw::layout
