#include "products/game_products.h"

#include <optional>
#include <string>
#include <unordered_map>

#include "core/parallel.h"
#include "exporters/print_pdf.h"
#include "infra/build_cache.h"
#include "infra/staging.h"
#include "infra/timings.h"
#include "page/fingerprint.h"
#include "products/board_products.h"
#include "products/cached_files.h"
#include "products/card_products.h"
#include "products/manifest.h"
#include "products/tts_boards.h"
#include "settings/print_config.h"

namespace kw::products {

namespace fs = std::filesystem;

namespace {

// Each booklet from the cache when none of its pages changed.
void write_booklets(std::span<const layout::LaidOutBooklet> booklets, const fs::path& dir,
                    const infra::BuildCache* cache, const std::string& game, const Clock& clock,
                    infra::Timings* timings, BuildReport& report) {
  for (const auto& booklet : booklets) {
    std::string pages = booklet.file + "\n";
    for (const auto& page : booklet.pages) pages += kw::hex(page::fingerprint(page)) + "\n";
    cached_files(
        cache, infra::cache_key({"booklet", clock.key(), pages}), dir,
        [&](std::vector<fs::path>& made) {
          auto span = infra::timed(timings, "booklet", game, {}, booklet.file);
          exporters::PrintPdf file(dir / booklet.file, {.title = "kartenwerk", .clock = clock});
          for (const auto& page : booklet.pages) file.add(page);
          file.finish();
          made.push_back(dir / booklet.file);
        },
        report.written);
  }
}

// The input files' hashes by path, as the input snapshot has them (the
// bytes the build read): what the manifest's card records name.
std::unordered_map<std::string, std::string> input_hashes(const InputSnapshot& input) {
  std::unordered_map<std::string, std::string> hashes;
  for (const auto& f : input.files) hashes.emplace(f.path, f.sha256);
  return hashes;
}

}  // namespace

BuildReport write_game_products(const model::Game& game, const layout::LaidOutGame& laid_out,
                                const text::Typesetter& typesetter, const BuildOptions& options, Diagnostics& diags) {
  BuildReport report;
  size_t errors_before = diags.error_count();
  infra::Timings* timings = options.timings;
  auto span = laid_out.boards.empty() ? infra::Timings::Span() : infra::timed(timings, "boards", game.id);
  const settings::SheetWords* words = options.print.pnp ? options.print.pnp->words_for(options.language) : nullptr;
  auto boards = impose_boards(laid_out.boards, options.language, words, typesetter, diags);
  span.end();
  if (diags.error_count() > errors_before) return report;

  const fs::path dir = options.game_dir(game.id);
  // Its last work goes on beside the rest (waited for when this returns).
  std::future<void> card_run = write_card_products(game, laid_out.cards, dir, options, typesetter, report);
  if (options.incremental.only_cards) {  // build --card: the cards' own files only
    if (card_run.valid()) card_run.get();
    return report;
  }
  infra::throw_if_interrupted();
  if (options.formats.pdf)
    write_booklets(laid_out.booklets, dir, options.incremental.cache, game.id, options.clock, timings, report);
  infra::throw_if_interrupted();
  if (!boards.empty()) {
    span = infra::timed(timings, "boards", game.id);
    write_boards(boards, dir, options.formats, options.clock, report);
    if (options.formats.pdf) set_board_boxes(boards, dir);
    // The tabletops take the preview as the board's image.
    if (options.formats.png && !options.draft && options.tabletop.wants(Tabletop::Tts))
      write_tts_boards(boards, dir, game.id, options.tabletop, report);
    if (options.formats.png && !options.draft && options.tabletop.wants(Tabletop::Ttpg))
      write_ttpg_boards(boards, dir, game.id, game.id + "/" + options.subdir, report);
    span.end();
  }
  infra::throw_if_interrupted();
  if (options.print.input && options.by_products.manifest) {  // manifest.json, last: it lists everything written
    span = infra::timed(timings, "manifest", game.id);
    const auto hashes = input_hashes(*options.print.input);
    const layout::CardRecorder recorder(game, laid_out.cards, [&hashes](const std::string& path) {
      const auto it = hashes.find(path);
      return it == hashes.end() ? std::nullopt : std::optional<std::string>(it->second);
    });
    const ManifestCards cards{recorder.size(), [&recorder](size_t i) { return recorder.record(i); },
                              jobs_of(options.print)};
    report.written.push_back(write_manifest(dir, game.id, options.language, *options.print.input, report.written,
                                            report.digests, options.incremental.cache, cards));
  }
  if (card_run.valid()) card_run.get();
  return report;
}

}  // namespace kw::products
