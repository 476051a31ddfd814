#include "print/imposition/tts.h"

#include <jpeglib.h>
#include <cstdio>  // jpeglib.h needs FILE and size_t first

#include <algorithm>
#include <cmath>
#include <csetjmp>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <vector>

#include "core/files.h"
#include "print/imposition/contact_sheet.h"
#include "print/products/manifest.h"

namespace kw::print {

namespace fs = std::filesystem;
using render::detail::CairoPtr;
using render::detail::SurfacePtr;

namespace {

// "00-back-balrog" -> "back-balrog"
std::string without_number(const std::string& stem) {
  auto dash = stem.find('-');
  return dash == std::string::npos ? stem : stem.substr(dash + 1);
}

int back_cell(const TtsSheet& s) { return s.columns * s.rows - 1; }

// A sheet is large (3790 x 4095 px): it is compressed straight from the cairo
// surface, row by row, with libjpeg's standard Huffman tables (optimised
// tables would buffer every coefficient of the image), so encoding needs no
// second copy of it. Baseline, 4:4:4, deterministic.
struct JpegErrors {
  jpeg_error_mgr pub;
  std::jmp_buf jump;
  char message[JMSG_LENGTH_MAX];
};

void jpeg_fail(j_common_ptr cinfo) {
  auto* err = reinterpret_cast<JpegErrors*>(cinfo->err);
  (*cinfo->err->format_message)(cinfo, err->message);
  std::longjmp(err->jump, 1);
}
void jpeg_quiet(j_common_ptr, int) {}

struct JpegSink {
  jpeg_compress_struct cinfo{};
  JpegErrors err{};
  unsigned char* buffer = nullptr;
  unsigned long size = 0;
  ~JpegSink() {
    jpeg_destroy_compress(&cinfo);
    std::free(buffer);
  }
};

// No objects with destructors live between setjmp and a longjmp here.
bool compress_rows(JpegSink& j, const unsigned char* data, int stride, int width, int height, int quality, int dpi,
                   JSAMPLE* row) {
  j.cinfo.err = jpeg_std_error(&j.err.pub);
  j.err.pub.error_exit = jpeg_fail;
  j.err.pub.emit_message = jpeg_quiet;
  if (setjmp(j.err.jump)) return false;
  jpeg_create_compress(&j.cinfo);
  jpeg_mem_dest(&j.cinfo, &j.buffer, &j.size);
  j.cinfo.image_width = static_cast<JDIMENSION>(width);
  j.cinfo.image_height = static_cast<JDIMENSION>(height);
  j.cinfo.input_components = 3;
  j.cinfo.in_color_space = JCS_RGB;
  jpeg_set_defaults(&j.cinfo);
  jpeg_set_quality(&j.cinfo, quality, TRUE);
  for (int i = 0; i < j.cinfo.num_components; ++i) {
    j.cinfo.comp_info[i].h_samp_factor = 1;
    j.cinfo.comp_info[i].v_samp_factor = 1;
  }
  j.cinfo.write_JFIF_header = TRUE;
  j.cinfo.density_unit = 1;
  j.cinfo.X_density = static_cast<UINT16>(dpi);
  j.cinfo.Y_density = static_cast<UINT16>(dpi);
  j.cinfo.dct_method = JDCT_ISLOW;
  j.cinfo.optimize_coding = FALSE;
  jpeg_start_compress(&j.cinfo, TRUE);
  for (int y = 0; y < height; ++y) {
    const auto* px = reinterpret_cast<const std::uint32_t*>(data + static_cast<size_t>(y) * stride);
    for (int x = 0; x < width; ++x) {
      // Premultiplied ARGB over white: c + (255 - a).
      std::uint32_t p = px[x];
      unsigned a = p >> 24;
      row[3 * x] = static_cast<JSAMPLE>(((p >> 16) & 0xff) + 255 - a);
      row[3 * x + 1] = static_cast<JSAMPLE>(((p >> 8) & 0xff) + 255 - a);
      row[3 * x + 2] = static_cast<JSAMPLE>((p & 0xff) + 255 - a);
    }
    JSAMPROW rows[1] = {row};
    jpeg_write_scanlines(&j.cinfo, rows, 1);
  }
  jpeg_finish_compress(&j.cinfo);
  return true;
}

std::string encode_surface_jpeg(cairo_surface_t* surface, int quality, int dpi) {
  cairo_surface_flush(surface);
  int width = cairo_image_surface_get_width(surface), height = cairo_image_surface_get_height(surface);
  std::vector<JSAMPLE> row(static_cast<size_t>(width) * 3);
  JpegSink sink;
  if (!compress_rows(sink, cairo_image_surface_get_data(surface), cairo_image_surface_get_stride(surface), width,
                     height, quality, std::clamp(dpi, 0, 65535), row.data()))
    throw std::runtime_error(std::string("cannot write JPEG: ") + sink.err.message);
  return std::string(reinterpret_cast<const char*>(sink.buffer), sink.size);
}

}  // namespace

TtsPlan plan_tts(std::span<const TtsCard> cards, Size trim, const std::string& game_id,
                 std::span<const std::string> stems) {
  TtsPlan plan;
  plan.game_id = game_id;
  double s = std::min(kTtsMaxSidePx / (kTtsMaxColumns * trim.w), kTtsMaxSidePx / (kTtsMaxRows * trim.h));
  plan.card_w = static_cast<int>(std::floor(trim.w * s));
  plan.card_h = static_cast<int>(std::floor(trim.h * s));
  const size_t per_sheet = kTtsMaxColumns * kTtsMaxRows - 1;  // the last cell shows the back
  for (size_t i = 0; i < cards.size();) {
    size_t back = cards[i].back;
    size_t end = i;
    while (end < cards.size() && cards[end].back == back && end - i < per_sheet) ++end;
    if (!plan.backs.count(back))
      plan.backs[back] = game_id + "-" + without_number(back < stems.size() ? stems[back] : "back") + ".jpg";
    TtsSheet sheet;
    sheet.file = game_id + "-" + std::to_string(plan.sheets.size() + 1) + ".jpg";
    sheet.back = back;
    sheet.back_file = plan.backs[back];
    size_t cells = end - i + 1;
    sheet.columns = static_cast<int>(std::min<size_t>(kTtsMaxColumns, cells));
    sheet.rows = static_cast<int>((cells + sheet.columns - 1) / sheet.columns);
    for (size_t k = i; k < end; ++k) sheet.cards.push_back(cards[k].front);
    plan.sheets.push_back(std::move(sheet));
    i = end;
  }
  return plan;
}

std::string tts_json(const TtsPlan& plan, std::span<const std::string> stems) {
  std::string json = "{\n  \"card_width\": " + std::to_string(plan.card_w) +
                     ",\n  \"card_height\": " + std::to_string(plan.card_h) + ",\n  \"decks\": [\n";
  for (size_t k = 0; k < plan.sheets.size(); ++k) {
    const TtsSheet& s = plan.sheets[k];
    json += "    {\"face\": " + json_string(s.file) + ", \"back\": " + json_string(s.back_file) +
            ", \"width\": " + std::to_string(s.columns) + ", \"height\": " + std::to_string(s.rows) +
            ", \"number\": " + std::to_string(s.cards.size()) + ",\n     \"cards\": [";
    for (size_t i = 0; i < s.cards.size(); ++i)
      json += (i ? ", " : "") + json_string(s.cards[i] < stems.size() ? stems[s.cards[i]] : "");
    json += "]}" + std::string(k + 1 < plan.sheets.size() ? ",\n" : "\n");
  }
  return json + "  ]\n}\n";
}

TtsWriter::TtsWriter(TtsPlan plan, std::vector<const page::Page*> pages, fs::path dir)
    : plan_(std::move(plan)), pages_(std::move(pages)), dir_(std::move(dir)) {
  for (size_t s = 0; s < plan_.sheets.size(); ++s)
    for (size_t c = 0; c < plan_.sheets[s].cards.size(); ++c) where_[plan_.sheets[s].cards[c]] = {s, c};
}

void TtsWriter::write_jpeg(cairo_surface_t* surface, const fs::path& file) {
  const page::Page* any = pages_.empty() ? nullptr : pages_.front();
  double dpi = any ? plan_.card_w / (any->trim.w / kMmPerInch) : 0;
  write_file_atomic(file, encode_surface_jpeg(surface, 90, static_cast<int>(std::lround(dpi))));
}

TtsWriter::Surface TtsWriter::cell_image(size_t index, cairo_surface_t* image) const {
  Surface cell(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, plan_.card_w, plan_.card_h));
  CairoPtr cr(cairo_create(cell.get()));
  paint_card_trim(cr.get(), image, *pages_.at(index),
                  {0, 0, static_cast<double>(plan_.card_w), static_cast<double>(plan_.card_h)}, 0);
  return cell;
}

