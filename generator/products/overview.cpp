#include "products/overview.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>

#include <fmt/format.h>

#include "impose/contact_sheet.h"
#include "render/deflate.h"
#include "render/raster.h"

namespace kw::products {

namespace {

impose::ContactSheetGeometry geometry_for(std::span<const page::Page* const> pages) {
  if (pages.empty()) throw std::invalid_argument("contact sheet without cards");
  const page::Page& first = *pages.front();
  return impose::contact_sheet_geometry(pages.size(), {first.trim.w, first.trim.h});
}

render::PixelRect pixels_of(const Rect& r) {
  return {static_cast<int>(r.x), static_cast<int>(r.y), static_cast<int>(r.w), static_cast<int>(r.h)};
}

// A cell's pixels as RGB (the cell is opaque: the grey ground is under the
// card's rounded corners), compressed fast (zlib's level 1,
// render/deflate.h): it is read back once, or kept in the build's cache.
std::string pack_cell(const render::Raster& cell) {
  std::vector<std::uint8_t> rgb(static_cast<size_t>(cell.width) * cell.height * 3);
  for (size_t p = 0, n = rgb.size() / 3; p < n; ++p) std::memcpy(&rgb[3 * p], &cell.rgba[4 * p], 3);
  std::string out = render::deflate_fast(rgb.data(), rgb.size());
  out.shrink_to_fit();  // it is kept
  return out;
}

// Unpacks `packed` (a w x h cell) into `strip` (straight RGBA, `strip_w`
// wide) with its top-left corner at (x, y).
void unpack_cell(const std::string& packed, int w, int h, render::Raster& strip, int x, int y) {
  std::vector<std::uint8_t> rgb(static_cast<size_t>(w) * h * 3);
  if (!render::inflate_raw(packed, rgb.data(), rgb.size()))
    throw std::runtime_error("overview: a card's cell does not unpack");
  for (int row = 0; row < h; ++row) {
    std::uint8_t* out = strip.rgba.data() + (static_cast<size_t>(y + row) * strip.width + x) * 4;
    const std::uint8_t* in = rgb.data() + static_cast<size_t>(row) * w * 3;
    for (int col = 0; col < w; ++col, out += 4, in += 3) {
      std::memcpy(out, in, 3);
      out[3] = 255;
    }
  }
}

}  // namespace

OverviewSheet::OverviewSheet(std::span<const page::Page* const> pages, std::span<const std::string> labels,
                             const text::Typesetter& typesetter, render::PngCompression compression)
    : pages_(pages.begin(), pages.end()),
      labels_(labels.begin(), labels.begin() + static_cast<std::ptrdiff_t>(std::min(labels.size(), pages.size()))),
      typesetter_(typesetter),
      geometry_(geometry_for(pages)),
      cells_(pages_.size()),
      given_(static_cast<size_t>(geometry_.rows)),
      compression_(compression) {
  Diagnostics none;
  ground_ = impose::contact_sheet_ground(geometry_, {}, typesetter_, none);
  png_ = std::make_unique<render::BandedPngWriter>(geometry_.width, geometry_.height, geometry_.dpi, /*opaque=*/true,
                                                   compression);
}

OverviewSheet::~OverviewSheet() = default;

std::string OverviewSheet::cell(size_t index, std::shared_ptr<const page::Raster> image) const {
  if (index >= pages_.size()) throw std::out_of_range("contact sheet has no card " + std::to_string(index));
  // The card over the ground, as painted on the whole sheet, but only its
  // cell rendered.
  page::Page cell = ground_;
  page::Page card = impose::contact_sheet_card(geometry_, index, *pages_[index], std::move(image));
  cell.items.push_back(std::move(card.items.front()));
  return pack_cell(render::render_region(cell, geometry_.dpi, pixels_of(geometry_.card(index))));
}

void OverviewSheet::set_cell(size_t index, std::string packed) {
  if (index >= pages_.size()) throw std::out_of_range("contact sheet has no card " + std::to_string(index));
  std::unique_lock lock(mutex_);
  if (static_cast<int>(index) / geometry_.columns < next_row_) return;  // its row is written
  cells_[index] = std::move(packed);
  write_rows(lock, false);
}

bool OverviewSheet::give_row(int r, const std::string& band) {
  if (r < 0 || r >= geometry_.rows) return false;
  auto unpacked = render::PngBand::unpack(band);
  const int row_h = geometry_.card_h + geometry_.label_h + geometry_.gap;
  const int height = r == 0 ? geometry_.gap + row_h : row_h;  // as write_row cuts the strips
  if (!unpacked || unpacked->rows != height ||
      unpacked->length != static_cast<std::uint64_t>(height) * (1 + 3 * static_cast<std::uint64_t>(geometry_.width)))
    return false;
  std::lock_guard lock(mutex_);
  given_[static_cast<size_t>(r)] = band;
  return true;
}

bool OverviewSheet::row_complete(int r) const {
  if (!given_[static_cast<size_t>(r)].empty()) return true;
  const size_t first = static_cast<size_t>(r) * geometry_.columns;
  for (size_t i = first; i < std::min(first + geometry_.columns, pages_.size()); ++i)
    if (cells_[i].empty()) return false;
  return true;
}

void OverviewSheet::write_rows(std::unique_lock<std::mutex>& lock, bool all) {
  const impose::ContactSheetGeometry& g = geometry_;
  while (!writing_ && !failure_ && next_row_ < g.rows && (all || row_complete(next_row_))) {
    // The row's cells leave the sheet: written, they are not needed again.
    const int r = next_row_;
    const size_t first = static_cast<size_t>(r) * g.columns;
    std::vector<std::string> cells;
    for (size_t i = first; i < std::min(first + g.columns, pages_.size()); ++i) cells.push_back(std::move(cells_[i]));
    writing_ = true;
    lock.unlock();
    std::exception_ptr failed;
    try {
      write_row(r, cells);
    } catch (...) {
      failed = std::current_exception();
    }
    lock.lock();
    writing_ = false;
    ++next_row_;
    if (failed) failure_ = failed;
    written_.notify_all();
  }
  // A failure is encode_png's to report (a label that does not fit is a
  // located message there, not an exception on some card's thread).
}

void OverviewSheet::write_row(int r, const std::vector<std::string>& cells) {
  // given_ is set before any card is placed: read without the lock.
  if (const std::string& given = given_[static_cast<size_t>(r)]; !given.empty()) {
    png_->add_band(*render::PngBand::unpack(given));
    return;
  }
  const impose::ContactSheetGeometry& g = geometry_;
  // Strip r: card row r with its labels, from the gap above it (the sheet's
  // top edge for the first) to the gap below its labels.
  const int row_h = g.card_h + g.label_h + g.gap;
  const int top = r == 0 ? 0 : g.gap + r * row_h, bottom = g.gap + (r + 1) * row_h;
  const size_t first = static_cast<size_t>(r) * g.columns;
  const size_t from = std::min(first, labels_.size()), to = std::min(first + g.columns, labels_.size());
  Diagnostics diags;
  page::Page strip_page = impose::contact_sheet_ground(
      g, std::span<const std::string>(labels_).subspan(from, to - from), typesetter_, diags, from);
  if (diags.has_errors()) {
    {
      std::lock_guard lock(mutex_);
      label_errors_.append(diags);
    }
    throw std::runtime_error("overview: a label cannot be set");
  }
  render::Raster strip = render::render_region(strip_page, g.dpi, {0, top, g.width, bottom - top});
  for (size_t k = 0; k < cells.size(); ++k) {
    if (cells[k].empty()) continue;  // never placed: the ground shows
    const render::PixelRect c = pixels_of(g.card(first + k));
    unpack_cell(cells[k], c.width, c.height, strip, c.x, c.y - top);
  }
  render::PngBandEncoder band(strip.width, /*opaque=*/true, compression_);
  for (int y = 0; y < strip.height; ++y) band.add_row(strip.rgba.data() + static_cast<size_t>(y) * strip.width * 4);
  const render::PngBand made = band.finish();
  if (keep_) keep_(r, made.pack());
  png_->add_band(made);
}

std::string OverviewSheet::cell_key(size_t index) const {
  const render::PixelRect c = pixels_of(geometry_.card(index));
  // The ground and the drawing of a cell are the program's (cache keys
  // carry its identity).
  return fmt::format("cell {} {} {}x{} on {}x{} at {} dpi", c.x, c.y, c.width, c.height, geometry_.width,
                     geometry_.height, geometry_.dpi);
}

bool OverviewSheet::write_remaining_rows(Diagnostics& diags) {
  std::unique_lock lock(mutex_);
  if (!png_) throw std::logic_error("overview encoded twice");
  written_.wait(lock, [this] { return !writing_; });
  write_rows(lock, true);
  if (!label_errors_.empty()) {
    diags.append(label_errors_);
    return false;
  }
  if (failure_) std::rethrow_exception(failure_);
  return true;
}

std::string OverviewSheet::encode_png(Diagnostics& diags) {
  if (!write_remaining_rows(diags)) return {};
  std::string png = png_->finish();
  png_.reset();
  return png;
}

std::optional<FileDigest> OverviewSheet::finish_file(Diagnostics& diags) {
  if (!write_remaining_rows(diags)) return std::nullopt;
  const FileDigest digest = png_->finish_file();
  png_.reset();
  return digest;
}

}  // namespace kw::products
