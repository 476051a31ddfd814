#pragma once
// encode_jpeg and Canvas::encode_jpeg through JpegWriter (jpeg.h): the image
// is handed over row by row, so a caller need not hold it as RGB.
// Internal to the render stage.
#include <cstdint>
#include <functional>
#include <string>

#include "render/jpeg.h"

namespace kw::render::detail {

// How a row is handed over: 3 bytes per pixel (RGB), or 4 (RGBX: the fourth
// byte is ignored), which lets an opaque RGBA raster go to libjpeg as it is.
enum class JpegInput { Rgb, Rgbx };

// Row `y` (top to bottom): either `scratch` (width * 3 or 4 bytes) filled
// with it, or a pointer to the caller's own row of that size.
using JpegRows = std::function<const std::uint8_t*(int y, std::uint8_t* scratch)>;

// Throws std::invalid_argument unless 1 <= options.quality <= 100 and
// 0 <= options.restart_rows <= 65535.
void check_options(const JpegOptions& options);

// As encode_jpeg describes. Throws RenderError when libjpeg fails.
std::string compress_jpeg(int width, int height, double dpi, const JpegOptions& options, JpegInput input,
                          const JpegRows& rows);

// The sRGB ICC profile every JPEG carries (LittleCMS's sRGB, with a fixed
// creation date so that the same pixels give the same bytes).
const std::string& srgb_icc_profile();

}  // namespace kw::render::detail
