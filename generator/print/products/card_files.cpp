#include "print/products/card_files.h"

#include <algorithm>
#include <functional>
#include <memory>
#include <stdexcept>

#include "core/files.h"
#include "print/imposition/contact_sheet.h"
#include "print/products/manifest.h"
#include "print/products/parallel.h"
#include "print/pdf/print_pdf.h"
#include "print/products/print_products.h"
#include "print/imposition/tts.h"
#include "render/render.h"

namespace kw::print {

namespace fs = std::filesystem;

void write_card_files(const model::Game& game, std::span<const LaidOutCard> cards, const fs::path& dir,
                      const BuildOptions& options, const text::Typesetter& typesetter, BuildReport& report) {
  if (cards.empty()) return;
  const ProductFormats& formats = options.formats;
  const double dpi = game.format->dpi;
  const bool rasters = formats.png || formats.jpeg;
  auto sides = card_sides(game, cards);
  std::vector<std::string> stems;
  std::vector<const page::Page*> pages;
  for (const auto& c : cards) {
    stems.push_back(c.stem);
    pages.push_back(&c.page);
  }

  // Products fed by the rasters.
  std::unique_ptr<ContactSheet> overview;
  if (formats.png) {
    Diagnostics diags;
    overview = std::make_unique<ContactSheet>(pages, stems, typesetter, diags);
    if (diags.has_errors()) throw std::runtime_error(format_diagnostics(diags));
  }
  std::unique_ptr<TtsWriter> tts;
  if (formats.jpeg) {
    std::vector<TtsCard> with_back;
    for (const auto& s : sides)
      if (s.back) with_back.push_back({s.front, *s.back});
    if (!with_back.empty()) {
      const page::Page& first = cards[with_back.front().front].page;
      tts = std::make_unique<TtsWriter>(plan_tts(with_back, {first.trim.w, first.trim.h}, game.id, stems), pages,
                                        dir / "tts");
    }
  }

  // The tasks, longest serial ones first: the game PDF (then the Meinspiel
  // PDFs copied from it), one per PnP sheet format, then one per card
  // raster, backs first (the TTS sheets need them).
  std::vector<std::function<void(std::vector<fs::path>&)>> tasks;
  size_t units = 0;
  std::unique_ptr<Progress> progress;
  auto tick = [&progress] {
    if (progress) progress->advance();
  };
  if (formats.pdf) {
    units += cards.size();
    tasks.push_back([&, sides](std::vector<fs::path>& written) {
      fs::path file = dir / (game.id + ".pdf");
      PrintPdf pdf(file);
      for (const auto& c : cards) {
        pdf.add(c.page);
        tick();
      }
      pdf.finish();
      if (options.print.cmyk) convert_to_cmyk(file, *options.print.cmyk);  // the shop PDFs are copied from it
      written.push_back(file);
      write_meinspiel_pdfs(file, sides, dir, written);
    });
    if (options.print.pnp) {
      const PnpSettings& pnp = *options.print.pnp;
      for (const SheetFormat& sheet : pnp.sheets) {
        units += pnp_page_count(cards, sides, sheet, pnp);
        PnpSettings one = pnp;
        one.sheets = {sheet};
        tasks.push_back([&, one, sides](std::vector<fs::path>& written) {
          write_pnp_sheets(game, cards, sides, one, dir, typesetter, written, tick);
        });
      }
    }
  }
  if (rasters) {
    std::vector<size_t> order;
    for (size_t i = sides.size(); i < cards.size(); ++i) order.push_back(i);  // backs
    for (size_t i = 0; i < sides.size(); ++i) order.push_back(i);
    units += order.size();
    for (size_t i : order) {
      tasks.push_back([&, i](std::vector<fs::path>& written) {
        const LaidOutCard& card = cards[i];
        render::detail::SurfacePtr image = render::detail::paint_to_image(card.page, dpi);
        {
          render::Raster raster = render::detail::raster_from_surface(image.get(), dpi);
          if (formats.png) {
            fs::path file = dir / "cards" / (card.stem + ".png");
            write_file_atomic(file, render::encode_png(raster));
            written.push_back(file);
          }
          if (formats.jpeg) {
            fs::path file = dir / "meinspiel" / (card.stem + ".jpg");
            write_file_atomic(file, render::encode_jpeg(raster, 95));
            written.push_back(file);
          }
        }
        if (overview) overview->place(i, image.get());
        if (tts) tts->place(i, image.get());
        tick();
      });
    }
  }

  const int jobs = options.print.jobs > 0 ? options.print.jobs : default_jobs();
  std::string label = game.id + (options.subdir.empty() ? "" : " [" + options.language + "]");
  progress = std::make_unique<Progress>(options.print.progress, options.print.progress_terminal, label, units);
  std::vector<std::vector<fs::path>> written(tasks.size());
  parallel_for(tasks.size(), jobs, [&](size_t t) { tasks[t](written[t]); });

  for (auto& w : written) report.written.insert(report.written.end(), w.begin(), w.end());
  if (overview) {
    fs::path file = dir / "overview.png";
    write_file_atomic(file, overview->encode_png());
    report.written.push_back(file);
  }
  if (tts) {
    tts->finish(stems);
    auto files = tts->written();
    std::sort(files.begin(), files.end());
    report.written.insert(report.written.end(), files.begin(), files.end());
  }
  progress->finish();
}

void write_build_manifest(const model::Game& game, const fs::path& dir, const BuildOptions& options,
                          BuildReport& report) {
  if (!options.print.input) return;
  report.written.push_back(write_manifest(dir, game.id, options.language, *options.print.input, report.written));
}

}  // namespace kw::print
