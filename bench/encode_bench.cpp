// Encoding card images: CPU time per card and file size for each PNG and JPEG
// setting, on real card PNGs (a build's output/<game>/cards/). The cards are
// decoded once; each setting then encodes every card, and its time is the
// thread's CPU time (user + sys), which other processes on the machine do not
// inflate the way they inflate wall time.
//
// PNG: libpng at several zlib levels, strategies and row filters (the
// "before" row is what kartenwerk used until the fast path), libdeflate with
// one filter for every row or a per-row choice, libspng (when it was found at
// configure time), and kartenwerk's own `--png fast` and `--png small`.
// JPEG: quality 95, 4:4:4, with the exact (islow) or the fast (ifast) DCT, with
// or without optimised Huffman tables, and kartenwerk's encoder. Also the
// conversion of a Cairo surface to the straight-alpha raster the encoders
// take, before and now.
//
// Usage: kw_encode_bench [--every N] [--repeat N] [--only TEXT] DIR_OR_PNG...
// --every N takes every Nth card, --only the settings whose name contains
// TEXT (for callgrind: valgrind --tool=callgrind --toggle-collect='*measure*'
// counts the instructions of the encoding alone, not of decoding the cards).
//
// kw_encode_bench --wall [--threads N] [--runs N] [--batch N] [--only TEXT]
// DIR_OR_PNG... instead measures the wall time of encoding every card, on N
// threads (default 1) taking the next card as they finish one, as a build's N
// workers do: the bound a build with -j N cannot beat (bench/all.sh's
// encode-only mode, with --only 'kartenwerk --png fast', the build's default
// PNG setting). The cards are read and decoded --batch at a time (default
// 128: a decoded card of 768 x 1146 px takes 3.5 MB), untimed, and each
// batch is encoded once per run; a run's figures are its batches' sums. One
// line per setting and run:
//   wall-s CPU-s cards threads MB run setting
// CPU is the process's user + sys time while it encoded.
#ifdef KW_HAVE_LIBDEFLATE
#include <libdeflate.h>
#endif
#include <png.h>
#include <zlib.h>
// clang-format off
#include <cstdio>  // jpeglib.h needs FILE and size_t first
#include <jpeglib.h>
// clang-format on
#ifdef KW_HAVE_SPNG
#include <spng.h>
#endif
#ifdef KW_HAVE_ISAL
#include <isa-l/igzip_lib.h>
#endif

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "render/image_surface.h"
#include "render/jpeg.h"
#include "render/png.h"

namespace {

namespace fs = std::filesystem;
using kw::render::Raster;
using Encoder = std::function<std::string(const Raster&)>;

double cpu_ms() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

// User + sys seconds of the whole process (every thread).
double process_cpu_s() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) / 1e9;
}

double wall_s() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }

