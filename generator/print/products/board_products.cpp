#include "print/products/board_products.h"

#include "core/files.h"
#include "print/imposition/tile_pages.h"
#include "render/render.h"

namespace kw::print {

namespace fs = std::filesystem;

const std::vector<TileSheet>& board_sheets() {
  static const std::vector<TileSheet> sheets = {sheet_a4(), sheet_a3()};
  return sheets;
}

std::vector<LaidOutBoard> layout_boards(const model::Game& game, layout::Layouter& layouter,
                                        const BuildOptions& options, Diagnostics& diags) {
  std::vector<LaidOutBoard> boards;
  for (const auto& deck : game.decks) {
    if (deck.product != "board") continue;
    const layout::LayoutDef* def = layouter.definition(deck.layout, diags);
    if (!def) continue;
    std::string stem = deck.file.empty() ? "board" : fs::path(deck.file).stem().string();
    for (const auto& card : deck.cards) {
      LaidOutBoard board;
      board.stem = &card == &deck.cards.front() ? stem : stem + "-" + card.id;
      board.title = game.name + " – " + (deck.name.empty() ? deck.id : deck.name);
      board.page = layouter.layout(*def, game, &card, diags, options.language, &options.rule_values);
      SheetText text{board.title, options.language, card.loc};
      for (const TileSheet& sheet : board_sheets()) {
        TiledBoard tiled;
        tiled.file = board.stem + "-" + sheet.name + ".pdf";
        tiled.tiling = tile_board(board.page.size, sheet);
        tiled.pages = tiled_sheets(board.page, tiled.tiling, text, layouter.typesetter(), diags);
        board.tiled.push_back(std::move(tiled));
      }
      boards.push_back(std::move(board));
    }
  }
  return boards;
}

void write_boards(const std::vector<LaidOutBoard>& boards, const fs::path& dir, const ProductFormats& formats,
                  BuildReport& report) {
  const fs::path board_dir = dir / "board";
  for (const auto& board : boards) {
    if (formats.pdf) {
      render::PdfOptions pdf{board.title};
      fs::path full = board_dir / (board.stem + ".pdf");
      write_file_atomic(full, render::render_pdf(std::span(&board.page, 1), pdf));
      report.written.push_back(full);
      for (const auto& tiled : board.tiled) {
        fs::path file = board_dir / tiled.file;
        write_file_atomic(file, render::render_pdf(tiled.pages, pdf));
        report.written.push_back(file);
      }
    }
    if (formats.png) {
      fs::path preview = board_dir / (board.stem + ".png");
      write_file_atomic(preview, render::render_png(board.page, kBoardPreviewDpi));
      report.written.push_back(preview);
    }
  }
}

BuildReport build_board_products(const model::Game& game, layout::Layouter& layouter, const BuildOptions& options,
                                 Diagnostics& diags) {
  BuildReport report;
  size_t errors_before = diags.error_count();
  auto boards = layout_boards(game, layouter, options, diags);
  if (diags.error_count() > errors_before) return report;
  write_boards(boards, options.out_dir / game.id, options.formats, report);
  return report;
}

}  // namespace kw::print
