// Every item of every shipped game's cards and boards: what the display list
// says about its translucency (page/translucency.h, SVG art resolved by
// layout) is what Cairo writes when it paints it (support/cairo_translucency.h).
// Flattening for PDF/X-1a trusts the former; this keeps it honest on real art.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>

#include "core/sha256.h"
#include "engine/compile.h"
#include "engine/world.h"
#include "page/translucency.h"
#include "support/cairo_translucency.h"
#include "support/test_support.h"

namespace kw::exporters {
namespace {

// What the item paints, not where: one oracle run per distinct drawing.
std::string drawing_key(const page::Item& item) {
  if (const auto* art = std::get_if<page::SvgArt>(&item.shape))
    return "svg " + kw::hex(art->svg->hash()) + "#" + art->element_id + " " + art->stylesheet;
  if (const auto* pic = std::get_if<page::Picture>(&item.shape))
    return "picture " + (pic->file ? pic->file->path() : "") + " " + std::to_string(pic->opacity) +
           (pic->mask_art ? " masked" : "");
  return {};  // rectangles, paths, glyphs: cheap, each asked
}

TEST(ShippedArt, TheDisplayListKnowsWhatBlends) {
  engine::World world(test::source_project(), Clock{});
  auto loaded = engine::load(world, {});
  ASSERT_TRUE(loaded.ok()) << format_diagnostics(loaded.diagnostics);
  Diagnostics diags;
  const text::FontLibrary* fonts = world.fonts(diags);
  ASSERT_NE(fonts, nullptr);
  std::set<std::string> asked;
  int translucent = 0, checked = 0;
  auto check = [&](const page::Page& page) {
    for (const auto& item : page.items) {
      const std::string key = drawing_key(item);
      if (!key.empty() && !asked.insert(key).second) continue;
      const bool said = page::translucent(item);
      ++checked;
      translucent += said;
      EXPECT_EQ(said, test::cairo_writes_transparency(item)) << page.id << " item '" << item.name << "' " << key;
    }
  };
  for (const model::Game* game : loaded.games) {
    engine::GameCompiler compiler(*loaded.model, *game, *fonts);
    auto laid_out = compiler.game(compiler.context(game->language), diags, false);
    for (size_t i = 0; i < laid_out.cards.size(); ++i) check(*laid_out.cards.page(i));
    for (const auto& board : laid_out.boards) check(board.page);
  }
  EXPECT_GT(checked, 100);
  EXPECT_GT(translucent, 0);  // the shipped art does blend somewhere: the test sees both answers
}

}  // namespace
}  // namespace kw::exporters
