#pragma once
// PNG files via libpng: written byte-identically for identical input, with the
// resolution in a pHYs chunk (cairo's own PNG writer cannot store it).
#include <optional>
#include <string>

#include "page/page.h"
#include "render/raster.h"

namespace kw::render {

// 8-bit RGB when the raster is opaque (every card with a background), else
// 8-bit RGBA. Chunks: IHDR, sRGB, pHYs (when raster.dpi > 0), IDAT, IEND; no
// time or text chunks; fixed zlib settings. Throws RenderError on failure.
// Small: the files a build writes (zlib level 6, every filter tried). Fast:
// a preview that lives for one edit (level 1, one filter): about four times
// quicker, files about a third larger.
enum class PngCompression { Small, Fast };
std::string encode_png(const Raster& raster, PngCompression compression = PngCompression::Small);

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

}  // namespace kw::render
