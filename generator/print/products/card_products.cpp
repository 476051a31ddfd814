#include "print/products/card_products.h"

#include <algorithm>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "print/output/output_files.h"
#include "print/pdf/print_pdf.h"
#include "print/products/overview.h"
#include "print/products/parallel.h"
#include "print/products/pnp_products.h"
#include "print/products/progress.h"
#include "print/products/shop_pdfs.h"
#include "print/products/tts_writer.h"
#include "render/render.h"

namespace kw::print {

namespace fs = std::filesystem;

namespace {

// One run of write_card_products: the tasks, what the raster tasks feed, and
// how far they are.
class CardProductRun {
 public:
  CardProductRun(const model::Game& game, std::span<const layout::LaidOutCard> cards, const fs::path& dir,
                 const BuildOptions& options, const text::Typesetter& typesetter)
      : game_(game), cards_(cards), dir_(dir), options_(options), typesetter_(typesetter) {
    sides_ = layout::card_sides(game, cards);
    for (const auto& c : cards) {
      stems_.push_back(c.stem);
      pages_.push_back(&c.page);
    }
  }

  // The tasks, longest serial ones first: the game PDF (then the Meinspiel
  // PDFs copied from it), one per PnP sheet format, then one per card
  // raster, backs first (the TTS sheets need them).
  void run(BuildReport& report) {
    const ProductFormats& formats = options_.formats;
    if (formats.png) open_overview();
    if (formats.jpeg) open_tts();
    if (formats.pdf) add_pdf_tasks();
    if (formats.png || formats.jpeg) add_raster_tasks();
    const int jobs = options_.print.jobs > 0 ? options_.print.jobs : default_jobs();
    std::string label = game_.id + (options_.subdir.empty() ? "" : " [" + options_.language + "]");
    progress_ = std::make_unique<Progress>(options_.print.progress, options_.print.progress_terminal, label, units_);
    std::vector<std::vector<fs::path>> written(tasks_.size());
    parallel_for(tasks_.size(), jobs, [&](size_t t) { tasks_[t](written[t]); });
    for (auto& w : written) report.written.insert(report.written.end(), w.begin(), w.end());
    finish_raster_products(report);
    progress_->finish();
  }

 private:
  using Task = std::function<void(std::vector<fs::path>&)>;

  void tick() {
    if (progress_) progress_->advance();
  }

  void open_overview() {
    Diagnostics diags;
    overview_ = std::make_unique<OverviewSheet>(pages_, stems_, typesetter_, diags);
    if (diags.has_errors()) throw std::runtime_error(format_diagnostics(diags));
  }

  void open_tts() {
    std::vector<TtsCard> with_back;
    for (const auto& s : sides_)
      if (s.back) with_back.push_back({s.front, *s.back});
    if (with_back.empty()) return;
    const page::Page& first = cards_[with_back.front().front].page;
    tts_ = std::make_unique<TtsWriter>(plan_tts(with_back, {first.trim.w, first.trim.h}, game_.id, stems_), pages_,
                                       dir_ / "tts");
  }

  void add_pdf_tasks() {
    units_ += cards_.size();
    tasks_.push_back([this](std::vector<fs::path>& written) { write_game_pdf(written); });
    if (!options_.print.pnp) return;
    const PnpSettings& pnp = *options_.print.pnp;
    for (const SheetFormat& sheet : pnp.sheets) {
      units_ += pnp_page_count(cards_, sides_, sheet, pnp);
      PnpSettings one = pnp;
      one.sheets = {sheet};
      tasks_.push_back([this, one](std::vector<fs::path>& written) {
        write_pnp_sheets(game_, cards_, sides_, one, dir_, typesetter_, written, [this] { tick(); });
      });
    }
  }

  // <game>.pdf, then the shop PDFs copied from it (in CMYK when asked: they
  // are copied from the converted file).
  void write_game_pdf(std::vector<fs::path>& written) {
    fs::path file = dir_ / (game_.id + ".pdf");
    PrintPdf pdf(file);
    for (const auto& c : cards_) {
      pdf.add(c.page);
      tick();
    }
    pdf.finish();
    if (options_.print.cmyk) convert_to_cmyk(file, *options_.print.cmyk);
    written.push_back(file);
    write_meinspiel_pdfs(file, sides_, dir_, written);
  }

  void add_raster_tasks() {
    std::vector<size_t> order;
    for (size_t i = sides_.size(); i < cards_.size(); ++i) order.push_back(i);  // backs
    for (size_t i = 0; i < sides_.size(); ++i) order.push_back(i);
    units_ += order.size();
    for (size_t i : order) tasks_.push_back([this, i](std::vector<fs::path>& written) { write_raster(i, written); });
  }

  // Card `i` rendered once: its PNG and JPEG, and its place on the overview
  // and the TTS sheets.
  void write_raster(size_t i, std::vector<fs::path>& written) {
    const layout::LaidOutCard& card = cards_[i];
    auto raster = std::make_shared<const render::Raster>(render::render_raster(card.page, game_.format->dpi));
    if (options_.formats.png) {
      fs::path file = dir_ / "cards" / (card.stem + ".png");
      write_output(file, render::encode_png(*raster));
      written.push_back(file);
    }
    if (options_.formats.jpeg) {
      fs::path file = dir_ / "meinspiel" / (card.stem + ".jpg");
      write_output(file, render::encode_jpeg(*raster, {95}));
      written.push_back(file);
    }
    if (overview_) overview_->place(i, raster);
    if (tts_) tts_->place(i, raster);
    tick();
  }

  void finish_raster_products(BuildReport& report) {
    if (overview_) {
      fs::path file = dir_ / "overview.png";
      write_output(file, overview_->encode_png());
      report.written.push_back(file);
    }
    if (tts_) {
      tts_->finish(stems_);
      auto files = tts_->written();
      std::sort(files.begin(), files.end());
      report.written.insert(report.written.end(), files.begin(), files.end());
    }
  }

  const model::Game& game_;
  std::span<const layout::LaidOutCard> cards_;
  const fs::path& dir_;
  const BuildOptions& options_;
  const text::Typesetter& typesetter_;
  std::vector<layout::CardSide> sides_;
  std::vector<std::string> stems_;
  std::vector<const page::Page*> pages_;
  std::unique_ptr<OverviewSheet> overview_;
  std::unique_ptr<TtsWriter> tts_;
  std::vector<Task> tasks_;
  size_t units_ = 0;
  std::unique_ptr<Progress> progress_;
};

}  // namespace

void write_card_products(const model::Game& game, std::span<const layout::LaidOutCard> cards, const fs::path& dir,
                         const BuildOptions& options, const text::Typesetter& typesetter, BuildReport& report) {
  if (cards.empty()) return;
  CardProductRun(game, cards, dir, options, typesetter).run(report);
}

}  // namespace kw::print
