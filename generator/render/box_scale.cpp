#include "render/box_scale.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "render/error.h"

namespace kw::render::detail {

namespace {

// Weights are fixed point: those of one target pixel add up to exactly
// this. Eight bits, so that a weighted sum of bytes fits 16 bits and the
// vertical pass runs on 16-bit lanes; an eighth of a grey level of
// difference from exact weights.
constexpr std::uint32_t kOne = 1U << 8;

// The source pixels one target pixel averages, and their weights.
struct Taps {
  int first = 0;                      // the first source pixel
  std::vector<std::uint16_t> weight;  // of first, first + 1, ...; they add up to kOne
};

// Along one axis: target pixels floor(t0) .. ceil(t1) - 1 over the target
// span [t0, t1), which shows the source span [s0, s0 + s_len) of a raster
// `size` pixels long.
std::vector<Taps> axis_taps(double t0, double t1, double s0, double s_len, int size) {
  const double scale = s_len / (t1 - t0);  // source pixels per target pixel
  const int first = static_cast<int>(std::floor(t0)), last = static_cast<int>(std::ceil(t1));
  std::vector<Taps> taps;
  taps.reserve(static_cast<size_t>(last - first));
  for (int p = first; p < last; ++p) {
    // The part of target pixel p inside the target, in source pixels,
    // clamped to the raster.
    const double d0 = std::max<double>(p, t0), d1 = std::min<double>(p + 1, t1);
    double a = std::clamp(s0 + (d0 - t0) * scale, 0.0, static_cast<double>(size));
    double b = std::clamp(s0 + (d1 - t0) * scale, 0.0, static_cast<double>(size));
    Taps t;
    if (b - a < 1e-9) {  // covers (nearly) nothing: the nearest source pixel
      t.first = std::clamp(static_cast<int>(std::floor(a)), 0, size - 1);
      t.weight = {kOne};
      taps.push_back(std::move(t));
      continue;
    }
    t.first = static_cast<int>(std::floor(a));
    const int end = std::min(size, static_cast<int>(std::ceil(b)));
    std::vector<double> cover;
    for (int k = t.first; k < end; ++k) cover.push_back(std::min<double>(b, k + 1) - std::max<double>(a, k));
    // Rounded to fixed point; the rounding error goes to the largest weight
    // so that they add up to exactly one.
    std::uint32_t sum = 0;
    for (double c : cover) {
      t.weight.push_back(static_cast<std::uint16_t>(std::lround(c / (b - a) * kOne)));
      sum += t.weight.back();
    }
    auto largest = std::max_element(t.weight.begin(), t.weight.end());
    *largest = static_cast<std::uint16_t>(*largest + kOne - sum);  // may take away: wraps back in range
    taps.push_back(std::move(t));
  }
  return taps;
}

// sum[i] += w * in[i] for i < n: where the time goes (every source byte
// passes here once or twice). In GCC/Clang vectors of 16 lanes, since -O2
// does not vectorise a loop of unknown length. The sums of one target row's
// weights are kOne at most: 255 * 256 fits 16 bits.
void add_weighted(std::uint16_t* sum, const std::uint8_t* in, size_t n, std::uint16_t w) {
  using Bytes = std::uint8_t __attribute__((vector_size(16)));
  using Lanes = std::uint16_t __attribute__((vector_size(32)));
  size_t i = 0;
  for (; i + 16 <= n; i += 16) {
    Bytes b;
    Lanes s;
    std::memcpy(&b, in + i, sizeof b);
    std::memcpy(&s, sum + i, sizeof s);
    s += __builtin_convertvector(b, Lanes) * w;
    std::memcpy(sum + i, &s, sizeof s);
  }
  for (; i < n; ++i) sum[i] = static_cast<std::uint16_t>(sum[i] + w * in[i]);
}

// Whether the n RGBA pixels at `row` all have alpha 255: the pixels ANDed
// together four at a time, then the alpha byte of the result.
bool opaque(const std::uint8_t* row, int n) {
  using Words = std::uint32_t __attribute__((vector_size(16)));
  Words all = {~0U, ~0U, ~0U, ~0U};
  int x = 0;
  for (; x + 4 <= n; x += 4) {
    Words w;
    std::memcpy(&w, row + 4 * x, sizeof w);
    all &= w;
  }
  std::uint32_t word = all[0] & all[1] & all[2] & all[3];
  for (; x < n; ++x) {
    std::uint32_t w;
    std::memcpy(&w, row + 4 * x, 4);
    word &= w;
  }
  std::uint8_t bytes[4];
  std::memcpy(bytes, &word, 4);  // in memory order, whatever the byte order of a word
  return bytes[3] == 255;
}

// Row y of the raster from column x0 on (n pixels), premultiplied as
// surface_from_raster does (the same rounding); an opaque row as it is.
const std::uint8_t* premultiplied_row(const Raster& raster, int y, int x0, int n, std::vector<std::uint8_t>& scratch) {
  const std::uint8_t* row = raster.rgba.data() + (static_cast<size_t>(y) * raster.width + x0) * 4;
  if (opaque(row, n)) return row;
  scratch.resize(static_cast<size_t>(n) * 4);
  for (int x = 0; x < n; ++x) {
    const std::uint32_t a = row[4 * x + 3];
    for (int c = 0; c < 3; ++c) scratch[4 * x + c] = static_cast<std::uint8_t>((row[4 * x + c] * a + 127) / 255);
    scratch[4 * x + 3] = static_cast<std::uint8_t>(a);
  }
  return scratch.data();
}

}  // namespace

BoxScaled box_scale(const Raster& raster, const Rect& source, const Rect& target) {
  if (raster.width <= 0 || raster.height <= 0 ||
      raster.rgba.size() != static_cast<size_t>(raster.width) * raster.height * 4)
    throw RenderError("image without pixels, or with too few for its size");
  if (!(target.w > 0 && target.h > 0 && source.w > 0 && source.h > 0))
    throw RenderError("an image scaled to or from nothing");
  const std::vector<Taps> columns = axis_taps(target.x, target.right(), source.x, source.w, raster.width);
  const std::vector<Taps> rows = axis_taps(target.y, target.bottom(), source.y, source.h, raster.height);
  const int width = static_cast<int>(columns.size()), height = static_cast<int>(rows.size());
  BoxScaled out;
  out.x = static_cast<int>(std::floor(target.x));
  out.y = static_cast<int>(std::floor(target.y));
  out.surface.reset(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height));
  if (cairo_surface_status(out.surface.get()) != CAIRO_STATUS_SUCCESS)
    throw RenderError("cannot create a " + std::to_string(width) + "x" + std::to_string(height) + " image");
  cairo_surface_flush(out.surface.get());
  unsigned char* data = cairo_image_surface_get_data(out.surface.get());
  const int stride = cairo_image_surface_get_stride(out.surface.get());

