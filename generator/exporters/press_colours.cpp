#include "exporters/press_colours.h"

#include <lcms2.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iterator>
#include <stdexcept>

namespace kw::exporters {

namespace {

struct ProfileCloser {
  void operator()(void* p) const {
    if (p) cmsCloseProfile(p);
  }
};
struct TransformCloser {
  void operator()(void* t) const {
    if (t) cmsDeleteTransform(t);
  }
};
using Profile = std::unique_ptr<void, ProfileCloser>;
using Transform = std::unique_ptr<void, TransformCloser>;

}  // namespace

struct PressColours::Lcms {
  Transform to_cmyk;     // sRGB doubles (0-1) -> CMYK doubles (0-100)
  Transform to_cmyk8;    // sRGB bytes -> CMYK bytes
  Transform rgb_to_lab;  // sRGB -> Lab (D50)
  Transform cmyk_to_lab;
};

PressColours::PressColours(const CmykSettings& settings) : lcms_(std::make_unique<Lcms>()), settings_(settings) {
  std::ifstream in(settings.icc, std::ios::binary);
  std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (!in && !in.eof()) throw std::runtime_error("cannot read the ICC profile " + settings.icc.string());
  Profile press(cmsOpenProfileFromMem(bytes.data(), static_cast<cmsUInt32Number>(bytes.size())));
  if (!press) throw std::runtime_error(settings.icc.string() + " is not an ICC profile");
  if (cmsGetColorSpace(press.get()) != cmsSigCmykData || cmsGetDeviceClass(press.get()) != cmsSigOutputClass)
    throw std::runtime_error(settings.icc.string() + " is not a CMYK output (printer) profile");
  Profile srgb(cmsCreate_sRGBProfile());
  Profile lab(cmsCreateLab4Profile(nullptr));
  const cmsUInt32Number flags = cmsFLAGS_BLACKPOINTCOMPENSATION;
  lcms_->to_cmyk.reset(cmsCreateTransform(srgb.get(), TYPE_RGB_DBL, press.get(), TYPE_CMYK_DBL,
                                          INTENT_RELATIVE_COLORIMETRIC, flags | cmsFLAGS_NOCACHE));
  lcms_->to_cmyk8.reset(
      cmsCreateTransform(srgb.get(), TYPE_RGB_8, press.get(), TYPE_CMYK_8, INTENT_RELATIVE_COLORIMETRIC, flags));
  lcms_->rgb_to_lab.reset(
      cmsCreateTransform(srgb.get(), TYPE_RGB_DBL, lab.get(), TYPE_Lab_DBL, INTENT_RELATIVE_COLORIMETRIC, 0));
  lcms_->cmyk_to_lab.reset(
      cmsCreateTransform(press.get(), TYPE_CMYK_DBL, lab.get(), TYPE_Lab_DBL, INTENT_RELATIVE_COLORIMETRIC, 0));
  if (!lcms_->to_cmyk || !lcms_->to_cmyk8 || !lcms_->rgb_to_lab || !lcms_->cmyk_to_lab)
    throw std::runtime_error("LittleCMS cannot convert sRGB through " + settings.icc.string());
}

PressColours::~PressColours() = default;

double luminosity(Rgb c) { return 0.3 * c.r + 0.59 * c.g + 0.11 * c.b; }

double PressColours::distance_from_black(Rgb rgb) const {
  double in[3] = {rgb.r, rgb.g, rgb.b};
  cmsCIELab lab;
  cmsDoTransform(lcms_->rgb_to_lab.get(), in, &lab, 1);
  const cmsCIELab black{0, 0, 0};
  return cmsCIE2000DeltaE(&lab, &black, 1, 1, 1);
}

double PressColours::delta_e(const std::array<double, 3>& a, const std::array<double, 3>& b) {
  const cmsCIELab la{a[0], a[1], a[2]}, lb{b[0], b[1], b[2]};
  return cmsCIE2000DeltaE(&la, &lb, 1, 1, 1);
}

double PressColours::distance_from_black(Cmyk cmyk) const { return delta_e(lab_of(cmyk), {0, 0, 0}); }

std::array<double, 3> PressColours::lab_of(Cmyk c) const {
  double in[4] = {c.c * 100, c.m * 100, c.y * 100, c.k * 100};
  cmsCIELab lab;
  cmsDoTransform(lcms_->cmyk_to_lab.get(), in, &lab, 1);
  return {lab.L, lab.a, lab.b};
}

Cmyk PressColours::limit_ink(Cmyk c) const {
  const double limit = settings_.ink_limit / 100;
  c.k = std::min(c.k, limit);
  const double cmy = c.c + c.m + c.y;
  if (c.k + cmy > limit && cmy > 0) {
    const double scale = std::max(0.0, limit - c.k) / cmy;
    c.c *= scale;
    c.m *= scale;
    c.y *= scale;
  }
  return c;
}

// The K tint whose lightness matches the grey's, on the scale between the
// paper and 100 % K (so black stays 100 % K and white no ink: black point
// compensation done by hand for the one ink).
double PressColours::k_for_grey(double grey) {
  if (auto it = grey_k_.find(grey); it != grey_k_.end()) return it->second;
  double in[3] = {grey, grey, grey};
  cmsCIELab lab;
  cmsDoTransform(lcms_->rgb_to_lab.get(), in, &lab, 1);
  const double paper = lab_of({0, 0, 0, 0})[0], full = lab_of({0, 0, 0, 1})[0];
  const double target = full + (paper - full) * std::clamp(lab.L / 100, 0.0, 1.0);
  double lo = 0, hi = 1;  // L* falls as k rises
  for (int i = 0; i < 40; ++i) {
    const double mid = (lo + hi) / 2;
    (lab_of({0, 0, 0, mid})[0] > target ? lo : hi) = mid;
  }
  const double k = grey >= 1 ? 0 : grey <= 0 ? 1 : (lo + hi) / 2;
  grey_k_.emplace(grey, k);
  return k;
}

Cmyk PressColours::plain(Rgb rgb) const {
  double in[3] = {std::clamp(rgb.r, 0.0, 1.0), std::clamp(rgb.g, 0.0, 1.0), std::clamp(rgb.b, 0.0, 1.0)};
  double o[4];
  cmsDoTransform(lcms_->to_cmyk.get(), in, o, 1);
  return limit_ink({std::clamp(o[0] / 100, 0.0, 1.0), std::clamp(o[1] / 100, 0.0, 1.0),
                    std::clamp(o[2] / 100, 0.0, 1.0), std::clamp(o[3] / 100, 0.0, 1.0)});
}

PrintColour PressColours::convert_grey(double grey, PaintUse use) { return convert({grey, grey, grey}, use); }

PrintColour PressColours::convert(Rgb rgb, PaintUse use) {
  auto key = std::make_pair(rgb, static_cast<int>(use));
  if (auto it = memo_.find(key); it != memo_.end()) return it->second;
  PrintColour out;
  const bool neutral = rgb.r == rgb.g && rgb.g == rgb.b;
  bool near_black = use != PaintUse::Blend && distance_from_black(rgb) <= settings_.near_black_delta_e;
  if (near_black) {
    double in[3] = {rgb.r, rgb.g, rgb.b};
    cmsCIELab lab;
    cmsDoTransform(lcms_->rgb_to_lab.get(), in, &lab, 1);
    const bool nearly_neutral = std::hypot(lab.a, lab.b) <= 5;
    const auto& rb = settings_.rich_black;
    const Cmyk rich = limit_ink({rb[0] / 100, rb[1] / 100, rb[2] / 100, rb[3] / 100});
    // A substitute black stands in for a shape only where it prints like
    // the colour's own conversion, or for a grey (which would otherwise
    // print as black ink alone). The rich black: a dark brown swapped for it
    // looks the same alone, but shifts every colour blended over it (a glow
    // over the ground), since the blend is made of the inks beneath. Black
    // ink alone in a small shape: Das Duell's black sun (a disc of the
    // Balrog's panel brown #1e0d08, 8 mm across) printed neutral grey-black,
    // ΔE2000 4.8 from its conversion and 6.1 in the cells along its rim.
    // Text and thin lines keep black ink alone whatever their hue: there
    // registration matters more than a dark colour's tint.
    const bool thin = use == PaintUse::Text || use == PaintUse::Line;
    auto prints_like = [&](const Cmyk& substitute) {
      return neutral || delta_e(lab_of(substitute), lab_of(plain(rgb))) <= kRichBlackMatch;
    };
    if (use == PaintUse::Area && nearly_neutral && prints_like(rich)) {
      out.cmyk = rich;
    } else if (thin || (use == PaintUse::SmallFill && prints_like({0, 0, 0, 1}))) {
      out.cmyk = {0, 0, 0, 1};
      out.overprint = settings_.overprint_black && thin;
    } else {
      near_black = false;
    }
  }
  if (!near_black) {
    if (neutral && settings_.neutrals_to_k && use != PaintUse::Blend) {
      out.cmyk = {0, 0, 0, k_for_grey(rgb.r)};
    } else {
      out.cmyk = plain(rgb);
    }
  }
  memo_.emplace(key, out);
  return out;
}

std::vector<std::uint8_t> PressColours::convert_pixels(std::span<const std::uint8_t> rgb) const {
  const size_t n = rgb.size() / 3;
  std::vector<std::uint8_t> out(n * 4);
  cmsDoTransform(lcms_->to_cmyk8.get(), rgb.data(), out.data(), static_cast<cmsUInt32Number>(n));
  const int limit = static_cast<int>(std::floor(settings_.ink_limit / 100 * 255));
  for (size_t i = 0; i < n; ++i) {
    std::uint8_t* p = &out[i * 4];
    const int total = p[0] + p[1] + p[2] + p[3];
    if (total <= limit) continue;
    const int k = std::min<int>(p[3], limit);
    const int cmy = p[0] + p[1] + p[2];
    const double scale = cmy > 0 ? std::max(0, limit - k) / static_cast<double>(cmy) : 0;
    for (int c = 0; c < 3; ++c) p[c] = static_cast<std::uint8_t>(std::floor(p[c] * scale));
    p[3] = static_cast<std::uint8_t>(k);
  }
  return out;
}

}  // namespace kw::exporters
