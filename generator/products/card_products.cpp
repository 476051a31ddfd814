#include "products/card_products.h"

#include <sys/stat.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <functional>
#include <iterator>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <ostream>
#include <set>
#include <span>
#include <stdexcept>
#include <string>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/files.h"
#include "core/output_files.h"
#include "core/parallel.h"
#include "core/sha256.h"
#include "exporters/print_pdf.h"
#include "infra/build_cache.h"
#include "infra/progress.h"
#include "infra/staging.h"
#include "infra/timings.h"
#include "page/fingerprint.h"
#include "products/cached_files.h"
#include "products/overview.h"
#include "products/parallel.h"
#include "products/pdf_parts.h"
#include "products/pnp_products.h"
#include "products/shop_package.h"
#include "products/shop_pdfs.h"
#include "products/tabletop_files.h"
#include "render/png.h"
#include "render/render.h"
#include "settings/print_config.h"

namespace kw::products {

namespace fs = std::filesystem;

namespace {

// One run of write_card_products: the tasks, what the raster tasks feed, and
// how far they are.
class CardProductRun {
 public:
  CardProductRun(const model::Game& game, const layout::CardPages& cards, const fs::path& dir,
                 const BuildOptions& options, const text::Typesetter& typesetter)
      : game_(game),
        cards_(cards),
        dir_(dir),
        options_(options),
        typesetter_(typesetter),
        in_place_(options.incremental.cache, options.out_dir, options.incremental.target_out_dir, dir) {
    sides_ = layout::card_sides(game, cards.size());
    for (size_t i = 0; i < cards.size(); ++i) {
      stems_.push_back(cards.stem(i));
      frames_.push_back(&cards.frame(i));
    }
    deck_key_ = deck_key();
    if (options_.print.shop)
      shop_ = options_.print.shop->package_for(game_, {cards.frame(0).trim.w, cards.frame(0).trim.h});
    if (shop_ && !shop_->card_jpegs_dir.empty()) jpeg_dir_ = shop_->card_jpegs_dir;
  }

  // Where the PDF tasks go among the others.
  enum class PdfsGo {
    Nowhere,  // no PDF is made
    First,    // longest first, for the least total time (a build of many cards)
    // After an edit (few cards to render), on one thread: the cards to
    // render first (what the designer is waiting to look at), then the PDFs
    // (the longest chain left: they join every part), then the cards the
    // cache has (a few stats each; the PDFs no longer wait for thousands).
    AfterRendered,
    // The same on more threads, but the game PDF starts at once on one of
    // them while another opens the sheets (the overview's and TTS sheets'
    // rows from the cache, 25 ms at 5,000 cards) and renders the edited
    // cards: it waited for both. (A thread the -j pool cannot give now, when
    // games are built side by side, makes the edited cards wait instead.)
    GamePdfLeads,
  };

