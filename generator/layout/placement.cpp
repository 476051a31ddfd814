#include "layout/placement.h"

#include <cmath>
#include <numbers>

namespace kw::layout {

Point point_on_circle(Point center, double radius, double angle_deg) {
  double a = angle_deg * std::numbers::pi / 180.0;
  return {center.x + radius * std::sin(a), center.y - radius * std::cos(a)};
}

std::vector<Affine> item_frames(const Placement& place, size_t count) {
  std::vector<Affine> frames;
  frames.reserve(count);
  for (size_t k = 0; k < count; ++k) {
    const double kd = static_cast<double>(k);
    switch (place.kind) {
      case Placement::Kind::None:
        frames.push_back({});
        break;
      case Placement::Kind::Ring: {
        double turn = 360.0 / static_cast<double>(count) * kd;
        double angle = place.start_angle + (place.clockwise ? turn : -turn);
        Point p = point_on_circle(place.center, place.radius, angle);
        Affine f = Affine::translate(p.x, p.y);
        frames.push_back(place.rotate_items ? f.then_after(Affine::rotate_deg(angle)) : f);
        break;
      }
      case Placement::Kind::Track: {
        Point step = place.step;
        if (place.to) {
          // `to` is the last anchor; a single item sits at `from`.
          double gaps = count > 1 ? static_cast<double>(count - 1) : 1.0;
          step = {(place.to->x - place.from.x) / gaps, (place.to->y - place.from.y) / gaps};
        }
        frames.push_back(Affine::translate(place.from.x + kd * step.x, place.from.y + kd * step.y));
        break;
      }
      case Placement::Kind::Grid: {
        const size_t columns = static_cast<size_t>(place.columns > 0 ? place.columns : 1);
        const size_t row_index = k / columns;  // whole rows before card k
        const double col = static_cast<double>(k % columns), row = static_cast<double>(row_index);
        frames.push_back(Affine::translate(place.from.x + col * place.step.x, place.from.y + row * place.step.y));
        break;
      }
    }
  }
  return frames;
}

}  // namespace kw::layout
