#include "print/preflight/card_checks.h"

#include <cmath>

namespace kw::print::preflight {

Expected expected(const PrintProfile& p) {
  Rect media{0, 0, p.trim.w + 2 * p.bleed, p.trim.h + 2 * p.bleed};
  Rect trim{p.bleed, p.bleed, p.trim.w, p.trim.h};
  return {media, trim, trim.inset(p.safe)};
}

std::optional<Color> Pixels::at(Point mm) const {
  if (!raster || raster->width <= 0) return std::nullopt;
  int x = static_cast<int>(mm.x / page.w * raster->width), y = static_cast<int>(mm.y / page.h * raster->height);
  if (x < 0 || y < 0 || x >= raster->width || y >= raster->height) return std::nullopt;
  return raster->pixel(x, y);
}

double distance(const Color& a, const Color& b) {
  double dr = a.r - b.r, dg = a.g - b.g, db = a.b - b.b;
  return std::sqrt(dr * dr + dg * dg + db * db);
}

void add(CardPreflight& card, PreflightCheck check, const std::string& message) {
  for (const auto& f : card.findings)
    if (f.check == check && f.message == message) return;  // the same back on many pages: once
  card.findings.push_back({check, message});
}

}  // namespace kw::print::preflight
