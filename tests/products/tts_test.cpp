// Tabletop Simulator sheets: their plan, their pages, and the pixels of what
// is written, fed from several threads in any order.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <future>
#include <random>

#include "core/files.h"
#include "core/output_files.h"
#include "products/tts_bands.h"
#include "products/tts_sheets.h"
#include "products/tts_writer.h"
#include "render/canvas.h"
#include "render/jpeg.h"
#include "render/png.h"
#include "render/raster.h"
#include "sheet_test_cards.h"
#include "support/test_support.h"

namespace kw::products {
namespace {

namespace fs = std::filesystem;
using namespace test_cards;

// One deck "d" of the first `fronts` cards, named "card 1", "card 2", ...
TtsSaveInfo one_deck(size_t fronts) {
  TtsSaveInfo info;
  info.game_name = "Test";
  info.url_base = "https://example.org/t/";
  info.cards.decks.push_back({"d", "Deck", {}});
  for (size_t i = 0; i < fronts; ++i) {
    info.cards.cards.push_back({"card " + std::to_string(i + 1), ""});
    info.cards.decks[0].fronts.push_back(i);
  }
  return info;
}

TEST(TtsPlan, SixtyNineCardsASheetTheLastCellForTheBack) {
  std::vector<std::string> stems;
  std::vector<TtsCard> cards;
  for (size_t i = 0; i < 130; ++i) {
    stems.push_back("c" + std::to_string(i));
    cards.push_back({i, i < 100 ? 130u : 131u});
  }
  stems.emplace_back("000-back-tag");
  stems.emplace_back("000-back-nacht");
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
  TtsWriter writer(plan_tts(cards, {59, 91}, "t", stems), ptrs, dir.path(), one_deck(kFronts));
  // Images at 60 dpi are enough here; the writer scales whatever it gets.
  std::vector<std::shared_ptr<const render::Raster>> images;
  images.reserve(pages.size());
  for (const auto& p : pages) images.push_back(std::make_shared<const render::Raster>(render::render_raster(p, 60)));
  // The back first (as the build does), then fronts in shuffled order from 4 threads.
  writer.place(kFronts, images[kFronts]);
  std::vector<size_t> order(kFronts);
  for (size_t i = 0; i < kFronts; ++i) order[i] = i;
  std::shuffle(order.begin(), order.end(), std::mt19937(7));
  std::vector<std::future<void>> jobs;
  jobs.reserve(4);
  for (int t = 0; t < 4; ++t)
    jobs.push_back(std::async(std::launch::async, [&, t] {
      for (size_t k = static_cast<size_t>(t); k < order.size(); k += 4) writer.place(order[k], images[order[k]]);
    }));
  for (auto& j : jobs) j.get();
  writer.finish();
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
  // The saved object names both sheets; its thumbnail is the back, 256 px high.
  const std::string json = *read_file(dir.path() / "t-d.json");
  EXPECT_NE(json.find("\"FaceURL\": \"https://example.org/t/t-2.jpg\""), std::string::npos);
  EXPECT_NE(json.find("\"CardID\": 200"), std::string::npos);  // card 70: the second sheet's first cell
  render::Raster thumbnail = render::decode_png(*read_file(dir.path() / "t-d.png"));
  EXPECT_EQ(thumbnail.height, kTtsThumbnailPx);
  EXPECT_EQ(thumbnail.width, 166);  // 379 x 585 scaled
  EXPECT_TRUE(near(thumbnail.pixel(83, 128), Color{0, 0, 200, 255})) << thumbnail.pixel(83, 128).hex();
  EXPECT_EQ(writer.written().size(), 5u);  // two sheets, the back, the saved object and its thumbnail
}

// A deck of `fronts` cards of known colours and one back, for the writer.
struct Deck {
  std::vector<page::Page> pages;
  std::vector<const page::Page*> ptrs;
  std::vector<std::string> stems;
  std::vector<TtsCard> cards;
  std::vector<std::shared_ptr<const render::Raster>> images;  // at 60 dpi: the writer scales whatever it gets

