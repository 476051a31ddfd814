#include <cstdlib>
#include <string>
#include <vector>

#include "render/error.h"
#include "render/jpeg.h"
#include "render/jpeg_errors.h"

namespace kw::render {

namespace {

using detail::jpeg_errors;
using detail::JpegErrors;

// The decompressor, released however read_header / read_pixels end (see
// jpeg_errors.h).
struct Decompressor {
  jpeg_decompress_struct cinfo{};
  JpegErrors err{};
  ~Decompressor() { jpeg_destroy_decompress(&cinfo); }
};

bool read_header(Decompressor& d, const std::string& bytes) {
  d.cinfo.err = jpeg_errors(d.err);
  if (setjmp(d.err.jump)) return false;
  jpeg_create_decompress(&d.cinfo);
  jpeg_mem_src(&d.cinfo, reinterpret_cast<const unsigned char*>(bytes.data()),
               static_cast<unsigned long>(bytes.size()));
  jpeg_save_markers(&d.cinfo, JPEG_APP0 + 2, 0xFFFF);  // ICC_PROFILE, for jpeg_info
  jpeg_read_header(&d.cinfo, TRUE);
  return true;
}

// Decodes to RGB into `rows` (sized by the caller after read_header).
bool read_pixels(Decompressor& d, JSAMPARRAY rows) {
  if (setjmp(d.err.jump)) return false;
  d.cinfo.out_color_space = JCS_RGB;
  jpeg_start_decompress(&d.cinfo);
  while (d.cinfo.output_scanline < d.cinfo.output_height)
    jpeg_read_scanlines(&d.cinfo, rows + d.cinfo.output_scanline, d.cinfo.output_height - d.cinfo.output_scanline);
  jpeg_finish_decompress(&d.cinfo);
  return true;
}

JpegColour colour_of(J_COLOR_SPACE cs) {
  switch (cs) {
    case JCS_GRAYSCALE:
      return JpegColour::Gray;
    case JCS_RGB:
      return JpegColour::Rgb;
    case JCS_YCbCr:
      return JpegColour::YCbCr;
    case JCS_CMYK:
      return JpegColour::Cmyk;
    case JCS_YCCK:
      return JpegColour::Ycck;
    default:
      return JpegColour::Unknown;
  }
}

}  // namespace

JpegInfo jpeg_info(const std::string& bytes) {
  Decompressor d;
  if (!read_header(d, bytes)) throw RenderError(std::string("cannot read JPEG: ") + d.err.message);
  JpegInfo info;
  info.width = static_cast<int>(d.cinfo.image_width);
  info.height = static_cast<int>(d.cinfo.image_height);
  info.components = d.cinfo.num_components;
  info.color_space = colour_of(d.cinfo.jpeg_color_space);
  info.jfif = d.cinfo.saw_JFIF_marker;
  info.density_unit = d.cinfo.density_unit;
  info.x_density = d.cinfo.X_density;
  info.y_density = d.cinfo.Y_density;
  info.progressive = d.cinfo.progressive_mode;
  JOCTET* icc = nullptr;
  unsigned int icc_size = 0;
  if (jpeg_read_icc_profile(&d.cinfo, &icc, &icc_size)) {
    info.icc_profile.assign(reinterpret_cast<const char*>(icc), icc_size);
    std::free(icc);
  }
  return info;
}

Raster decode_jpeg(const std::string& bytes) {
  Decompressor d;
  if (!read_header(d, bytes)) throw RenderError(std::string("cannot read JPEG: ") + d.err.message);
  // Output size equals image size (no scaling requested), known after the header.
  size_t w = d.cinfo.image_width, h = d.cinfo.image_height;
  std::vector<JSAMPLE> rgb(w * h * 3);
  std::vector<JSAMPROW> rows(h);
  for (size_t y = 0; y < h; ++y) rows[y] = rgb.data() + y * w * 3;
  if (!read_pixels(d, rows.data())) throw RenderError(std::string("cannot read JPEG: ") + d.err.message);
  // A truncated or damaged file decodes "successfully" into grey blocks;
  // for checking our own output that must be an error.
  if (d.err.warned) throw RenderError(std::string("corrupt JPEG: ") + d.err.warning);

  Raster r;
  r.width = static_cast<int>(w);
  r.height = static_cast<int>(h);
  if (d.cinfo.density_unit == 1) r.dpi = d.cinfo.X_density;
  if (d.cinfo.density_unit == 2) r.dpi = d.cinfo.X_density * 2.54;
  r.rgba.resize(w * h * 4);
  for (size_t i = 0, o = 0; i < rgb.size(); i += 3, o += 4) {
    r.rgba[o] = rgb[i];
    r.rgba[o + 1] = rgb[i + 1];
    r.rgba[o + 2] = rgb[i + 2];
    r.rgba[o + 3] = 255;
  }
  return r;
}

}  // namespace kw::render
