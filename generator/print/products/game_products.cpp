#include "print/products/game_products.h"

#include "page/fingerprint.h"
#include "print/manifest/manifest.h"
#include "print/output/staging.h"
#include "print/pdf/print_pdf.h"
#include "print/products/board_products.h"
#include "print/products/cached_files.h"
#include "print/products/card_products.h"
#include "print/products/timings.h"

namespace kw::print {

namespace fs = std::filesystem;

namespace {

// Each booklet from the cache when none of its pages changed.
void write_booklets(std::span<const layout::LaidOutBooklet> booklets, const fs::path& dir, const BuildCache* cache,
                    const std::string& game, Timings* timings, BuildReport& report) {
  for (const auto& booklet : booklets) {
    std::string pages = booklet.file + "\n";
    for (const auto& page : booklet.pages) pages += project::hex(page::fingerprint(page)) + "\n";
    cached_files(
        cache, cache_key({"booklet", pages}), dir,
        [&](std::vector<fs::path>& made) {
          auto span = timed(timings, "booklet", game, {}, booklet.file);
          PrintPdf file(dir / booklet.file);
          for (const auto& page : booklet.pages) file.add(page);
          file.finish();
          made.push_back(dir / booklet.file);
        },
        report.written);
  }
}

}  // namespace

BuildReport write_game_products(const model::Game& game, const layout::LaidOutGame& laid_out,
                                const text::Typesetter& typesetter, const BuildOptions& options, Diagnostics& diags) {
  BuildReport report;
  size_t errors_before = diags.error_count();
  Timings* timings = options.timings;
  auto span = laid_out.boards.empty() ? Timings::Span() : timed(timings, "boards", game.id);
  const SheetWords* words = options.print.pnp ? options.print.pnp->words_for(options.language) : nullptr;
  auto boards = impose_boards(laid_out.boards, options.language, words, typesetter, diags);
  span.end();
  if (diags.error_count() > errors_before) return report;

  const fs::path dir = options.game_dir(game.id);
  write_card_products(game, laid_out.cards, dir, options, typesetter, report);
  if (options.incremental.only_cards) return report;  // build --card: the cards' own files only
  throw_if_interrupted();
  if (options.formats.pdf) write_booklets(laid_out.booklets, dir, options.incremental.cache, game.id, timings, report);
  throw_if_interrupted();
  if (!boards.empty()) {
    span = timed(timings, "boards", game.id);
    write_boards(boards, dir, options.formats, report);
    if (options.formats.pdf) set_board_boxes(boards, dir);
    span.end();
  }
  throw_if_interrupted();
  if (options.print.input) {  // manifest.json, last: it lists everything written
    span = timed(timings, "manifest", game.id);
    report.written.push_back(write_manifest(dir, game.id, options.language, *options.print.input, report.written));
  }
  return report;
}

}  // namespace kw::print
