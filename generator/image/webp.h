#pragma once
// WebP pictures through libwebp (still images; the ICCP chunk through
// libwebpdemux). Internal to the image stage.
#include <string>
#include <string_view>

#include "page/raster.h"

namespace kw::image::detail {

bool is_webp(std::string_view bytes);
// Width and height from the bitstream header. Throws ImageError.
void webp_size(std::string_view bytes, int& width, int& height);
// RGBA pixels as stored (no colour conversion). Throws ImageError, also for
// an animated WebP.
page::Raster decode_webp(std::string_view bytes);
// The ICCP chunk, empty when there is none.
std::string webp_icc_profile(std::string_view bytes);

}  // namespace kw::image::detail
