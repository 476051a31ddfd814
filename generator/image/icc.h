#pragma once
// Converting a picture's pixels from its embedded ICC profile to sRGB, with
// LittleCMS. Internal to the image stage.
#include <string_view>

#include "page/raster.h"

namespace kw::image::detail {

// Converts `raster` (RGBA, values in the profile's space) to sRGB in place,
// perceptual intent, alpha kept. RGB and grey profiles are read (a grey
// picture's pixels arrive as R = G = B); a profile of another colour space
// (CMYK, Lab) or one LittleCMS cannot read is an ImageError. A profile that
// names itself sRGB leaves the pixels as they are: converting sRGB to sRGB
// would only add rounding.
void convert_to_srgb(page::Raster& raster, std::string_view icc_profile);

}  // namespace kw::image::detail