  // The tasks: the game PDF (with its side PDFs), one per PnP sheet format,
  // and one per card raster, backs first (the TTS sheets need them), in the
  // order PdfsGo says.
  void run(BuildReport& report) {
    const ProductFormats& formats = options_.formats;
    const bool whole = !options_.incremental.only_cards;  // build --card writes the cards' own files only
    const bool rasters = formats.png || formats.jpeg;
    const int jobs = jobs_of(options_.print);
    const PdfsGo pdfs = !(formats.pdf && whole) ? PdfsGo::Nowhere
                        : !few_to_render()      ? PdfsGo::First
                        : rasters && jobs > 1   ? PdfsGo::GamePdfLeads
                                                : PdfsGo::AfterRendered;
    std::vector<Task> later_pdfs;  // the PnP sheets, when the game PDF leads
    if (pdfs == PdfsGo::First) add_pdf_tasks();
    if (pdfs == PdfsGo::GamePdfLeads) {
      add_pdf_tasks();
      later_pdfs.assign(std::make_move_iterator(tasks_.begin() + 1), std::make_move_iterator(tasks_.end()));
      tasks_.resize(1);
      sheets_task_ = tasks_.size();
      tasks_.emplace_back([this, whole](std::vector<fs::path>& written) { open_sheets(whole, written); });
    } else {
      open_sheets(whole, report.written);
    }
    // The shop's package with the PDFs, and whatever the formats when
    // --profile asked for it.
    if (shop_ && whole && !options_.draft && options_.by_products.shop && (formats.pdf || options_.print.shop_asked))
      add_shop_task();
    if (rasters) {
      const auto [order, to_render] = raster_order();
      const bool split = pdfs == PdfsGo::AfterRendered || pdfs == PdfsGo::GamePdfLeads;
      const size_t first = split ? to_render : order.size();
      // The TTS saved objects after the first cards, on whichever thread is
      // free then: written while the sheets opened, they held up the
      // edited card's files by 30 ms at 5,000 cards.
      const size_t leading = std::min(first, static_cast<size_t>(jobs));
      add_raster_tasks(std::span(order).first(leading));
      if (makes_tabletops(whole)) add_saved_objects_task();
      add_raster_tasks(std::span(order).subspan(leading, first - leading));
      if (pdfs == PdfsGo::GamePdfLeads) std::move(later_pdfs.begin(), later_pdfs.end(), std::back_inserter(tasks_));
      if (pdfs == PdfsGo::AfterRendered) add_pdf_tasks();
      add_raster_tasks(std::span(order).subspan(first));
    } else if (pdfs == PdfsGo::AfterRendered) {
      add_pdf_tasks();
    }
    std::string label = game_.id + (options_.subdir.empty() ? "" : " [" + options_.subdir + "]");
    progress_ =
        std::make_unique<infra::Progress>(options_.print.progress, options_.print.progress_terminal, label, units_);
    std::vector<std::vector<fs::path>> written(tasks_.size());
    parallel_for(tasks_.size(), jobs, [&](size_t t) {
      try {
        infra::throw_if_interrupted();  // Ctrl-C: no further task starts
        tasks_[t](written[t]);
      } catch (...) {
        // The raster tasks waiting for the sheets (sheets_ready) end; the
        // error ends the build.
        if (t == sheets_task_) {
          sheets_.store(Sheets::Failed, std::memory_order_release);
          sheets_.notify_all();
        }
        throw;
      }
    });
    if (rasters_ == 0) finish_raster_products();  // no raster task to run it
    // Moved, not copied: at 10,000 cards a copy held 9 MB of paths twice
    // until the end of the build (its peak).
    written.push_back(std::move(finished_));
    size_t count = report.written.size();
    for (const auto& w : written) count += w.size();
    report.written.reserve(count);
    for (auto& w : written) {
      report.written.insert(report.written.end(), std::make_move_iterator(w.begin()), std::make_move_iterator(w.end()));
      std::vector<fs::path>().swap(w);
    }
    in_place_.add_found(report.in_place);
    report.digests.merge(digests_);
    progress_->finish();
    if (formats.pdf && whole) report_pnp_layouts(label);
    std::sort(notes_.begin(), notes_.end());  // the shop's parts are made on any thread, in any order
    if (options_.print.progress)
      for (const auto& note : notes_) *options_.print.progress << label << ": " << note << "\n";
    for (size_t i = 0; i < cards_.size(); ++i)
      if (rendered_.count(i)) report.rendered.push_back(stems_[i]);
    report.cached += cached_;
  }

  // After run(): keeps the stamps of the files in place for the next build
  // (a build of every card keeps those of its files only).
  void save_stamps() const { in_place_.save(/*only_used=*/!options_.incremental.only_cards); }

 private:
  using Task = std::function<void(std::vector<fs::path>&)>;

  // Whether this build makes PnP sheets: the project has sheet settings and
  // build --skip pnp did not leave them out.
  bool makes_pnp() const { return options_.print.pnp && options_.by_products.pnp; }

  // The PnP sheets' layout on the progress stream: whether the cards have
  // their bleed or share cuts depends on paper and card size, and the person
  // cutting should know before printing.
  void report_pnp_layouts(const std::string& label) const {
    if (!options_.print.progress || !makes_pnp()) return;
    for (const settings::SheetFormat& sheet : options_.print.pnp->sheets)
      for (const auto& line : pnp_layouts(cards_, sides_, sheet, *options_.print.pnp))
        *options_.print.progress << label << ": print & play " << line << "\n";
  }

  // After each card or sheet: also where Ctrl-C stops a long task.
  void tick() {
    if (progress_) progress_->advance();
    infra::throw_if_interrupted();
  }

  // A render-time error names the card it happened on.
  template <class F>
  void for_card(size_t i, F&& f) {
    try {
      f();
    } catch (const infra::Interrupted&) {
      throw;
    } catch (const std::exception& e) {
      throw std::runtime_error("card " + stems_[i] + ": " + e.what());
    }
  }

  // What every product made of all the cards depends on besides its own
  // settings: the game, each card's page and file name, which back is whose,
  // and the print settings and fonts (the sheets' labels).
  std::string deck_key() const {
    std::string text = game_.id + "\n" + options_.incremental.settings_key + "\n";
    for (size_t i = 0; i < cards_.size(); ++i) text += stems_[i] + " " + cards_.fingerprint(i) + "\n";
    for (const auto& side : sides_)
      text += std::to_string(side.front) + ":" + (side.back ? std::to_string(*side.back) : "-") + "\n";
    return text;
  }

