#pragma once
// The JPEG compressor behind encode_jpeg and Canvas::encode_jpeg: the image
// is handed over row by row, so a caller need not hold it as RGB.
// Internal to the render stage.
#include <cstdint>
#include <functional>
#include <string>

#include "render/jpeg.h"

namespace kw::render::detail {

// Fills `rgb` (width * 3 bytes) with row `y`, top to bottom.
using JpegRows = std::function<void(int y, std::uint8_t* rgb)>;

// Throws std::invalid_argument unless 1 <= options.quality <= 100.
void check_quality(const JpegOptions& options);

// As encode_jpeg describes. Throws RenderError when libjpeg fails.
std::string compress_jpeg(int width, int height, double dpi, const JpegOptions& options, const JpegRows& rows);

}  // namespace kw::render::detail
