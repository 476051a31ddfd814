#include "render/png.h"

#include <png.h>
#include <zlib.h>

#include <cmath>
#include <csetjmp>
#include <string>
#include <vector>

#include "render/error.h"

namespace kw::render {

namespace {

// libpng reports errors by longjmp. Everything with a destructor lives in the
// caller of write_png (which the jump never crosses); write_png itself only
// holds plain pointers and ints.
struct WriteContext {
  std::string* out = nullptr;
  std::string error;
};

void on_error(png_structp png, png_const_charp message) {
  try {
    static_cast<WriteContext*>(png_get_error_ptr(png))->error = message;
  } catch (...) {
  }
  png_longjmp(png, 1);
}
void on_warning(png_structp, png_const_charp) {}

void on_write(png_structp png, png_bytep data, png_size_t length) {
  auto* ctx = static_cast<WriteContext*>(png_get_io_ptr(png));
  try {
    ctx->out->append(reinterpret_cast<const char*>(data), length);
  } catch (...) {
    png_error(png, "out of memory");  // never let a C++ exception cross libpng
  }
}
void on_flush(png_structp) {}

struct WriteStruct {
  png_structp png = nullptr;
  png_infop info = nullptr;
  ~WriteStruct() { png_destroy_write_struct(&png, &info); }
};

bool write_png(WriteStruct& s, WriteContext& ctx, png_uint_32 width, png_uint_32 height, int color_type,
               png_uint_32 px_per_metre, png_bytepp rows, PngCompression compression) {
  if (setjmp(png_jmpbuf(s.png))) return false;
  png_set_write_fn(s.png, &ctx, on_write, on_flush);
  png_set_IHDR(s.png, s.info, width, height, 8, color_type, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
               PNG_FILTER_TYPE_DEFAULT);
  // Cairo paints in sRGB; saying so keeps colour-managed viewers and RIPs
  // from guessing.
  png_set_sRGB(s.png, s.info, PNG_sRGB_INTENT_PERCEPTUAL);
  if (px_per_metre > 0) png_set_pHYs(s.png, s.info, px_per_metre, px_per_metre, PNG_RESOLUTION_METER);
  // Fixed settings (not library defaults that could change) so the same
  // pixels always give the same bytes.
  const bool fast = compression == PngCompression::Fast;
  png_set_compression_level(s.png, fast ? 1 : 6);
  png_set_compression_mem_level(s.png, 8);
  png_set_compression_strategy(s.png, Z_DEFAULT_STRATEGY);
  png_set_compression_window_bits(s.png, 15);
  png_set_filter(s.png, PNG_FILTER_TYPE_BASE, fast ? PNG_FILTER_SUB : PNG_ALL_FILTERS);
  png_write_info(s.png, s.info);
  png_write_image(s.png, rows);
  png_write_end(s.png, nullptr);
  return true;
}

}  // namespace

std::string encode_png(const Raster& raster, PngCompression compression) {
  if (raster.width <= 0 || raster.height <= 0 ||
      raster.rgba.size() != static_cast<size_t>(raster.width) * raster.height * 4)
    throw RenderError("cannot write PNG: raster is empty or inconsistent");
  bool rgb = raster.opaque();
  size_t channels = rgb ? 3 : 4;
  size_t row_bytes = static_cast<size_t>(raster.width) * channels;

  std::vector<std::uint8_t> packed;
  if (rgb) {
    packed.resize(row_bytes * raster.height);
    for (size_t i = 0, o = 0; i < raster.rgba.size(); i += 4, o += 3) {
      packed[o] = raster.rgba[i];
      packed[o + 1] = raster.rgba[i + 1];
      packed[o + 2] = raster.rgba[i + 2];
    }
  }
  // libpng takes non-const rows but does not modify them when writing.
  auto* base = rgb ? packed.data() : const_cast<std::uint8_t*>(raster.rgba.data());
  std::vector<png_bytep> rows(raster.height);
  for (int y = 0; y < raster.height; ++y) rows[y] = base + y * row_bytes;

  // 300 dpi = 11811.02 px/m; pHYs stores whole pixels per metre.
  png_uint_32 ppm = raster.dpi > 0 ? static_cast<png_uint_32>(std::lround(raster.dpi / 0.0254)) : 0;

  std::string out;
  WriteContext ctx{&out, {}};
  WriteStruct s;
  s.png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &ctx, on_error, on_warning);
  if (!s.png) throw RenderError("cannot write PNG: libpng initialisation failed");
  s.info = png_create_info_struct(s.png);
  if (!s.info) throw RenderError("cannot write PNG: libpng initialisation failed");
  if (!write_png(s, ctx, static_cast<png_uint_32>(raster.width), static_cast<png_uint_32>(raster.height),
                 rgb ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_RGBA, ppm, rows.data(), compression))
    throw RenderError("cannot write PNG: " + ctx.error);
  return out;
}

std::string render_png(const page::Page& page, double dpi) { return encode_png(render_raster(page, dpi)); }

}  // namespace kw::render
