#include "products/tabletop_files.h"

#include <algorithm>
#include <set>
#include <stdexcept>

#include "core/files.h"
#include "core/output_files.h"
#include "core/sha256.h"
#include "infra/build_cache.h"
#include "products/cached_files.h"
#include "products/tabletop_tables.h"
#include "products/ttpg_package.h"
#include "products/tts_bands.h"
#include "render/jpeg.h"

namespace kw::products {

namespace fs = std::filesystem;

namespace {

// A single card's image, as a sheet's cell: the same quality.
const render::JpegOptions kSingleJpeg{90, true};

}  // namespace

TabletopFiles::TabletopFiles(const model::Game& game, const fs::path& dir, const TabletopOptions& options,
                             const std::string& seed, std::span<const TtsCard> cards, std::vector<std::string> stems,
                             std::vector<const page::Page*> frames, const FilesInPlace& in_place,
                             const std::function<std::string(size_t)>& card_key)
    : dir_(dir),
      options_(options),
      seed_(seed),
      stems_(std::move(stems)),
      cache_(in_place.cache()),
      in_place_(in_place) {
  const bool tts = options.wants(Tabletop::Tts);
  TtsSaveInfo save = tts ? tts_save_info(game, dir / "tts", options) : TtsSaveInfo{};
  named_ = tts ? save.cards : tabletop_cards(game, options.rule_values);
  if (tts)
    sheet_dir_ = dir / "tts";
  else if (options.wants(Tabletop::Ttpg))
    sheet_dir_ = dir / "ttpg" / "Textures";
  else if (options.wants(Tabletop::Screentop))
    sheet_dir_ = dir / "screentop";
  const page::Page& first = *frames.at(cards.front().front);
  trim_ = {first.trim.w, first.trim.h};
  std::string formats;
  for (Tabletop t : options.formats) formats += std::string(name_of(kTabletopNames, t)) + ",";
  key_ = infra::cache_key({"tabletops", formats, seed, save.game_name, save.url_base, named_.key()});
  // Only the templates and tables finish() writes read the names again; for
  // the TTS sheets alone they are not held through the cards.
  if (!options.wants(Tabletop::Ttpg) && !options.wants(Tabletop::Screentop) && !options.wants(Tabletop::Playingcards))
    named_ = TabletopCards{};
  writer_ = std::make_unique<TtsWriter>(plan_tts(cards, trim_, game.id, stems_), std::move(frames), sheet_dir_,
                                        std::move(save));
  if (sheet_dir_.empty()) writer_->set_no_sheets();  // playingcards.io alone: single cards only
  writer_->set_file_sink([this](const fs::path& file, std::string_view bytes) { write_unless_in_place(file, bytes); });
  if (options.wants(Tabletop::Playingcards))
    writer_->set_cell_sink([this](size_t index, const std::uint8_t* rgb) { write_single(index, rgb); });
  else
    take_cached_sheets(card_key);  // (playingcards.io's single cards need every cell placed)
}

// The sheets the last build left in place, or that the cache has in bands:
// skipped, written whole, or joined from the bands kept and the bands of
// the edited cards' rows coded anew (tts_bands.h).
void TabletopFiles::take_cached_sheets(const std::function<std::string(size_t)>& card_key) {
  const TtsPlan& plan = writer_->plan();
  for (size_t s = 0; s < plan.sheets.size(); ++s) {
    const TtsSheet& sheet = plan.sheets[s];
    const TtsBands geometry(plan, sheet);
    const std::string size = std::to_string(sheet.columns) + "x" + std::to_string(sheet.rows);
    // What each cell shows: its card, the back (in the last cell), or paper.
    std::vector<std::string> cells;
    cells.reserve(static_cast<size_t>(sheet.columns) * static_cast<size_t>(sheet.rows));
    for (int at = 0; at < sheet.columns * sheet.rows; ++at)
      cells.push_back(static_cast<size_t>(at) < sheet.cards.size() ? card_key(sheet.cards[static_cast<size_t>(at)])
                      : at == sheet.back_cell()                    ? "back " + card_key(sheet.back)
                                                                   : "-");
    std::string all;
    for (const auto& cell : cells) all += cell + "\n";
    sheet_keys_.push_back(infra::cache_key({"tabletop sheet", writer_->cell_key(), sheet.file, size, all}));
    head_keys_.push_back(infra::cache_key({"tabletop sheet head", writer_->cell_key(), sheet.file, size}));
    std::vector<std::string> band_keys;
    for (int r = 0; geometry.banded() && r < geometry.bands(); ++r) {
      std::string shown = std::to_string(r) + "\n";
      for (int q = r; q <= geometry.last_cell_row(r); ++q)
        for (int c = 0; c < sheet.columns; ++c)
          shown += cells[static_cast<size_t>(q) * static_cast<size_t>(sheet.columns) + static_cast<size_t>(c)] + "\n";
      band_keys.push_back(infra::cache_key({"tabletop sheet band", writer_->cell_key(), sheet.file, size, shown}));
    }
    band_keys_.push_back(std::move(band_keys));
    kept_bands_.emplace_back(static_cast<size_t>(geometry.bands()), false);
    if (!cache_ || sheet_dir_.empty()) continue;
    const fs::path file = sheet_dir_ / sheet.file;
    if (auto digest = in_place_.find(sheet_keys_.back(), file)) {
      digests_[file] = std::move(*digest);
      writer_->skip_sheet(s);
      from_cache_.insert(s);
      continue;
    }
    const auto head = geometry.banded() ? cache_->get(head_keys_.back()) : std::nullopt;
    if (!head) continue;
    std::vector<std::string> bands;
    std::string whole = *head;
    for (int r = 0; r < geometry.bands(); ++r) {
      auto band = cache_->get(band_keys_.back()[static_cast<size_t>(r)]);
      kept_bands_.back()[static_cast<size_t>(r)] = band.has_value();
      whole += band.value_or("");
      bands.push_back(std::move(band).value_or(""));
    }
    auto& kept = kept_bands_.back();
    const auto missing = static_cast<size_t>(std::count(kept.begin(), kept.end(), false));
    const auto blocks = render::jpeg_restart_intervals(whole);  // bands that do not join are no sheet
    if (missing == 0 && blocks && blocks->starts.size() == geometry.blocks()) {
      digests_[file] = in_place_.write(sheet_keys_.back(), file, whole);
      writer_->skip_sheet(s);
      from_cache_.insert(s);
    } else if (missing > 0 && missing * 2 <= kept.size() && spliced_ < kMaxSplicedSheets) {
      // The cells of the rows the missing bands read are held until the
      // sheet is written (TtsWriter::finish): a few sheets with a few bands
      // each; an edit reaching further makes its sheets as new ones, row by row.
      writer_->splice_sheet(s, *head, std::move(bands));
      ++spliced_;
    } else {
      std::fill(kept.begin(), kept.end(), false);  // made as a new sheet
    }
  }
}

std::string TabletopFiles::single_name(size_t index) const { return "cards/" + stems_.at(index) + ".jpg"; }

void TabletopFiles::write_single(size_t index, const std::uint8_t* rgb) {
  const TtsPlan& plan = writer_->plan();
  render::JpegWriter jpeg(plan.card_w, plan.card_h, plan.dpi, kSingleJpeg);
  for (int y = 0; y < plan.card_h; ++y) jpeg.add_row(rgb + static_cast<size_t>(y) * plan.card_w * 3);
  const fs::path file = dir_ / "playingcards" / single_name(index);
  write_output(file, jpeg.finish());
  std::lock_guard lock(mutex_);
  singles_.push_back(file);
}

// The saved objects are the same after most edits (a card's name or text
// changed them; its picture does not), and at 5,000 cards their JSON is
// 7 MB: written to the staging folder on every edit and read twice when it
// was not moved into place. Left in place, by the stamp of its bytes' hash,
// it is neither written nor read.
void TabletopFiles::write_unless_in_place(const fs::path& file, std::string_view bytes) {
  const std::string key = infra::cache_key({"tabletop file", sha256_hex(bytes)});
  auto digest = in_place_.find(key, file);
  if (!digest) digest = in_place_.write(key, file, bytes);
  digests_[file] = *digest;
}

// The sheets and backs, copied from where the writer put them.
void TabletopFiles::write_copies(const fs::path& to, std::vector<fs::path>& files) const {
  if (to == sheet_dir_) return;
  std::set<std::string> images;
  for (const TtsSheet& sheet : writer_->plan().sheets) images.insert({sheet.file, sheet.back_file});
  for (const std::string& image : images) {
    auto bytes = read_file(sheet_dir_ / image);
    // A sheet the last build left in place is not staged: read where it
    // is, and taken only with the bytes its stamp says it has.
    const auto known = digests_.find(sheet_dir_ / image);
    if (!bytes && known != digests_.end()) {
      const fs::path there = in_place_.final_path(sheet_dir_ / image);
      if (fs::symlink_status(there).type() == fs::file_type::regular) bytes = read_file(there);
      if (bytes && sha256_hex(*bytes) != known->second.sha256) bytes.reset();
    }
    if (!bytes) throw std::runtime_error((sheet_dir_ / image).string() + ": the sheet was not written");
    write_if_changed(to / image, *bytes);  // its time says whether it changed, as the sheet's does
    files.push_back(to / image);
  }
}

std::vector<fs::path> TabletopFiles::finish() {
  writer_->finish();
  std::vector<fs::path> files = writer_->written();
  const TtsPlan& plan = writer_->plan();
  for (size_t s = 0; s < sheet_keys_.size() && cache_ && !sheet_dir_.empty(); ++s) {
    const fs::path file = sheet_dir_ / plan.sheets[s].file;
    if (from_cache_.count(s) > 0) {
      files.push_back(file);
      continue;
    }
    const auto bytes = read_file(file);
    if (!bytes) continue;
    digests_[file] = {bytes->size(), sha256_hex(*bytes)};
    in_place_.remember(sheet_keys_[s], file, digests_[file]);
    // Its head and bands, for the next edit (those it was joined from are kept already).
    const TtsBands geometry(plan, plan.sheets[s]);
    const auto split = geometry.split(*bytes);
    if (!split) continue;  // not banded (cells lower than a block): made whole every time
    cache_->put(head_keys_[s], split->first);
    for (size_t r = 0; r < split->second.size(); ++r)
      if (!kept_bands_[s][r]) cache_->put(band_keys_[s][r], split->second[r]);
  }
  if (options_.wants(Tabletop::Ttpg)) {
    write_copies(dir_ / "ttpg" / "Textures", files);
    for (const TtpgTemplate& t : ttpg_card_templates(plan, named_, trim_, seed_)) {
      const fs::path file = dir_ / "ttpg" / "Templates" / t.file;
      write_output(file, t.json);
      files.push_back(file);
    }
  }
  if (options_.wants(Tabletop::Screentop)) {
    write_copies(dir_ / "screentop", files);
    const fs::path csv = dir_ / "screentop" / (plan.game_id + ".csv");
    write_output(csv, screentop_csv(plan, named_));
    files.push_back(csv);
  }
  if (options_.wants(Tabletop::Playingcards)) {
    const fs::path csv = dir_ / "playingcards" / (plan.game_id + ".csv");
    write_output(csv, playingcards_csv(plan, named_, [this](size_t i) { return single_name(i); }));
    files.push_back(csv);
    std::lock_guard lock(mutex_);
    files.insert(files.end(), singles_.begin(), singles_.end());
  }
  std::sort(files.begin(), files.end());
  files.erase(std::unique(files.begin(), files.end()), files.end());
  return files;
}

}  // namespace kw::products
