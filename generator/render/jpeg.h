#pragma once
// JPEG files via libjpeg: baseline, RGB input, JFIF density in dpi.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/enum_names.h"
#include "page/page.h"
#include "render/raster.h"

namespace kw::render {

namespace detail {
struct JpegCompressor;
}

struct JpegOptions {
  int quality = 95;  // 1..100 (std::invalid_argument otherwise)
  // Huffman tables made for the image (smaller files), or libjpeg's standard
  // tables. Optimising makes libjpeg hold every DCT coefficient of the image
  // until the end; with the standard tables a very large image (a 3790 x
  // 4095 px sheet) streams row by row.
  bool optimize_tables = true;
  // A restart marker after every this many rows of 8 x 8 blocks (0: none).
  // With 1, each 8-pixel band of rows is coded on its own, so a file can be
  // joined from bands coded separately (jpeg_restart_intervals): the TTS
  // sheets re-make only the rows of an edited card. Each marker costs 2
  // bytes and up to 7 bits of padding (about 1 KB on a 4095 px high sheet).
  int restart_rows = 0;
};

// The card JPEGs (meinspiel/): quality 95 with the standard Huffman tables.
// Optimised tables make the files about 12 % smaller but take 2.4 times the
// CPU time (1.4 times the instructions: libjpeg-turbo keeps every
// coefficient for a second pass); the pixels are the same either way.
// README, "PNG and JPEG encoding".
inline constexpr JpegOptions kCardJpeg{95, false};

// Baseline (not progressive) JPEG, 3 components, JFIF density raster.dpi
// (dots per inch). Chroma is not subsampled (4:4:4): card text is often
// coloured and 4:2:0 would blur its edges. The DCT is the exact integer one:
// identical input gives identical bytes. Transparent pixels are composited
// over white (paper). The file carries an sRGB ICC profile (APP2).
std::string encode_jpeg(const Raster& raster, const JpegOptions& options = {});

// A JPEG written row by row, for images too large to hold whole (the
// Tabletop Simulator sheets): the same bytes as encode_jpeg gives an opaque
// raster of the same pixels with the same options. With the standard Huffman
// tables (optimize_tables false) libjpeg holds only the rows of one block
// (8) and the compressed bytes not yet taken; with optimised ones it keeps
// every coefficient until finish(). Throws RenderError on failure, and when
// rows are missing or too many; std::invalid_argument for a bad quality.
class JpegWriter {
 public:
  // Rows of 3 bytes a pixel (RGB), or with `rgbx` 4 (the fourth ignored: an
  // opaque RGBA row as it is).
  JpegWriter(int width, int height, double dpi, const JpegOptions& options, bool rgbx = false);
  ~JpegWriter();
  JpegWriter(const JpegWriter&) = delete;
  JpegWriter& operator=(const JpegWriter&) = delete;
  // The next row, top to bottom.
  void add_row(const std::uint8_t* row);
  // The bytes compressed so far and not taken before, in file order: a
  // caller writing the file as it goes takes them every few rows.
  std::string take_bytes();
  // After the last row: the rest of the file (all of it if nothing was taken).
  std::string finish();

 private:
  std::unique_ptr<detail::JpegCompressor> state_;
};

// Where the restart intervals of a baseline JPEG's one scan lie: the
// offset of each interval's first entropy-coded byte, and of the EOI marker
// that ends the last; the marker after interval i (RST(i mod 8), or EOI for
// the last) ends at the next interval's start. An interval is coded on its
// own (JpegOptions::restart_rows), so interval i of one file and of another
// with the same settings and the same pixels in that band of rows are the
// same bytes. nullopt when `jpeg` is not such a file (no scan, a second
// scan, a marker out of sequence).
struct JpegIntervals {
  std::vector<size_t> starts;
  size_t eoi = 0;
};
std::optional<JpegIntervals> jpeg_restart_intervals(std::string_view jpeg);

// render_raster + encode_jpeg.
std::string render_jpeg(const page::Page& page, double dpi, const JpegOptions& options = {});

// A JPEG's colour space as stored, named as messages say it.
enum class JpegColour { Gray, Rgb, YCbCr, Cmyk, Ycck, Unknown };
inline constexpr EnumNames<JpegColour, 6> kJpegColourNames{{
    {JpegColour::Gray, "Gray"},
    {JpegColour::Rgb, "RGB"},
    {JpegColour::YCbCr, "YCbCr"},
    {JpegColour::Cmyk, "CMYK"},
    {JpegColour::Ycck, "YCCK"},
    {JpegColour::Unknown, "unknown"},
}};

struct JpegInfo {
  int width = 0, height = 0;
  int components = 0;                            // colour components in the file
  JpegColour color_space = JpegColour::Unknown;  // as stored
  bool jfif = false;                             // has a JFIF APP0 marker
  int density_unit = 0;                          // 0 = aspect ratio only, 1 = per inch, 2 = per cm
  int x_density = 0, y_density = 0;
  bool progressive = false;
  std::string icc_profile;  // the embedded ICC profile (APP2 ICC_PROFILE), empty when there is none
};

// Reads the header only. Throws RenderError on malformed data.
JpegInfo jpeg_info(const std::string& bytes);

// Decodes to RGBA (alpha 255). dpi from the JFIF density when it is per inch
// or per cm, else 0. Throws RenderError on malformed data.
Raster decode_jpeg(const std::string& bytes);

}  // namespace kw::render
