// The boards of Der Hohe Rat and Das Duell, from the real game files and the
// board decks in data/boards/: what they show, the files they become, and
// that their tiled sheets put back together give the board again.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <numbers>
#include <sstream>

#include "core/files.h"
#include "impose/board_tile_sheets.h"
#include "impose/board_tiling.h"
#include "layout/card_layout.h"
#include "layout/game_layout.h"
#include "products/board_products.h"
#include "render/render.h"
#include "rules/rules.h"
#include "support/disk_model.h"
#include "support/test_support.h"

namespace kw::products {
namespace {

namespace fs = std::filesystem;

// A laid-out board and its tiled sheets.
struct Board : layout::LaidOutBoard {
  std::vector<TiledBoard> tiled;
};

// A project root with the real Hoher Rat and Duell game files and their
// boards (so the test does not depend on which games data/cards.yaml lists).
// `hoher_rat` replaces the Hoher Rat game file when given.
struct BoardProject {
  explicit BoardProject(const std::string& hoher_rat = {}) {
    const fs::path src = test::source_root();
    fs::path root = dir.path();
    fs::create_directories(root / "data/games");
    fs::create_directories(root / "data/boards");
    // Hard links: the project sandbox refuses symbolic links out of the project.
    for (const char* d : {"layouts", "templates", "fonts"})
      fs::copy(src / d, root / d, fs::copy_options::recursive | fs::copy_options::create_hard_links);
    fs::create_hard_link(src / "data/formats.yaml", root / "data/formats.yaml");
    fs::create_hard_link(src / "data/games/duell.yaml", root / "data/games/duell.yaml");
    if (hoher_rat.empty())
      fs::create_hard_link(src / "data/games/hoher-rat.yaml", root / "data/games/hoher-rat.yaml");
    else
      std::ofstream(root / "data/games/hoher-rat.yaml") << hoher_rat;
    for (const char* b : {"hoher-rat.yaml", "duell.yaml"})
      fs::create_hard_link(src / "data/boards" / b, root / "data/boards" / b);
    std::ofstream(root / "data/cards.yaml") << "kartenwerk: 1\ninclude:\n  - formats.yaml\n  - games/*.yaml\n"
                                               "  - boards/*.yaml\n";
    auto loaded = test::load_from_disk(root);
    EXPECT_TRUE(loaded.model) << format_diagnostics(loaded.diagnostics);
    model = std::move(loaded.model);
    Diagnostics d;
    fonts = text::FontLibrary::load(*loaded.project, d);
    typesetter = std::make_unique<text::Typesetter>(*fonts);
    layouter = std::make_unique<layout::Layouter>(*model, *fonts, *typesetter);
  }
  const model::Game& game(const std::string& id) const { return *model->game(id); }
  // The game's one board, laid out and tiled.
  Board board(const std::string& id) {
    Diagnostics diags;
    auto boards = layout::layout_boards(game(id), *layouter, {}, diags);
    EXPECT_EQ(boards.size(), 1u);
    Board b;
    if (boards.empty()) return b;
    static_cast<layout::LaidOutBoard&>(b) = std::move(boards.front());
    const layout::LaidOutBoard& laid_out = b;
    auto imposed = impose_boards(std::span(&laid_out, 1), "de", nullptr, *typesetter, diags);
    EXPECT_FALSE(diags.has_errors()) << format_diagnostics(diags);
    b.tiled = std::move(imposed.front().tiled);
    return b;
  }
  test::TempDir dir;
  std::shared_ptr<model::Model> model;
  std::unique_ptr<text::FontLibrary> fonts;
  std::unique_ptr<text::Typesetter> typesetter;
  std::unique_ptr<layout::Layouter> layouter;
};

std::vector<const page::Item*> named(const page::Page& page, const std::string& name) {
  std::vector<const page::Item*> out;
  for (const auto& item : page.items)
    if (item.name == name) out.push_back(&item);
  return out;
}

std::string text_of(const page::Item& item) {
  const auto* run = std::get_if<page::GlyphRun>(&item.shape);
  return run ? run->text : std::string();
}

std::optional<Color> fill_of(const page::Item& item) {
  if (const auto* p = std::get_if<page::PathShape>(&item.shape)) return p->paint.fill;
  if (const auto* r = std::get_if<page::RectShape>(&item.shape)) return r->paint.fill;
  return std::nullopt;
}

// The printed colour of council space `space` in the game's data.
Color space_colour(const model::Game& game, const std::string& space) {
  const model::TableEntry* entry = game.table("board")->find(space);
  const model::TableEntry* colour = game.table("colours")->find(entry->fields.find("colour")->scalar);
  return *Color::parse(colour->fields.find("color")->scalar);
}

TEST(HoherRatBoard, ThirtySpacesNumberedClockwiseFromTwelve) {
  BoardProject p;
  Board b = p.board("hoher-rat");
  EXPECT_EQ(b.page.size, (Size{500, 500}));
  EXPECT_EQ(b.stem, "board");
  auto numbers = named(b.page, "space-number");
  ASSERT_EQ(numbers.size(), 30u);
  for (size_t k = 0; k < numbers.size(); ++k) {
    EXPECT_EQ(text_of(*numbers[k]), std::to_string(k + 1));
    // The number's box centre lies on the rim, 12° further clockwise each.
    Point c = numbers[k]->bounds.center();
    double dx = c.x - 250, dy = c.y - 250;
    EXPECT_NEAR(std::hypot(dx, dy), 227.5, 0.01) << k;
    double angle = std::atan2(dx, -dy) * 180 / std::numbers::pi;
    double expected = 12.0 * static_cast<double>(k);
    EXPECT_NEAR(std::remainder(angle - expected, 360.0), 0, 1e-6) << k;
  }
}

TEST(HoherRatBoard, SpaceColoursComeFromTheBoardTable) {
  BoardProject p;
  Board b = p.board("hoher-rat");
  auto spaces = named(b.page, "space-colour");
  ASSERT_EQ(spaces.size(), 30u);
  for (size_t k = 0; k < spaces.size(); ++k)
    EXPECT_EQ(fill_of(*spaces[k]), space_colour(p.game("hoher-rat"), std::to_string(k + 1))) << "space " << k + 1;
  // The five supply fields: the colours that are not wild, in table order,
  // as a translucent tint.
  auto supply = named(b.page, "supply-field");
  ASSERT_EQ(supply.size(), 5u);
  const char* ids[] = {"weiss", "gelb", "rot", "blau", "gruen"};
  for (size_t k = 0; k < 5; ++k) {
    Color c = *Color::parse(p.game("hoher-rat").table("colours")->find(ids[k])->fields.find("color")->scalar);
    c.a = 0x59;
    EXPECT_EQ(fill_of(*supply[k]), c) << ids[k];
  }
  EXPECT_EQ(named(b.page, "legend-swatch").size(), 4u);
  EXPECT_EQ(named(b.page, "trilith-place").size(), 1u);
}

// The board and the number cards meet in the `board` table: a space
// recoloured there changes the board, and the rules engine reports the
// cards that no longer match it.
TEST(HoherRatBoard, RulesEngineChecksTheBoardAgainstTheCards) {
  std::string game = *read_file(test::source_root() / "data/games/hoher-rat.yaml");
  {
    BoardProject as_is;
    auto findings = rules::check_game(*as_is.model, as_is.game("hoher-rat"));
    for (const auto& f : findings) EXPECT_NE(f.check, "hoher-rat.colours") << f.message;
  }
  const std::string from = "\"7\": { colour: weiss }";
  auto pos = game.find(from);
  ASSERT_NE(pos, std::string::npos);
  game.replace(pos, from.size(), "\"7\": { colour: gruen }");
  BoardProject p(game);
  Board b = p.board("hoher-rat");
  EXPECT_EQ(fill_of(*named(b.page, "space-colour")[6]), space_colour(p.game("hoher-rat"), "7"));
  auto findings = rules::check_game(*p.model, p.game("hoher-rat"));
  std::vector<std::string> cards;
  for (const auto& f : findings)
    if (f.check == "hoher-rat.colours") cards.push_back(f.card_id);
  std::sort(cards.begin(), cards.end());
  EXPECT_EQ(cards, (std::vector<std::string>{"nacht-07", "tag-07"}));
}

TEST(DuellBoard, TracksBridgeAndMarksFromMetaBoard) {
  BoardProject p;
  Board b = p.board("duell");
  EXPECT_EQ(b.page.size, (Size{420, 297}));
  // Two tracks from -5 to 20: 26 spaces each.
  size_t spaces =
      named(b.page, "energy").size() + named(b.page, "energy-final").size() + named(b.page, "energy-negative").size();
  EXPECT_EQ(spaces, 52u);
  EXPECT_EQ(named(b.page, "energy-negative").size(), 10u);  // -5 .. -1, twice
  auto finals = named(b.page, "energy-final");
  ASSERT_EQ(finals.size(), 2u);
  EXPECT_EQ(fill_of(*finals[0]), Color::parse("#ef8a1f"));
  // The white cross on 15 in both tracks, in 15's column.
  auto cross = named(b.page, "start-cross");
  ASSERT_EQ(cross.size(), 4u);
  const double column15 = 33.7 + (15 - -5) * 13.6;
  for (const auto* c : cross) {
    EXPECT_NEAR(c->bounds.center().x, column15 + 6.3, 0.01);
    EXPECT_EQ(std::get<page::PathShape>(c->shape).paint.stroke, Color::parse("#ffffff"));
  }
  std::vector<std::string> values;
  for (const auto* v : named(b.page, "energy-value")) values.push_back(text_of(*v));
  ASSERT_EQ(values.size(), 52u);
  EXPECT_EQ(values.front(), "-5");
  EXPECT_EQ(values[25], "20");
  // The bridge: a start space and 5 steps per side.
  EXPECT_EQ(named(b.page, "bridge-start").size(), 2u);
  EXPECT_EQ(named(b.page, "bridge-step").size(), 10u);
  // The lead gauge: two tokens, three free spaces.
  EXPECT_EQ(named(b.page, "gauge-token").size(), 2u);
  EXPECT_EQ(named(b.page, "gauge-free").size(), 3u);
  // Everything on the board stays on the board.
  for (const auto& item : b.page.items) EXPECT_TRUE((Rect{0, 0, 420, 297}).contains(item.bounds, 1e-6)) << item.name;
}

TEST(Boards, TextAndKeyMotifsStayInTheSafeArea) {
  BoardProject p;
  for (const char* game : {"hoher-rat", "duell"}) {
    Board b = p.board(game);
    EXPECT_EQ(b.page.safe, (Rect{10, 10, b.page.size.w - 20, b.page.size.h - 20}));
    size_t key = 0;
    for (const auto& item : b.page.items)
      if (item.keep_in_safe_area) {
        ++key;
        EXPECT_TRUE(b.page.safe.contains(item.bounds, 1e-6)) << game << " " << item.name;
      }
    EXPECT_GT(key, 30u) << game;
  }
}

int pdf_pages(const fs::path& pdf, std::string* size = nullptr) {
  std::string info;
  test::run_command("pdfinfo " + pdf.string(), &info);
  std::istringstream in(info);
  std::string line;
  int pages = -1;
  while (std::getline(in, line)) {
    if (line.rfind("Pages:", 0) == 0) pages = std::stoi(line.substr(6));
    if (size && line.rfind("Page size:", 0) == 0) *size = line.substr(10);
  }
  return pages;
}

TEST(BoardProducts, FullSizePdfPreviewAndTiledSheets) {
  BoardProject p;
  test::TempDir out;
  struct Expect {
    const char* game;
    int a4_pages, a3_pages;
    const char* size;
  };
  for (const Expect& e : {Expect{"hoher-rat", 1 + 6, 1 + 4, "1417.32 x 1417.32 pts"},
                          Expect{"duell", 1 + 4, 1 + 2, "1190.55 x 841.89 pts"}}) {
    Diagnostics diags;
    auto boards = layout::layout_boards(p.game(e.game), *p.layouter, {}, diags);
    auto imposed = impose_boards(boards, "de", nullptr, *p.typesetter, diags);
    ASSERT_FALSE(diags.has_errors()) << format_diagnostics(diags);
    BuildReport report;
    write_boards(imposed, out.path() / e.game, ProductFormats{}, Clock{}, report);
    fs::path dir = out.path() / e.game / "board";
    EXPECT_EQ(report.written.size(), 4u);
    std::string size;
    EXPECT_EQ(pdf_pages(dir / "board.pdf", &size), 1) << e.game;
    EXPECT_NE(size.find(e.size), std::string::npos) << size;
    EXPECT_EQ(pdf_pages(dir / "board-a4.pdf", &size), e.a4_pages) << e.game;
    EXPECT_NE(size.find("595.276 x 841.89 pts (A4)"), std::string::npos) << size;
    EXPECT_EQ(pdf_pages(dir / "board-a3.pdf", &size), e.a3_pages) << e.game;
    EXPECT_NE(size.find("841.89 x 1190.55 pts (A3)"), std::string::npos) << size;
    std::string png = *read_file(dir / "board.png");
    EXPECT_NEAR(*render::png_dpi(png), 150, 0.01);
  }
}

TEST(BoardProducts, SheetsKeepMarksAndLabelsInsideThePrintableArea) {
  BoardProject p;
  for (const char* game : {"hoher-rat", "duell"}) {
    Board b = p.board(game);
    ASSERT_EQ(b.tiled.size(), 2u);
    for (const auto& tiled : b.tiled) {
      ASSERT_EQ(tiled.pages.size(), tiled.tiling.tiles.size() + 1);
      EXPECT_NE(tiled.pages.front().id.find("-map"), std::string::npos);
      for (size_t k = 1; k < tiled.pages.size(); ++k) {
        const page::Page& sheet = tiled.pages[k];
        EXPECT_EQ(sheet.safe, (Rect{10, 10, sheet.size.w - 20, sheet.size.h - 20}));
        size_t marks = 0;
        for (const auto& item : sheet.items) {
          if (item.name == "mark" || item.name == "label") {
            EXPECT_TRUE(sheet.safe.contains(item.bounds, 1e-6)) << sheet.id << " " << item.name;
            marks += item.name == "mark";
          }
          // Board art and cut lines are painted only inside the printable area.
          if (item.name != "mark" && item.name != "label") {
            ASSERT_TRUE(item.clip) << sheet.id << " " << item.name;
            EXPECT_TRUE(sheet.safe.contains(*item.clip, 1e-6)) << sheet.id << " " << item.name;
          }
        }
        // Two marks per band, each drawn as halo and line (circle + cross).
        EXPECT_EQ(marks, tiled.tiling.tiles[k - 1].bands.size() * 2 * 4) << sheet.id;
        std::string label;
        for (const auto* item : named(sheet, "label"))
          if (label.empty()) label = text_of(*item);
        EXPECT_EQ(label.substr(0, label.find(' ')), tiled.tiling.tiles[k - 1].label) << sheet.id;
      }
    }
  }
}

// ---- Putting the sheets back together, in pixels ----------------------------
//
// At 50.8 dpi (2 px/mm) every tile's position is a whole number of pixels
// (the tiling's offsets are multiples of 0.5 mm), so a tile's printable
// area can be pasted into a canvas exactly where it belongs on the board.

constexpr double kDpi = 50.8;
constexpr int kPxPerMm = 2;

int px(double mm) { return static_cast<int>(std::lround(mm * kPxPerMm)); }

struct Canvas {
  int w = 0, h = 0;
  std::vector<uint8_t> rgba;
  Canvas(int width, int height) : w(width), h(height), rgba(static_cast<size_t>(w) * h * 4, 0) {}
  // Copies raster pixels [sx, sx + cw) x [sy, sy + ch) to (dx, dy).
  void paste(const render::Raster& r, int sx, int sy, int cw, int ch, int dx, int dy) {
    for (int y = 0; y < ch; ++y)
      for (int x = 0; x < cw; ++x) {
        int tx = dx + x, ty = dy + y;
        if (tx < 0 || ty < 0 || tx >= w || ty >= h) continue;
        const uint8_t* from = &r.rgba[(static_cast<size_t>(sy + y) * r.width + (sx + x)) * 4];
        std::copy(from, from + 4, &rgba[(static_cast<size_t>(ty) * w + tx) * 4]);
      }
  }
};

struct Difference {
  size_t compared = 0, over = 0;  // pixels compared; pixels off by more than the threshold
  int worst = 0;                  // largest channel difference
  double mean = 0;                // mean channel difference
};

// Compares `canvas` with `reference` inside `area` (pixels).
Difference compare(const Canvas& canvas, const render::Raster& reference, int x0, int y0, int x1, int y1,
                   int threshold) {
  Difference d;
  double sum = 0;
  for (int y = y0; y < y1; ++y)
    for (int x = x0; x < x1; ++x) {
      const uint8_t* a = &canvas.rgba[(static_cast<size_t>(y) * canvas.w + x) * 4];
      const uint8_t* b = &reference.rgba[(static_cast<size_t>(y) * reference.width + x) * 4];
      int m = 0;
      for (int c = 0; c < 4; ++c) {
        int diff = std::abs(a[c] - b[c]);
        m = std::max(m, diff);
        sum += diff;
      }
      d.worst = std::max(d.worst, m);
      d.over += m > threshold;
      ++d.compared;
    }
  d.mean = sum / (4.0 * static_cast<double>(d.compared));
  return d;
}

// The board as it lies under the tile grid: in tiling coordinates (turned
// when the tiling is), moved so that the grid's top-left corner is 0, 0.
page::Page board_under_grid(const page::Page& board, const impose::Tiling& t) {
  const Rect& first = t.tiles.front().area;
  const Rect& last = t.tiles.back().area;
  page::Page ref;
  ref.id = board.id + "/reference";
  ref.size = {last.right() - first.x, last.bottom() - first.y};
  ref.trim = {0, 0, ref.size.w, ref.size.h};
  ref.safe = ref.trim;
  Affine move = Affine::translate(-first.x, -first.y).then_after(t.board_to_tiling);
  Rect clip = move.apply(Rect{0, 0, board.size.w, board.size.h});
  for (page::Item item : board.items) {
    item.transform = move.then_after(item.transform);
    item.bounds = move.apply(item.bounds);
    item.clip = clip;
    ref.items.push_back(std::move(item));
  }
  return ref;
}

// Pastes every sheet's printable area at its tile's place, row by row. With
// `as_assembled`, each sheet first loses what the assembly cuts away (the
// outer half of its left and top bands, where it has neighbours there), as a
// person does when gluing the sheets; without, whole tiles are pasted.
Canvas assemble(const std::vector<page::Page>& sheets, const impose::Tiling& t, bool as_assembled) {
  const Rect& first = t.tiles.front().area;
  const Rect& last = t.tiles.back().area;
  Canvas canvas(px(last.right() - first.x), px(last.bottom() - first.y));
  const double half = t.options.overlap / 2;
  for (size_t k = 0; k < t.tiles.size(); ++k) {
    const impose::Tile& tile = t.tiles[k];
    render::Raster r = render::render_raster(sheets[k], kDpi);
    double cut_left = as_assembled && tile.column > 0 ? half : 0;
    double cut_top = as_assembled && tile.row > 0 ? half : 0;
    canvas.paste(r, px(t.printable.x + cut_left), px(t.printable.y + cut_top), px(t.printable.w - cut_left),
                 px(t.printable.h - cut_top), px(tile.area.x - first.x + cut_left),
                 px(tile.area.y - first.y + cut_top));
  }
  return canvas;
}

// With KW_BOARD_COMPOSITES=<dir>, writes the composite and the reference as
// PNGs there, to look at them.
void keep(const Canvas& canvas, const render::Raster& reference, const std::string& name) {
  const char* dir = std::getenv("KW_BOARD_COMPOSITES");
  if (!dir) return;
  render::Raster r{canvas.w, canvas.h, kDpi, canvas.rgba};
  write_file_atomic(fs::path(dir) / (name + "-composite.png"), render::encode_png(r));
  write_file_atomic(fs::path(dir) / (name + "-reference.png"), render::encode_png(reference));
}

// The composites are compared with the board inside the board's own area.
struct BoardArea {
  int x0, y0, x1, y1;
};
BoardArea board_area(const impose::Tiling& t) {
  const Rect& first = t.tiles.front().area;
  return {px(-first.x), px(-first.y), px(t.tiled.w - first.x), px(t.tiled.h - first.y)};
}

TEST(BoardTiles, ContentOfTheSheetsComposesBackIntoTheBoard) {
  BoardProject p;
  for (const char* game : {"hoher-rat", "duell"}) {
    Board b = p.board(game);
    for (const auto& tiled : b.tiled) {
      const impose::Tiling& t = tiled.tiling;
      std::vector<page::Page> content;
      for (const impose::Tile& tile : t.tiles) content.push_back(tile_content(b.page, t, tile));
      Canvas canvas = assemble(content, t, false);
      render::Raster reference = render::render_raster(board_under_grid(b.page, t), kDpi);
      ASSERT_EQ(reference.width, canvas.w);
      ASSERT_EQ(reference.height, canvas.h);
      // The whole grid, board and spare paper: nothing missing, nothing
      // extra. Antialiasing may differ by a few levels on a handful of edge
      // pixels (glyph and art rasterisation at another offset); a misplaced
      // or missing piece would differ by far more, on far more pixels.
      Difference d = compare(canvas, reference, 0, 0, canvas.w, canvas.h, 8);
      std::printf("[ composite ] %s %s content: %zu of %zu pixels differ by more than 8, worst %d, mean %.5f\n", game,
                  t.sheet.name.c_str(), d.over, d.compared, d.worst, d.mean);
      EXPECT_LE(d.worst, 24) << game << " " << t.sheet.name;
      EXPECT_LT(static_cast<double>(d.over) / static_cast<double>(d.compared), 1e-4) << game << " " << t.sheet.name;
      EXPECT_LT(d.mean, 0.01) << game << " " << t.sheet.name;
    }
  }
}

TEST(BoardTiles, PrintedSheetsCutAndLaidOverEachOtherGiveTheBoard) {
  BoardProject p;
  for (const char* game : {"hoher-rat", "duell"}) {
    Board b = p.board(game);
    for (const auto& tiled : b.tiled) {
      const impose::Tiling& t = tiled.tiling;
      std::vector<page::Page> sheets(tiled.pages.begin() + 1, tiled.pages.end());
      Canvas canvas = assemble(sheets, t, true);
      render::Raster reference = render::render_raster(board_under_grid(b.page, t), kDpi);
      keep(canvas, reference, std::string(game) + "-" + t.sheet.name);
      BoardArea a = board_area(t);
      // What differs is what the sheets add on top of the board: the halves
      // of the alignment marks and cut lines left at the seams, the grey
      // edge line, and row A's labels. Together well under 1 % of the board.
      Difference d = compare(canvas, reference, a.x0, a.y0, a.x1, a.y1, 24);
      double share = static_cast<double>(d.over) / static_cast<double>(d.compared);
      std::printf(
          "[ composite ] %s %s assembled: %zu of %zu board pixels differ by more than 24 (%.3f %%), mean %.4f\n", game,
          t.sheet.name.c_str(), d.over, d.compared, 100 * share, d.mean);
      EXPECT_LT(share, 0.01) << game << " " << t.sheet.name << ": " << d.over << " of " << d.compared;
      EXPECT_LT(d.mean, 1.0) << game << " " << t.sheet.name;
    }
  }
}

}  // namespace
}  // namespace kw::products
