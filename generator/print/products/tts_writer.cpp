#include "print/products/tts_writer.h"

#include <algorithm>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "print/output/json_text.h"
#include "print/output/output_files.h"
#include "render/raster.h"

namespace kw::print {

namespace fs = std::filesystem;

namespace {

// A sheet is large (3790 x 4095 px): standard Huffman tables let libjpeg
// stream it row by row (optimised ones would hold every coefficient).
const render::JpegOptions kTtsJpeg{90, false};

}  // namespace

std::string tts_json(const TtsPlan& plan, std::span<const std::string> stems) {
  nlohmann::ordered_json decks = nlohmann::ordered_json::array();
  for (const TtsSheet& s : plan.sheets) {
    nlohmann::ordered_json cards = nlohmann::ordered_json::array();
    for (size_t card : s.cards) cards.push_back(card < stems.size() ? stems[card] : "");
    decks.push_back({{"face", s.file},
                     {"back", s.back_file},
                     {"width", s.columns},
                     {"height", s.rows},
                     {"number", s.cards.size()},
                     {"cards", cards}});
  }
  nlohmann::ordered_json doc;
  doc["card_width"] = plan.card_w;
  doc["card_height"] = plan.card_h;
  doc["decks"] = decks;
  return json_text(doc);
}

TtsWriter::TtsWriter(TtsPlan plan, std::vector<const page::Page*> pages, fs::path dir)
    : plan_(std::move(plan)), pages_(std::move(pages)), dir_(std::move(dir)) {
  for (size_t s = 0; s < plan_.sheets.size(); ++s)
    for (size_t c = 0; c < plan_.sheets[s].cards.size(); ++c)
      where_[plan_.sheets[s].cards[c]] = {s, static_cast<int>(c)};
}

void TtsWriter::paint_cell(int cell, Cell image) {
  if (!sheet_) {
    sheet_ = std::make_unique<render::Canvas>(tts_sheet_ground(plan_, current_), plan_.dpi);
    peak_open_ = std::max(peak_open_, ++open_sheets_);
  }
  sheet_->paint(tts_sheet_cell(plan_, current_, cell, std::move(image)));
}

TtsWriter::Sheet TtsWriter::fill_current() {
  if (writing_ || current_ >= plan_.sheets.size()) return nullptr;
  const TtsSheet& sheet = plan_.sheets[current_];
  if (auto w = waiting_.find(current_); w != waiting_.end()) {
    for (auto& [cell, image] : w->second) {
      paint_cell(cell, std::move(image));
      ++placed_;
    }
    waiting_.erase(w);
  }
  if (!back_placed_ && placed_ > 0) {
    if (auto b = back_cells_.find(sheet.back); b != back_cells_.end()) {
      paint_cell(sheet.back_cell(), b->second);
      back_placed_ = true;
    }
  }
  if (placed_ < sheet.cards.size() || !back_placed_) return nullptr;
  writing_ = true;
  return std::move(sheet_);
}

// The back's own image is its cell, written as it is.
void TtsWriter::place_back(size_t index, const Cell& image, const std::string& file) {
  render::Canvas cell(tts_cell(plan_, *pages_.at(index), image), plan_.dpi);
  write_output(dir_ / file, cell.encode_jpeg(kTtsJpeg));
  written_.push_back(dir_ / file);
  back_cells_[index] = std::make_shared<const page::Raster>(cell.raster());
}

void TtsWriter::place(size_t index, std::shared_ptr<const page::Raster> image) {
  Sheet done;
  {
    std::lock_guard lock(mutex_);
    if (auto b = plan_.backs.find(index); b != plan_.backs.end()) place_back(index, image, b->second);
    if (auto w = where_.find(index); w != where_.end()) {
      auto cell = std::make_shared<const page::Raster>(
          render::render_raster(tts_cell(plan_, *pages_.at(index), image), plan_.dpi));
      waiting_[w->second.first].push_back({w->second.second, std::move(cell)});
    }
    done = fill_current();
  }
  write_sheets(std::move(done));
}

void TtsWriter::write_sheets(Sheet done) {
  while (done) {
    fs::path file = dir_ / plan_.sheets[current_].file;
    write_output(file, done->encode_jpeg(kTtsJpeg));
    done.reset();
    std::lock_guard lock(mutex_);
    --open_sheets_;
    written_.push_back(file);
    ++current_;
    placed_ = 0;
    back_placed_ = false;
    writing_ = false;
    done = fill_current();
  }
}

void TtsWriter::finish(std::span<const std::string> stems) {
  std::lock_guard lock(mutex_);
  if (current_ < plan_.sheets.size())
    throw std::logic_error("TTS sheet " + plan_.sheets[current_].file + " was not completed");
  back_cells_.clear();
  fs::path json = dir_ / (plan_.game_id + "-tts.json");
  write_output(json, tts_json(plan_, stems));
  written_.push_back(json);
}

std::vector<fs::path> TtsWriter::written() const {
  std::lock_guard lock(mutex_);
  return written_;
}

size_t TtsWriter::peak_open_sheets() const {
  std::lock_guard lock(mutex_);
  return peak_open_;
}

}  // namespace kw::print
