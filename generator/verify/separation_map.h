#pragma once
// A picture of a card's separation cells (`preflight --separation-maps`):
// where the print differs from the card's own rendering, and by how much.
#include "render/raster.h"
#include "verify/preflight.h"

namespace kw::verify {

// Each cell a square of `scale` pixels: the printed lightness in grey,
// tinted by its CIEDE2000 in bands: below 2 grey only, 2-3 blue, 3-6
// yellow, 6-10 orange, 10 and more red. Empty when nothing was measured.
render::Raster separation_map(const SeparationCells& cells, int scale = 4);

}  // namespace kw::verify