// f(0) ... f(n - 1) on `threads` threads (this one included), each taking the
// next index when it is done with one.
template <class F>
void parallel(size_t n, int threads, const F& f) {
  std::atomic<size_t> next{0};
  auto work = [&] {
    for (size_t i; (i = next.fetch_add(1)) < n;) f(i);
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (std::thread& t : pool) t.join();
}

std::string read_file(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::stringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

// The RGB (opaque) or RGBA bytes of the raster, as the PNG rows hold them.
std::vector<std::uint8_t> pixel_bytes(const Raster& r, int& channels) {
  channels = r.opaque() ? 3 : 4;
  if (channels == 4) return r.rgba;
  std::vector<std::uint8_t> rgb(r.rgba.size() / 4 * 3);
  for (size_t i = 0, o = 0; i < r.rgba.size(); i += 4, o += 3) std::copy_n(&r.rgba[i], 3, &rgb[o]);
  return rgb;
}

// --- libpng ---------------------------------------------------------------

void append(png_structp png, png_bytep data, png_size_t n) {
  static_cast<std::string*>(png_get_io_ptr(png))->append(reinterpret_cast<const char*>(data), n);
}

std::string libpng(const Raster& r, int level, int strategy, int filters) {
  int channels = 0;
  std::vector<std::uint8_t> px = pixel_bytes(r, channels);
  std::string out;
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, nullptr, nullptr);
  png_infop info = png_create_info_struct(png);
  if (setjmp(png_jmpbuf(png))) std::abort();
  png_set_write_fn(png, &out, append, nullptr);
  png_set_IHDR(png, info, r.width, r.height, 8, channels == 3 ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_RGBA,
               PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_set_compression_level(png, level);
  png_set_compression_strategy(png, strategy);
  png_set_filter(png, PNG_FILTER_TYPE_BASE, filters);
  png_write_info(png, info);
  for (int y = 0; y < r.height; ++y) png_write_row(png, px.data() + static_cast<size_t>(y) * r.width * channels);
  png_write_end(png, nullptr);
  png_destroy_write_struct(&png, &info);
  return out;
}

// --- libdeflate with hand-made PNG chunks ------------------------------------
#ifdef KW_HAVE_LIBDEFLATE

void put32(std::string& s, std::uint32_t v) {
  for (int shift = 24; shift >= 0; shift -= 8) s += static_cast<char>(v >> shift & 0xFF);
}

void chunk(std::string& out, const char* type, const std::string& data) {
  put32(out, static_cast<std::uint32_t>(data.size()));
  std::string body = type + data;
  out += body;
  put32(out, static_cast<std::uint32_t>(
                 crc32(0, reinterpret_cast<const Bytef*>(body.data()), static_cast<uInt>(body.size()))));
}

// Filter 0 (none), 1 (sub), 2 (up) for every row, or -1: per row the one with
// the smallest sum of absolute byte values (libpng's heuristic, over none,
// sub and up only).
std::vector<std::uint8_t> filtered(const std::vector<std::uint8_t>& px, size_t row_bytes, int bpp, int filter) {
  const size_t rows = px.size() / row_bytes;
  std::vector<std::uint8_t> out(rows * (row_bytes + 1)), candidate(row_bytes);
  for (size_t y = 0; y < rows; ++y) {
    const std::uint8_t* row = &px[y * row_bytes];
    const std::uint8_t* above = y ? row - row_bytes : nullptr;
    std::uint8_t* dst = &out[y * (row_bytes + 1)];
    auto apply = [&](int f, std::uint8_t* to) {
      for (size_t i = 0; i < row_bytes; ++i) {
        std::uint8_t pred = f == 1            ? (i >= static_cast<size_t>(bpp) ? row[i - bpp] : 0)
                            : f == 2 && above ? above[i]
                                              : 0;
        to[i] = static_cast<std::uint8_t>(row[i] - pred);
      }
    };
    int best = filter;
    if (filter < 0) {
      long best_sum = -1;
      for (int f = 0; f <= 2; ++f) {
        apply(f, candidate.data());
        long sum = 0;
        for (std::uint8_t b : candidate) sum += b < 128 ? b : 256 - b;
        if (best_sum < 0 || sum < best_sum) best_sum = sum, best = f;
      }
    }
    dst[0] = static_cast<std::uint8_t>(best);
    apply(best, dst + 1);
  }
  return out;
}

std::string libdeflate_png(const Raster& r, int level, int filter) {
  int channels = 0;
  const std::vector<std::uint8_t> px = pixel_bytes(r, channels);  // sets channels
  std::vector<std::uint8_t> data = filtered(px, static_cast<size_t>(r.width) * channels, channels, filter);
  libdeflate_compressor* c = libdeflate_alloc_compressor(level);
  std::string z(libdeflate_zlib_compress_bound(c, data.size()), '\0');
  z.resize(libdeflate_zlib_compress(c, data.data(), data.size(), z.data(), z.size()));
  libdeflate_free_compressor(c);
  std::string out("\x89PNG\r\n\x1a\n", 8), ihdr;
  put32(ihdr, r.width);
  put32(ihdr, r.height);
  ihdr += std::string{8, static_cast<char>(channels == 3 ? 2 : 6), 0, 0, 0};
  chunk(out, "IHDR", ihdr);
  chunk(out, "IDAT", z);
  chunk(out, "IEND", "");
  return out;
}
#endif

#ifdef KW_HAVE_SPNG
std::string spng(const Raster& r, int level, int filters) {
  int channels = 0;
  std::vector<std::uint8_t> px = pixel_bytes(r, channels);
  spng_ctx* ctx = spng_ctx_new(SPNG_CTX_ENCODER);
  spng_set_option(ctx, SPNG_ENCODE_TO_BUFFER, 1);
  spng_set_option(ctx, SPNG_IMG_COMPRESSION_LEVEL, level);
  spng_set_option(ctx, SPNG_FILTER_CHOICE, filters);
  spng_ihdr ihdr{static_cast<std::uint32_t>(r.width),
                 static_cast<std::uint32_t>(r.height),
                 8,
                 static_cast<std::uint8_t>(channels == 3 ? SPNG_COLOR_TYPE_TRUECOLOR : SPNG_COLOR_TYPE_TRUECOLOR_ALPHA),
                 0,
                 0,
                 0};
  spng_set_ihdr(ctx, &ihdr);
  if (spng_encode_image(ctx, px.data(), px.size(), SPNG_FMT_PNG, SPNG_ENCODE_FINALIZE)) std::abort();
  size_t size = 0;
  int error = 0;
  void* buffer = spng_get_png_buffer(ctx, &size, &error);
  std::string out(static_cast<const char*>(buffer), size);
  std::free(buffer);
  spng_ctx_free(ctx);
  return out;
}
#endif

// A PNG of `r` (`channels` 3 or 4) around `idat`, a zlib stream of its rows.
std::string png_around(const Raster& r, int channels, const std::string& idat) {
  std::string out("\x89PNG\r\n\x1a\n", 8), ihdr;
  auto put = [](std::string& s, std::uint32_t v) {
    for (int shift = 24; shift >= 0; shift -= 8) s += static_cast<char>(v >> shift & 0xFF);
  };
  auto add_chunk = [&](const char* type, const std::string& data) {
    put(out, static_cast<std::uint32_t>(data.size()));
    const std::string body = type + data;
    out += body;
    put(out, static_cast<std::uint32_t>(
                 crc32(0, reinterpret_cast<const Bytef*>(body.data()), static_cast<uInt>(body.size()))));
  };
  put(ihdr, static_cast<std::uint32_t>(r.width));
  put(ihdr, static_cast<std::uint32_t>(r.height));
  ihdr += std::string{8, static_cast<char>(channels == 3 ? 2 : 6), 0, 0, 0};
  add_chunk("IHDR", ihdr);
  add_chunk("IDAT", idat);
  add_chunk("IEND", "");
  return out;
}

#ifdef KW_HAVE_ISAL
// ISA-L's igzip (Intel's SIMD deflate) at `level` (0 to 3) with a buffer of
// `tokens` thousand tokens (it bounds a deflate block), no row filter, fed
// whole rows about 128 kB at a time as the writer did while its fast mode
// used ISA-L (README, "PNG and JPEG encoding": why it no longer does), its
// zlib wrapper its own. Only where libisal-dev is installed, which `make`
// no longer does.
std::string isal_rows(const Raster& r, int level, int tokens) {
  int channels = 0;
  const std::vector<std::uint8_t> px = pixel_bytes(r, channels);
  const size_t row_bytes = static_cast<size_t>(r.width) * channels;
  isal_zstream z;
  isal_deflate_init(&z);
  z.gzip_flag = IGZIP_ZLIB;
  z.level = static_cast<std::uint32_t>(level);
  static const std::uint32_t required[] = {ISAL_DEF_LVL0_REQ, ISAL_DEF_LVL1_REQ, ISAL_DEF_LVL2_REQ, ISAL_DEF_LVL3_REQ};
  std::vector<std::uint8_t> level_buf(required[level] + (level == 0 ? 0 : 4 * 1024 * static_cast<size_t>(tokens)));
  z.level_buf = level_buf.data();
  z.level_buf_size = static_cast<std::uint32_t>(level_buf.size());
  std::string idat;
  const size_t rows_per_chunk = std::max<size_t>(1, (size_t{128} << 10) / (row_bytes + 1));
  std::vector<std::uint8_t> chunk;
  for (int y0 = 0; y0 < r.height; y0 += static_cast<int>(rows_per_chunk)) {
    const int y1 = std::min(r.height, y0 + static_cast<int>(rows_per_chunk));
    chunk.clear();
    for (int y = y0; y < y1; ++y) {
      chunk.push_back(0);
      chunk.insert(chunk.end(), px.begin() + static_cast<std::ptrdiff_t>(y * row_bytes),
                   px.begin() + static_cast<std::ptrdiff_t>((y + 1) * row_bytes));
    }
    z.next_in = chunk.data();
    z.avail_in = static_cast<std::uint32_t>(chunk.size());
    z.end_of_stream = y1 == r.height;
    do {
      const size_t used = idat.size();
      idat.resize(used + 65536);
      z.next_out = reinterpret_cast<std::uint8_t*>(idat.data() + used);
      z.avail_out = 65536;
      if (isal_deflate(&z) != COMP_OK) std::abort();
      idat.resize(used + 65536 - z.avail_out);
    } while (z.avail_in > 0 || (z.end_of_stream && z.internal_state.state != ZSTATE_END));
  }
  return png_around(r, channels, idat);
}
#endif

// --- zlib streamed row by row, as kartenwerk's PngWriter does ----------------

// `filter` 0 (none) or 1 (sub) on every row, deflated row by row at `level`
// with `strategy` (Z_RLE: matches at distance 1 only, i.e. runs of a byte,
// which the sub filter makes of every run of one colour).
std::string zlib_rows(const Raster& r, int level, int strategy, int filter) {
  int channels = 0;
  const std::vector<std::uint8_t> px = pixel_bytes(r, channels);
  const size_t row_bytes = static_cast<size_t>(r.width) * channels;
  z_stream z{};
  if (deflateInit2(&z, level, Z_DEFLATED, 15, 8, strategy) != Z_OK) std::abort();
  std::string idat;
  std::vector<std::uint8_t> row(row_bytes + 1);
  for (int y = 0; y < r.height; ++y) {
    const std::uint8_t* in = &px[static_cast<size_t>(y) * row_bytes];
    row[0] = static_cast<std::uint8_t>(filter);
    for (size_t i = 0; i < row_bytes; ++i)
      row[i + 1] =
          static_cast<std::uint8_t>(in[i] - (filter == 1 && i >= static_cast<size_t>(channels) ? in[i - channels] : 0));
    z.next_in = row.data();
    z.avail_in = static_cast<uInt>(row.size());
    const int flush = y + 1 == r.height ? Z_FINISH : Z_NO_FLUSH;
    for (;;) {
      const size_t used = idat.size();
      idat.resize(used + 65536);
      z.next_out = reinterpret_cast<Bytef*>(idat.data() + used);
      z.avail_out = 65536;
      const int st = deflate(&z, flush);
      idat.resize(idat.size() - z.avail_out);
      if (st == Z_STREAM_END || (flush != Z_FINISH && z.avail_in == 0 && z.avail_out != 0)) break;
    }
  }
  deflateEnd(&z);
  return png_around(r, channels, idat);
}

// --- JPEG -----------------------------------------------------------------

std::string libjpeg(const Raster& r, J_DCT_METHOD dct, bool optimize) {
  int channels = 0;
  std::vector<std::uint8_t> px = pixel_bytes(r, channels);
  if (channels != 3) return {};  // the cards are opaque; not measured otherwise
  jpeg_compress_struct cinfo{};
  jpeg_error_mgr err{};
  cinfo.err = jpeg_std_error(&err);
  jpeg_create_compress(&cinfo);
  unsigned char* buffer = nullptr;
  unsigned long size = 0;
  jpeg_mem_dest(&cinfo, &buffer, &size);
  cinfo.image_width = r.width;
  cinfo.image_height = r.height;
  cinfo.input_components = 3;
  cinfo.in_color_space = JCS_RGB;
  jpeg_set_defaults(&cinfo);
  jpeg_set_quality(&cinfo, 95, TRUE);
  for (int i = 0; i < cinfo.num_components; ++i)
    cinfo.comp_info[i].h_samp_factor = cinfo.comp_info[i].v_samp_factor = 1;
  cinfo.dct_method = dct;
  cinfo.optimize_coding = optimize;
  jpeg_start_compress(&cinfo, TRUE);
  while (cinfo.next_scanline < cinfo.image_height) {
    JSAMPROW row = px.data() + static_cast<size_t>(cinfo.next_scanline) * r.width * 3;
    jpeg_write_scanlines(&cinfo, &row, 1);
  }
  jpeg_finish_compress(&cinfo);
  jpeg_destroy_compress(&cinfo);
  std::string out(reinterpret_cast<const char*>(buffer), size);
  std::free(buffer);
  return out;
}

// --- the Cairo surface to a raster ------------------------------------------

// raster_from_surface as it was before the fast path: a division per channel.
[[gnu::noinline]] Raster old_raster_from_surface(cairo_surface_t* image) {
  cairo_surface_flush(image);
  Raster r;
  r.width = cairo_image_surface_get_width(image);
  r.height = cairo_image_surface_get_height(image);
  r.rgba.resize(static_cast<size_t>(r.width) * r.height * 4);
  std::uint8_t* out = r.rgba.data();
  for (int y = 0; y < r.height; ++y) {
    const unsigned char* row = cairo_image_surface_get_data(image) + y * cairo_image_surface_get_stride(image);
    for (int x = 0; x < r.width; ++x, out += 4) {
      std::uint32_t v;
      std::memcpy(&v, row + 4 * x, 4);
      std::uint32_t a = v >> 24;
      std::uint32_t c[3] = {(v >> 16) & 0xFF, (v >> 8) & 0xFF, v & 0xFF};
      for (int k = 0; k < 3; ++k) {
        std::uint32_t s = a == 255 ? c[k] : a == 0 ? 0 : (c[k] * 255 + a / 2) / a;
        out[k] = static_cast<std::uint8_t>(s > 255 ? 255 : s);
      }
      out[3] = static_cast<std::uint8_t>(a);
    }
  }
  return r;
}

// --- the run ----------------------------------------------------------------

struct Setting {
  std::string name;
  Encoder encode;
};

Setting libpng_setting(const std::string& name, int level, int strategy, int filters) {
  return {name, [=](const Raster& r) { return libpng(r, level, strategy, filters); }};
}

std::vector<Setting> png_settings() {
  using kw::render::PngCompression;
  std::vector<Setting> s = {
      libpng_setting("libpng z6 all filters (before)", 6, Z_DEFAULT_STRATEGY, PNG_ALL_FILTERS),
      libpng_setting("libpng z1 all filters", 1, Z_DEFAULT_STRATEGY, PNG_ALL_FILTERS),
      libpng_setting("libpng z1 sub", 1, Z_DEFAULT_STRATEGY, PNG_FILTER_SUB),
      libpng_setting("libpng z1 up", 1, Z_DEFAULT_STRATEGY, PNG_FILTER_UP),
      libpng_setting("libpng z6 up", 6, Z_DEFAULT_STRATEGY, PNG_FILTER_UP),
      libpng_setting("libpng rle up", 1, Z_RLE, PNG_FILTER_UP),
  };
  for (int level : {1, 2, 3, 4, 6, 9})
    s.push_back(
        libpng_setting("libpng z" + std::to_string(level) + " none", level, Z_DEFAULT_STRATEGY, PNG_FILTER_NONE));
  s.push_back(libpng_setting("libpng z6 filtered none", 6, Z_FILTERED, PNG_FILTER_NONE));
  for (int level : {1, 2, 3})
    for (int filter : {0, 1})
      s.push_back({"zlib rows z" + std::to_string(level) + (filter ? " sub" : " none"),
                   [=](const Raster& r) { return zlib_rows(r, level, Z_DEFAULT_STRATEGY, filter); }});
  s.push_back({"zlib rows rle none", [](const Raster& r) { return zlib_rows(r, 1, Z_RLE, 0); }});
  s.push_back({"zlib rows rle sub", [](const Raster& r) { return zlib_rows(r, 1, Z_RLE, 1); }});
  s.push_back({"zlib rows huffman sub", [](const Raster& r) { return zlib_rows(r, 1, Z_HUFFMAN_ONLY, 1); }});
#ifdef KW_HAVE_LIBDEFLATE
  for (int level : {1, 3, 6, 9})
    s.push_back({"libdeflate " + std::to_string(level) + " none",
                 [level](const Raster& r) { return libdeflate_png(r, level, 0); }});
  s.push_back({"libdeflate 6 up", [](const Raster& r) { return libdeflate_png(r, 6, 2); }});
  for (int level : {1, 2, 3})
    s.push_back({"libdeflate " + std::to_string(level) + " sub",
                 [level](const Raster& r) { return libdeflate_png(r, level, 1); }});
  s.push_back({"libdeflate 6 per row", [](const Raster& r) { return libdeflate_png(r, 6, -1); }});
#endif
#ifdef KW_HAVE_ISAL
  for (int level = 0; level <= 3; ++level)
    for (int tokens : {1, 2, 4, 16, 64})
      s.push_back({"isal " + std::to_string(level) + " none " + std::to_string(tokens) + "k tokens",
                   [level, tokens](const Raster& r) { return isal_rows(r, level, tokens); }});
#endif
#ifdef KW_HAVE_SPNG
  s.push_back({"libspng z3 none", [](const Raster& r) { return spng(r, 3, SPNG_FILTER_CHOICE_NONE); }});
  s.push_back({"libspng z6 all filters", [](const Raster& r) { return spng(r, 6, SPNG_FILTER_CHOICE_ALL); }});
#endif
  s.push_back(
      {"kartenwerk --png fast", [](const Raster& r) { return kw::render::encode_png(r, PngCompression::Fast); }});
  s.push_back(
      {"kartenwerk --png small", [](const Raster& r) { return kw::render::encode_png(r, PngCompression::Small); }});
  return s;
}

std::vector<Setting> jpeg_settings() {
  return {
      {"jpeg q95 islow optimised (before)", [](const Raster& r) { return libjpeg(r, JDCT_ISLOW, true); }},
      {"jpeg q95 islow standard tables", [](const Raster& r) { return libjpeg(r, JDCT_ISLOW, false); }},
      {"jpeg q95 ifast optimised", [](const Raster& r) { return libjpeg(r, JDCT_IFAST, true); }},
      {"jpeg q95 ifast standard tables", [](const Raster& r) { return libjpeg(r, JDCT_IFAST, false); }},
      {"kartenwerk jpeg (card settings)",
       [](const Raster& r) { return kw::render::encode_jpeg(r, kw::render::kCardJpeg); }},
  };
}

// One line: CPU ms per card, MB in all, and the size against `base_bytes`.
double measure(const Setting& s, const std::vector<Raster>& cards, int repeat, double base_bytes) {
  double bytes = 0, start = cpu_ms();
  for (int i = 0; i < repeat; ++i)
    for (const Raster& r : cards) bytes += static_cast<double>(s.encode(r).size());
  double ms = (cpu_ms() - start) / repeat / static_cast<double>(cards.size());
  bytes /= repeat;
  std::printf("%-36s %9.2f %9.2f %8.1f%%\n", s.name.c_str(), ms, bytes / 1e6,
              base_bytes > 0 ? 100 * bytes / base_bytes : 100.0);
  std::fflush(stdout);
  return bytes;
}

void measure_conversion(const std::vector<Raster>& cards, int repeat) {
  std::vector<kw::render::detail::SurfacePtr> surfaces;
  surfaces.reserve(cards.size());
  for (const Raster& r : cards) surfaces.push_back(kw::render::detail::surface_from_raster(r));
  auto run = [&](const char* name, const std::function<void(cairo_surface_t*)>& convert) {
    double start = cpu_ms();
    for (int i = 0; i < repeat; ++i)
      for (auto& s : surfaces) convert(s.get());
    std::printf("%-36s %9.2f\n", name, (cpu_ms() - start) / repeat / static_cast<double>(cards.size()));
  };
  run("surface to raster (before)", [](cairo_surface_t* s) { old_raster_from_surface(s); });
  run("surface to raster (now)", [](cairo_surface_t* s) { kw::render::detail::raster_from_surface(s, 300); });
}

std::vector<fs::path> png_files(const std::vector<fs::path>& inputs, int every) {
  std::vector<fs::path> files;
  for (const auto& in : inputs) {
    if (!fs::is_directory(in)) {
      files.push_back(in);
      continue;
    }
    for (const auto& e : fs::recursive_directory_iterator(in))
      if (e.path().extension() == ".png") files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  std::vector<fs::path> taken;
  for (size_t i = 0; i < files.size(); i += every) taken.push_back(files[i]);
  return taken;
}

std::vector<Raster> load_cards(const std::vector<fs::path>& inputs, int every) {
  std::vector<Raster> cards;
  for (const fs::path& file : png_files(inputs, every)) cards.push_back(kw::render::decode_png(read_file(file)));
  return cards;
}

// --wall: see the top of the file.
int measure_wall(const std::vector<fs::path>& files, const std::vector<Setting>& settings, int threads, int runs,
                 size_t batch) {
  struct Figures {
    std::vector<double> wall, cpu, bytes;
  };
  std::vector<Figures> figures(settings.size(),
                               {std::vector<double>(runs), std::vector<double>(runs), std::vector<double>(runs)});
  for (size_t first = 0; first < files.size(); first += batch) {
    const size_t n = std::min(batch, files.size() - first);
    std::vector<Raster> cards(n);
    parallel(n, threads, [&](size_t i) { cards[i] = kw::render::decode_png(read_file(files[first + i])); });
    for (size_t s = 0; s < settings.size(); ++s)
      for (int run = 0; run < runs; ++run) {
        std::atomic<size_t> bytes{0};
        const double wall = wall_s(), cpu = process_cpu_s();
        parallel(n, threads, [&](size_t i) { bytes.fetch_add(settings[s].encode(cards[i]).size()); });
        figures[s].wall[run] += wall_s() - wall;
        figures[s].cpu[run] += process_cpu_s() - cpu;
        figures[s].bytes[run] += static_cast<double>(bytes.load());
      }
  }
  for (size_t s = 0; s < settings.size(); ++s)
    for (int run = 0; run < runs; ++run)
      std::printf("%.3f %.3f %zu %d %.2f %d %s\n", figures[s].wall[run], figures[s].cpu[run], files.size(), threads,
                  figures[s].bytes[run] / 1e6, run + 1, settings[s].name.c_str());
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  int every = 1, repeat = 1, threads = 1, runs = 1, batch = 128;
  bool wall = false;
  std::string only;
  std::vector<fs::path> inputs;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if ((a == "--every" || a == "--repeat" || a == "--threads" || a == "--runs" || a == "--batch") && i + 1 < argc)
      (a == "--every"     ? every
       : a == "--repeat"  ? repeat
       : a == "--threads" ? threads
       : a == "--runs"    ? runs
                          : batch) = std::max(1, std::atoi(argv[++i]));
    else if (a == "--only" && i + 1 < argc)
      only = argv[++i];
    else if (a == "--wall")
      wall = true;
    else
      inputs.emplace_back(a);
  }
  if (inputs.empty()) {
    std::fprintf(stderr,
                 "usage: kw_encode_bench [--every N] [--repeat N] [--only TEXT] DIR_OR_PNG...\n"
                 "       kw_encode_bench --wall [--threads N] [--runs N] [--batch N] [--every N] [--only TEXT] "
                 "DIR_OR_PNG...\n");
    return 2;
  }
  if (wall) {
    std::vector<Setting> settings;
    for (const auto& list : {png_settings(), jpeg_settings()})
      for (const Setting& s : list)
        if (s.name.find(only) != std::string::npos) settings.push_back(s);
    if (settings.empty()) return std::fprintf(stderr, "no setting's name contains '%s'\n", only.c_str()), 2;
    const std::vector<fs::path> files = png_files(inputs, every);
    if (files.empty()) return std::fprintf(stderr, "no PNG files found\n"), 1;
    return measure_wall(files, settings, threads, runs, static_cast<size_t>(batch));
  }
  std::vector<Raster> cards = load_cards(inputs, every);
  if (cards.empty()) return std::fprintf(stderr, "no PNG files found\n"), 1;
  std::printf("%zu cards, %d x %d px (first); CPU time (user+sys) of one thread\n", cards.size(), cards[0].width,
              cards[0].height);
  std::printf("%-36s %9s %9s %9s\n", "setting", "ms/card", "MB", "size");
  // Sizes are against the first setting of each list measured: "before".
  for (const auto& settings : {png_settings(), jpeg_settings()}) {
    double base = 0;
    for (const Setting& s : settings) {
      if (s.name.find(only) == std::string::npos) continue;
      double bytes = measure(s, cards, repeat, base);
      if (base == 0) base = bytes;
    }
  }
  for (const char* row : {"surface to raster (before)", "surface to raster (now)"})
    if (std::string(row).find(only) != std::string::npos) return measure_conversion(cards, repeat), 0;
  return 0;
}
