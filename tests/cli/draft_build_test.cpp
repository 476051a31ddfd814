// build --draft and build --card on the mini fixture: a draft shows text that
// does not fit instead of refusing the card, is marked, and never reaches the
// shop files; --card renders only the cards named.
#include <gtest/gtest.h>

#include "core/files.h"
#include "render/png.h"
#include "support/mini_project.h"

namespace kw {
namespace {

namespace fs = std::filesystem;
using test::kartenwerk;
using test::MiniProject;
using test::quoted;

// Pixels of a strong red (the overflow marker's #e01010).
int red_pixels(const fs::path& png) {
  auto bytes = read_file(png);
  if (!bytes) return -1;
  const render::Raster r = render::decode_png(*bytes);
  int n = 0;
  for (int y = 0; y < r.height; ++y)
    for (int x = 0; x < r.width; ++x) {
      const Color c = r.pixel(x, y);
      n += c.r > 200 && c.g < 40 && c.b < 40;
    }
  return n;
}

constexpr const char* kTooLong = "Éomer, Dritter Marschall der Riddermark und Neffe König Théodens";

TEST(DraftBuild, TextThatDoesNotFitStopsAPrintBuildButIsDrawnInADraft) {
  MiniProject p;
  p.write(p.game_file(), test::replace(MiniProject::game_yaml(), "name: Éomer", std::string("name: ") + kTooLong));
  test::TempDir out;
  const std::string args = "--root " + quoted(p.root()) + " build --out " + quoted(out.path());
  auto print = kartenwerk(args);
  EXPECT_EQ(print.status, 1) << print.output;
  EXPECT_NE(print.output.find("does not fit"), std::string::npos) << print.output;
  EXPECT_FALSE(fs::exists(out.path() / "mini"));

  auto draft = kartenwerk(args + " --draft");
  ASSERT_EQ(draft.status, 0) << draft.output;
  EXPECT_NE(draft.output.find("warning: text of element 'title'"), std::string::npos) << draft.output;
  EXPECT_NE(draft.output.find("drawn overflowing: draft"), std::string::npos) << draft.output;
  const fs::path dir = out.path() / "mini" / "draft";
  EXPECT_TRUE(fs::exists(dir / "mini.pdf"));
  EXPECT_TRUE(fs::exists(dir / "overview.png"));
  // Never a draft to the shop: no Meinspiel folder, no TTS sheets.
  EXPECT_FALSE(fs::exists(dir / "meinspiel"));
  EXPECT_FALSE(fs::exists(dir / "tts"));
  EXPECT_FALSE(fs::exists(out.path() / "mini" / "cards"));
  // The overflowing card carries the red marker; the card that fits does not.
  EXPECT_GT(red_pixels(dir / "cards/01-alpha-1.png"), 200);
  EXPECT_EQ(red_pixels(dir / "cards/03-beta.png"), 0);
}

TEST(DraftBuild, EveryDraftCardIsMarkedDraft) {
  MiniProject p;
  test::TempDir out;
  const std::string args = "--root " + quoted(p.root()) + " build --format png --out " + quoted(out.path());
  ASSERT_EQ(kartenwerk(args).status, 0);
  ASSERT_EQ(kartenwerk(args + " --draft").status, 0);
  for (const char* card : {"01-alpha-1", "03-beta", "00-back"}) {
    const std::string file = std::string("cards/") + card + ".png";
    auto print = read_file(out.path() / "mini" / file);
    auto draft = read_file(out.path() / "mini/draft" / file);
    ASSERT_TRUE(print && draft) << file;
    EXPECT_NE(*print, *draft) << file << ": the draft is not marked";
  }
}

TEST(CardBuild, RendersOnlyTheCardsNamed) {
  MiniProject p;
  test::TempDir out;
  auto r = kartenwerk("--root " + quoted(p.root()) + " build --card alpha-2,back --out " + quoted(out.path()));
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("2 cards rendered"), std::string::npos) << r.output;
  const fs::path dir = out.path() / "mini";
  EXPECT_TRUE(fs::exists(dir / "cards/02-alpha-2.png"));
  EXPECT_TRUE(fs::exists(dir / "cards/00-back.png"));
  EXPECT_TRUE(fs::exists(dir / "jpg/02-alpha-2.jpg"));  // no print profiles: no shop takes the JPEGs
  EXPECT_FALSE(fs::exists(dir / "cards/01-alpha-1.png"));
  EXPECT_FALSE(fs::exists(dir / "cards/03-beta.png"));
  // Nothing that holds other cards: no PDF, overview, sheets or manifest.
  EXPECT_FALSE(fs::exists(dir / "mini.pdf"));
  EXPECT_FALSE(fs::exists(dir / "overview.png"));
  EXPECT_FALSE(fs::exists(dir / "manifest.json"));

