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
#include <map>
#include <mutex>
#include <string>

#include "page/page.h"

namespace kw::exporters {

// Whether items paint with transparency, remembered per drawing (the same
// SVG art with the same colours is asked about once per build). Safe to
// share between threads.
class TransparencyProbe {
 public:
  // Paints `item` alone into a PDF and looks for what PDF/X-1a forbids.
  bool transparent(const page::Item& item, const page::Page& page);

 private:
  std::mutex mutex_;
  std::map<std::string, bool> known_;
};

struct FlattenReport {
  int patches = 0;      // images made
  double area_mm2 = 0;  // of all patches
};

// `page` with every transparent run replaced by an image at `dpi`.
page::Page flatten_transparency(const page::Page& page, double dpi, TransparencyProbe& probe,
                                FlattenReport* report = nullptr);

}  // namespace kw::exporters
