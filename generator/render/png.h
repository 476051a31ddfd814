#pragma once
// PNG files: written by kartenwerk with zlib, byte-identically for identical
// input, with the resolution in a pHYs chunk (cairo's own PNG writer cannot
// store it); read with libpng.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "page/page.h"
#include "render/raster.h"

namespace kw::render {

// 8-bit RGB when the raster is opaque (every card with a background), else
// 8-bit RGBA. Chunks: IHDR, sRGB, pHYs (when raster.dpi > 0), IDAT, IEND; no
// time or text chunks; fixed compression settings, so identical input gives
// identical bytes. Throws RenderError on failure.
// No row filter (on our flat-colour cards it only made files larger), then
// zlib: level 3 for Fast (build --png fast, the default, and the studio's
// previews), level 6 for Small (build --png small: files about a tenth
// smaller for about twice the CPU time). Figures: README, "PNG and JPEG
// encoding".
enum class PngCompression { Small, Fast };
std::string encode_png(const Raster& raster, PngCompression compression = PngCompression::Fast);

// A PNG written row by row, for images too large to hold whole (the
// overview of a large deck): the same bytes as encode_png of the same pixels,
// with `opaque` standing for raster.opaque() (then the alpha of the rows is
// dropped: the caller knows every pixel is opaque). The compressed file is
// the only thing that grows. Throws RenderError on failure, and when rows
// are missing or too many.
class PngWriter {
 public:
  PngWriter(int width, int height, double dpi, bool opaque, PngCompression compression = PngCompression::Fast);
  ~PngWriter();
  PngWriter(const PngWriter&) = delete;
  PngWriter& operator=(const PngWriter&) = delete;
  // The next row: `width` pixels of straight RGBA.
  void add_row(const std::uint8_t* rgba);
  // The file, after the last row.
  std::string finish();

 private:
  struct State;
  std::unique_ptr<State> state_;
};

// render_raster + encode_png.
std::string render_png(const page::Page& page, double dpi);

// Decodes any PNG to 8-bit RGBA (palette, grey and 16-bit are expanded; no
// gamma conversion, values as stored). dpi comes from pHYs when present.
// Throws RenderError on malformed data.
Raster decode_png(const std::string& bytes);

// The resolution in a PNG's pHYs chunk (horizontal), or nullopt when there is
// none or its unit is not the metre. pHYs stores whole pixels per metre, so
// the value is rounded to 1/100 dpi (11811 px/m reads as 300).
// Throws RenderError on malformed data.
std::optional<double> png_dpi(const std::string& bytes);

// What a PNG's header says, read without decoding its pixels.
struct PngInfo {
  int width = 0, height = 0;
  std::string icc_profile;  // the embedded ICC profile (iCCP, decompressed), empty when there is none
};
// Throws RenderError on malformed data.
PngInfo png_info(const std::string& bytes);

}  // namespace kw::render