  const infra::BuildCache* cache() const { return options_.incremental.cache; }

  // The overview and the TTS sheets, when the build makes them; the raster
  // tasks wait for them (sheets_ready()).
  void open_sheets(bool whole, std::vector<fs::path>& written) {
    auto span = infra::timed(options_.timings, "open sheets", game_.id);
    if (options_.formats.png && whole && options_.by_products.overview) open_overview(written);
    if (makes_tabletops(whole)) open_tabletops();
    span.end();
    sheets_.store(Sheets::Open, std::memory_order_release);
    sheets_.notify_all();
  }

  // Whether this build makes the virtual tabletops' files (`whole`: not
  // build --card).
  bool makes_tabletops(bool whole) const {
    return options_.formats.jpeg && whole && !options_.draft && options_.by_products.tts &&
           !options_.tabletop.formats.empty();
  }

  void add_saved_objects_task() {
    tasks_.emplace_back([this](std::vector<fs::path>&) {
      if (!sheets_ready() || !tabletops_) return;  // the sheets failed to open, or there are no tabletop cards
      auto span = infra::timed(options_.timings, "tts objects", game_.id);
      tabletops_->write_saved_objects();
    });
  }

  // Whether the sheets are open, once open_sheets() has ended (on any thread).
  bool sheets_ready() const {
    Sheets now = sheets_.load(std::memory_order_acquire);
    for (; now == Sheets::Opening; now = sheets_.load(std::memory_order_acquire))
      sheets_.wait(Sheets::Opening, std::memory_order_acquire);
    return now == Sheets::Open;
  }

  // The overview, from the cache when no card on it changed; else painted as
  // the card rasters arrive.
  void open_overview(std::vector<fs::path>& written) {
    overview_key_ = infra::cache_key({"overview.png", png_mode(), deck_key_});
    // Not kept in the cache whole (8 MB at 1000 cards, written and hashed
    // again on every edit): the last build's file, when it is still in
    // place, or else its rows from the cache.
    const fs::path file = dir_ / "overview.png";
    if (auto digest = in_place_.find(overview_key_, file)) {
      remember_digest(file, std::move(*digest));
      written.push_back(file);
      return;
    }
    making_overview_ = true;
    // Written as its rows are made: the file of a large deck is not held
    // (80 MB at 10,000 cards).
    overview().stream_to(file);
    // Each row of cards from the cache when none of its cards changed: an
    // edit re-makes the edited card's row only.
    if (!cache()) return;
    for (int r = 0; r < overview().rows(); ++r)
      if (auto band = cache()->get(overview_row_key(r))) overview().give_row(r, *band);
    overview().keep_rows([this](int r, const std::string& band) { put(overview_row_key(r), band); });
  }

  // What a row of the overview depends on: its cards (pages and labels), the
  // sheet's geometry, the fonts (deck_key's settings) and the PNG mode.
  std::string overview_row_key(int r) {
    std::string text = game_.id + "\n" + options_.incremental.settings_key + "\n" + std::to_string(r) + "\n";
    const size_t columns = static_cast<size_t>(overview().geometry().columns), row = static_cast<size_t>(r);
    for (size_t i = row * columns; i < std::min(cards_.size(), (row + 1) * columns); ++i)
      text += stems_[i] + " " + cards_.fingerprint(i) + " " + overview().cell_key(i) + "\n";
    return infra::cache_key({"overview row", png_mode(), fmt_dpi(game_.format->dpi), text});
  }

  // The overview sheet, made on first use.
  OverviewSheet& overview() {
    std::call_once(overview_once_, [this] {
      overview_ = std::make_unique<OverviewSheet>(frames_, stems_, typesetter_, options_.print.png);
    });
    return *overview_;
  }

  // The virtual tabletops' files (tabletop_files.h): each sheet from the
  // cache when none of its cards changed, else made as the card rasters
  // arrive.
  void open_tabletops() {
    std::vector<TtsCard> with_back;
    for (const auto& s : sides_)
      if (s.back) with_back.push_back({s.front, *s.back});
    if (with_back.empty()) return;
    auto files = std::make_unique<TabletopFiles>(
        game_, dir_, options_.tabletop, game_.id + "/" + options_.subdir, with_back, stems_, frames_, in_place_,
        [this](size_t i) { return cards_.fingerprint(i) + " " + fmt_dpi(game_.format->dpi); });
    // The folder is not kept whole as well: each sheet is kept on its own,
    // and the whole was the size of all the sheets (50 MB at 1000 cards),
    // read back, hashed and written to the cache on every edit.
    tabletops_ = std::move(files);
    tts_ = &tabletops_->sheets();
  }

