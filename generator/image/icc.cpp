#include "image/icc.h"

#include <lcms2.h>

#include <memory>
#include <string>
#include <vector>

#include "image/picture.h"

namespace kw::image::detail {

namespace {

struct ProfileCloser {
  void operator()(void* p) const { cmsCloseProfile(p); }
};
using Profile = std::unique_ptr<void, ProfileCloser>;
struct TransformDeleter {
  void operator()(void* t) const { cmsDeleteTransform(t); }
};
using Transform = std::unique_ptr<void, TransformDeleter>;

std::string description(cmsHPROFILE profile) {
  char text[256] = {};
  cmsGetProfileInfoASCII(profile, cmsInfoDescription, "en", "US", text, sizeof text);
  return text;
}

}  // namespace

void convert_to_srgb(page::Raster& raster, std::string_view icc_profile) {
  Profile in(cmsOpenProfileFromMem(icc_profile.data(), static_cast<cmsUInt32Number>(icc_profile.size())));
  if (!in) throw ImageError("its embedded ICC profile cannot be read");
  if (description(in.get()).find("sRGB") != std::string::npos) return;
  const cmsColorSpaceSignature space = cmsGetColorSpace(in.get());
  if (space != cmsSigRgbData && space != cmsSigGrayData)
    throw ImageError("its embedded ICC profile is not for RGB or grey pixels");
  Profile srgb(cmsCreate_sRGBProfile());
  const size_t pixels = static_cast<size_t>(raster.width) * static_cast<size_t>(raster.height);
  if (space == cmsSigRgbData) {
    Transform t(
        cmsCreateTransform(in.get(), TYPE_RGBA_8, srgb.get(), TYPE_RGBA_8, INTENT_PERCEPTUAL, cmsFLAGS_COPY_ALPHA));
    if (!t) throw ImageError("its embedded ICC profile cannot convert to sRGB");
    cmsDoTransform(t.get(), raster.rgba.data(), raster.rgba.data(), static_cast<cmsUInt32Number>(pixels));
    return;
  }
  // Grey: the grey value is every channel; alpha is carried over by hand.
  Transform t(cmsCreateTransform(in.get(), TYPE_GRAY_8, srgb.get(), TYPE_RGB_8, INTENT_PERCEPTUAL, 0));
  if (!t) throw ImageError("its embedded ICC profile cannot convert to sRGB");
  std::vector<std::uint8_t> grey(pixels), rgb(pixels * 3);
  for (size_t i = 0; i < pixels; ++i) grey[i] = raster.rgba[i * 4];
  cmsDoTransform(t.get(), grey.data(), rgb.data(), static_cast<cmsUInt32Number>(pixels));
  for (size_t i = 0; i < pixels; ++i)
    for (int c = 0; c < 3; ++c) raster.rgba[i * 4 + c] = rgb[i * 3 + c];
}

}  // namespace kw::image::detail
