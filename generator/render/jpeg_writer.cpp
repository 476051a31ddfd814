#include "render/jpeg.h"

#include <jpeglib.h>
#include <cstdio>  // jpeglib.h needs FILE and size_t first

#include <algorithm>
#include <cmath>
#include <csetjmp>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

#include "render/error.h"

namespace kw::render {

namespace {

// libjpeg's default error handler calls exit(); ours longjmps back into
// compress(), which holds nothing with a destructor. The compressor and its
// output buffer are owned by Compressor in the caller.
struct ErrorManager {
  jpeg_error_mgr pub;
  std::jmp_buf jump;
  char message[JMSG_LENGTH_MAX];
};

void on_error(j_common_ptr cinfo) {
  auto* err = reinterpret_cast<ErrorManager*>(cinfo->err);
  (*cinfo->err->format_message)(cinfo, err->message);
  std::longjmp(err->jump, 1);
}
void on_message(j_common_ptr, int) {}  // warnings: nothing to print to

struct Compressor {
  jpeg_compress_struct cinfo{};
  ErrorManager err{};
  unsigned char* buffer = nullptr;
  unsigned long size = 0;
  // Safe on a struct jpeg_create_compress never reached (mem is still null).
  ~Compressor() {
    jpeg_destroy_compress(&cinfo);
    std::free(buffer);
  }
};

bool compress(Compressor& c, JDIMENSION width, JDIMENSION height, int quality, UINT16 density, JSAMPARRAY rows) {
  c.cinfo.err = jpeg_std_error(&c.err.pub);
  c.err.pub.error_exit = on_error;
  c.err.pub.emit_message = on_message;
  if (setjmp(c.err.jump)) return false;
  jpeg_create_compress(&c.cinfo);
  jpeg_mem_dest(&c.cinfo, &c.buffer, &c.size);
  c.cinfo.image_width = width;
  c.cinfo.image_height = height;
  c.cinfo.input_components = 3;
  c.cinfo.in_color_space = JCS_RGB;
  jpeg_set_defaults(&c.cinfo);  // YCbCr in the file, JFIF header on
  jpeg_set_quality(&c.cinfo, quality, TRUE);
  for (int i = 0; i < c.cinfo.num_components; ++i) {
    c.cinfo.comp_info[i].h_samp_factor = 1;
    c.cinfo.comp_info[i].v_samp_factor = 1;
  }
  c.cinfo.write_JFIF_header = TRUE;
  c.cinfo.density_unit = 1;  // dots per inch
  c.cinfo.X_density = density;
  c.cinfo.Y_density = density;
  c.cinfo.dct_method = JDCT_ISLOW;
  c.cinfo.optimize_coding = TRUE;
  jpeg_start_compress(&c.cinfo, TRUE);
  while (c.cinfo.next_scanline < c.cinfo.image_height)
    jpeg_write_scanlines(&c.cinfo, rows + c.cinfo.next_scanline, c.cinfo.image_height - c.cinfo.next_scanline);
  jpeg_finish_compress(&c.cinfo);
  return true;
}

}  // namespace

std::string encode_jpeg(const Raster& raster, int quality) {
  if (quality < 1 || quality > 100)
    throw std::invalid_argument("JPEG quality must be 1..100, got " + std::to_string(quality));
  if (raster.width <= 0 || raster.height <= 0 ||
      raster.rgba.size() != static_cast<size_t>(raster.width) * raster.height * 4)
    throw RenderError("cannot write JPEG: raster is empty or inconsistent");

  // JPEG has no alpha: composite over white, the colour of the paper.
  size_t row_bytes = static_cast<size_t>(raster.width) * 3;
  std::vector<JSAMPLE> rgb(row_bytes * raster.height);
  for (size_t i = 0, o = 0; i < raster.rgba.size(); i += 4, o += 3) {
    unsigned a = raster.rgba[i + 3];
    for (size_t k = 0; k < 3; ++k)
      rgb[o + k] = static_cast<JSAMPLE>((raster.rgba[i + k] * a + 255 * (255 - a) + 127) / 255);
  }
  std::vector<JSAMPROW> rows(raster.height);
  for (int y = 0; y < raster.height; ++y) rows[y] = rgb.data() + y * row_bytes;

  double dpi = raster.dpi > 0 ? std::min(std::round(raster.dpi), 65535.0) : 0;
  Compressor c;
  if (!compress(c, static_cast<JDIMENSION>(raster.width), static_cast<JDIMENSION>(raster.height), quality,
                static_cast<UINT16>(dpi), rows.data()))
    throw RenderError(std::string("cannot write JPEG: ") + c.err.message);
  return std::string(reinterpret_cast<const char*>(c.buffer), c.size);
}

std::string render_jpeg(const page::Page& page, double dpi, int quality) {
  return encode_jpeg(render_raster(page, dpi), quality);
}

}  // namespace kw::render
