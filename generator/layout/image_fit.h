#pragma once
// Where a picture's pixels go in its box: the geometry of the `image`
// element's `fit`, `focus` and `crop`, apart from any file.
#include "core/geometry.h"

namespace kw::layout {

enum class ImageFitMode {
  Cover,    // scaled uniformly until it covers the box; what overhangs is cut, the focus kept in view
  Contain,  // scaled uniformly until it fits inside the box; the focus says where the room is left
  Fill,     // stretched to the box (each axis separately)
};

struct FittedImage {
  Rect source;  // the pixels shown, in the picture's pixels
  Rect box;     // where they go, mm (within the element's box)
};

// `region`: the part of the picture that may be shown (the crop box, or the
// whole picture), in pixels; `box`: the element's box, mm; `focus`: a point
// of the region as fractions of its width and height (0.5, 0.5 = its
// centre). Cover keeps the focus as near the box's centre as the region
// allows (a focus at 0.2 across shows the region's left part, never beyond
// its edge); contain places the picture in the box the same way (0: at the
// left/top edge, 1: at the right/bottom).
FittedImage fit_image(const Rect& region, const Rect& box, ImageFitMode mode, Point focus);

}  // namespace kw::layout
