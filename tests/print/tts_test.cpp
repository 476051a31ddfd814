// Tabletop Simulator sheets and the overview contact sheet: their plans, and
// the pixels of what is written, fed from several threads in any order.
#include <gtest/gtest.h>

#include <algorithm>
#include <future>
#include <random>

#include "core/files.h"
#include "print/imposition/contact_sheet.h"
#include "print/imposition/tts.h"
#include "render/jpeg.h"
#include "render/png.h"
#include "render/raster.h"
#include "support/test_support.h"
#include "text/font_library.h"

namespace kw::print {
namespace {

namespace fs = std::filesystem;

page::Page solid(Color c, Size trim = {59, 91}) {
  page::Page p;
  p.id = "t/" + c.hex();
  p.size = {trim.w + 6, trim.h + 6};
  p.trim = {3, 3, trim.w, trim.h};
  p.corner_radius = 5;
  page::RectShape bg;
  bg.rect = {0, 0, p.size.w, p.size.h};
  bg.paint.fill = c;
  page::Item item;
  item.shape = bg;
  item.bounds = bg.rect;
  p.items.push_back(item);
  // A black band in the bleed only: must not show on a sheet (trim only).
  page::RectShape band;
  band.rect = {0, 0, p.size.w, 3};
  band.paint.fill = Color{0, 0, 0, 255};
  item.shape = band;
  p.items.push_back(item);
  return p;
}

Color shade(size_t i) {
  return {static_cast<std::uint8_t>(40 + (i * 37) % 200), static_cast<std::uint8_t>(60 + (i * 91) % 180),
          static_cast<std::uint8_t>(30 + (i * 53) % 210), 255};
}

bool near(const Color& a, const Color& b, int tol = 6) {
  return std::abs(a.r - b.r) <= tol && std::abs(a.g - b.g) <= tol && std::abs(a.b - b.b) <= tol;
}

TEST(TtsPlan, SixtyNineCardsASheetTheLastCellForTheBack) {
  std::vector<std::string> stems;
  std::vector<TtsCard> cards;
  for (size_t i = 0; i < 130; ++i) {
    stems.push_back("c" + std::to_string(i));
    cards.push_back({i, i < 100 ? 130u : 131u});
  }
  stems.push_back("000-back-tag");
  stems.push_back("000-back-nacht");
  TtsPlan plan = plan_tts(cards, {59, 91}, "rat", stems);
  EXPECT_EQ(plan.card_w, 379);
  EXPECT_EQ(plan.card_h, 585);
  // 100 cards with one back: 69 + 31; 30 with the other: one sheet.
  ASSERT_EQ(plan.sheets.size(), 3u);
  EXPECT_EQ(plan.sheets[0].cards.size(), 69u);
  EXPECT_EQ(plan.sheets[0].columns, 10);
  EXPECT_EQ(plan.sheets[0].rows, 7);
  EXPECT_EQ(plan.sheets[1].cards.size(), 31u);
  EXPECT_EQ(plan.sheets[1].columns, 10);
  EXPECT_EQ(plan.sheets[1].rows, 4);  // 31 cards + the back cell
  EXPECT_EQ(plan.sheets[2].cards.front(), 100u);
  EXPECT_EQ(plan.sheets[2].back_file, "rat-back-nacht.jpg");
  EXPECT_EQ(plan.sheets[0].back_file, "rat-back-tag.jpg");
  EXPECT_EQ(plan.sheets[1].file, "rat-2.jpg");
  for (const auto& s : plan.sheets) {
    EXPECT_LE(s.columns * plan.card_w, kTtsMaxSidePx);
    EXPECT_LE(s.rows * plan.card_h, kTtsMaxSidePx);
    EXPECT_LE(s.columns, 10);
    EXPECT_LE(s.rows, 7);
    EXPECT_LT(s.cards.size(), static_cast<size_t>(s.columns * s.rows));  // room for the back
  }
  // A small deck: a small grid.
  std::vector<TtsCard> three = {{0, 3}, {1, 3}, {2, 3}};
  TtsPlan small = plan_tts(three, {59, 91}, "mini", stems);
  EXPECT_EQ(small.sheets[0].columns, 4);
  EXPECT_EQ(small.sheets[0].rows, 1);
  std::string json = tts_json(small, stems);
  EXPECT_NE(json.find("\"width\": 4, \"height\": 1, \"number\": 3"), std::string::npos) << json;
}

TEST(TtsWriter, FillsSheetsFromManyThreadsAndHoldsOneAtATime) {
  constexpr size_t kFronts = 75;  // two sheets: 69 + 6
  std::vector<page::Page> pages;
  for (size_t i = 0; i < kFronts; ++i) pages.push_back(solid(shade(i)));
  pages.push_back(solid(Color{0, 0, 200, 255}));  // the back
  std::vector<const page::Page*> ptrs;
  std::vector<std::string> stems;
  std::vector<TtsCard> cards;
  for (size_t i = 0; i < pages.size(); ++i) {
    ptrs.push_back(&pages[i]);
    stems.push_back(i < kFronts ? std::to_string(i + 1) : "00-back");
    if (i < kFronts) cards.push_back({i, kFronts});
  }
  test::TempDir dir;
  TtsWriter writer(plan_tts(cards, {59, 91}, "t", stems), ptrs, dir.path());
  // Images at 60 dpi are enough here; the writer scales whatever it gets.
  std::vector<render::detail::SurfacePtr> images;
  for (const auto& p : pages) images.push_back(render::detail::paint_to_image(p, 60));
  // The back first (as the build does), then fronts in shuffled order from 4 threads.
  writer.place(kFronts, images[kFronts].get());
  std::vector<size_t> order(kFronts);
  for (size_t i = 0; i < kFronts; ++i) order[i] = i;
  std::shuffle(order.begin(), order.end(), std::mt19937(7));
  std::vector<std::future<void>> jobs;
  for (int t = 0; t < 4; ++t)
    jobs.push_back(std::async(std::launch::async, [&, t] {
      for (size_t k = static_cast<size_t>(t); k < order.size(); k += 4) writer.place(order[k], images[order[k]].get());
    }));
  for (auto& j : jobs) j.get();
  writer.finish(stems);
  EXPECT_EQ(writer.peak_open_sheets(), 1u);

  render::Raster sheet1 = render::decode_jpeg(*read_file(dir.path() / "t-1.jpg"));
  EXPECT_EQ(sheet1.width, 3790);
  EXPECT_EQ(sheet1.height, 7 * 585);
  for (size_t i : {0u, 9u, 10u, 68u}) {
    int cx = static_cast<int>(i % 10) * 379 + 190, cy = static_cast<int>(i / 10) * 585 + 292;
    EXPECT_TRUE(near(sheet1.pixel(cx, cy), shade(i))) << "card " << i << " " << sheet1.pixel(cx, cy).hex();
    // The top rows of a cell are the card's trim, not its black bleed band.
    EXPECT_TRUE(near(sheet1.pixel(cx, static_cast<int>(i / 10) * 585 + 3), shade(i))) << i;
  }
  EXPECT_TRUE(near(sheet1.pixel(9 * 379 + 190, 6 * 585 + 292), Color{0, 0, 200, 255}));  // back, bottom right
  render::Raster sheet2 = render::decode_jpeg(*read_file(dir.path() / "t-2.jpg"));
  EXPECT_EQ(sheet2.width, 7 * 379);  // 6 cards + the back
  EXPECT_EQ(sheet2.height, 585);
  EXPECT_TRUE(near(sheet2.pixel(5 * 379 + 190, 292), shade(74)));
  EXPECT_TRUE(near(sheet2.pixel(6 * 379 + 190, 292), Color{0, 0, 200, 255}));
  render::JpegInfo back = render::jpeg_info(*read_file(dir.path() / "t-back.jpg"));
  EXPECT_EQ(back.width, 379);
  EXPECT_EQ(back.height, 585);
  EXPECT_TRUE(fs::exists(dir.path() / "t-tts.json"));
  EXPECT_EQ(writer.written().size(), 4u);
}

TEST(TtsWriter, AnIncompleteSheetIsAnError) {
  page::Page a = solid(shade(1)), b = solid(shade(2));
  std::vector<const page::Page*> ptrs = {&a, &b};
  std::vector<std::string> stems = {"01-a", "00-back"};
  std::vector<TtsCard> cards = {{0, 1}};
  test::TempDir dir;
  TtsWriter writer(plan_tts(cards, {59, 91}, "t", stems), ptrs, dir.path());
  auto image = render::detail::paint_to_image(a, 30);
  writer.place(0, image.get());  // the back never comes
  EXPECT_THROW(writer.finish(stems), std::logic_error);
}

TEST(ContactSheet, EveryCardCutToItsTrimAndLabelled) {
  Diagnostics diags;
  auto fonts = text::FontLibrary::load(test::source_project(), diags);
  text::Typesetter typesetter(*fonts);
  std::vector<page::Page> pages;
  for (size_t i = 0; i < 56; ++i) pages.push_back(solid(shade(i)));
  std::vector<const page::Page*> ptrs;
  std::vector<std::string> labels;
  for (size_t i = 0; i < pages.size(); ++i) {
    ptrs.push_back(&pages[i]);
    labels.push_back(std::to_string(i + 1) + "-card");
  }
  ContactSheet sheet(ptrs, labels, typesetter, diags);
  ASSERT_FALSE(diags.has_errors()) << format_diagnostics(diags);
  const auto& g = sheet.geometry();
  EXPECT_EQ(g.card_w, 139);  // 59 mm at 60 dpi
  EXPECT_EQ(g.card_h, 215);
  EXPECT_EQ(g.columns * g.rows >= 56, true);
  EXPECT_GT(g.width, g.height);  // landscape
  for (size_t i = 0; i < pages.size(); ++i) {
    auto image = render::detail::paint_to_image(pages[i], 100);
    sheet.place(i, image.get());
  }
  render::Raster png = render::decode_png(sheet.encode_png());
  EXPECT_EQ(png.width, g.width);
  EXPECT_EQ(png.height, g.height);
  for (size_t i : {0u, 20u, 55u}) {
    Rect c = g.card(i);
    EXPECT_TRUE(near(png.pixel(static_cast<int>(c.center().x), static_cast<int>(c.center().y)), shade(i))) << i;
    EXPECT_TRUE(near(png.pixel(static_cast<int>(c.center().x), static_cast<int>(c.y) + 1), shade(i)))
        << "the trim, not the bleed band, at the top of card " << i;
    // The rounded corner shows the grey ground.
    EXPECT_TRUE(near(png.pixel(static_cast<int>(c.x), static_cast<int>(c.y)), Color{0xe6, 0xe6, 0xe6, 255})) << i;
    // Some dark label text below the card.
    Rect l = g.label(i);
    bool ink = false;
    for (int y = static_cast<int>(l.y); y < static_cast<int>(l.bottom()); ++y)
      for (int x = static_cast<int>(l.x); x < static_cast<int>(l.right()); ++x) ink = ink || png.pixel(x, y).r < 120;
    EXPECT_TRUE(ink) << "label of card " << i;
  }
}

}  // namespace
}  // namespace kw::print
