#include "render/png.h"

#include <png.h>

#include <cmath>
#include <csetjmp>
#include <cstring>
#include <string>
#include <vector>

#include "render/error.h"

namespace kw::render {

namespace {

// As in png_writer.cpp: libpng errors longjmp back into read_header or
// read_pixels, which hold nothing with a destructor; the buffers and the
// libpng structs are owned by the callers.
struct ReadContext {
  const std::string* in = nullptr;
  size_t pos = 0;
  std::string error;
};

void on_error(png_structp png, png_const_charp message) {
  try {
    static_cast<ReadContext*>(png_get_error_ptr(png))->error = message;
  } catch (...) {
  }
  png_longjmp(png, 1);
}
void on_warning(png_structp, png_const_charp) {}

void on_read(png_structp png, png_bytep data, png_size_t length) {
  auto* ctx = static_cast<ReadContext*>(png_get_io_ptr(png));
  if (ctx->in->size() - ctx->pos < length) png_error(png, "truncated PNG");
  std::memcpy(data, ctx->in->data() + ctx->pos, length);
  ctx->pos += length;
}

struct ReadStruct {
  png_structp png = nullptr;
  png_infop info = nullptr;
  ~ReadStruct() { png_destroy_read_struct(&png, &info, nullptr); }
};

struct Header {
  png_uint_32 width = 0, height = 0;
  png_uint_32 ppm_x = 0, ppm_y = 0;
  int phys_unit = -1;  // -1: no pHYs
  std::string icc;     // iCCP, decompressed by libpng
};

bool read_header(ReadStruct& s, ReadContext& ctx, Header& h, bool expand_to_rgba) {
  if (setjmp(png_jmpbuf(s.png))) return false;
  png_set_read_fn(s.png, &ctx, on_read);
  png_read_info(s.png, s.info);
  h.width = png_get_image_width(s.png, s.info);
  h.height = png_get_image_height(s.png, s.info);
  if (png_get_valid(s.png, s.info, PNG_INFO_pHYs)) png_get_pHYs(s.png, s.info, &h.ppm_x, &h.ppm_y, &h.phys_unit);
  if (png_get_valid(s.png, s.info, PNG_INFO_iCCP)) {
    png_charp name = nullptr;
    int compression = 0;
    png_bytep profile = nullptr;
    png_uint_32 length = 0;
    if (png_get_iCCP(s.png, s.info, &name, &compression, &profile, &length) && profile)
      h.icc.assign(reinterpret_cast<const char*>(profile), length);
  }
  if (!expand_to_rgba) return true;
  // Whatever the file holds, hand out 8-bit RGBA with values as stored.
  int color = png_get_color_type(s.png, s.info);
  int depth = png_get_bit_depth(s.png, s.info);
  if (color == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(s.png);
  if (color == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(s.png);
  if (png_get_valid(s.png, s.info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(s.png);
  if (depth == 16) png_set_scale_16(s.png);
  if (color == PNG_COLOR_TYPE_GRAY || color == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(s.png);
  if (!(color & PNG_COLOR_MASK_ALPHA) && !png_get_valid(s.png, s.info, PNG_INFO_tRNS))
    png_set_filler(s.png, 0xFF, PNG_FILLER_AFTER);
  png_set_interlace_handling(s.png);
  png_read_update_info(s.png, s.info);
  if (png_get_rowbytes(s.png, s.info) != static_cast<size_t>(h.width) * 4) png_error(s.png, "unsupported PNG layout");
  return true;
}

bool read_pixels(ReadStruct& s, png_bytepp rows) {
  if (setjmp(png_jmpbuf(s.png))) return false;
  png_read_image(s.png, rows);
  png_read_end(s.png, nullptr);
  return true;
}

void open_png(ReadStruct& s, ReadContext& ctx) {
  if (ctx.in->size() < 8 || png_sig_cmp(reinterpret_cast<png_const_bytep>(ctx.in->data()), 0, 8) != 0)
    throw RenderError("not a PNG file");
  s.png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &ctx, on_error, on_warning);
  if (!s.png) throw RenderError("cannot read PNG: libpng initialisation failed");
  s.info = png_create_info_struct(s.png);
  if (!s.info) throw RenderError("cannot read PNG: libpng initialisation failed");
}

double dpi_from(const Header& h) {
  if (h.phys_unit != PNG_RESOLUTION_METER || h.ppm_x == 0) return 0;
  return std::round(h.ppm_x * 0.0254 * 100) / 100;
}

}  // namespace

Raster decode_png(const std::string& bytes) {
  ReadContext ctx{&bytes, 0, {}};
  ReadStruct s;
  open_png(s, ctx);
  Header h;
  if (!read_header(s, ctx, h, true)) throw RenderError("cannot read PNG: " + ctx.error);
  Raster r;
  r.width = static_cast<int>(h.width);
  r.height = static_cast<int>(h.height);
  r.dpi = dpi_from(h);
  r.rgba.resize(static_cast<size_t>(h.width) * h.height * 4);
  std::vector<png_bytep> rows(h.height);
  for (png_uint_32 y = 0; y < h.height; ++y) rows[y] = r.rgba.data() + static_cast<size_t>(y) * h.width * 4;
  if (!read_pixels(s, rows.data())) throw RenderError("cannot read PNG: " + ctx.error);
  return r;
}

std::optional<double> png_dpi(const std::string& bytes) {
  ReadContext ctx{&bytes, 0, {}};
  ReadStruct s;
  open_png(s, ctx);
  Header h;
  if (!read_header(s, ctx, h, false)) throw RenderError("cannot read PNG: " + ctx.error);
  double dpi = dpi_from(h);
  if (dpi > 0) return dpi;
  return std::nullopt;
}

PngInfo png_info(const std::string& bytes) {
  ReadContext ctx{&bytes, 0, {}};
  ReadStruct s;
  open_png(s, ctx);
  Header h;
  if (!read_header(s, ctx, h, false)) throw RenderError("cannot read PNG: " + ctx.error);
  return {static_cast<int>(h.width), static_cast<int>(h.height), std::move(h.icc)};
}

}  // namespace kw::render
