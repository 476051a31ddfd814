#pragma once
// Shrinking a raster onto whole device pixels by averaging (a box filter):
// each target pixel is the mean of the source area it covers, partly covered
// source pixels weighted by how much of them it covers. It is what
// page::Image::Resampling::Box draws with: the overview's and the TTS sheets'
// cells, each a finished card shrunk to a thumbnail.
//
// Hand-written on purpose: cairo's GOOD filter (pixman's separable
// convolution) does the same job for any transform and cost 6 to 9 ms a card,
// a third of a PNG build's time; this one is axis-aligned only, reads each
// source byte once or twice in two passes that vectorise, and takes about a
// tenth of that. Integer arithmetic throughout, so the same input always
// gives the same bytes, and a card of one colour gives exactly that colour.
#include "core/geometry.h"
#include "render/cairo_ptr.h"
#include "render/raster.h"

namespace kw::render::detail {

// The part `source` (px of `raster`) of the raster as it covers `target`
// (device px; its width and height at most source's and at least
// 1/kBoxScaleMost of them: shrinking, not to a speck), on the
// device pixels target touches: an image of premultiplied ARGB32 whose top
// left pixel is device pixel (floor(target.x), floor(target.y)). Device
// pixels only partly inside `target` take the mean of the part inside (the
// caller's clip gives their coverage). `source` is clamped to the raster.
inline constexpr double kBoxScaleMost = 32;
struct BoxScaled {
  SurfacePtr surface;
  int x = 0, y = 0;  // its top left device pixel
};
BoxScaled box_scale(const Raster& raster, const Rect& source, const Rect& target);

}  // namespace kw::render::detail