  auto unknown = kartenwerk("--root " + quoted(p.root()) + " build --card gamma --out " + quoted(out.path()));
  EXPECT_EQ(unknown.status, 1) << unknown.output;
  EXPECT_NE(unknown.output.find("no card 'gamma'"), std::string::npos) << unknown.output;
}

// A build of JPEGs alone whose JPEGs all come from the cache still needs the
// cards' pixels for its TTS sheets: with no PNG to decode, it renders them.
TEST(CardBuild, AJpegOnlyBuildFromTheCacheStillMakesItsSheets) {
  MiniProject p;
  test::TempDir cache, first, second;
  const std::string common = "--root " + quoted(p.root()) + " build --format jpg --cache " + quoted(cache.path());
  auto a = kartenwerk(common + " --out " + quoted(first.path()));
  ASSERT_EQ(a.status, 0) << a.output;
  auto b = kartenwerk(common + " --out " + quoted(second.path()));
  ASSERT_EQ(b.status, 0) << b.output;
  int sheets = 0;
  for (const auto& e : fs::directory_iterator(first.path() / "mini" / "tts")) {
    EXPECT_TRUE(test::output_bytes(e.path()) ==
                test::output_bytes(second.path() / "mini" / "tts" / e.path().filename()))
        << e.path();
    ++sheets;
  }
  EXPECT_GE(sheets, 2);  // the face sheet and the back
}

// Inline icons take the text colour, unless the text element's icon_colors
// gives one its own: a colour for its fg class, or `own` (as drawn).
TEST(IconColors, AnIconKeepsTheColourTheLayoutGivesIt) {
  MiniProject p;
  p.write("templates/mini/icons/heart.svg",
          "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\" width=\"10\" height=\"10\">"
          "<rect class=\"fg\" fill=\"#e01010\" width=\"10\" height=\"10\"/></svg>\n");
  auto layout = [](const std::string& icon_colors) {
    return "elements:\n"
           "  - { type: rect, area: bleed, fill: \"#ffffff\" }\n"
           "  - type: text\n"
           "    text: \"A :heart: B\"\n"
           "    box: [5, 30, 49, 20]\n"
           "    size: 24\n"
           "    color: \"#000000\"\n"
           "    font: { family: garamond, style: regular }\n" +
           icon_colors;
  };
  auto red = [&](const std::string& icon_colors) {
    p.write("layouts/mini/card.yaml", layout(icon_colors));
    test::TempDir out;
    auto r = kartenwerk("--root " + quoted(p.root()) + " build --card beta --format png --out " + quoted(out.path()));
    EXPECT_EQ(r.status, 0) << r.output;
    return red_pixels(out.path() / "mini/cards/03-beta.png");
  };
  EXPECT_EQ(red(""), 0);  // the text colour
  EXPECT_GT(red("    icon_colors: { heart: \"#e01010\" }\n"), 500);
  EXPECT_GT(red("    icon_colors: { heart: own }\n"), 500);
  EXPECT_EQ(red("    icon_colors: { heart: \"#000000\" }\n"), 0);
}

}  // namespace
}  // namespace kw
