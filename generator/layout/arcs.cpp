#include "layout/arcs.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <tuple>

#include "layout/placement.h"

namespace kw::layout {

namespace {

constexpr double kDeg = std::numbers::pi / 180.0;

// Appends the arc from angle a0 to a1 (either direction) as cubic Béziers of
// at most a quarter turn each (radial error below 0.03 % of the radius). The
// current point must already be at a0.
void append_arc(std::vector<page::PathCommand>& out, Point c, double r, double a0, double a1) {
  const int segments = std::max(1, static_cast<int>(std::ceil(std::abs(a1 - a0) / 90.0 - 1e-9)));
  const double step = (a1 - a0) / segments;
  for (int i = 0; i < segments; ++i) {
    double s = a0 + step * i, e = s + step;
    // Tangent length for a circular arc of sweep (e - s): 4/3 tan(sweep / 4).
    double k = 4.0 / 3.0 * std::tan((e - s) * kDeg / 4.0) * r;
    Point p0 = point_on_circle(c, r, s), p3 = point_on_circle(c, r, e);
    // d/dangle of (sin a, -cos a) is (cos a, sin a).
    Point p1{p0.x + k * std::cos(s * kDeg), p0.y + k * std::sin(s * kDeg)};
    Point p2{p3.x - k * std::cos(e * kDeg), p3.y - k * std::sin(e * kDeg)};
    out.push_back({page::PathCommand::Op::Curve, {p1, p2, p3}});
  }
}

void circle(std::vector<page::PathCommand>& out, Point c, double r, bool clockwise) {
  out.push_back({page::PathCommand::Op::Move, {point_on_circle(c, r, 0)}});
  append_arc(out, c, r, 0, clockwise ? 360 : -360);
  out.push_back({page::PathCommand::Op::Close, {}});
}

}  // namespace

std::vector<page::PathCommand> sector_path(const SectorGeometry& g) {
  std::vector<page::PathCommand> out;
  if (!g.angles) {
    circle(out, g.center, g.outer_radius, true);
    if (g.inner_radius > 0) circle(out, g.center, g.inner_radius, false);
    return out;
  }
  auto [a0, a1] = *g.angles;
  out.push_back({page::PathCommand::Op::Move, {point_on_circle(g.center, g.outer_radius, a0)}});
  append_arc(out, g.center, g.outer_radius, a0, a1);
  if (g.inner_radius > 0) {
    out.push_back({page::PathCommand::Op::Line, {point_on_circle(g.center, g.inner_radius, a1)}});
    append_arc(out, g.center, g.inner_radius, a1, a0);
  } else {
    out.push_back({page::PathCommand::Op::Line, {g.center}});
  }
  out.push_back({page::PathCommand::Op::Close, {}});
  return out;
}

Rect sector_bounds(const SectorGeometry& g) {
  double a0 = 0, a1 = 360;
  if (g.angles) std::tie(a0, a1) = *g.angles;
  std::vector<Point> pts;
  for (double r : {g.inner_radius, g.outer_radius}) {
    if (r <= 0) {
      pts.push_back(g.center);
      continue;
    }
    pts.push_back(point_on_circle(g.center, r, a0));
    pts.push_back(point_on_circle(g.center, r, a1));
    // The quarter-turn angles (top, right, bottom, left) inside [a0, a1].
    for (double q = std::ceil(a0 / 90.0) * 90.0; q <= a1; q += 90.0) pts.push_back(point_on_circle(g.center, r, q));
  }
  double left = pts[0].x, right = pts[0].x, top = pts[0].y, bottom = pts[0].y;
  for (const Point& p : pts) {
    left = std::min(left, p.x);
    right = std::max(right, p.x);
    top = std::min(top, p.y);
    bottom = std::max(bottom, p.y);
  }
  return {left, top, right - left, bottom - top};
}

}  // namespace kw::layout
