#pragma once
// Whether an SVG drawing (or one element of it) paints anything translucent:
// resolved once from the document's tree when layout places the art, and
// kept in the display list (page::SvgArt::blends), as usvg resolves a tree
// before anything paints it. The exporters that must treat transparency
// (flattening for PDF/X-1a) read the answer there instead of drawing the
// art into a PDF to ask.
#include <string>

#include "project/input.h"

namespace kw::layout {

// True when drawing `svg` (its element #element_id alone when not empty,
// with the CSS `stylesheet` applied) can lay down anything translucent: an
// opacity, fill-, stroke-, stop- or flood-opacity below 1, a colour with
// alpha below 1, a mask, a filter, a blend mode other than normal, or an
// embedded raster image (which may carry alpha). Everything the drawn
// elements reference (gradients, patterns, used elements) counts; defs that
// nothing drawn references do not, nor clip paths (they only cut). A rule
// in a <style> element or in `stylesheet` that would make something
// translucent counts whatever its selector (a deliberate over-estimate:
// matching selectors is librsvg's job), and so does a document that is
// unreadable or uses entity references (librsvg substitutes them; this
// reading does not, so as never to load an external one). The answer is
// kept with the input.
bool svg_blends(const project::Input& svg, const std::string& element_id, const std::string& stylesheet);

}  // namespace kw::layout
