// A whole game built in memory, no file on disk: the card database, a format,
// a layout, one font (its bytes copied from fonts/) and an SVG all live in a
// MemoryProject, and laying out a card reads nothing else.
#include <gtest/gtest.h>

#include "layout/card_layout.h"
#include "layout/game_layout.h"
#include "model/model.h"
#include "page/fingerprint.h"
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

// Lays out the first card of the tiny game in `project`; errors fail the test.
struct TinyLayout {
  explicit TinyLayout(const project::MemoryProject& project, bool draft = false) {
    loaded = model::load_model(project);
    if (!loaded.model) throw std::runtime_error(format_diagnostics(loaded.diagnostics, &project));
    fonts = text::FontLibrary::load(project, diags);
    typesetter = std::make_unique<text::Typesetter>(*fonts);
    layouter = std::make_unique<Layouter>(*loaded.model, *fonts, *typesetter);
    layouter->set_draft(draft);
    const model::Game& game = *loaded.model->game("tiny");
    const LayoutDef* def = layouter->definition("tiny/card", diags);
    if (!def) throw std::runtime_error(format_diagnostics(diags, &project));
    page = layouter->layout(*def, game, &game.decks[0].cards[0], diags);
  }
  model::LoadResult loaded;
  Diagnostics diags;
  std::unique_ptr<text::FontLibrary> fonts;
  std::unique_ptr<text::Typesetter> typesetter;
  std::unique_ptr<Layouter> layouter;
  page::Page page;
};

const std::string kLongName = "Sonne Mond und Sterne am Himmel über den weiten Feldern";

TEST(MemoryGame, TextThatDoesNotFitIsAnErrorWhenPrinting) {
  project::MemoryProject project;
  add_tiny_game(project, test::replace(kGame, "name: Sonne", "name: " + kLongName));
  TinyLayout t(project);
  EXPECT_TRUE(t.diags.has_errors());
  EXPECT_NE(format_diagnostics(t.diags).find("does not fit"), std::string::npos) << format_diagnostics(t.diags);
}

TEST(MemoryGame, DraftDrawsOverflowingTextWithARedMarkerAndWarns) {
  project::MemoryProject project;
  add_tiny_game(project, test::replace(kGame, "name: Sonne", "name: " + kLongName));
  TinyLayout t(project, /*draft=*/true);
  EXPECT_FALSE(t.diags.has_errors()) << format_diagnostics(t.diags);
  const std::string text = format_diagnostics(t.diags);
  EXPECT_NE(text.find("warning: text of element 'title'"), std::string::npos) << text;
  EXPECT_NE(text.find("drawn overflowing: draft"), std::string::npos) << text;
  const std::string dump = page::dump(t.page);
  // The text is there (all of it, past the box) and the box is framed in red.
  EXPECT_NE(dump.find("title: text \"" + kLongName + "\""), std::string::npos) << dump;
  EXPECT_NE(
      dump.find(
          "overflow:title: rect [0.00 0.00 34.00 10.00] stroke=#e01010 width=0.50 bounds [4.75 41.75 34.50 10.50]"),
      std::string::npos)
      << dump;
  EXPECT_NE(dump.find("overflow:title: path 4 commands fill=#e01010"), std::string::npos) << dump;
}

TEST(MemoryGame, TheFingerprintFollowsWhatReachesThePageOnly) {
  project::MemoryProject same, renamed, recoloured, other_card, comment;
  add_tiny_game(same);
  add_tiny_game(renamed, test::replace(kGame, "name: Sonne", "name: Sonnen"));
  add_tiny_game(recoloured);
  recoloured.add("templates/tiny/sun.svg",
                 "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\">"
                 "<circle class=\"fg\" cx=\"5\" cy=\"5\" r=\"3\"/></svg>\n");
  add_tiny_game(other_card, kGame + "        - { id: moon, name: Mond }\n");
  add_tiny_game(comment, kGame + "# a comment\n");
  const auto base = page::fingerprint(TinyLayout(same).page);
  EXPECT_EQ(base, page::fingerprint(TinyLayout(same).page));  // deterministic
  EXPECT_NE(base, page::fingerprint(TinyLayout(renamed).page));
  EXPECT_NE(base, page::fingerprint(TinyLayout(recoloured).page));  // the drawing's bytes, not its name
  EXPECT_EQ(base, page::fingerprint(TinyLayout(other_card).page));
  EXPECT_EQ(base, page::fingerprint(TinyLayout(comment).page));
}

// The studio's memo (layout::CardMemo) and another card's entry read through
// the game's data: a card whose layout shows {{game.decks.0.cards.1.name}}
// is laid out again when that card's name changes, though its own entry
// (its key) did not; and only the cards that read it are.
struct MemoRun {
  explicit MemoRun(const std::string& game_yaml) {
    add_tiny_game(project, game_yaml);
    project.add("layouts/tiny/card.yaml",
                "elements:\n"
                "  - { type: rect, name: background, area: bleed, fill: \"#223344\" }\n"
                "  - { type: text, name: title, text: \"{{name}}\", box: [3, 5, 34, 10], font: { family: serif },"
                " size: 12, color: \"#ffffff\", wrap: false }\n"
                "  - { type: text, name: partner, text: \"{{game.decks.0.cards.1.name}}\", box: [3, 40, 34, 10],"
                " font: { family: serif }, size: 12, color: \"#ffffff\", wrap: false }\n");
    loaded = model::load_model(project);
    if (!loaded.model) throw std::runtime_error(format_diagnostics(loaded.diagnostics, &project));
    fonts = text::FontLibrary::load(project, diags);
    typesetter = std::make_unique<text::Typesetter>(*fonts);
    layouter = std::make_unique<Layouter>(*loaded.model, *fonts, *typesetter);
  }
  std::vector<LaidOutCard> layout(CardMemo* memo) {
    const model::Game& game = *loaded.model->game("tiny");
    GameLayoutContext context{"de"};
    auto cards =
        memo ? layout_cards(game, *layouter, context, diags, *memo) : layout_cards(game, *layouter, context, diags);
    if (diags.has_errors()) throw std::runtime_error(format_diagnostics(diags, &project));
    return cards;
  }
  project::MemoryProject project;
  model::LoadResult loaded;
  Diagnostics diags;
  std::unique_ptr<text::FontLibrary> fonts;
  std::unique_ptr<text::Typesetter> typesetter;
  std::unique_ptr<Layouter> layouter;
};

