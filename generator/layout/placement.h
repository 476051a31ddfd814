#pragma once
// Generated geometry for `repeat`: the frame of each item of a ring, a track
// or a grid. Pure arithmetic, no card data.
#include <cstddef>
#include <vector>

#include "core/geometry.h"
#include "layout/layout_def.h"

namespace kw::layout {

// The point at `angle_deg` (clockwise from 12 o'clock, y pointing down) on a
// circle of `radius` about `center`: the angle convention of rings and sectors.
Point point_on_circle(Point center, double radius, double angle_deg);

// The frames (item coordinates -> enclosing coordinates) of `count` items
// placed by `place`, in item order.
std::vector<Affine> item_frames(const Placement& place, size_t count);

}  // namespace kw::layout
