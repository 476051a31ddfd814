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
#include <functional>

#include "exporters/cmyk.h"
#include "page/page.h"

namespace kw::exporters {

class PressColours;

struct FlattenReport {
  int patches = 0;      // images made
  double area_mm2 = 0;  // of all patches
};

// `page` with every run of translucent items (page/translucency.h: read from
// the display list, where layout resolved what SVG art does) replaced by an
// image at `dpi`.
page::Page flatten_transparency(const page::Page& page, double dpi, FlattenReport* report = nullptr);

// PDF/X-4 keeps live transparency, and the RIP blends it in the file's
// CMYK. Over light colours that prints close to the screen's RGB blend;
// over a near-black ground it does not: a red glow over a dark brown mixes
// the ground's four inks into the red and prints grey-brown (Das Duell's
// Balrog cards, ΔE2000 6 to 10 where a plain conversion of the RGB blend
// differs by none). So only the runs of translucent items whose bounds hold
// a near-black colour (as the page looks, probed at kBlendProbeDpi) are
// composed in RGB as flatten_transparency does; the others stay live, as
// does everything opaque. `near_black` is the press condition's test (the
// same that decides the black rules).
constexpr double kBlendProbeDpi = 50;
page::Page compose_blends_over_black(const page::Page& page, double dpi,
                                     const std::function<bool(const Color&)>& near_black,
                                     FlattenReport* report = nullptr);

// What a print PDF for the press condition `colours` takes of `page`:
// for PDF/X-1a every blend flattened, for PDF/X-4 those over near black
// composed (the package writes these pages, and preflight renders the same
// as its reference, so that Ghostscript samples the same pixels on both
// sides).
page::Page blends_for_press(const page::Page& page, const PressColours& colours);

}  // namespace kw::exporters
