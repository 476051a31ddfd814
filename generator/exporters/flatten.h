#pragma once
// PDF/X-1a knows no transparency, so whatever blends must reach the shop as
// pixels. Rather than turning whole pages into images (text included, as a
// plain flattener does), only the places that blend become pixels: each run
// of items that paints with transparency (an opacity below 1, a soft mask,
// a blend mode, an image with alpha) is replaced by one opaque image of its
// bounds, rendered at the given resolution from everything beneath it and
// itself (over white paper). Everything else, text above all, stays vector,
// so black text still prints as 100 % K. This is the "atomic region"
// flattening prepress tools do, at the level of the display list.
#include "page/page.h"

namespace kw::exporters {

struct FlattenReport {
  int patches = 0;      // images made
  double area_mm2 = 0;  // of all patches
};

// `page` with every run of translucent items (page/translucency.h: read from
// the display list, where layout resolved what SVG art does) replaced by an
// image at `dpi`.
page::Page flatten_transparency(const page::Page& page, double dpi, FlattenReport* report = nullptr);

}  // namespace kw::exporters
