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
// `known` remembers per row whether it is opaque (-1: not looked at yet):
// each source row is read for two to six target rows.
const std::uint8_t* premultiplied_row(const Raster& raster, int y, int x0, int n, std::vector<std::uint8_t>& scratch,
                                      std::vector<signed char>& known) {
  const std::uint8_t* row = raster.rgba.data() + (static_cast<size_t>(y) * raster.width + x0) * 4;
  signed char& is_opaque = known[static_cast<size_t>(y)];
  if (is_opaque < 0) is_opaque = opaque(row, n) ? 1 : 0;
  if (is_opaque) return row;
  scratch.resize(static_cast<size_t>(n) * 4);
  for (int x = 0; x < n; ++x) {
    const std::uint32_t a = row[4 * x + 3];
    for (int c = 0; c < 3; ++c) scratch[4 * x + c] = static_cast<std::uint8_t>((row[4 * x + c] * a + 127) / 255);
    scratch[4 * x + 3] = static_cast<std::uint8_t>(a);
  }
  return scratch.data();
}

// The horizontal pass's taps, flat: target pixel t reads the column sums
// from offset[t] (in lanes: 4 per pixel) with weights weight[begin[t] ..
// begin[t + 1]).
struct FlatTaps {
  std::vector<size_t> offset, begin;
  std::vector<std::uint32_t> weight;
};
FlatTaps flat(const std::vector<Taps>& taps, int x0) {
  FlatTaps f;
  f.begin.push_back(0);
  for (const Taps& t : taps) {
    f.offset.push_back(static_cast<size_t>(t.first - x0) * 4);
    f.weight.insert(f.weight.end(), t.weight.begin(), t.weight.end());
    f.begin.push_back(f.weight.size());
  }
  return f;
}

// Horizontal: each target pixel of a row from its column sums, its four
// channels at once (GCC/Clang vectors); colour and alpha rounded alike, so
// the colour stays within the alpha (premultiplied). Sums reach at most
// 255 * kOne * kOne, which fits 32 bits.
void horizontal(const FlatTaps& taps, const std::uint16_t* column, int width, unsigned char* row) {
  using Lanes = std::uint32_t __attribute__((vector_size(16)));
  using Shorts = std::uint16_t __attribute__((vector_size(8)));
  const Lanes half = {kOne * kOne / 2, kOne * kOne / 2, kOne * kOne / 2, kOne * kOne / 2};
  for (int tx = 0; tx < width; ++tx) {
    const std::uint16_t* in = column + taps.offset[static_cast<size_t>(tx)];
    Lanes v = {0, 0, 0, 0};
    const size_t b = taps.begin[static_cast<size_t>(tx)], e = taps.begin[static_cast<size_t>(tx) + 1];
    for (size_t k = b; k < e; ++k, in += 4) {
      Shorts p;
      std::memcpy(&p, in, sizeof p);
      v += __builtin_convertvector(p, Lanes) * taps.weight[k];
    }
    v = (v + half) >> 16;  // / (kOne * kOne)
    for (int ch = 0; ch < 4; ++ch) v[ch] = std::min(v[ch], 255U);
    const std::uint32_t argb = v[3] << 24 | v[0] << 16 | v[1] << 8 | v[2];
    std::memcpy(row + 4 * static_cast<size_t>(tx), &argb, 4);
  }
}
static_assert(kOne * kOne == 1U << 16, "horizontal() divides by shifting");

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
  std::vector<signed char> known(static_cast<size_t>(raster.height), -1);
  const FlatTaps flat_columns = flat(columns, x0);
  for (int ty = 0; ty < height; ++ty) {
    // Vertical: the weighted sum of the source rows under target row ty,
    // byte for byte (a loop the compiler vectorises).
    std::fill(column.begin(), column.end(), 0);
    const Taps& r = rows[static_cast<size_t>(ty)];
    for (size_t k = 0; k < r.weight.size(); ++k) {
      const std::uint8_t* in = premultiplied_row(raster, r.first + static_cast<int>(k), x0, n, scratch, known);
      add_weighted(column.data(), in, column.size(), r.weight[k]);
    }
    horizontal(flat_columns, column.data(), width, data + static_cast<size_t>(ty) * stride);
  }
  cairo_surface_mark_dirty(out.surface.get());
  return out;
}

}  // namespace kw::render::detail