TtsWriter::Surface TtsWriter::fill_current() {
  if (writing_ || current_ >= plan_.sheets.size()) return nullptr;
  const TtsSheet& sheet = plan_.sheets[current_];
  auto paint = [&](int cell, cairo_surface_t* image) {
    if (!sheet_) {
      sheet_.reset(
          cairo_image_surface_create(CAIRO_FORMAT_ARGB32, sheet.columns * plan_.card_w, sheet.rows * plan_.card_h));
      CairoPtr white(cairo_create(sheet_.get()));
      cairo_set_source_rgb(white.get(), 1, 1, 1);
      cairo_paint(white.get());
      peak_open_ = std::max(peak_open_, ++open_sheets_);
    }
    CairoPtr cr(cairo_create(sheet_.get()));
    cairo_set_source_surface(cr.get(), image, (cell % sheet.columns) * plan_.card_w,
                             (cell / sheet.columns) * plan_.card_h);
    cairo_paint(cr.get());
  };
  if (auto w = waiting_.find(current_); w != waiting_.end()) {
    for (auto& [cell, image] : w->second) {
      paint(static_cast<int>(cell), image.get());
      ++placed_;
    }
    waiting_.erase(w);
  }
  if (!back_placed_ && placed_ > 0) {
    if (auto b = back_cells_.find(sheet.back); b != back_cells_.end()) {
      paint(back_cell(sheet), b->second.get());
      back_placed_ = true;
    }
  }
  if (placed_ < sheet.cards.size() || !back_placed_) return nullptr;
  writing_ = true;
  return std::move(sheet_);
}

void TtsWriter::place(size_t index, cairo_surface_t* image) {
  Surface done;
  {
    std::lock_guard lock(mutex_);
    if (auto b = plan_.backs.find(index); b != plan_.backs.end()) {
      Surface cell = cell_image(index, image);
      write_jpeg(cell.get(), dir_ / b->second);
      written_.push_back(dir_ / b->second);
      back_cells_[index] = std::move(cell);
    }
    if (auto w = where_.find(index); w != where_.end())
      waiting_[w->second.first].push_back({w->second.second, cell_image(index, image)});
    done = fill_current();
  }
  // Write finished sheets outside the lock; the next sheet opens only then.
  while (done) {
    fs::path file = dir_ / plan_.sheets[current_].file;
    write_jpeg(done.get(), file);
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
  write_file_atomic(json, tts_json(plan_, stems));
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
