#include "products/tts_writer.h"

#include <libdeflate.h>

#include <algorithm>
#include <cstring>
#include <new>
#include <stdexcept>

#include "core/output_files.h"
#include "products/tts_bands.h"
#include "render/png.h"
#include "render/raster.h"
#include "render/render.h"

namespace kw::products {

namespace fs = std::filesystem;

namespace {

// A back's own image: as a sheet's cells (kTtsJpeg), without restart
// markers (it is made whole).
const render::JpegOptions kBackJpeg{kTtsJpeg.quality, kTtsJpeg.optimize_tables};

// Cells up to this many rows ahead of the row being written are kept as RGB
// (cards arrive roughly in order: the next row fills while one is written);
// cells further ahead are compressed.
constexpr size_t kRgbRowsAhead = 1;

// Compressed fast: it is read back once. A zlib stream, by libdeflate at
// level 1: a one-card edit re-makes the card's sheet from the 69 cells the
// cache keeps (46 MB of RGB unpacked), and libdeflate's inflate and Adler-32
// are faster than zlib's (the 300-card bench deck's one-card edit: 0.33 to
// 0.29 s of CPU, medians of three); the cells are 1 % larger than zlib's.
struct Compressor {
  libdeflate_compressor* c = libdeflate_alloc_compressor(1);
  ~Compressor() { libdeflate_free_compressor(c); }
};
struct Decompressor {
  libdeflate_decompressor* d = libdeflate_alloc_decompressor();
  ~Decompressor() { libdeflate_free_decompressor(d); }
};

std::string pack(const std::uint8_t* rgb, size_t bytes) {
  thread_local Compressor compressor;  // allocating one costs more than packing a small cell
  if (!compressor.c) throw std::bad_alloc();
  std::string out(libdeflate_zlib_compress_bound(compressor.c, bytes), '\0');
  const size_t size = libdeflate_zlib_compress(compressor.c, rgb, bytes, out.data(), out.size());
  if (size == 0) throw std::runtime_error("tts: cannot compress a card's cell");
  out.resize(size);
  out.shrink_to_fit();  // it is kept
  return out;
}

void unpack(const std::string& packed, std::uint8_t* rgb, size_t bytes) {
  thread_local Decompressor decompressor;
  if (!decompressor.d) throw std::bad_alloc();
  size_t size = 0;
  if (libdeflate_zlib_decompress(decompressor.d, packed.data(), packed.size(), rgb, bytes, &size) !=
          LIBDEFLATE_SUCCESS ||
      size != bytes)
    throw std::runtime_error("tts: a card's cell does not unpack");
}

}  // namespace

TtsSaveInfo tts_save_info(const model::Game& game, const fs::path& dir, const TabletopOptions& options) {
  if (!options.tts_url.empty()) return {tabletop_cards(game, options.rule_values), game.name, options.tts_url};
  const fs::path local = options.game_dir.empty() ? dir : options.game_dir / dir.filename();
  return {tabletop_cards(game, options.rule_values), game.name, file_url(local)};
}

TtsWriter::TtsWriter(TtsPlan plan, std::vector<const page::Page*> pages, fs::path dir, TtsSaveInfo save)
    : plan_(std::move(plan)), save_(std::move(save)), pages_(std::move(pages)), dir_(std::move(dir)) {
  file_sink_ = [](const fs::path& file, std::string_view bytes) { write_output(file, bytes); };
  size_t rows = 0;
  for (size_t s = 0; s < plan_.sheets.size(); ++s) {
    first_row_.push_back(rows);
    rows += static_cast<size_t>(plan_.sheets[s].rows);
    for (size_t c = 0; c < plan_.sheets[s].cards.size(); ++c)
      where_[plan_.sheets[s].cards[c]] = {s, static_cast<int>(c)};
  }
}

TtsWriter::~TtsWriter() = default;

size_t TtsWriter::cell_bytes() const { return static_cast<size_t>(plan_.card_w) * plan_.card_h * 3; }

// A cell lives until its row is written, while the cards' rasters and Cairo
// images (a few MB each) come and go around it. Taken from malloc's heap,
// those interleaved lifetimes fragmented it: 10 MB more peak memory on 3,000
// cards. Pages mapped for each cell go back to the system when it is freed.
// From malloc, uninitialised: every byte is written before it is read. (Pages
// mapped for each cell kept them out of the heap, but faulting in and
// unmapping 665 kB a card cost more system time than the rest of the TTS work.)
TtsWriter::Pixels TtsWriter::new_pixels() const {
  const size_t size = cell_bytes();
  return Pixels(new std::uint8_t[size], detail::FreePixels{size});
}

void detail::FreePixels::operator()(std::uint8_t* pixels) const { delete[] pixels; }

void TtsWriter::hold(size_t bytes) {
  held_ += bytes;
  peak_held_ = std::max(peak_held_, held_);
}

void TtsWriter::skip_sheet(size_t sheet) {
  std::lock_guard lock(mutex_);
  skipped_.insert(sheet);
}

void TtsWriter::splice_sheet(size_t sheet, std::string head, std::vector<std::string> bands) {
  const TtsBands geometry(plan_, plan_.sheets.at(sheet));
  if (bands.size() != static_cast<size_t>(geometry.bands()))
    throw std::logic_error("tts: a sheet spliced from other bands");
  Spliced spliced{std::move(head), std::move(bands), {}, 0, {}, false};
  for (const auto& band : spliced.bands) spliced.missing.push_back(band.empty());
  const TtsSheet& s = plan_.sheets[sheet];
  for (size_t at = 0; at < s.cards.size(); ++at)
    spliced.needed += geometry.row_needed(static_cast<int>(at) / s.columns, spliced.missing) ? 1 : 0;
  std::lock_guard lock(mutex_);
  skipped_.insert(sheet);
  spliced_[sheet] = std::move(spliced);
}

std::optional<std::pair<size_t, int>> TtsWriter::spliced_front(size_t index) const {
  auto at = where_.find(index);
  if (at == where_.end() || spliced_.count(at->second.first) == 0) return std::nullopt;
  return at->second;
}

bool TtsWriter::spliced_needs(size_t sheet, int at) const {
  const TtsSheet& s = plan_.sheets[sheet];
  return TtsBands(plan_, s).row_needed(at / s.columns, spliced_.at(sheet).missing);
}

bool TtsWriter::takes(size_t index) const {
  if (plan_.backs.count(index) > 0) return true;
  if (const auto front = spliced_front(index)) return spliced_needs(front->first, front->second);
  auto at = where_.find(index);
  return at != where_.end() && skipped_.count(at->second.first) == 0;
}

void TtsWriter::pass_skipped() {
  while (sheet_ < plan_.sheets.size() && skipped_.count(sheet_) > 0 && row_ == 0) {
    ++sheet_;
    if (sheet_ < plan_.sheets.size()) next_row_.store(first_row_[sheet_]);
  }
}

TtsWriter::Pixels TtsWriter::render_cell(size_t index, std::shared_ptr<const page::Raster> image) const {
  Pixels rgb = new_pixels();
  const render::Raster pixels = render::render_raster(tts_cell(plan_, *pages_.at(index), std::move(image)), plan_.dpi);
  if (pixels.width != plan_.card_w || pixels.height != plan_.card_h)
    throw std::logic_error("tts: a cell of " + std::to_string(pixels.width) + " x " + std::to_string(pixels.height) +
                           " px, not " + std::to_string(plan_.card_w) + " x " + std::to_string(plan_.card_h));
  for (int y = 0; y < pixels.height; ++y)
    render::row_over_white(pixels, y, rgb.get() + static_cast<size_t>(y) * pixels.width * 3);
  return rgb;
}

void TtsWriter::place(size_t index, std::shared_ptr<const page::Raster> image) {
  if (takes(index)) place_pixels(index, render_cell(index, std::move(image)));
}

std::string TtsWriter::place_keeping(size_t index, std::shared_ptr<const page::Raster> image) {
  if (!takes(index)) return {};
  Pixels rgb = render_cell(index, std::move(image));
  std::string packed = pack(rgb.get(), cell_bytes());
  place_pixels(index, std::move(rgb));
  return packed;
}

void TtsWriter::place_cell(size_t index, const std::string& packed) {
  if (!takes(index)) return;
  Pixels rgb = new_pixels();
  unpack(packed, rgb.get(), cell_bytes());
  place_pixels(index, std::move(rgb));
}

std::string TtsWriter::cell_key() const {
  return std::to_string(plan_.card_w) + "x" + std::to_string(plan_.card_h) + " px at " + std::to_string(plan_.dpi) +
         " dpi";
}

void TtsWriter::place_pixels(size_t index, Pixels rgb) {
  const auto back = plan_.backs.find(index);
  if (const auto front = spliced_front(index)) {
    // Kept for finish(), which codes the missing bands; a back keeps its own copy below.
    Pixels cell = back == plan_.backs.end() ? std::move(rgb) : new_pixels();
    if (!cell.get_deleter().size) throw std::logic_error("tts: a cell without pixels");
    if (back != plan_.backs.end()) std::memcpy(cell.get(), rgb.get(), cell_bytes());
    if (sink_ && back == plan_.backs.end()) sink_(index, cell.get());  // a back: below
    std::optional<SplicedNow> complete;
    {
      std::lock_guard lock(mutex_);
      // (A back is taken on any row: its cell counts only where a band needs it.)
      Spliced& spliced = spliced_.at(front->first);
      if (!spliced.written && spliced_needs(front->first, front->second) &&
          spliced.cells.emplace(front->second, std::move(cell)).second)
        hold(cell_bytes());
      complete = take_splice(front->first, /*at_end=*/false);
    }
    // Written now, beside the cards still to place: at the end, it was the
    // last thing a one-card edit waited for before the manifest.
    if (complete) write_taken_splice(*complete);
    if (back == plan_.backs.end()) return;
  }
  auto front = where_.find(index);
  if (front != where_.end() && skipped_.count(front->second.first) > 0) front = where_.end();  // its sheet is there
  if (sink_) sink_(index, rgb.get());
  std::optional<Strip> strip;
  std::vector<SplicedNow> complete;  // spliced sheets whose back this is, their last card placed before it
  if (back != plan_.backs.end() && !sheets_) {
    auto cell = std::make_shared<Cell>();  // kept for finish()'s thumbnails
    cell->rgb = front == where_.end() ? std::move(rgb) : new_pixels();
    if (front != where_.end()) std::memcpy(cell->rgb.get(), rgb.get(), cell_bytes());
    std::lock_guard lock(mutex_);
    if (back_cells_.emplace(index, cell).second) hold(cell->bytes());
    take_splices_of_back(index, complete);
    strip = take_strip();
  } else if (back != plan_.backs.end()) {
    // The back's own image is its cell, written as it is.
    render::JpegWriter jpeg(plan_.card_w, plan_.card_h, plan_.dpi, kBackJpeg);
    const size_t row_bytes = static_cast<size_t>(plan_.card_w) * 3;
    for (int y = 0; y < plan_.card_h; ++y) jpeg.add_row(rgb.get() + y * row_bytes);
    const fs::path file = dir_ / back->second;
    write_output(file, jpeg.finish());
    auto cell = std::make_shared<Cell>();
    if (front == where_.end()) {
      cell->rgb = std::move(rgb);
    } else {  // a card that is its own back
      cell->rgb = new_pixels();
      std::memcpy(cell->rgb.get(), rgb.get(), cell_bytes());
    }
    std::lock_guard lock(mutex_);
    written_.push_back(file);
    if (back_cells_.emplace(index, cell).second) hold(cell->bytes());
    take_splices_of_back(index, complete);
    strip = take_strip();
  }
  for (const SplicedNow& now : complete) write_taken_splice(now);
  if (front != where_.end()) {
    const auto [sheet, at] = front->second;
    auto cell = std::make_shared<Cell>();
    const size_t row = first_row_[sheet] + static_cast<size_t>(at / plan_.sheets[sheet].columns);
    // next_row_ only grows: a cell near enough now stays near enough.
    const bool ahead = row > next_row_.load() + kRgbRowsAhead;
    if (ahead)
      cell->packed = pack(rgb.get(), cell_bytes());
    else
      cell->rgb = std::move(rgb);
    std::lock_guard lock(mutex_);
    if (row >= next_row_.load() && cells_.emplace(std::pair{sheet, at}, cell).second) {  // else placed twice
      hold(cell->bytes());
      packed_ += ahead ? 1 : 0;
    }
    if (!strip) strip = take_strip();
  }
  write_strips(std::move(strip));
}

std::optional<TtsWriter::Strip> TtsWriter::take_strip() {
  if (writing_ || failed_) return std::nullopt;
  pass_skipped();
  if (sheet_ >= plan_.sheets.size()) return std::nullopt;
  const TtsSheet& s = plan_.sheets[sheet_];
  Strip strip{sheet_, row_, std::vector<CellPtr>(static_cast<size_t>(s.columns)), 0};
  for (int c = 0; c < s.columns; ++c) {
    const int at = row_ * s.columns + c;
    if (static_cast<size_t>(at) < s.cards.size()) {
      auto it = cells_.find({sheet_, at});
      if (it == cells_.end()) return std::nullopt;
      strip.cells[c] = it->second;
    } else if (at == s.back_cell()) {
      auto it = back_cells_.find(s.back);
      if (it == back_cells_.end()) return std::nullopt;
      strip.cells[c] = it->second;
    }
  }
  // The fronts leave the map; while the row is written they are held as RGB.
  for (int c = 0; c < s.columns; ++c) {
    const int at = row_ * s.columns + c;
    if (static_cast<size_t>(at) >= s.cards.size()) break;
    held_ -= strip.cells[c]->bytes();
    strip.bytes += cell_bytes();
    cells_.erase({sheet_, at});
  }
  hold(strip.bytes);
  if (row_ == 0) peak_open_ = std::max(peak_open_, ++open_sheets_);
  writing_ = true;
  return strip;
}

void TtsWriter::write_strip(const Strip& strip) {
  if (!sheets_) return;  // set_no_sheets: the row is dropped
  const TtsSheet& s = plan_.sheets[strip.sheet];
  if (strip.row == 0) {
    jpeg_ = std::make_unique<render::JpegWriter>(s.columns * plan_.card_w, s.rows * plan_.card_h, plan_.dpi, kTtsJpeg);
    file_ = std::make_unique<PendingFile>(dir_ / s.file);
  }
  const size_t cell_row = static_cast<size_t>(plan_.card_w) * 3;
  std::vector<Pixels> unpacked(strip.cells.size());
  std::vector<const std::uint8_t*> pixels(strip.cells.size(), nullptr);
  for (size_t c = 0; c < strip.cells.size(); ++c) {
    if (!strip.cells[c]) continue;
    if (strip.cells[c]->rgb) {
      pixels[c] = strip.cells[c]->rgb.get();
    } else {
      unpacked[c] = new_pixels();
      unpack(strip.cells[c]->packed, unpacked[c].get(), cell_bytes());
      pixels[c] = unpacked[c].get();
    }
  }
  std::vector<std::uint8_t> row(cell_row * strip.cells.size());
  for (int y = 0; y < plan_.card_h; ++y) {
    for (size_t c = 0; c < strip.cells.size(); ++c) {
      std::uint8_t* out = row.data() + c * cell_row;
      if (pixels[c])
        std::memcpy(out, pixels[c] + y * cell_row, cell_row);
      else
        std::memset(out, 255, cell_row);  // an empty cell: paper
    }
    jpeg_->add_row(row.data());
  }
  file_->append(jpeg_->take_bytes());
  if (strip.row + 1 == s.rows) {
    file_->append(jpeg_->finish());
    file_->commit();
    jpeg_.reset();
    file_.reset();
  }
}

void TtsWriter::write_strips(std::optional<Strip> strip) {
  while (strip) {
    try {
      write_strip(*strip);
    } catch (...) {
      jpeg_.reset();
      file_.reset();  // removes the partial file
      std::lock_guard lock(mutex_);
      failed_ = true;
      writing_ = false;
      held_ -= strip->bytes;
      throw;
    }
    std::lock_guard lock(mutex_);
    held_ -= strip->bytes;
    if (++row_ == plan_.sheets[sheet_].rows) {
      if (sheets_) written_.push_back(dir_ / plan_.sheets[sheet_].file);
      --open_sheets_;
      ++sheet_;
      row_ = 0;
    }
    next_row_.fetch_add(1);
    writing_ = false;
    strip = take_strip();
  }
}

void TtsWriter::write_saved_objects() {
  std::lock_guard lock(objects_mutex_);
  if (!saved_objects_) write_objects();
}

// Under objects_mutex_. Each object's text is dropped once it is written (all are
// made first: a game has a few decks, and at 10,000 cards one of 14 MB).
void TtsWriter::write_objects() {
  saved_objects_.emplace();
  for (TtsObject& object : tts_deck_objects(plan_, save_.cards, save_.game_name, save_.url_base)) {
    file_sink_(dir_ / (object.stem + ".json"), object.json);
    std::string().swap(object.json);
    saved_objects_->emplace_back(object.stem, object.back);
  }
  // The cards' names and texts are read by nothing else: not held through
  // the cards (4 MB at 10,000 cards, while the build's memory peaks).
  save_ = TtsSaveInfo{};
}

void TtsWriter::finish() {
  std::lock_guard lock(mutex_);
  pass_skipped();
  if (sheet_ < plan_.sheets.size())
    throw std::logic_error("TTS sheet " + plan_.sheets[sheet_].file + " was not completed");
  for (const auto& [sheet, spliced] : spliced_)
    if (auto now = take_splice(sheet, /*at_end=*/true)) {
      write_spliced(sheet, spliced, now->cells, now->back.get());
      splice_written(*now);
    }
  std::lock_guard objects(objects_mutex_);
  if (!saved_objects_) write_objects();
  for (const auto& [stem, back] : *saved_objects_) {
    const fs::path png = dir_ / (stem + ".png");
    file_sink_(png, thumbnail(*back_cells_.at(back)));
    written_.push_back(dir_ / (stem + ".json"));  // listed as ever: each object, then its thumbnail
    written_.push_back(png);
  }
  for (const auto& [index, cell] : back_cells_) held_ -= cell->bytes();
  back_cells_.clear();
}

std::optional<TtsWriter::SplicedNow> TtsWriter::take_splice(size_t sheet, bool at_end) {
  Spliced& spliced = spliced_.at(sheet);
  const auto back = back_cells_.find(plan_.sheets[sheet].back);
  const bool complete = spliced.cells.size() == spliced.needed && back != back_cells_.end() && back->second->rgb;
  if (spliced.written || (!complete && !at_end)) return std::nullopt;
  spliced.written = true;
  return SplicedNow{sheet, std::move(spliced.cells), back == back_cells_.end() ? nullptr : back->second};
}

void TtsWriter::splice_written(const SplicedNow& taken) {
  written_.push_back(dir_ / plan_.sheets[taken.sheet].file);
  held_ -= taken.cells.size() * cell_bytes();
}

void TtsWriter::take_splices_of_back(size_t back, std::vector<SplicedNow>& out) {
  for (const auto& [sheet, spliced] : spliced_)
    if (plan_.sheets[sheet].back == back)
      if (auto now = take_splice(sheet, /*at_end=*/false)) out.push_back(std::move(*now));
}

void TtsWriter::write_taken_splice(const SplicedNow& taken) {
  write_spliced(taken.sheet, spliced_.at(taken.sheet), taken.cells, taken.back.get());
  std::lock_guard lock(mutex_);
  splice_written(taken);
}

void TtsWriter::write_spliced(size_t sheet, const Spliced& spliced, const std::map<int, Pixels>& cells,
                              const Cell* back) {
  const TtsSheet& s = plan_.sheets[sheet];
  const TtsBands bands(plan_, s);
  const size_t cell_row = static_cast<size_t>(plan_.card_w) * 3;
  // The pixels of cell `at`: a card placed, the back in the last cell, or
  // none (paper).
  const auto pixels_of = [&](int at) -> const std::uint8_t* {
    if (static_cast<size_t>(at) < s.cards.size()) {
      auto it = cells.find(at);
      if (it == cells.end()) throw std::logic_error("tts: a card of sheet " + s.file + " was not placed");
      return it->second.get();
    }
    if (at != s.back_cell()) return nullptr;
    if (!back || !back->rgb) throw std::logic_error("tts: the back of " + s.file + " is missing");
    return back->rgb.get();
  };
  std::vector<std::uint8_t> row(cell_row * static_cast<size_t>(s.columns));
  std::string file = spliced.head;
  for (int r = 0; r < bands.bands(); ++r) {
    if (!spliced.missing[static_cast<size_t>(r)]) {
      file += spliced.bands[static_cast<size_t>(r)];
      continue;
    }
    file += bands.code(r, [&](int y) {
      const int q = y / plan_.card_h, line = y % plan_.card_h;
      for (int c = 0; c < s.columns; ++c) {
        std::uint8_t* out = row.data() + static_cast<size_t>(c) * cell_row;
        if (const std::uint8_t* cell = pixels_of(q * s.columns + c))
          std::memcpy(out, cell + static_cast<size_t>(line) * cell_row, cell_row);
        else
          std::memset(out, 255, cell_row);  // an empty cell: paper
      }
      return static_cast<const std::uint8_t*>(row.data());
    });
  }
  write_output(dir_ / s.file, file);
}

// The back's cell scaled to fit kTtsThumbnailPx, by the renderer (Cairo's
// filter averages the pixels each thumbnail pixel covers).
std::string TtsWriter::thumbnail(const Cell& cell) const {
  auto pixels = std::make_shared<render::Raster>();
  pixels->width = plan_.card_w;
  pixels->height = plan_.card_h;
  pixels->dpi = plan_.dpi;
  pixels->rgba.resize(static_cast<size_t>(plan_.card_w) * plan_.card_h * 4);
  std::vector<std::uint8_t> rgb(cell_bytes());
  if (cell.rgb)
    std::memcpy(rgb.data(), cell.rgb.get(), cell_bytes());
  else
    unpack(cell.packed, rgb.data(), cell_bytes());
  for (size_t p = 0; p < rgb.size() / 3; ++p) {
    std::memcpy(&pixels->rgba[p * 4], &rgb[p * 3], 3);
    pixels->rgba[p * 4 + 3] = 255;
  }
  const double scale = static_cast<double>(kTtsThumbnailPx) / std::max(plan_.card_w, plan_.card_h);
  page::Page page;
  page.id = "tts/thumbnail";
  page.size = {px_to_mm(plan_.card_w, plan_.dpi), px_to_mm(plan_.card_h, plan_.dpi)};
  page.trim = page.safe = {0, 0, page.size.w, page.size.h};
  page::Item item;
  item.bounds = page.trim;
  item.name = "back";
  item.shape = page::Image{pixels,
                           {0, 0, static_cast<double>(plan_.card_w), static_cast<double>(plan_.card_h)},
                           page.trim,
                           0,
                           page::Image::Resampling::Smooth};
  page.items.push_back(std::move(item));
  return render::encode_png(render::render_raster(page, plan_.dpi * scale));
}

std::vector<fs::path> TtsWriter::written() const {
  std::lock_guard lock(mutex_);
  return written_;
}

size_t TtsWriter::peak_open_sheets() const {
  std::lock_guard lock(mutex_);
  return peak_open_;
}

size_t TtsWriter::held_bytes() const {
  std::lock_guard lock(mutex_);
  return held_;
}

size_t TtsWriter::peak_held_bytes() const {
  std::lock_guard lock(mutex_);
  return peak_held_;
}

size_t TtsWriter::packed_cells() const {
  std::lock_guard lock(mutex_);
  return packed_;
}

}  // namespace kw::products