  // The PDFs, each left in place when none of its pages changed. In CMYK
  // they are always made: the conversion reads profiles from outside the
  // project that no key covers.
  const infra::BuildCache* pdf_cache() const { return options_.print.cmyk ? nullptr : cache(); }

  // The files `make` writes, each joined from parts the cache keeps: as the
  // last build left them when they are in place (products/cached_files.h
  // files_in_place), else made. `cache` null: always made.
  void pdf_files(const infra::BuildCache* cache, const std::string& key, const Task& make,
                 std::vector<fs::path>& written) {
    if (!cache) return cached_files(nullptr, key, dir_, make, written);
    files_in_place(
        in_place_, key, make, [this](const fs::path& file, const FileDigest& digest) { remember_digest(file, digest); },
        written);
  }

  void add_pdf_tasks() {
    units_ += cards_.size();
    tasks_.emplace_back([this](std::vector<fs::path>& written) {
      pdf_files(
          pdf_cache(),
          infra::cache_key({"game pdf", options_.draft ? "draft" : "print", options_.clock.key(), deck_key_}),
          [this](std::vector<fs::path>& made) { write_game_pdf(made); }, written);
    });
    if (!makes_pnp()) return;
    const settings::PnpSettings& pnp = *options_.print.pnp;
    for (const settings::SheetFormat& sheet : pnp.sheets) {
      units_ += pnp_page_count(cards_, sides_, sheet, pnp);
      settings::PnpSettings one = pnp;
      one.sheets = {sheet};
      // The sheets: the file left in place when no card changed, else
      // joined from its pages, each from the cache when none of its cards
      // changed (pdf_parts.h).
      tasks_.emplace_back([this, one, id = sheet.id](std::vector<fs::path>& written) {
        pdf_files(
            pdf_cache(), infra::cache_key({"pnp", id, options_.clock.key(), deck_key_}),
            [&](std::vector<fs::path>& made) {
              auto span = infra::timed(options_.timings, "pnp sheets", game_.id, {}, id);
              write_pnp_sheets(game_, cards_, sides_, one, dir_, options_.clock, made, [this] { tick(); },
                               {pdf_cache(), options_.incremental.settings_key, options_.timings});
            },
            written);
        // The alignment test: it shows no card, so only the grid, the
        // game's name and words, the settings and fonts decide it.
        pdf_files(
            pdf_cache(),
            infra::cache_key({"pnp alignment", id, options_.clock.key(), options_.incremental.settings_key, game_.id,
                              game_.name, game_.language, pnp_alignment_key(cards_, sides_, one.sheets[0], one)}),
            [&](std::vector<fs::path>& made) {
              write_pnp_alignment(game_, cards_, sides_, one, dir_, typesetter_, options_.clock, made);
            },
            written);
      });
    }
  }

  // The shop's files, each part left in place when neither its pages nor
  // the shop's settings changed (its key holds the output profile's bytes):
  // the fronts' PDF under the fronts' fingerprints, the backs' under the
  // backs', so that a front's edit converts one PDF to CMYK, not two; the
  // deck PDF and the images (every card in one) under every card's.
  void add_shop_task() {
    add_shop_part({.fronts = true, .backs = false, .deck = false, .images = false}, "fronts", side_pages_key(true));
    add_shop_part({.fronts = false, .backs = true, .deck = false, .images = false}, "backs", side_pages_key(false));
    add_shop_part({.fronts = false, .backs = false, .deck = true, .images = true}, "deck", deck_key_);
  }

  // The stems and fingerprints of every side's front (or back), in order.
  std::string side_pages_key(bool fronts) const {
    std::string text = game_.id + "\n" + options_.incremental.settings_key + "\n";
    for (const auto& side : sides_) {
      const std::optional<size_t> i = fronts ? std::optional<size_t>(side.front) : side.back;
      text += i ? stems_[*i] + " " + cards_.fingerprint(*i) + "\n" : "-\n";
    }
    return text;
  }

  void add_shop_part(ShopParts parts, const char* name, const std::string& pages_key) {
    const size_t units = shop_package_units(*shop_, sides_, parts);
    if (units == 0) return;
    units_ += units;
    tasks_.emplace_back([this, parts, name, pages_key](std::vector<fs::path>& written) {
      pdf_files(
          cache(), infra::cache_key({"shop package", name, shop_package_key(*shop_), options_.clock.key(), pages_key}),
          [&](std::vector<fs::path>& made) {
            auto span = infra::timed(options_.timings, "shop package", game_.id, {}, shop_->id + " " + name);
            write_shop_package(
                *shop_, cards_, sides_, dir_, options_.clock, made, [this] { tick(); },
                [this](const std::string& note) {
                  std::lock_guard lock(mutex_);
                  notes_.push_back(note);
                },
                parts, cache(), options_.timings);
          },
          written);
    });
  }

