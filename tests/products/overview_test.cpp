// overview.png: the contact sheet's pages, and the sheet rendered from card
// rasters.
#include <gtest/gtest.h>

#include <algorithm>

#include <map>
#include <memory>
#include <thread>

#include "impose/contact_sheet.h"
#include "products/overview.h"
#include "render/png.h"
#include "render/raster.h"
#include "sheet_test_cards.h"
#include "support/test_support.h"
#include "text/font_library.h"

namespace kw::products {
namespace {

using namespace test_cards;

TEST(ContactSheet, PagesOfLabelsAndCardImages) {
  Diagnostics diags;
  auto fonts = text::FontLibrary::load(test::source_project(), diags);
  text::Typesetter typesetter(*fonts);
  impose::ContactSheetGeometry g = impose::contact_sheet_geometry(3, {59, 91});
  std::vector<std::string> labels = {"01-a", "02-b", "00-back"};
  page::Page ground = impose::contact_sheet_ground(g, labels, typesetter, diags);
  ASSERT_FALSE(diags.has_errors()) << format_diagnostics(diags);
  EXPECT_NEAR(ground.size.w, g.width / (60 / 25.4), 1e-9);
  EXPECT_NE(page::dump(ground).find("label: text \"02-b\""), std::string::npos) << page::dump(ground);
  page::Page card = solid(shade(1));
  auto image = std::make_shared<const render::Raster>(render::render_raster(card, 50));
  page::Page layer = impose::contact_sheet_card(g, 2, card, image);
  ASSERT_EQ(layer.size, ground.size);
  const auto& shown = std::get<page::Image>(layer.items.at(0).shape);
  EXPECT_DOUBLE_EQ(shown.corner_radius, 5);  // the card's die cut
  EXPECT_NEAR(shown.box.x, g.card(2).x / (60 / 25.4), 1e-9);
  EXPECT_EQ(shown.resampling, page::Image::Resampling::Box);  // shrunk by averaging
  // A label longer than its box (an id of 64 characters) is shortened in
  // the middle, not an error that stops the build.
  std::vector<std::string> long_label = {std::string(300, 'W')};
  Diagnostics none;
  const page::Page labelled = impose::contact_sheet_ground(g, long_label, typesetter, none);
  EXPECT_FALSE(none.has_errors()) << format_diagnostics(none);
  EXPECT_TRUE(std::any_of(labelled.items.begin(), labelled.items.end(),
                          [](const page::Item& item) { return item.name == "label"; }));
}

// 60 dpi up to the bench deck's 1,001 cards; beyond, the cards shrink so
// the sheet (held one strip at a time, but written whole) stays openable.
TEST(ContactSheet, LargeDecksGetSmallerCardsNotALargerSheet) {
  const impose::ContactSheetGeometry thousand = impose::contact_sheet_geometry(1001, {59, 91});
  EXPECT_DOUBLE_EQ(thousand.dpi, 60);
  EXPECT_EQ(thousand.width, 7157);
  EXPECT_EQ(thousand.height, 5403);
  for (size_t n : {1500u, 10001u, 100000u}) {
    const impose::ContactSheetGeometry g = impose::contact_sheet_geometry(n, {59, 91});
    EXPECT_LT(g.dpi, 60) << n;
    EXPECT_LE(static_cast<double>(g.width) * g.height, impose::kMaxContactSheetPixels) << n;
    EXPECT_GE(static_cast<size_t>(g.columns) * g.rows, n);
    EXPECT_GT(static_cast<double>(g.width) * g.height, impose::kMaxContactSheetPixels / 2)
        << n << ": no smaller than needed";
  }
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
  OverviewSheet sheet(ptrs, labels, typesetter);
  const auto& g = sheet.geometry();
  EXPECT_EQ(g.card_w, 139);  // 59 mm at 60 dpi
  EXPECT_EQ(g.card_h, 215);
  EXPECT_EQ(g.columns * g.rows >= 56, true);
  EXPECT_GT(g.width, g.height);  // landscape
  for (size_t i = 0; i < pages.size(); ++i)
    sheet.place(i, std::make_shared<const render::Raster>(render::render_raster(pages[i], 100)));
  render::Raster png = render::decode_png(sheet.encode_png(diags));
  ASSERT_FALSE(diags.has_errors()) << format_diagnostics(diags);
  EXPECT_EQ(png.width, g.width);
  EXPECT_EQ(png.height, g.height);
  const Color grey{0xe6, 0xe6, 0xe6, 255};
  for (size_t i : {0u, 20u, 55u}) {
    Rect c = g.card(i);
    const int x = static_cast<int>(c.x), y = static_cast<int>(c.y), w = static_cast<int>(c.w),
              h = static_cast<int>(c.h);
    // A card of one colour is exactly that colour in its cell (the mean of
    // equal pixels), from below its top row (the trim, not the bleed band;
    // the top row averages in the band's antialiased edge, as the card's
    // pixels have it) to its bottom row and from its left column to its
    // right one; the ground begins right beside it.
    EXPECT_EQ(png.pixel(x + w / 2, y + h / 2), shade(i)) << i;
    EXPECT_EQ(png.pixel(x + w / 2, y + 1), shade(i)) << "the trim, not the bleed band, at the top of card " << i;
    EXPECT_EQ(png.pixel(x + w / 2, y + h - 1), shade(i)) << i;
    EXPECT_EQ(png.pixel(x, y + h / 2), shade(i)) << i;
    EXPECT_EQ(png.pixel(x + w - 1, y + h / 2), shade(i)) << i;
    EXPECT_EQ(png.pixel(x - 1, y + h / 2), grey) << i;
    EXPECT_EQ(png.pixel(x + w, y + h / 2), grey) << i;
    EXPECT_EQ(png.pixel(x + w / 2, y - 1), grey) << i;
    // The rounded corner shows the grey ground.
    EXPECT_EQ(png.pixel(x, y), grey) << i;
    // Some dark label text below the card.
    Rect l = g.label(i);
    bool ink = false;
    for (int ly = static_cast<int>(l.y); ly < static_cast<int>(l.bottom()); ++ly)
      for (int lx = static_cast<int>(l.x); lx < static_cast<int>(l.right()); ++lx)
        ink = ink || png.pixel(lx, ly).r < 120;
    EXPECT_TRUE(ink) << "label of card " << i;
  }
}

// The same cards give the same bytes, whatever order and threads place them
// in, and whether their cells were made now or kept (as a cache keeps them).
TEST(ContactSheet, TheSameCardsAlwaysGiveTheSameBytes) {
  Diagnostics diags;
  auto fonts = text::FontLibrary::load(test::source_project(), diags);
  text::Typesetter typesetter(*fonts);
  std::vector<page::Page> pages;
  for (size_t i = 0; i < 23; ++i) pages.push_back(solid(shade(i)));
  // One card with detail, so that the averaging has something to average.
  page::RectShape stripe;
  stripe.rect = {20, 10, 0.3, 70};
  stripe.paint.fill = Color{250, 250, 20, 255};
  page::Item item;
  item.shape = stripe;
  item.bounds = stripe.rect;
  pages[5].items.push_back(item);
  std::vector<const page::Page*> ptrs;
  std::vector<std::string> labels;
  std::vector<std::shared_ptr<const render::Raster>> images;
  for (size_t i = 0; i < pages.size(); ++i) {
    ptrs.push_back(&pages[i]);
    labels.push_back("card-" + std::to_string(i));
    images.push_back(std::make_shared<const render::Raster>(render::render_raster(pages[i], 300)));
  }
  OverviewSheet forward(ptrs, labels, typesetter), threads(ptrs, labels, typesetter), kept(ptrs, labels, typesetter);
  for (size_t i = 0; i < pages.size(); ++i) forward.place(i, images[i]);
  std::vector<std::thread> workers;
  workers.reserve(3);
  for (int t = 0; t < 3; ++t)
    workers.emplace_back([&, t] {
      for (size_t i = pages.size(); i-- > 0;)
        if (static_cast<int>(i % 3) == t) threads.place(i, images[i]);
    });
  for (auto& w : workers) w.join();
  for (size_t i = 0; i < pages.size(); ++i) kept.set_cell(i, forward.cell(i, images[i]));
  const std::string bytes = forward.encode_png(diags);
  ASSERT_FALSE(diags.has_errors()) << format_diagnostics(diags);
  EXPECT_EQ(threads.encode_png(diags), bytes);
  EXPECT_EQ(kept.encode_png(diags), bytes);
  // The stripe shows, averaged into its neighbours: neither the card's
  // colour nor the stripe's at the column it covers a part of.
  const render::Raster png = render::decode_png(bytes);
  const Rect c = forward.geometry().card(5);
  bool mixed = false;
  for (int x = static_cast<int>(c.x); x < static_cast<int>(c.right()); ++x) {
    const Color p = png.pixel(x, static_cast<int>(c.center().y));
    mixed = mixed || (p != shade(5) && p.b < 200 && p.r > shade(5).r);
  }
  EXPECT_TRUE(mixed);
}

// A row of cards is written as soon as its last card is placed, in order,
// and only then: what is left for the end is the rows still incomplete.
TEST(ContactSheet, RowsAreWrittenAsTheyComplete) {
  Diagnostics diags;
  auto fonts = text::FontLibrary::load(test::source_project(), diags);
  text::Typesetter typesetter(*fonts);
  std::vector<page::Page> pages;
  for (size_t i = 0; i < 20; ++i) pages.push_back(solid(shade(i)));
  std::vector<const page::Page*> ptrs;
  std::vector<std::string> labels;
  for (size_t i = 0; i < pages.size(); ++i) {
    ptrs.push_back(&pages[i]);
    labels.push_back("card-" + std::to_string(i));
  }
  OverviewSheet sheet(ptrs, labels, typesetter);
  const size_t columns = static_cast<size_t>(sheet.geometry().columns);
  ASSERT_GE(sheet.geometry().rows, 3);
  auto place = [&](size_t i) {
    sheet.place(i, std::make_shared<const render::Raster>(render::render_raster(pages[i], 60)));
  };
  for (size_t i = columns; i < 2 * columns; ++i) place(i);  // the second row first
  EXPECT_EQ(sheet.rows_written(), 0);
  for (size_t i = 0; i + 1 < columns; ++i) place(i);
  EXPECT_EQ(sheet.rows_written(), 0) << "the first row lacks a card";
  place(columns - 1);
  EXPECT_EQ(sheet.rows_written(), 2) << "the first row, then the second, complete before it";
  place(2 * columns);
  EXPECT_EQ(sheet.rows_written(), 2);
  // The rest is written at the end, the cards never placed showing the ground.
  const render::Raster png = render::decode_png(sheet.encode_png(diags));
  ASSERT_FALSE(diags.has_errors()) << format_diagnostics(diags);
  EXPECT_EQ(sheet.rows_written(), sheet.geometry().rows);
  const Rect placed = sheet.geometry().card(2 * columns), missing = sheet.geometry().card(2 * columns + 1);
  EXPECT_EQ(png.pixel(static_cast<int>(placed.center().x), static_cast<int>(placed.center().y)), shade(2 * columns));
  EXPECT_EQ(png.pixel(static_cast<int>(missing.center().x), static_cast<int>(missing.center().y)),
            (Color{0xe6, 0xe6, 0xe6, 255}));
  EXPECT_THROW(sheet.encode_png(diags), std::logic_error);
}

// A build keeps each row of cards it made and gives it back to the next
// build: only the rows not given need their cards, the file is the same
// bytes, and a given row is used as it is (its cards are not painted again).
TEST(ContactSheet, RowsKeptAndGivenBackMakeTheSameFile) {
  Diagnostics diags;
  auto fonts = text::FontLibrary::load(test::source_project(), diags);
  text::Typesetter typesetter(*fonts);
  std::vector<page::Page> pages, others;
  for (size_t i = 0; i < 20; ++i) {
    pages.push_back(solid(shade(i)));
    others.push_back(solid(Color{200, 10, 10, 255}));
  }
  std::vector<const page::Page*> ptrs, other_ptrs;
  std::vector<std::string> labels;
  for (size_t i = 0; i < pages.size(); ++i) {
    ptrs.push_back(&pages[i]);
    other_ptrs.push_back(&others[i]);
    labels.push_back("card-" + std::to_string(i));
  }
  auto image = [](const page::Page& p) { return std::make_shared<const render::Raster>(render::render_raster(p, 60)); };
  std::map<int, std::string> kept, kept_others;
  OverviewSheet whole(ptrs, labels, typesetter), other(other_ptrs, labels, typesetter);
  whole.keep_rows([&](int r, const std::string& band) { kept[r] = band; });
  other.keep_rows([&](int r, const std::string& band) { kept_others[r] = band; });
  for (size_t i = 0; i < pages.size(); ++i) {
    whole.place(i, image(pages[i]));
    other.place(i, image(others[i]));
  }
  const std::string bytes = whole.encode_png(diags);
  ASSERT_FALSE(diags.has_errors()) << format_diagnostics(diags);
  ASSERT_EQ(static_cast<int>(kept.size()), whole.rows());
  ASSERT_GE(whole.rows(), 3);
  (void)other.encode_png(diags);

  // Every row but the second given: only the second row's cards are placed.
  OverviewSheet again(ptrs, labels, typesetter);
  int made = 0;
  again.keep_rows([&](int r, const std::string& band) {
    EXPECT_EQ(r, 1);
    EXPECT_EQ(band, kept[1]);
    ++made;
  });
  for (int r = 0; r < again.rows(); ++r) {
    if (r == 1) continue;
    ASSERT_TRUE(again.give_row(r, kept[r]));
  }
  for (size_t i = 0; i < pages.size(); ++i) {
    EXPECT_EQ(again.row_given(i), again.row_of(i) != 1) << i;
    if (!again.row_given(i)) again.place(i, image(pages[i]));
  }
  EXPECT_EQ(again.encode_png(diags), bytes);
  EXPECT_EQ(made, 1);

  // A row given is what shows, whatever is placed on it.
  OverviewSheet given(ptrs, labels, typesetter);
  ASSERT_TRUE(given.give_row(0, kept_others[0]));
  for (size_t i = 0; i < pages.size(); ++i) given.place(i, image(pages[i]));
  const render::Raster png = render::decode_png(given.encode_png(diags));
  const Rect first = given.geometry().card(0), later = given.geometry().card(pages.size() - 1);
  EXPECT_EQ(png.pixel(static_cast<int>(first.center().x), static_cast<int>(first.center().y)),
            (Color{200, 10, 10, 255}));
  EXPECT_EQ(png.pixel(static_cast<int>(later.center().x), static_cast<int>(later.center().y)), shade(pages.size() - 1));

  // A band that is not a row of this sheet is refused.
  OverviewSheet refusing(ptrs, labels, typesetter);
  EXPECT_FALSE(refusing.give_row(1, kept[0]));  // the first row is taller (the sheet's top margin)
  EXPECT_FALSE(refusing.give_row(0, "not a band"));
  EXPECT_FALSE(refusing.give_row(refusing.rows(), kept[1]));
  EXPECT_FALSE(refusing.row_given(0));
}

}  // namespace
}  // namespace kw::products
