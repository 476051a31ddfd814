#include "products/board_products.h"

#include "core/output_files.h"
#include "impose/board_tile_sheets.h"
#include "impose/board_tiling.h"
#include "pdf/pdf_boxes.h"
#include "render/pdf.h"
#include "render/png.h"
#include "settings/print_config.h"

namespace kw::products {

namespace fs = std::filesystem;

const std::vector<impose::TileSheet>& board_sheets() {
  static const std::vector<impose::TileSheet> sheets = {impose::sheet_a4(), impose::sheet_a3()};
  return sheets;
}

std::vector<ImposedBoard> impose_boards(std::span<const layout::LaidOutBoard> boards, const std::string& language,
                                        const settings::SheetWords* words, const text::Typesetter& typesetter,
                                        Diagnostics& diags) {
  std::vector<ImposedBoard> imposed;
  for (const auto& board : boards) {
    ImposedBoard out{&board, {}};
    impose::SheetText text{board.title, language, board.loc, words};
    for (const impose::TileSheet& sheet : board_sheets()) {
      TiledBoard tiled;
      tiled.file = board.stem + "-" + sheet.name + ".pdf";
      tiled.tiling = tile_board(board.page.size, sheet);
      tiled.pages = tiled_sheets(board.page, tiled.tiling, text, typesetter, diags);
      out.tiled.push_back(std::move(tiled));
    }
    imposed.push_back(std::move(out));
  }
  return imposed;
}

void write_boards(std::span<const ImposedBoard> boards, const fs::path& dir, const ProductFormats& formats,
                  const Clock& clock, BuildReport& report) {
  const fs::path board_dir = dir / "board";
  for (const auto& imposed : boards) {
    const layout::LaidOutBoard& board = *imposed.board;
    if (formats.pdf) {
      const render::PdfOptions pdf{.title = board.title, .clock = clock};
      fs::path full = board_dir / (board.stem + ".pdf");
      write_output(full, render::render_pdf(std::span(&board.page, 1), pdf));
      report.written.push_back(full);
      for (const auto& tiled : imposed.tiled) {
        fs::path file = board_dir / tiled.file;
        write_output(file, render::render_pdf(tiled.pages, pdf));
        report.written.push_back(file);
      }
    }
    if (formats.png) {
      fs::path preview = board_dir / (board.stem + ".png");
      write_output(preview, render::render_png(board.page, kBoardPreviewDpi));
      report.written.push_back(preview);
    }
  }
}

void set_board_boxes(std::span<const ImposedBoard> boards, const fs::path& dir) {
  for (const auto& imposed : boards) {
    pdf::PageBoxes full = pdf::boxes_of(imposed.board->page);
    pdf::set_page_boxes(dir / "board" / (imposed.board->stem + ".pdf"), std::span(&full, 1));
    for (const auto& tiled : imposed.tiled) {
      std::vector<pdf::PageBoxes> boxes;
      for (const auto& page : tiled.pages) boxes.push_back(pdf::boxes_of(page));
      pdf::set_page_boxes(dir / "board" / tiled.file, boxes);
    }
  }
}

}  // namespace kw::products