  // <game>.pdf and its side PDFs (shop_pdfs.h): fronts.pdf written with it,
  // or, like backs.pdf, copied from it (from the converted file in CMYK).
  void write_game_pdf(std::vector<fs::path>& written) {
    fs::path file = dir_ / (game_.id + ".pdf");
    auto span = infra::timed(options_.timings, "game pdf", game_.id);
    // Joined from parts of 64 cards (pdf_parts.h): an edit renders the
    // edited card's part only. A card that cannot be painted is named.
    // fronts.pdf is its first pages, written with it (copying them out of
    // the joined file afterwards read and wrote it all again: 70 ms of a
    // one-card edit at 5000 cards); not when the file is converted to CMYK
    // afterwards, since the fronts are then copied from the converted file.
    // The parts before the edited one are copied from the file the last
    // build joined, as it stood after them (pdf_parts.h previous_file): half
    // of the join, on average, of a one-card edit.
    const bool fronts_with_it = !options_.draft && !options_.print.cmyk && fronts_lead(sides_);
    const fs::path fronts = dir_ / "fronts.pdf";
    const bool resumes_join = !options_.incremental.target_out_dir.empty();
    PartedPdf pdf(file, {.pdf = {.title = "kartenwerk", .clock = options_.clock},
                         .cache = pdf_cache(),
                         .timings = options_.timings,
                         .game = game_.id,
                         .pages_per_part = kCardPagesPerPart,
                         .first_pages_file = fronts_with_it ? fronts : fs::path(),
                         .first_pages = sides_.size(),
                         // Only for a file that stays where the next build finds it (a
                         // reprint empties its folder, and its staged files are gone).
                         .previous_file = resumes_join ? in_place_.final_path(file) : fs::path(),
                         .previous_digest = resumes_join ? in_place_.stamped_digest(file) : std::nullopt});
    const char* mode = options_.draft ? "draft" : "print";
    for (size_t i = 0; i < cards_.size(); ++i) {
      pdf.add(
          std::string("card ") + mode + " " + cards_.fingerprint(i), [this, i] { return cards_.page(i); },
          "card " + stems_[i]);
      tick();
    }
    pdf.finish();
    // Their digests as the joiner hashed them, for files_in_place (in CMYK
    // the file is converted after this and made without it: not told).
    if (!options_.print.cmyk) {
      in_place_.wrote(file, pdf.digest());
      if (pdf.first_pages_written()) in_place_.wrote(fronts, pdf.first_pages_digest());
    }
    span.end();
    if (options_.print.cmyk) {
      auto cmyk = infra::timed(options_.timings, "convert cmyk", game_.id, {}, file.filename().string());
      exporters::convert_to_cmyk(file, *options_.print.cmyk);
    }
    written.push_back(file);
    // Working files, not the shop's (that is its package): none in a draft.
    if (!options_.draft) {
      auto sides = infra::timed(options_.timings, "side pdfs", game_.id);
      write_side_pdfs(file, sides_, dir_, written, fronts_with_it && pdf.first_pages_written());
    }
  }

  // build --card: is card `i` (a front by its card's id, a back as "back")
  // one of those asked for?
  bool wanted(size_t i) const {
    const auto& only = options_.incremental.only_cards;
    if (!only) return true;
    const std::string id = i < sides_.size() ? stems_[i].substr(stems_[i].find('-') + 1) : "back";
    return std::find(only->begin(), only->end(), id) != only->end();
  }

  // The PNG mode is part of the key: a file of the other mode has other bytes.
  // Each card's file keys, made once (each is a hash, and each was asked
  // for several times per card).
  const std::string& png_key(size_t i) const {
    std::call_once(keys_once_, [this] { make_keys(); });
    return png_keys_[i];
  }
  const std::string& jpeg_key(size_t i) const {
    std::call_once(keys_once_, [this] { make_keys(); });
    return jpeg_keys_[i];
  }
  // Each made whole before it is kept: call_once runs again after a throw.
  void make_keys() const {
    const std::string dpi = fmt_dpi(game_.format->dpi);
    std::vector<std::string> png, jpeg;
    for (size_t i = 0; i < cards_.size(); ++i) {
      png.push_back(infra::cache_key({"card png", png_mode(), cards_.fingerprint(i), dpi}));
      jpeg.push_back(infra::cache_key({"card jpeg q95 standard tables", cards_.fingerprint(i), dpi}));
    }
    png_keys_ = std::move(png);
    jpeg_keys_ = std::move(jpeg);
  }
  // Whether card `i`'s file (its PNG, or its JPEG when no PNG is made) is
  // likely there to take: left in place by the last build's record (not
  // even a stat: only the order of the work and few_to_render() go by this;
  // write_raster_files() checks each file), or else in the cache (a walk of
  // three folders).
  bool in_cache(size_t i) const {
    std::call_once(in_cache_once_, [this] {
      std::vector<bool> found;
      for (size_t k = 0; k < cards_.size(); ++k) {
        const bool png = options_.formats.png;
        const std::string& key = png ? png_key(k) : jpeg_key(k);
        found.push_back(in_place_.recorded(key, png ? png_path(k) : jpeg_path(k)) || cache()->contains(key));
      }
      in_cache_ = std::move(found);
    });
    return in_cache_[i];
  }
  fs::path png_path(size_t i) const { return dir_ / "cards" / (stems_[i] + ".png"); }
  fs::path jpeg_path(size_t i) const { return dir_ / jpeg_dir_ / (stems_[i] + ".jpg"); }
  const char* png_mode() const { return options_.print.png == render::PngCompression::Small ? "small" : "fast"; }
  // Whether at most a quarter of the cards miss the cache.
  bool few_to_render() const {
    if (!cache()) return false;
    size_t missing = 0;
    for (size_t i = 0; i < cards_.size(); ++i) missing += !in_cache(i);
    return missing * 4 <= cards_.size();
  }

