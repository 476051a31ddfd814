#include <lcms2.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "render/error.h"
#include "render/jpeg.h"
#include "render/jpeg_compress.h"
#include "render/jpeg_errors.h"

namespace kw::render {

namespace detail {

namespace {

// The compressor and its output buffer, released however compress() ends.
struct Compressor {
  jpeg_compress_struct cinfo{};
  JpegErrors err{};
  unsigned char* buffer = nullptr;
  unsigned long size = 0;
  // Safe on a struct jpeg_create_compress never reached (mem is still null).
  ~Compressor() {
    jpeg_destroy_compress(&cinfo);
    std::free(buffer);
  }
};

void set_parameters(jpeg_compress_struct& cinfo, const JpegOptions& options, UINT16 density) {
  jpeg_set_defaults(&cinfo);  // YCbCr in the file, JFIF header on
  jpeg_set_quality(&cinfo, options.quality, TRUE);
  for (int i = 0; i < cinfo.num_components; ++i) {
    cinfo.comp_info[i].h_samp_factor = 1;
    cinfo.comp_info[i].v_samp_factor = 1;
  }
  cinfo.write_JFIF_header = TRUE;
  cinfo.density_unit = 1;  // dots per inch
  cinfo.X_density = density;
  cinfo.Y_density = density;
  cinfo.dct_method = JDCT_ISLOW;
  cinfo.optimize_coding = options.optimize_tables ? TRUE : FALSE;
}

// Holds nothing with a destructor between setjmp and libjpeg's longjmp (see
// jpeg_errors.h); `scratch` is the caller's buffer of one row.
bool compress(Compressor& c, JDIMENSION width, JDIMENSION height, const JpegOptions& options, UINT16 density,
              JpegInput input, const JpegRows& rows, JSAMPLE* scratch) {
  c.cinfo.err = jpeg_errors(c.err);
  if (setjmp(c.err.jump)) return false;
  jpeg_create_compress(&c.cinfo);
  jpeg_mem_dest(&c.cinfo, &c.buffer, &c.size);
  c.cinfo.image_width = width;
  c.cinfo.image_height = height;
  c.cinfo.input_components = input == JpegInput::Rgb ? 3 : 4;
  c.cinfo.in_color_space = input == JpegInput::Rgb ? JCS_RGB : JCS_EXT_RGBX;
  set_parameters(c.cinfo, options, density);
  jpeg_start_compress(&c.cinfo, TRUE);
  // APP2 ICC_PROFILE: the pixels are sRGB; without it viewers and RIPs guess.
  const std::string& icc = srgb_icc_profile();
  jpeg_write_icc_profile(&c.cinfo, reinterpret_cast<const JOCTET*>(icc.data()), static_cast<unsigned>(icc.size()));
  while (c.cinfo.next_scanline < c.cinfo.image_height) {
    // libjpeg takes non-const rows but only reads them.
    JSAMPROW one[1] = {const_cast<JSAMPLE*>(rows(static_cast<int>(c.cinfo.next_scanline), scratch))};
    jpeg_write_scanlines(&c.cinfo, one, 1);
  }
  jpeg_finish_compress(&c.cinfo);
  return true;
}

struct ProfileCloser {
  void operator()(void* profile) const { cmsCloseProfile(profile); }
};

// ICC version 4 as LittleCMS makes it: 588 bytes with parametric curves.
// Written as version 2 it would need sampled curves, 8.8 KB: 6 % of a card
// JPEG.
std::string make_srgb_profile() {
  std::unique_ptr<void, ProfileCloser> profile(cmsCreate_sRGBProfile());
  cmsUInt32Number size = 0;
  if (!profile || !cmsSaveProfileToMem(profile.get(), nullptr, &size))
    throw RenderError("cannot make the sRGB ICC profile");
  std::string bytes(size, '\0');
  if (!cmsSaveProfileToMem(profile.get(), bytes.data(), &size) || size < 128)
    throw RenderError("cannot make the sRGB ICC profile");
  // The header's creation date and time (bytes 24-35, six 16-bit numbers) is
  // the moment LittleCMS made the profile; a fixed one (2000-01-01 00:00:00)
  // keeps the JPEG files byte-identical from run to run. LittleCMS leaves the
  // profile ID (MD5 over the header) zero, "not computed", so nothing else
  // depends on the date.
  const unsigned char date[12] = {0x07, 0xD0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0};
  bytes.replace(24, 12, reinterpret_cast<const char*>(date), 12);
  return bytes;
}

}  // namespace

const std::string& srgb_icc_profile() {
  static const std::string profile = make_srgb_profile();
  return profile;
}

void check_quality(const JpegOptions& options) {
  if (options.quality < 1 || options.quality > 100)
    throw std::invalid_argument("JPEG quality must be 1..100, got " + std::to_string(options.quality));
}

std::string compress_jpeg(int width, int height, double dpi, const JpegOptions& options, JpegInput input,
                          const JpegRows& rows) {
  check_quality(options);
  if (width <= 0 || height <= 0) throw RenderError("cannot write JPEG: the image is empty");
  std::vector<JSAMPLE> row(static_cast<size_t>(width) * 4);
  double density = dpi > 0 ? std::min(std::round(dpi), 65535.0) : 0;
  Compressor c;
  if (!compress(c, static_cast<JDIMENSION>(width), static_cast<JDIMENSION>(height), options,
                static_cast<UINT16>(density), input, rows, row.data()))
    throw RenderError(std::string("cannot write JPEG: ") + c.err.message);
  return std::string(reinterpret_cast<const char*>(c.buffer), c.size);
}

}  // namespace detail

std::string encode_jpeg(const Raster& raster, const JpegOptions& options) {
  detail::check_quality(options);
  if (raster.width <= 0 || raster.height <= 0 ||
      raster.rgba.size() != static_cast<size_t>(raster.width) * raster.height * 4)
    throw RenderError("cannot write JPEG: raster is empty or inconsistent");
  const size_t stride = static_cast<size_t>(raster.width) * 4;
  // An opaque raster (every card) goes to libjpeg as it is, its alpha byte
  // skipped; no row is copied.
  if (raster.opaque())
    return detail::compress_jpeg(
        raster.width, raster.height, raster.dpi, options, detail::JpegInput::Rgbx,
        [&](int y, std::uint8_t*) { return raster.rgba.data() + static_cast<size_t>(y) * stride; });
  // JPEG has no alpha: composite over white, the colour of the paper.
  return detail::compress_jpeg(raster.width, raster.height, raster.dpi, options, detail::JpegInput::Rgb,
                               [&](int y, std::uint8_t* rgb) {
                                 const std::uint8_t* in = raster.rgba.data() + static_cast<size_t>(y) * stride;
                                 std::uint8_t* out = rgb;
                                 for (int x = 0; x < raster.width; ++x, in += 4, out += 3) {
                                   unsigned a = in[3];
                                   for (size_t k = 0; k < 3; ++k)
                                     out[k] = static_cast<JSAMPLE>((in[k] * a + 255 * (255 - a) + 127) / 255);
                                 }
                                 return static_cast<const std::uint8_t*>(rgb);
                               });
}

std::string render_jpeg(const page::Page& page, double dpi, const JpegOptions& options) {
  return encode_jpeg(render_raster(page, dpi), options);
}

}  // namespace kw::render