  explicit Deck(size_t fronts, std::vector<Color> colours = {}) {
    for (size_t i = 0; i < fronts; ++i) pages.push_back(solid(i < colours.size() ? colours[i] : shade(i)));
    pages.push_back(solid(Color{0, 0, 200, 255}));  // the back
    for (size_t i = 0; i < pages.size(); ++i) {
      ptrs.push_back(&pages[i]);
      stems.push_back(i < fronts ? std::to_string(i + 1) : "00-back");
      if (i < fronts) cards.push_back({i, fronts});
      images.push_back(std::make_shared<const render::Raster>(render::render_raster(pages[i], 60)));
    }
  }
  size_t back() const { return pages.size() - 1; }
  TtsPlan plan() const { return plan_tts(cards, {59, 91}, "t", stems); }
};

// The centre of cell `cell` of a sheet of 10 columns.
Color cell_centre(const render::Raster& sheet, size_t cell) {
  return sheet.pixel(static_cast<int>(cell % 10) * 379 + 190, static_cast<int>(cell / 10) * 585 + 292);
}

// A sheet joined from the bands a build kept (tts_bands.h) and those of an
// edited card's rows coded anew: only the cards on the rows those bands
// read are taken, and the file is the sheet written whole, byte for byte.
// The cells are 585 px high, so each band reaches a pixel row into the next
// row of cards.
TEST(TtsWriter, ASheetSplicedFromKeptBandsIsTheWholeSheetByteForByte) {
  // 66 cards: the last row of cells holds 6 cards, 3 cells of paper and the back.
  std::vector<Color> before_colours;
  for (size_t i = 0; i < 66; ++i) before_colours.push_back(shade(i));
  const Deck before(66, before_colours);
  const TtsPlan plan = before.plan();
  ASSERT_EQ(plan.sheets.size(), 1u);
  ASSERT_EQ(plan.sheets[0].rows, 7);
  ASSERT_NE(plan.card_h % 8, 0);
  const auto write_whole = [&](const Deck& deck, const fs::path& dir) {
    TtsWriter writer(plan, deck.ptrs, dir);
    for (size_t i = 0; i < deck.pages.size(); ++i) writer.place(i, deck.images[i]);
    writer.finish();
    return *read_file(dir / "t-1.jpg");
  };
  test::TempDir old_dir;
  const std::string old_sheet = write_whole(before, old_dir.path());
  const TtsBands bands(plan, plan.sheets[0]);
  const auto split = bands.split(old_sheet);
  ASSERT_TRUE(split);
  ASSERT_EQ(split->second.size(), 7u);
  // Card 33 is on cell row 3: band 3 shows it and band 2 reaches into its
  // row; coding them needs rows 2 to 4. Card 62 is on the last row: band 6
  // (the sheet's padded end, with paper cells and the back) and band 5.
  struct Edit {
    size_t card;
    std::vector<size_t> missing;
    size_t taken;
  };
  for (const Edit& edit : {Edit{33, {2, 3}, 30}, Edit{62, {5, 6}, 16}}) {
    std::vector<Color> after_colours = before_colours;
    after_colours[edit.card] = Color{250, 120, 0, 255};
    const Deck after(66, after_colours);
    test::TempDir new_dir, spliced_dir;
    const std::string new_sheet = write_whole(after, new_dir.path());
    std::vector<std::string> kept = split->second;
    for (size_t band : edit.missing) kept[band].clear();
    // The back placed first, as a build places it, or last: either way the
    // sheet is written as soon as the last of its cells (a card's or the
    // back's) is placed, before finish().
    for (const bool back_first : {false, true}) {
      SCOPED_TRACE(back_first ? "the back first" : "the back last");
      const fs::path sheet = spliced_dir.path() / "t-1.jpg";
      std::filesystem::remove(sheet);
      TtsWriter writer(plan, after.ptrs, spliced_dir.path());
      writer.splice_sheet(0, split->first, kept);
      std::vector<size_t> order(after.pages.size());
      for (size_t i = 0; i < order.size(); ++i) order[i] = back_first ? (i + 66) % order.size() : i;
      size_t taken = 0;
      for (size_t i : order) {
        if (i < 66 && !writer.takes(i)) continue;
        taken += i < 66 ? 1 : 0;
        writer.place(i, after.images[i]);
      }
      EXPECT_EQ(taken, edit.taken) << "card " << edit.card;
      EXPECT_TRUE(std::filesystem::exists(sheet)) << "card " << edit.card;  // with its last card, or its back
      writer.finish();
      EXPECT_TRUE(*read_file(sheet) == new_sheet) << "card " << edit.card;
      EXPECT_FALSE(*read_file(sheet) == old_sheet) << "card " << edit.card;
      const auto written = writer.written();
      EXPECT_EQ(std::count(written.begin(), written.end(), sheet), 1);  // listed once
      EXPECT_EQ(writer.held_bytes(), 0u);
    }
  }
  // A file that is not in bands of this sheet is refused.
  EXPECT_FALSE(bands.split(old_sheet.substr(0, old_sheet.size() / 2)));
}

// Bands follow the rows of cards: a band reaches into the next row of cards
// where a cell's height is no multiple of 8; cells lower than a block (a
// card 50 times as wide as high) give no bands, and such sheets are made whole.
TEST(TtsBands, EachRowOfCardsHasABandThatMayReachIntoTheNext) {
  TtsPlan plan;
  plan.card_w = 379;
  plan.card_h = 585;
  plan.dpi = 163;
  TtsSheet sheet;
  sheet.columns = 10;
  sheet.rows = 7;
  const TtsBands bands(plan, sheet);
  ASSERT_TRUE(bands.banded());
  EXPECT_EQ(bands.last_cell_row(0), 1);  // block row 73 holds pixel rows 584..591
  EXPECT_EQ(bands.last_cell_row(6), 6);  // the last band ends with the sheet
  std::vector<bool> missing(7, false);
  missing[3] = true;
  EXPECT_FALSE(bands.row_needed(2, missing));
  EXPECT_TRUE(bands.row_needed(3, missing));
  EXPECT_TRUE(bands.row_needed(4, missing));
  EXPECT_FALSE(bands.row_needed(5, missing));
  plan.card_h = 584;  // a multiple of 8: each band keeps to its row
  EXPECT_EQ(TtsBands(plan, sheet).last_cell_row(0), 0);
  plan.card_h = 5;
  EXPECT_FALSE(TtsBands(plan, sheet).banded());
  EXPECT_FALSE(TtsBands(plan, sheet).split("anything"));
}

TEST(TtsWriter, SheetsAreTheWholeSheetRenderingByteForByte) {
  // Some cards see-through (no trim background is a user's choice): their
  // cells are painted over the white sheet.
  Deck deck(12, {shade(0), Color{200, 30, 30, 128}, shade(2), Color{10, 200, 10, 1}, Color{0, 0, 0, 0}});
  TtsPlan plan = deck.plan();
  ASSERT_EQ(plan.sheets.size(), 1u);
  ASSERT_EQ(plan.sheets[0].rows, 2);  // 12 cards and the back: 10 + 3 cells
  test::TempDir dir;
  TtsWriter writer(plan, deck.ptrs, dir.path());
  std::vector<size_t> order(deck.pages.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::shuffle(order.begin(), order.end(), std::mt19937(3));
  for (size_t i : order) writer.place(i, deck.images[i]);
  writer.finish();

  // The sheet as it was made before (issue 17): one canvas, cell over cell.
  render::Canvas whole(tts_sheet_ground(plan, 0), plan.dpi);
  auto cell_of = [&](size_t card) {
    return std::make_shared<const render::Raster>(
        render::render_raster(tts_cell(plan, deck.pages[card], deck.images[card]), plan.dpi));
  };
  for (size_t c = 0; c < 12; ++c) whole.paint(tts_sheet_cell(plan, 0, static_cast<int>(c), cell_of(c)));
  auto back = cell_of(deck.back());
  whole.paint(tts_sheet_cell(plan, 0, plan.sheets[0].back_cell(), back));
  EXPECT_TRUE(*read_file(dir.path() / "t-1.jpg") == whole.encode_jpeg(kTtsJpeg));
  render::Canvas back_alone(tts_cell(plan, deck.pages[deck.back()], deck.images[deck.back()]), plan.dpi);
  const render::JpegOptions back_jpeg{90, false};  // made whole: no restart markers
  EXPECT_TRUE(*read_file(dir.path() / "t-back.jpg") == back_alone.encode_jpeg(back_jpeg));

  render::Raster sheet = render::decode_jpeg(*read_file(dir.path() / "t-1.jpg"));
  EXPECT_EQ(sheet.width, 10 * 379);
  EXPECT_EQ(sheet.height, 2 * 585);
  EXPECT_TRUE(near(cell_centre(sheet, 1), Color{228, 143, 143, 255})) << cell_centre(sheet, 1).hex();  // half red
  EXPECT_TRUE(near(cell_centre(sheet, 4), Color{255, 255, 255, 255}));  // transparent: paper
  EXPECT_TRUE(near(cell_centre(sheet, 11), shade(11)));
  EXPECT_TRUE(near(cell_centre(sheet, 12), Color{255, 255, 255, 255}));  // no card
  EXPECT_TRUE(near(cell_centre(sheet, 19), Color{0, 0, 200, 255}));      // the back
}

TEST(TtsWriter, CardsInReverseOrderAreKeptCompressedUntilTheirRow) {
  Deck deck(75);  // two sheets: 69 + 6
  test::TempDir dir;
  TtsWriter writer(deck.plan(), deck.ptrs, dir.path());
  for (size_t i = deck.pages.size(); i-- > 0;) writer.place(i, deck.images[i]);
  writer.finish();
  // Only the first two rows arrive near enough to be kept as they are.
  EXPECT_EQ(writer.packed_cells(), 75u - 20u);
  EXPECT_EQ(writer.held_bytes(), 0u);
  // 55 compressed cells of one colour and the 20 of the first two rows (as
  // RGB), and the back: far from the two sheets' 2 x 62 MB.
  EXPECT_LT(writer.peak_held_bytes(), 22u * 379 * 585 * 3 + 55u * 20000);
  render::Raster sheet1 = render::decode_jpeg(*read_file(dir.path() / "t-1.jpg"));
  for (size_t i : {0u, 9u, 10u, 37u, 68u}) EXPECT_TRUE(near(cell_centre(sheet1, i), shade(i))) << i;
  EXPECT_TRUE(near(cell_centre(sheet1, 69), Color{0, 0, 200, 255}));
  render::Raster sheet2 = render::decode_jpeg(*read_file(dir.path() / "t-2.jpg"));
  EXPECT_EQ(sheet2.width, 7 * 379);
  EXPECT_TRUE(near(sheet2.pixel(190, 292), shade(69)));
  EXPECT_TRUE(near(sheet2.pixel(5 * 379 + 190, 292), shade(74)));
}

TEST(TtsWriter, MemoryHeldDoesNotGrowWithTheDeck) {
  // 200 cards (three sheets), roughly in order from two threads as a build
  // places them: what the writer holds is a few rows of cells, whatever the
  // number of cards; a sheet painted whole was 3790 x 4095 x 4 bytes.
  const size_t cell = 379 * 585 * 3;
  for (size_t fronts : {60u, 200u}) {
    Deck deck(fronts);
    test::TempDir dir;
    TtsWriter writer(deck.plan(), deck.ptrs, dir.path());
    writer.place(deck.back(), deck.images[deck.back()]);
    std::vector<std::future<void>> jobs;
    for (size_t t = 0; t < 2; ++t)
      jobs.push_back(std::async(std::launch::async, [&, t] {
        for (size_t i = t; i < fronts; i += 2) writer.place(i, deck.images[i]);
      }));
    for (auto& j : jobs) j.get();
    writer.finish();
    EXPECT_EQ(writer.held_bytes(), 0u);
    EXPECT_EQ(writer.peak_open_sheets(), 1u);
    // The row being written, the next one and the back as RGB; cells further
    // ahead compressed (a few kilobytes for one colour).
    EXPECT_LE(writer.peak_held_bytes(), 21 * cell + writer.packed_cells() * 20000) << fronts;
    EXPECT_LT(writer.peak_held_bytes(), 3790u * 4095 * 4 / 2) << fronts;
    std::printf("%zu cards: peak held %.1f MB, %zu cells compressed\n", fronts,
                static_cast<double>(writer.peak_held_bytes()) / 1e6, writer.packed_cells());
    for (size_t s = 1; s <= (fronts + 68) / 69; ++s) {
      render::Raster sheet = render::decode_jpeg(*read_file(dir.path() / ("t-" + std::to_string(s) + ".jpg")));
      for (size_t c : {0u, 13u, 51u}) {
        const size_t card = (s - 1) * 69 + c;
        if (card < fronts) {
          EXPECT_TRUE(near(cell_centre(sheet, c), shade(card))) << card;
        }
      }
    }
  }
}

// A build keeps each card's cell in its cache: a sheet made of cells from
// the cache is the sheet made of the cards' pixels, byte for byte.
TEST(TtsWriter, CellsKeptApartMakeTheSameSheets) {
  constexpr size_t kFronts = 12;
  std::vector<page::Page> pages;
  for (size_t i = 0; i < kFronts; ++i) pages.push_back(solid(shade(i)));
  pages.push_back(solid(Color{0, 0, 200, 255}));  // the back
  pages.push_back(solid(Color{9, 9, 9, 255}));    // a card on no sheet (a deck without a back)
  std::vector<const page::Page*> ptrs;
  std::vector<std::string> stems;
  std::vector<TtsCard> cards;
  for (size_t i = 0; i < pages.size(); ++i) {
    ptrs.push_back(&pages[i]);
    stems.push_back(i == kFronts ? "00-back" : std::to_string(i + 1));
    if (i < kFronts) cards.push_back({i, kFronts});
  }
  std::vector<std::shared_ptr<const render::Raster>> images;
  images.reserve(pages.size());
  for (const auto& p : pages) images.push_back(std::make_shared<const render::Raster>(render::render_raster(p, 60)));
  test::TempDir whole, apart, cached;
  std::vector<std::string> kept;
  {
    TtsWriter writer(plan_tts(cards, {59, 91}, "t", stems), ptrs, whole.path(), one_deck(kFronts));
    for (size_t i = 0; i < pages.size(); ++i) writer.place(i, images[i]);
    writer.finish();
  }
  {
    TtsWriter writer(plan_tts(cards, {59, 91}, "t", stems), ptrs, apart.path(), one_deck(kFronts));
    EXPECT_FALSE(writer.takes(kFronts + 1));
    for (size_t i = 0; i < pages.size(); ++i) kept.push_back(writer.place_keeping(i, images[i]));
    writer.finish();
  }
  EXPECT_EQ(kept[kFronts + 1], "");                  // on no sheet
  EXPECT_LT(kept[0].size(), 379u * 585u * 3u / 4u);  // compressed
  {
    TtsWriter writer(plan_tts(cards, {59, 91}, "t", stems), ptrs, cached.path(), one_deck(kFronts));
    for (size_t i = pages.size(); i-- > 0;) writer.place_cell(i, kept[i]);
    writer.finish();
  }
  for (const auto* dir : {&apart, &cached})
    for (const char* file : {"t-1.jpg", "t-back.jpg", "t-d.json", "t-d.png"}) {
      const std::optional<std::string> expected = read_file(whole.path() / file), got = read_file(dir->path() / file);
      ASSERT_TRUE(expected && got) << file;
      EXPECT_EQ(*expected, *got) << file;
    }
}

// A sheet the cache has is skipped: its cards are not taken, it is not
// written, and the sheets after it are as a whole run writes them.
TEST(TtsWriter, ASkippedSheetIsNotWrittenAndTheOthersAreTheSame) {
  std::vector<page::Page> pages;
  for (size_t i = 0; i < 6; ++i) pages.push_back(solid(shade(i)));
  pages.push_back(solid(Color{0, 0, 200, 255}));  // back of the first three
  pages.push_back(solid(Color{200, 0, 0, 255}));  // back of the others
  std::vector<const page::Page*> ptrs;
  std::vector<std::string> stems;
  std::vector<TtsCard> cards;
  for (size_t i = 0; i < pages.size(); ++i) {
    ptrs.push_back(&pages[i]);
    stems.push_back(i == 6 ? "00-back-a" : i == 7 ? "00-back-b" : std::to_string(i + 1));
    if (i < 6) cards.push_back({i, i < 3 ? 6u : 7u});
  }
  std::vector<std::shared_ptr<const render::Raster>> images;
  images.reserve(pages.size());
  for (const auto& p : pages) images.push_back(std::make_shared<const render::Raster>(render::render_raster(p, 60)));
  test::TempDir whole, skipping;
  {
    TtsWriter writer(plan_tts(cards, {59, 91}, "t", stems), ptrs, whole.path());
    for (size_t i = 0; i < pages.size(); ++i) writer.place(i, images[i]);
    writer.finish();
  }
  TtsWriter writer(plan_tts(cards, {59, 91}, "t", stems), ptrs, skipping.path());
  ASSERT_EQ(writer.plan().sheets.size(), 2u);
  writer.skip_sheet(0);
  for (size_t i = 0; i < 3; ++i) EXPECT_FALSE(writer.takes(i));
  for (size_t i = 3; i < 8; ++i) EXPECT_TRUE(writer.takes(i));  // the second sheet's cards and both backs
  for (size_t i = pages.size(); i-- > 3;) writer.place(i, images[i]);
  writer.finish();
  EXPECT_FALSE(std::filesystem::exists(skipping.path() / "t-1.jpg"));
  EXPECT_EQ(read_file(skipping.path() / "t-2.jpg"), read_file(whole.path() / "t-2.jpg"));
  EXPECT_EQ(read_file(skipping.path() / "t-back-b.jpg"), read_file(whole.path() / "t-back-b.jpg"));
}

TEST(TtsWriter, AFailedWriteLeavesNoHalfWrittenSheet) {
  Deck deck(3);
  test::TempDir dir;
  fs::create_directories(dir.path() / "t-1.jpg");  // the sheet cannot be put in place
  TtsWriter writer(deck.plan(), deck.ptrs, dir.path());
  writer.place(deck.back(), deck.images[deck.back()]);
  writer.place(0, deck.images[0]);
  writer.place(1, deck.images[1]);
  EXPECT_ANY_THROW(writer.place(2, deck.images[2]));  // completes the sheet's only row
  EXPECT_THROW(writer.finish(), std::logic_error);
  std::vector<std::string> left;
  for (const auto& e : fs::directory_iterator(dir.path())) left.push_back(e.path().filename().string());
  std::sort(left.begin(), left.end());
  EXPECT_EQ(left, (std::vector<std::string>{"t-1.jpg", "t-back.jpg"}));  // no temporary file
  EXPECT_TRUE(fs::is_directory(dir.path() / "t-1.jpg"));
}

TEST(TtsWriter, AnIncompleteSheetIsAnError) {
  page::Page a = solid(shade(1)), b = solid(shade(2));
  std::vector<const page::Page*> ptrs = {&a, &b};
  std::vector<std::string> stems = {"01-a", "00-back"};
  std::vector<TtsCard> cards = {{0, 1}};
  test::TempDir dir;
  TtsWriter writer(plan_tts(cards, {59, 91}, "t", stems), ptrs, dir.path());
  writer.place(0, std::make_shared<const render::Raster>(render::render_raster(a, 30)));  // the back never comes
  EXPECT_THROW(writer.finish(), std::logic_error);
}

TEST(TtsSheets, CellsAreTheTrimAndSheetsTakeThemPixelForPixel) {
  std::vector<std::string> stems = {"01-a", "02-b", "00-back"};
  std::vector<TtsCard> cards = {{0, 2}, {1, 2}};
  TtsPlan plan = plan_tts(cards, {59, 91}, "t", stems);
  EXPECT_NEAR(plan.dpi, 379 / (59 / 25.4), 1e-9);
  page::Page card = solid(shade(3));
  auto image = std::make_shared<const render::Raster>(render::render_raster(card, 100));
  page::Page cell = tts_cell(plan, card, image);
  ASSERT_EQ(cell.items.size(), 1u);
  const auto& trim = std::get<page::Image>(cell.items[0].shape);
  EXPECT_EQ(trim.raster, image);
  EXPECT_NEAR(trim.source.y, 3 * image->height / card.size.h, 1e-9);  // the bleed is cut off
  auto cell_pixels = std::make_shared<const render::Raster>(render::render_raster(cell, plan.dpi));
  EXPECT_EQ(cell_pixels->width, 379);
  EXPECT_EQ(cell_pixels->height, 585);
  EXPECT_TRUE(near(cell_pixels->pixel(190, 1), shade(3))) << "no bleed band at the top";

  // On the sheet, the second cell is the cell, unchanged.
  page::Page sheet = tts_sheet_ground(plan, 0);
  const page::Page layer = tts_sheet_cell(plan, 0, 1, cell_pixels);
  sheet.items.push_back(layer.items.front());
  render::Raster painted = render::render_raster(sheet, plan.dpi);
  EXPECT_EQ(painted.width, 3 * 379);  // two cards and the back
  for (int y : {0, 100, 584})
    for (int x : {0, 200, 378}) EXPECT_EQ(painted.pixel(379 + x, y), cell_pixels->pixel(x, y)) << x << "," << y;
  EXPECT_EQ(painted.pixel(10, 10), (Color{255, 255, 255, 255}));  // an empty cell is paper
}

}  // namespace
}  // namespace kw::products