  // The cards whose files are made, backs first (the TTS sheets need them),
  // and how many of them lead: those to render, before those the cache has
  // (an edit's card is on disk first).
  std::pair<std::vector<size_t>, size_t> raster_order() const {
    std::vector<size_t> order;
    for (size_t i = sides_.size(); i < cards_.size(); ++i) order.push_back(i);  // backs
    for (size_t i = 0; i < sides_.size(); ++i) order.push_back(i);
    std::erase_if(order, [this](size_t i) { return !wanted(i); });
    if (!cache()) return {order, order.size()};
    const auto cached = std::stable_partition(order.begin(), order.end(), [this](size_t i) { return !in_cache(i); });
    const auto to_render = static_cast<size_t>(cached - order.begin());
    return {std::move(order), to_render};
  }

  void add_raster_tasks(std::span<const size_t> order) {
    units_ += order.size();
    rasters_ += order.size();
    rasters_left_ += order.size();
    // The last raster task to end writes the overview and the TTS sheets,
    // while the other threads go on with what is left (the PDFs, in a
    // build of every card).
    for (size_t i : order)
      tasks_.emplace_back([this, i](std::vector<fs::path>& written) {
        if (!sheets_ready()) return;  // they failed to open: the build ends with that error
        write_raster(i, written);
        if (rasters_left_.fetch_sub(1) == 1) finish_raster_products();
      });
  }

  // Card `i`'s PNG and JPEG, from the cache when its page was rendered
  // before, and its place on the overview and the TTS sheets (when those are
  // being made).
  void write_raster(size_t i, std::vector<fs::path>& written) {
    for_card(i, [&] { write_raster_files(i, written); });
    tick();
  }

  void write_raster_files(size_t i, std::vector<fs::path>& written) {
    const std::string& stem = stems_[i];
    const double dpi = game_.format->dpi;
    const bool want_png = options_.formats.png, want_jpeg = options_.formats.jpeg && !options_.draft;
    const fs::path png_file = png_path(i), jpeg_file = jpeg_path(i);
    SheetCells cells = sheet_cells(i);
    // The card's files from the last build or the cache; the PNG's bytes
    // when a sheet needs the card's pixels.
    CardFile png_cached = want_png ? cached_card_file(png_file, png_key(i), cells.need_pixels()) : CardFile{};
    CardFile jpeg_cached = want_jpeg ? cached_card_file(jpeg_file, jpeg_key(i), false) : CardFile{};
    std::optional<std::string>&png = png_cached.bytes, &jpeg = jpeg_cached.bytes;
    std::shared_ptr<const render::Raster> raster;
    infra::Timings* timings = options_.timings;
    // The overview and TTS sheets take the card's pixels: from its PNG when
    // there is one (lossless), else rendered again (a JPEG-only build whose
    // JPEG came from the cache has no PNG to decode).
    const bool sheets_need_pixels = cells.need_pixels() && !png;
    if ((want_png && !png && !png_cached.on_disk) || (want_jpeg && !jpeg && !jpeg_cached.on_disk) ||
        sheets_need_pixels) {
      {
        auto span = infra::timed(timings, "render", game_.id, stem);
        raster = std::make_shared<const render::Raster>(render::render_raster(*cards_.page(i), dpi));
      }
      if (want_png && !png && !png_cached.on_disk) {
        auto span = infra::timed(timings, "encode png", game_.id, stem);
        png = render::encode_png(*raster, options_.print.png);
        span.end();
        put(png_key(i), *png);
      }
      if (want_jpeg && !jpeg && !jpeg_cached.on_disk) {
        auto span = infra::timed(timings, "encode jpeg", game_.id, stem);
        jpeg = render::encode_jpeg(*raster, render::kCardJpeg);
        span.end();
        put(jpeg_key(i), *jpeg);
      }
      std::lock_guard lock(mutex_);
      rendered_.insert(i);
    } else {
      std::lock_guard lock(mutex_);
      ++cached_;
    }
    for (const auto& [file, kept, key] :
         {std::tuple{&png_file, &png_cached, &png_key(i)}, std::tuple{&jpeg_file, &jpeg_cached, &jpeg_key(i)}}) {
      if (kept->bytes)
        write_card_file(*file, *kept->bytes, written, *key);
      else if (kept->on_disk)
        written.push_back(*file);
    }
    place_on_sheets(i, cells, raster, png);
  }

