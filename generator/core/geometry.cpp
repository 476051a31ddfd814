#include "core/geometry.h"

#include <algorithm>
#include <numbers>

namespace kw {

Affine Affine::rotate_deg(double deg) {
  // Exact values for the quarter turns, so a card rotated 180° is bit-exact.
  int quarter = static_cast<int>(std::lround(deg / 90.0));
  if (std::abs(deg - quarter * 90.0) < 1e-12) {
    switch (((quarter % 4) + 4) % 4) {
      case 0:
        return {1, 0, 0, 1, 0, 0};
      case 1:
        return {0, 1, -1, 0, 0, 0};
      case 2:
        return {-1, 0, 0, -1, 0, 0};
      case 3:
        return {0, -1, 1, 0, 0, 0};
    }
  }
  double r = deg * std::numbers::pi / 180.0;
  double c = std::cos(r), s = std::sin(r);
  return {c, s, -s, c, 0, 0};
}

Affine Affine::rotate_about(double deg, Point c) {
  return translate(c.x, c.y).then_after(rotate_deg(deg)).then_after(translate(-c.x, -c.y));
}

Affine Affine::then_after(const Affine& o) const {
  // Matrix product this * o.
  return {xx * o.xx + xy * o.yx, yx * o.xx + yy * o.yx,      xx * o.xy + xy * o.yy,
          yx * o.xy + yy * o.yy, xx * o.x0 + xy * o.y0 + x0, yx * o.x0 + yy * o.y0 + y0};
}

Rect Affine::apply(const Rect& r) const {
  Point ps[4] = {apply(Point{r.x, r.y}), apply(Point{r.right(), r.y}), apply(Point{r.x, r.bottom()}),
                 apply(Point{r.right(), r.bottom()})};
  double left = ps[0].x, right = ps[0].x, top = ps[0].y, bottom = ps[0].y;
  for (const auto& p : ps) {
    left = std::min(left, p.x);
    right = std::max(right, p.x);
    top = std::min(top, p.y);
    bottom = std::max(bottom, p.y);
  }
  return {left, top, right - left, bottom - top};
}

}  // namespace kw