TEST(MemoryGame, TheMemoLaysOutACardAgainWhenTheGameDataItReadChanged) {
  const std::string two = kGame + "        - { id: moon, name: Mond }\n";
  CardMemo memo;
  // As the studio's key promises: the card's own entry (here its name), not
  // the other cards'.
  memo.key = [](const model::Card* card, const model::Deck*, const std::string& stem) {
    return stem + "|" + (card ? card->fields.find("name")->scalar : std::string());
  };
  MemoRun first(two);
  first.layout(&memo);
  EXPECT_EQ(memo.laid_out, 2u);
  MemoRun same(two);
  same.layout(&memo);
  EXPECT_EQ(memo.laid_out, 0u);

  // The moon renamed: the moon (its own entry) and the sun (it shows the
  // moon's name through game.decks) are laid out again.
  MemoRun renamed(test::replace(two, "name: Mond", "name: Mondin"));
  auto cards = renamed.layout(&memo);
  EXPECT_EQ(memo.laid_out, 2u);
  MemoRun clean(test::replace(two, "name: Mond", "name: Mondin"));
  auto fresh = clean.layout(nullptr);
  ASSERT_EQ(cards.size(), fresh.size());
  for (size_t i = 0; i < cards.size(); ++i)
    EXPECT_EQ(page::fingerprint(cards[i].page), page::fingerprint(fresh[i].page)) << cards[i].stem;

  // The sun renamed: no card reads the sun's entry through the game's data,
  // so the sun alone is laid out again.
  MemoRun sun(test::replace(test::replace(two, "name: Mond", "name: Mondin"), "name: Sonne", "name: Sonnen"));
  sun.layout(&memo);
  EXPECT_EQ(memo.laid_out, 1u);
}

// A build's kept layouts (layout::KnownLayouts): a front whose entry is
// found is not laid out, yet the products get the same fingerprint, frame
// and (on demand) page as from a clean layout; a card whose own entry, or
// the game's data its layout read, changed is laid out again.
struct KnownRun : MemoRun {
  using MemoRun::MemoRun;
  CardPages pages(KnownLayouts* known) {
    const model::Game& game = *loaded.model->game("tiny");
    CardPages cards = layout_card_pages(game, *layouter, GameLayoutContext{"de"}, diags, known);
    if (diags.has_errors()) throw std::runtime_error(format_diagnostics(diags, &project));
    return cards;
  }
};

void expect_same_pages(const CardPages& kept, const CardPages& fresh) {
  ASSERT_EQ(kept.size(), fresh.size());
  for (size_t i = 0; i < kept.size(); ++i) {
    EXPECT_EQ(kept.stem(i), fresh.stem(i));
    EXPECT_EQ(kept.fingerprint(i), fresh.fingerprint(i)) << kept.stem(i);
    EXPECT_EQ(page::dump(kept.frame(i)), page::dump(fresh.frame(i))) << kept.stem(i);
    EXPECT_EQ(page::fingerprint(*kept.page(i)), page::fingerprint(*fresh.page(i))) << kept.stem(i);
  }
}

TEST(MemoryGame, KeptLayoutsLayOutOnlyTheCardsWhoseInputsChanged) {
  const std::string two = kGame + "        - { id: moon, name: Mond }\n";
  KnownLayouts known;
  known.key = [](const model::Card* card, const model::Deck*, const std::string& stem) {
    return stem + "|" + (card ? card->fields.find("name")->scalar : std::string());
  };
  KnownRun first(two);
  first.pages(&known);
  EXPECT_EQ(known.laid_out, 2u);
  EXPECT_EQ(known.entries.size(), 2u);

  KnownRun same(two);
  CardPages kept = same.pages(&known);
  EXPECT_EQ(known.laid_out, 0u);
  EXPECT_EQ(known.reused, 2u);
  KnownRun clean_same(two);
  expect_same_pages(kept, clean_same.pages(nullptr));
  EXPECT_EQ(same.diags.size(), clean_same.diags.size());

  // The moon renamed: the moon (its own entry) and the sun (it shows the
  // moon's name through game.decks) are laid out again.
  const std::string renamed = test::replace(two, "name: Mond", "name: Mondin");
  KnownRun run(renamed);
  CardPages now = run.pages(&known);
  EXPECT_EQ(known.laid_out, 2u);
  KnownRun clean(renamed);
  expect_same_pages(now, clean.pages(nullptr));

  // The sun renamed: it alone.
  KnownRun sun(test::replace(renamed, "name: Sonne", "name: Sonnen"));
  sun.pages(&known);
  EXPECT_EQ(known.laid_out, 1u);
  EXPECT_EQ(known.reused, 1u);
}

}  // namespace
}  // namespace kw::layout