  // Card `i`'s cells of the overview and the TTS sheets, kept in the cache
  // like the card's files (an edit of one card does not re-render every
  // cell); none on a row or sheet that came from the cache whole.
  struct SheetCells {
    bool on_overview = false, on_tts = false;
    std::optional<std::string> overview, tts;
    bool need_pixels() const { return (on_overview && !overview) || (on_tts && !tts); }
  };
  SheetCells sheet_cells(size_t i) {
    SheetCells cells;
    cells.on_overview = making_overview_ && !overview().row_given(i);
    if (cells.on_overview && cache()) cells.overview = cache()->get(overview_cell_key(i));
    cells.on_tts = tts_ && tts_->takes(i);
    if (cells.on_tts && cache()) cells.tts = cache()->get(tts_cell_key(i));
    return cells;
  }

  // Places card `i` on the sheets: its cells from the cache, or made from
  // `raster` (rendered now) or its `png`.
  void place_on_sheets(size_t i, SheetCells& cells, std::shared_ptr<const render::Raster>& raster,
                       const std::optional<std::string>& png) {
    const std::string& stem = stems_[i];
    infra::Timings* timings = options_.timings;
    if (cells.on_overview) {
      std::shared_ptr<const render::Raster> pixels;
      if (!cells.overview) pixels = card_pixels(i, raster, png);  // decoding has a span of its own
      // Placing the cell may write a row of the sheet (overview.h): the
      // span holds that too.
      auto span = infra::timed(timings, "overview", game_.id, stem);
      if (!cells.overview) {
        cells.overview = overview().cell(i, std::move(pixels));
        put(overview_cell_key(i), *cells.overview);
      }
      overview().set_cell(i, std::move(*cells.overview));
    }
    if (cells.on_tts && cells.tts) {
      auto span = infra::timed(timings, "tts", game_.id, stem);
      tts_->place_cell(i, *cells.tts);
    } else if (cells.on_tts) {
      const auto& pixels = card_pixels(i, raster, png);
      auto span = infra::timed(timings, "tts", game_.id, stem);
      if (cache())  // compressing the cell for the cache costs: only when there is one
        put(tts_cell_key(i), tts_->place_keeping(i, pixels));
      else
        tts_->place(i, pixels);
    }
  }

  // The card's pixels for the sheets: rendered just now, or its PNG decoded
  // (lossless: the very pixels rendered), once.
  const std::shared_ptr<const render::Raster>& card_pixels(size_t i, std::shared_ptr<const render::Raster>& raster,
                                                           const std::optional<std::string>& png) const {
    if (!raster) {
      auto span = infra::timed(options_.timings, "decode png", game_.id, stems_[i]);
      raster = std::make_shared<const render::Raster>(decoded(*png, game_.format->dpi));
    }
    return raster;
  }

  std::string tts_cell_key(size_t i) const {
    return infra::cache_key({"tts cell", cards_.fingerprint(i), fmt_dpi(game_.format->dpi), tts_->cell_key()});
  }

  std::string overview_cell_key(size_t i) {
    return infra::cache_key(
        {"overview cell", cards_.fingerprint(i), fmt_dpi(game_.format->dpi), overview().cell_key(i)});
  }

  static std::string fmt_dpi(double dpi) { return std::to_string(dpi); }

  static render::Raster decoded(const std::string& png, double dpi) {
    render::Raster r = render::decode_png(png);
    r.dpi = dpi;
    return r;
  }

  void put(const std::string& key, const std::string& bytes) const {
    if (cache()) cache()->put(key, bytes);
  }

  // A card's file, and its digest for the manifest (hashed here, on the
  // card's thread, rather than read back at the end).
  // `key`: the cache's key of the bytes (see FilesInPlace).
  void write_card_file(const fs::path& file, const std::string& bytes, std::vector<fs::path>& written,
                       const std::string& key) {
    written.push_back(file);
    remember_digest(file, in_place_.write(key, file, bytes));
  }

