#pragma once
// Plain cards for the sheet tests (TTS, overview): a colour through the
// bleed and a black band in the bleed only, which must never show on a sheet.
#include <cstdlib>

#include "page/page.h"
#include "support/solid_page.h"

namespace kw::products::test_cards {

inline page::Page solid(Color c, Size trim = {59, 91}) {
  page::Page p = test::solid_page("t/" + c.hex(), {trim.w + 6, trim.h + 6}, {3, 3, trim.w, trim.h}, c);
  p.corner_radius = 5;
  page::Item item = p.items.front();
  // A black band in the bleed only: must not show on a sheet (trim only).
  page::RectShape band;
  band.rect = {0, 0, p.size.w, 3};
  band.paint.fill = Color{0, 0, 0, 255};
  item.shape = band;
  p.items.push_back(item);
  return p;
}

inline Color shade(size_t i) {
  return {static_cast<std::uint8_t>(40 + (i * 37) % 200), static_cast<std::uint8_t>(60 + (i * 91) % 180),
          static_cast<std::uint8_t>(30 + (i * 53) % 210), 255};
}

inline bool near(const Color& a, const Color& b, int tol = 6) {
  return std::abs(a.r - b.r) <= tol && std::abs(a.g - b.g) <= tol && std::abs(a.b - b.b) <= tol;
}

}  // namespace kw::products::test_cards
