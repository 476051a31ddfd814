#pragma once
// Units and plane geometry. Data and layouts speak millimetres; points exist
// only inside the PDF backend and pixels only inside raster backends.
#include <algorithm>
#include <cmath>

namespace kw {

constexpr double kMmPerInch = 25.4;
constexpr double kPtPerInch = 72.0;

constexpr double mm_to_pt(double mm) { return mm / kMmPerInch * kPtPerInch; }
constexpr double pt_to_mm(double pt) { return pt / kPtPerInch * kMmPerInch; }
constexpr double mm_to_px(double mm, double dpi) { return mm / kMmPerInch * dpi; }
constexpr double px_to_mm(double px, double dpi) { return px / dpi * kMmPerInch; }
// Whole pixels for a length, as a print shop counts them (65 mm @ 300 dpi = 768 px).
inline int mm_to_px_count(double mm, double dpi) { return static_cast<int>(std::lround(mm_to_px(mm, dpi))); }

struct Point {
  double x = 0, y = 0;
  friend bool operator==(const Point&, const Point&) = default;
};

struct Size {
  double w = 0, h = 0;
  friend bool operator==(const Size&, const Size&) = default;
};

struct Rect {
  double x = 0, y = 0, w = 0, h = 0;
  double right() const { return x + w; }
  double bottom() const { return y + h; }
  Point center() const { return {x + w / 2, y + h / 2}; }
  Rect inset(double d) const { return {x + d, y + d, w - 2 * d, h - 2 * d}; }
  bool contains(const Rect& r, double eps = 1e-9) const {
    return r.x >= x - eps && r.y >= y - eps && r.right() <= right() + eps && r.bottom() <= bottom() + eps;
  }
  // The overlap of the two (empty, 0 wide or high, where they do not meet).
  Rect intersected(const Rect& r) const {
    const double l = std::max(x, r.x), t = std::max(y, r.y);
    return {l, t, std::max(0.0, std::min(right(), r.right()) - l), std::max(0.0, std::min(bottom(), r.bottom()) - t)};
  }
  // The smallest rectangle holding both.
  Rect united(const Rect& r) const {
    const double l = std::min(x, r.x), t = std::min(y, r.y);
    return {l, t, std::max(right(), r.right()) - l, std::max(bottom(), r.bottom()) - t};
  }
  friend bool operator==(const Rect&, const Rect&) = default;
};

// 2D affine transform, same convention as Cairo: x' = xx*x + xy*y + x0.
struct Affine {
  double xx = 1, yx = 0, xy = 0, yy = 1, x0 = 0, y0 = 0;
  static Affine translate(double tx, double ty) { return {1, 0, 0, 1, tx, ty}; }
  static Affine scale(double sx, double sy) { return {sx, 0, 0, sy, 0, 0}; }
  static Affine rotate_deg(double deg);
  // Rotation by `deg` about point c.
  static Affine rotate_about(double deg, Point c);
  // this ∘ other: apply `other` first, then this.
  Affine then_after(const Affine& other) const;
  Point apply(Point p) const { return {xx * p.x + xy * p.y + x0, yx * p.x + yy * p.y + y0}; }
  // Bounding box of a transformed rectangle.
  Rect apply(const Rect& r) const;
  bool is_identity() const { return xx == 1 && yx == 0 && xy == 0 && yy == 1 && x0 == 0 && y0 == 0; }
  friend bool operator==(const Affine&, const Affine&) = default;
};

}  // namespace kw
