#include "layout/image_fit.h"

#include <algorithm>

namespace kw::layout {

namespace {

// The start of a window `shown` long within [0, whole), centred on `at`
// (a fraction of `whole`) as far as the edges allow.
double window(double whole, double shown, double at) {
  return std::clamp(at * whole - shown / 2, 0.0, std::max(0.0, whole - shown));
}

}  // namespace

FittedImage fit_image(const Rect& region, const Rect& box, ImageFitMode mode, Point focus) {
  FittedImage out{region, box};
  if (!(region.w > 0 && region.h > 0 && box.w > 0 && box.h > 0)) return out;
  focus.x = std::clamp(focus.x, 0.0, 1.0);
  focus.y = std::clamp(focus.y, 0.0, 1.0);
  switch (mode) {
    case ImageFitMode::Fill:
      break;
    case ImageFitMode::Cover: {
      const double scale = std::max(box.w / region.w, box.h / region.h);  // mm per pixel
      const double w = box.w / scale, h = box.h / scale;
      out.source = {region.x + window(region.w, w, focus.x), region.y + window(region.h, h, focus.y), w, h};
      break;
    }
    case ImageFitMode::Contain: {
      const double scale = std::min(box.w / region.w, box.h / region.h);
      const double w = region.w * scale, h = region.h * scale;
      out.box = {box.x + (box.w - w) * focus.x, box.y + (box.h - h) * focus.y, w, h};
      break;
    }
  }
  return out;
}

}  // namespace kw::layout
