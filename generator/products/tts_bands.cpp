#include "products/tts_bands.h"

#include <algorithm>
#include <stdexcept>

namespace kw::products {

namespace {

// Pixel rows of a block row: 8, as every component is sampled 1 x 1
// (render/jpeg_writer.cpp, set_parameters); subsampled chroma would make it 16.
constexpr int kBlock = 8;

std::string marker_after(int block, int blocks) {
  if (block + 1 == blocks) return "\xFF\xD9";
  return {'\xFF', static_cast<char>(0xD0 + block % 8)};
}

}  // namespace

TtsBands::TtsBands(const TtsPlan& plan, const TtsSheet& sheet)
    : width_(sheet.columns * plan.card_w),
      height_(sheet.rows * plan.card_h),
      cell_h_(plan.card_h),
      rows_(sheet.rows),
      dpi_(plan.dpi) {}

bool TtsBands::banded() const { return cell_h_ >= kBlock; }

int TtsBands::first_block(int r) const {
  if (r >= rows_) return (height_ + kBlock - 1) / kBlock;
  return (r * cell_h_ + kBlock - 1) / kBlock;
}

int TtsBands::last_cell_row(int r) const {
  const int end = std::min(first_block(r + 1) * kBlock, height_);  // the band's pixel rows end here
  return (end - 1) / cell_h_;
}

bool TtsBands::row_needed(int q, const std::vector<bool>& missing) const {
  for (int r = std::max(0, q - 1); r <= q && r < rows_; ++r)
    if (missing.at(static_cast<size_t>(r)) && last_cell_row(r) >= q) return true;
  return false;
}

std::optional<std::pair<std::string, std::vector<std::string>>> TtsBands::split(std::string_view file) const {
  if (!banded()) return std::nullopt;
  const auto intervals = render::jpeg_restart_intervals(file);
  if (!intervals || intervals->starts.size() != static_cast<size_t>(first_block(rows_))) return std::nullopt;
  std::pair<std::string, std::vector<std::string>> out;
  out.first = std::string(file.substr(0, intervals->starts.front()));
  for (int r = 0; r < rows_; ++r) {
    const size_t from = intervals->starts[static_cast<size_t>(first_block(r))];
    const size_t to = r + 1 < rows_ ? intervals->starts[static_cast<size_t>(first_block(r + 1))] : file.size();
    out.second.emplace_back(file.substr(from, to - from));
  }
  return out;
}

std::string TtsBands::code(int r, const std::function<const std::uint8_t*(int y)>& row) const {
  const int top = first_block(r) * kBlock, bottom = std::min(first_block(r + 1) * kBlock, height_);
  // The band as a JPEG of its own: its intervals are the sheet's (a band
  // above the last has whole blocks; the last is padded as the sheet is).
  render::JpegWriter jpeg(width_, bottom - top, dpi_, kTtsJpeg);
  for (int y = top; y < bottom; ++y) jpeg.add_row(row(y));
  const std::string alone = jpeg.finish();
  const auto intervals = render::jpeg_restart_intervals(alone);
  if (!intervals || intervals->starts.size() != static_cast<size_t>(first_block(r + 1) - first_block(r)))
    throw std::logic_error("tts: a band's JPEG has not one interval per row of blocks");
  std::string out;
  const int blocks = first_block(rows_);
  for (size_t i = 0; i < intervals->starts.size(); ++i) {
    const size_t end = i + 1 < intervals->starts.size() ? intervals->starts[i + 1] - 2 : intervals->eoi;
    out.append(alone, intervals->starts[i], end - intervals->starts[i]);
    out += marker_after(first_block(r) + static_cast<int>(i), blocks);
  }
  return out;
}

}  // namespace kw::products