  // The source columns any target pixel reads.
  int x0 = raster.width, x1 = 0;
  for (const Taps& c : columns) {
    x0 = std::min(x0, c.first);
    x1 = std::max(x1, c.first + static_cast<int>(c.weight.size()));
  }
  const int n = x1 - x0;
  std::vector<std::uint16_t> column(static_cast<size_t>(n) * 4);  // a target row before the horizontal pass, x kOne
  std::vector<std::uint8_t> scratch;
  for (int ty = 0; ty < height; ++ty) {
    // Vertical: the weighted sum of the source rows under target row ty,
    // byte for byte (a loop the compiler vectorises).
    std::fill(column.begin(), column.end(), 0);
    const Taps& r = rows[static_cast<size_t>(ty)];
    for (size_t k = 0; k < r.weight.size(); ++k) {
      const std::uint8_t* in = premultiplied_row(raster, r.first + static_cast<int>(k), x0, n, scratch);
      add_weighted(column.data(), in, column.size(), r.weight[k]);
    }
    // Horizontal: each target pixel from its columns; colour and alpha
    // rounded alike, so the colour stays within the alpha (premultiplied).
    unsigned char* row = data + static_cast<size_t>(ty) * stride;
    for (int tx = 0; tx < width; ++tx) {
      const Taps& c = columns[static_cast<size_t>(tx)];
      std::uint32_t v[4] = {0, 0, 0, 0};  // at most 255 * kOne * kOne
      const std::uint16_t* in = column.data() + static_cast<size_t>(c.first - x0) * 4;
      for (size_t k = 0; k < c.weight.size(); ++k)
        for (int ch = 0; ch < 4; ++ch) v[ch] += static_cast<std::uint32_t>(c.weight[k]) * in[4 * k + ch];
      std::uint32_t rgba[4];
      for (int ch = 0; ch < 4; ++ch) rgba[ch] = std::min<std::uint32_t>(255, (v[ch] + kOne * kOne / 2) / (kOne * kOne));
      const std::uint32_t argb = rgba[3] << 24 | rgba[0] << 16 | rgba[1] << 8 | rgba[2];
      std::memcpy(row + 4 * tx, &argb, 4);
    }
  }
  cairo_surface_mark_dirty(out.surface.get());
  return out;
}

}  // namespace kw::render::detail
