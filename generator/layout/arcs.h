#pragma once
// Circles, rings and annular sectors as display-list paths (cubic Béziers,
// so every exporter draws them without knowing about arcs).
#include <optional>
#include <utility>
#include <vector>

#include "core/geometry.h"
#include "page/page.h"

namespace kw::layout {

struct SectorGeometry {
  Point center;
  double inner_radius = 0;  // 0: a disc or a pie slice
  double outer_radius = 0;
  // Degrees clockwise from 12 o'clock, from < to, to - from <= 360; none: the full turn.
  std::optional<std::pair<double, double>> angles;
};

// The outline of `g`. A full ring is two opposite circles, so the nonzero
// fill rule leaves the hole empty.
std::vector<page::PathCommand> sector_path(const SectorGeometry& g);

// The exact bounding box of `g` (arc ends plus the quarter-turn extremes in range).
Rect sector_bounds(const SectorGeometry& g);

}  // namespace kw::layout
