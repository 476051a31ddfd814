// A card in Hebrew, in Arabic and in Japanese, laid out and rendered: the
// ink of right-to-left text sits at the right of a start-aligned box, every
// line of each text is where it belongs, and a language without a
// hyphenation dictionary is said once per build, not once per card.
#include <gtest/gtest.h>

#include <algorithm>

#include "layout/card_layout.h"
#include "layout/game_layout.h"
#include "model/model.h"
#include "page/fingerprint.h"
#include "project/memory_project.h"
#include "render/raster.h"
#include "support/script_fonts.h"
#include "text/typesetter.h"

namespace kw::layout {
namespace {

// Two cards whose `text` is set white on dark blue, start-aligned, in the
// box [5, 20, 30, 20] of a 40 x 60 mm card.
std::string game_with(const std::string& first, const std::string& second) {
  return "game:\n"
         "  id: scripts\n"
         "  name: Scripts\n"
         "  format: mini\n"
         "  card_fields:\n"
         "    text: { type: text, required: true }\n"
         "  decks:\n"
         "    - id: main\n"
         "      name: Main\n"
         "      layout: scripts/card\n"
         "      cards:\n"
         "        - { id: one, text: \"" +
         first +
         "\" }\n"
         "        - { id: two, text: \"" +
         second + "\" }\n";
}

struct Built {
  std::shared_ptr<project::MemoryProject> project = std::make_shared<project::MemoryProject>();
  std::optional<model::LoadResult> loaded;
  std::unique_ptr<text::FontLibrary> fonts;
  std::unique_ptr<text::Typesetter> typesetter;
  std::unique_ptr<Layouter> layouter;
  Diagnostics diags;
  std::vector<LaidOutCard> cards;
};

std::unique_ptr<Built> build(const std::string& game, const std::string& language, const std::string& align,
                             const std::string& family) {
  auto b = std::make_unique<Built>();
  project::MemoryProject& p = *b->project;
  test::add_script_fonts(p);
  p.add("data/cards.yaml", "kartenwerk: 1\ninclude:\n  - formats.yaml\n  - games/scripts.yaml\n");
  p.add("data/formats.yaml", "formats:\n  mini: { width: 40, height: 60, bleed: 2, safe: 3, dpi: 300 }\n");
  p.add("data/games/scripts.yaml", game);
  p.add("layouts/scripts/card.yaml",
        "edge_color: \"#102040\"\n"
        "elements:\n"
        "  - { type: rect, name: background, area: bleed, fill: \"#102040\" }\n"
        "  - type: text\n"
        "    name: body\n"
        "    text: \"{{text}}\"\n"
        "    box: [5, 20, 30, 20]\n"
        "    font: { family: " +
            family +
            " }\n"
            "    size: 10\n"
            "    align: " +
            align +
            "\n"
            "    valign: top\n"
            "    color: \"#ffffff\"\n");
  b->loaded = model::load_model(p);
  EXPECT_TRUE(b->loaded->model) << format_diagnostics(b->loaded->diagnostics, &p);
  if (!b->loaded->model) return b;
  b->fonts = text::FontLibrary::load(p, b->diags);
  b->typesetter = std::make_unique<text::Typesetter>(*b->fonts);
  b->layouter = std::make_unique<Layouter>(*b->loaded->model, *b->fonts, *b->typesetter);
  const model::Game& g = *b->loaded->model->game("scripts");
  b->cards = layout_cards(g, *b->layouter, {language, nullptr}, b->diags);
  return b;
}

// The columns (in mm from the trim's left edge) between which card `k` has
// white ink in the body's box, at 300 dpi.
struct Ink {
  double left = 1e9, right = -1e9;
  int rows = 0;  // pixel rows with ink
};

Ink ink_in_body(const page::Page& page) {
  const render::Raster r = render::render_raster(page, 300);
  const double px_per_mm = 300 / 25.4;
  const double bleed = page.trim.x;
  Ink ink;
  const int y0 = static_cast<int>((bleed + 20) * px_per_mm), y1 = static_cast<int>((bleed + 40) * px_per_mm);
  const int x0 = static_cast<int>((bleed + 4) * px_per_mm), x1 = static_cast<int>((bleed + 36) * px_per_mm);
  for (int y = y0; y < y1; ++y) {
    bool row = false;
    for (int x = x0; x < x1; ++x) {
      const Color c = r.pixel(x, y);
      if (c.r < 160) continue;  // the dark ground
      row = true;
      ink.left = std::min(ink.left, x / px_per_mm - bleed);
      ink.right = std::max(ink.right, (x + 1) / px_per_mm - bleed);
    }
    ink.rows += row;
  }
  return ink;
}

const page::Page& page_of(const Built& b, std::size_t k) { return b.cards.at(k).page; }

TEST(ScriptsCard, HebrewInkIsFlushRightInAStartAlignedBox) {
  auto b = build(game_with("שלום עולם", "אחד שתיים שלוש ארבע חמש שש שבע שמונה"), "he", "start", "sans");
  ASSERT_EQ(b->cards.size(), 2u);
  const Ink one = ink_in_body(page_of(*b, 0));
  ASSERT_GT(one.rows, 0) << "no text drawn";
  // The box is 5..35 mm: a short line ends at the right edge, its left is open.
  EXPECT_NEAR(one.right, 35, 0.6);
  EXPECT_GT(one.left, 15);
  // A long text fills several lines, each ending at the right edge.
  const Ink two = ink_in_body(page_of(*b, 1));
  EXPECT_NEAR(two.right, 35, 0.6);
  EXPECT_LT(two.left, 12);
  EXPECT_GT(two.rows, one.rows * 2) << "the long text is not on several lines";
}

TEST(ScriptsCard, ArabicEndAlignedInkIsFlushLeft) {
  auto b = build(game_with("سلام عليكم", "سلام"), "ar", "end", "sans");
  ASSERT_EQ(b->cards.size(), 2u);
  const Ink one = ink_in_body(page_of(*b, 0));
  ASSERT_GT(one.rows, 0);
  EXPECT_NEAR(one.left, 5, 0.6);
  EXPECT_LT(one.right, 25);
}

TEST(ScriptsCard, JapaneseFillsLinesFromTheLeft) {
  auto b = build(game_with("吾輩は猫である。名前はまだ無い。どこで生れたか", "猫"), "ja", "start", "cjk");
  ASSERT_EQ(b->cards.size(), 2u);
  ASSERT_FALSE(b->diags.has_errors()) << format_diagnostics(b->diags);
  const Ink one = ink_in_body(page_of(*b, 0));
  ASSERT_GT(one.rows, 0) << page::dump(page_of(*b, 0));
  // Eight ideographs (3.53 mm each) fill a line of the 30 mm box; the ink of
  // a line ending in "。" stops at the stop's dot, in the left of its cell.
  EXPECT_GT(one.right, 29);
  const Ink two = ink_in_body(page_of(*b, 1));
  EXPECT_GT(one.rows, two.rows * 2) << "the long text is not on several lines";
  // Japanese is not hyphenated: nothing is missing.
  for (const Diagnostic& d : b->diags) EXPECT_NE(d.check, "hyphenation") << d.message;
}

TEST(ScriptsCard, AMissingDictionaryIsSaidOncePerLanguage) {
  auto b = build(game_with("אחד שתיים שלוש ארבע", "שלום עולם"), "he", "start", "sans");
  std::vector<Diagnostic> said;
  for (const Diagnostic& d : b->diags)
    if (d.check == "hyphenation") said.push_back(d);
  ASSERT_EQ(said.size(), 1u) << format_diagnostics(b->diags);
  EXPECT_EQ(said[0].severity, Severity::Warning);
  EXPECT_NE(said[0].message.find("'he'"), std::string::npos) << said[0].message;
  EXPECT_EQ(said[0].loc.file, "layouts/scripts/card.yaml");  // the text element that asked for it
  EXPECT_GT(said[0].loc.line, 0);
  EXPECT_EQ(said[0].card_id, "one");  // the first card in report order
  EXPECT_NE(said[0].hint.find("hyphen-he"), std::string::npos) << said[0].hint;
  EXPECT_FALSE(b->diags.has_errors()) << format_diagnostics(b->diags);
  // The same game laid out on more threads says the same.
  const model::Game& g = *b->loaded->model->game("scripts");
  Layouter again(*b->loaded->model, *b->fonts, *b->typesetter);
  Diagnostics diags;
  GameLayoutContext context{"he", nullptr};
  context.jobs = 4;
  layout_cards(g, again, context, diags);
  EXPECT_EQ(format_diagnostics(diags), format_diagnostics(b->diags));
}

}  // namespace
}  // namespace kw::layout
