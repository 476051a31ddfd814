#pragma once
// Recolouring a PDF that Cairo drew in RGB for a press, in place, in memory
// (libqpdf's object graph): every colour the file paints with becomes CMYK,
// as PressColours says, and nothing is rasterised.
//
//   content streams  "rg"/"RG"/"g"/"G"/"sc"/"scn" become "k"/"K", set just
//                    before each painting operator, so that the colour can
//                    depend on its use: text, a thin line, a small shape or
//                    a large area (the black rules); K-only black text and
//                    lines get an overprinting graphics state
//   shadings         functions of RGB become stitched linear functions in
//                    CMYK, sampled finely enough to follow the profile
//   images           pixels converted one by one (8-bit RGB, indexed RGB)
//   groups           transparency blends in DeviceCMYK
//   soft masks       what a luminosity mask draws stays a measure of
//                    lightness: its colours become DeviceGray luminosity
// Each stream is read by the one content-stream interpreter
// (pdf/content_stream.h), whose graphics state holds the colours this
// rewrites. Pages, forms, tiling patterns and Type 3 glyphs are followed
// wherever the resources lead, each once. Anything this cannot convert (a colour space or shading
// kind Cairo does not write) throws std::runtime_error naming it.
#include <cstddef>

class QPDF;

namespace kw::exporters {

class PressColours;

struct RecolourCounts {
  size_t streams = 0, colours = 0, shadings = 0, images = 0, groups = 0;
};

RecolourCounts recolour_for_press(QPDF& pdf, PressColours& colours);

// True when anything on the page blends: a constant alpha below 1, a soft
// mask, a blend mode other than Normal, or an image with a soft mask.
// (Transparency groups alone, as Cairo writes around every group, are not.)
// Asked of the page's resources (pdf::resources_blend).
bool page_has_transparency(QPDF& pdf, size_t page_index);

// Removes what marks transparency but does not change the rendering: group
// dictionaries (/Group) of pages and forms, and /CA, /ca of 1 — for PDF/X-1a,
// whose PDF 1.3 knows none of it. Call only when no page has transparency
// left (see page_has_transparency).
void strip_inert_transparency(QPDF& pdf);

}  // namespace kw::exporters