  void remember_digest(const fs::path& file, FileDigest digest) {
    std::lock_guard lock(mutex_);
    digests_[file.generic_string()] = std::move(digest);
  }

  // A card's file as the cache keeps it under `key`: the bytes, or, when
  // `need_bytes` is false and the file the last build wrote is on disk with
  // exactly those bytes (by the cache's hash of them), nothing to read or
  // write (on_disk). Neither: the card is rendered.
  struct CardFile {
    std::optional<std::string> bytes;
    bool on_disk = false;
  };
  CardFile cached_card_file(const fs::path& file, const std::string& key, bool need_bytes) {
    CardFile found;
    if (!cache()) return found;
    if (!need_bytes) {
      if (auto digest = in_place_.find(key, file)) {
        remember_digest(file, std::move(*digest));
        found.on_disk = true;
        return found;
      }
    }
    found.bytes = cache()->get(key);
    return found;
  }

  // Once every card is on the sheets; the files go to finished_.
  void finish_raster_products() {
    if (making_overview_) {
      auto span = infra::timed(options_.timings, "overview", game_.id);
      fs::path file = dir_ / "overview.png";
      Diagnostics diags;
      const std::optional<FileDigest> digest = overview().finish_file(diags);
      if (!digest || diags.has_errors()) throw std::runtime_error(format_diagnostics(diags));
      finished_.push_back(file);
      in_place_.remember(overview_key_, file, *digest);
      remember_digest(file, *digest);
    }
    if (tabletops_) {
      auto span = infra::timed(options_.timings, "tts", game_.id);
      const auto files = tabletops_->finish();
      finished_.insert(finished_.end(), files.begin(), files.end());
      for (const auto& [file, digest] : tabletops_->digests()) remember_digest(file, digest);
    }
  }

  const model::Game& game_;
  const layout::CardPages& cards_;
  const fs::path& dir_;
  const BuildOptions& options_;
  const text::Typesetter& typesetter_;
  FilesInPlace in_place_;  // what the last build left in the output folder
  std::vector<layout::CardSide> sides_;
  std::vector<std::string> stems_;
  std::vector<const page::Page*> frames_;  // the cards' frames: what the overview and TTS sheets need
  std::string deck_key_;
  std::string overview_key_;
  std::mutex mutex_;
  std::set<size_t> rendered_;                            // under mutex_
  std::unordered_map<std::string, FileDigest> digests_;  // under mutex_: the card files' (BuildReport::digests)
  std::vector<std::string> notes_;                       // under mutex_: what the shop package had to give way on
  std::optional<ShopPackage> shop_;                      // the game's shop package; none: no shop for it
  std::string jpeg_dir_ = "jpg";  // the card JPEGs' folder: the shop's, when it takes them as they are
  size_t cached_ = 0;             // under mutex_
  bool making_overview_ = false;
  std::once_flag overview_once_;
  mutable std::once_flag keys_once_, in_cache_once_;
  mutable std::vector<std::string> png_keys_, jpeg_keys_;  // per card, made once
  mutable std::vector<bool> in_cache_;                     // per card, asked once
  std::unique_ptr<OverviewSheet> overview_;
  std::unique_ptr<TabletopFiles> tabletops_;
  TtsWriter* tts_ = nullptr;  // its sheets
  enum class Sheets { Opening, Open, Failed };
  size_t sheets_task_ = SIZE_MAX;                // the task that opens them (PdfsGo::GamePdfLeads), if any
  std::atomic<Sheets> sheets_{Sheets::Opening};  // by open_sheets(); the overview's and TTS members before it
  std::vector<Task> tasks_;
  size_t rasters_ = 0;                   // raster tasks
  std::atomic<size_t> rasters_left_{0};  // not yet ended
  std::vector<fs::path> finished_;       // the overview and TTS files, by the last raster task
  size_t units_ = 0;
  std::unique_ptr<infra::Progress> progress_;
};

}  // namespace

std::future<void> write_card_products(const model::Game& game, const layout::CardPages& cards, const fs::path& dir,
                                      const BuildOptions& options, const text::Typesetter& typesetter,
                                      BuildReport& report) {
  if (cards.empty()) return {};
  auto run = std::make_shared<CardProductRun>(game, cards, dir, options, typesetter);
  run->run(report);
  // The run is freed by whichever lets go of it last, this function or the
  // work beside it: as a rule the work beside, since this returns at once.
  std::future<void> beside;
  if (jobs_of(options.print) > 1)
    beside = start_beside([run]() mutable {
      run->save_stamps();
      run.reset();
    });
  if (!beside.valid()) run->save_stamps();
  return beside;
}

}  // namespace kw::products
