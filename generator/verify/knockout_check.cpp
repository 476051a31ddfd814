// Small light text and thin light rules knocked out of a ground of much ink
// (a warning, not a failure): the paper shows through a hole in every
// plate of the ground, and the slightest misregistration of any one plate
// narrows the letters or the rule and fringes them with colour. Print
// shops' guides set the limits:
//   - type reversed out of a ground of several inks at least 8 pt: Lakeside
//     Prepress ("Color type", "Reversed type should be a minimum of 8
//     points ... when mis-registration on press fills in white type"; it
//     recommends grounds of at most two separations), and Druckerei Michael
//     ("Negative Schriften nicht kleiner als 8 Punkt auf farbigen Flächen");
//   - lines drawn by several plates at least 1 pt in offset print: printi
//     ("Haarlinien": "mehrfarbige Haarlinien ... mindestens 1 pt"); a rule
//     knocked out of a four-ink ground has the edges of four plates.
// A ground counts from 200 % total ink: two full inks, what a ground of
// "at most two separations" can reach (Palantír's Gondor fronts: the rich
// black, 240 %).
#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <tuple>
#include <utility>

#include <fmt/format.h>

#include "exporters/cmyk.h"
#include "verify/card_checks.h"

namespace kw::verify::checks {

namespace {

// An approximate screen colour of a file's colour (for telling the
// element's own pixels from its ground's only).
std::optional<Color> approx(const pdf::PdfColour& c) {
  auto byte = [](double v) { return static_cast<std::uint8_t>(std::lround(std::clamp(v, 0.0, 1.0) * 255)); };
  const auto& v = c.values;
  if (c.cmyk() && v.size() == 4)
    return Color{byte((1 - v[0]) * (1 - v[3])), byte((1 - v[1]) * (1 - v[3])), byte((1 - v[2]) * (1 - v[3])), 255};
  if (c.rgb() && v.size() == 3) return Color{byte(v[0]), byte(v[1]), byte(v[2]), 255};
  if (v.size() == 1) return Color{byte(v[0]), byte(v[0]), byte(v[0]), 255};
  return std::nullopt;
}

// The mean colour of the pixels in `area` (sampled on a 16 x 16 grid) that
// are not the element's own colour; nullopt when too few are.
std::optional<Color> ground_in(const Rect& area, const Color& own, const Pixels& pixels) {
  double r = 0, g = 0, b = 0;
  int n = 0;
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j) {
      auto c = pixels.at({area.x + area.w * (i + 0.5) / 16, area.y + area.h * (j + 0.5) / 16});
      if (!c || distance(*c, own) < 80) continue;
      r += c->r;
      g += c->g;
      b += c->b;
      ++n;
    }
  if (n < 8) return std::nullopt;
  auto avg = [n](double v) { return static_cast<std::uint8_t>(std::lround(v / n)); };
  return Color{avg(r), avg(g), avg(b), 255};
}

struct Knockout {
  double ink = 0;  // the ground's, percent
  bool light = false;
};

// What the ground prints as (the converter's area rules: a near-black
// ground is the rich black) and whether the element is lighter than it.
Knockout knockout(const Color& own, const Color& ground, const PressCheck& press) {
  auto rgb = [](const Color& c) { return exporters::Rgb{c.rf(), c.gf(), c.bf()}; };
  const exporters::Cmyk ground_ink = press.colours->convert(rgb(ground), exporters::PaintUse::Area).cmyk;
  const exporters::Cmyk own_ink = press.colours->plain(rgb(own));
  return {ground_ink.total() * 100, press.colours->lab_of(own_ink)[0] > press.colours->lab_of(ground_ink)[0] + 20};
}

// The ink the file prints right at the edges of the letters in `area`
// (mm), from its separations (`printed`, the whole page): the mean total
// ink, percent, of the pixels beside a letter's pixel (one of at most
// `own` % ink, the text's colour, and 15 more for the renderer's rounding)
// that are not the letter's themselves; nullopt when there are none. This is what a plate off register shows along the
// letters: the ground, or a keep-away the build put there (exporters/pdf_recolour.cpp).
std::optional<double> edge_ink(const exporters::InkCoverage& printed, const Rect& area, Size page, double own) {
  if (printed.width <= 0 || page.w <= 0 || page.h <= 0) return std::nullopt;
  const double sx = printed.width / page.w, sy = printed.height / page.h;
  auto total = [&](int x, int y) {
    const auto p = printed.at(x, y);
    return (p.c + p.m + p.y + p.k) * 100.0 / 255.0;
  };
  const int x0 = std::max(1, static_cast<int>(area.x * sx)), y0 = std::max(1, static_cast<int>(area.y * sy));
  const int x1 = std::min(printed.width - 1, static_cast<int>(area.right() * sx));
  const int y1 = std::min(printed.height - 1, static_cast<int>(area.bottom() * sy));
  const double knocked_out = own + 15;
  double sum = 0;
  size_t n = 0;
  for (int y = y0; y < y1; ++y)
    for (int x = x0; x < x1; ++x) {
      if (total(x, y) > knocked_out) continue;
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx)
          if (const double t = total(x + dx, y + dy); t > knocked_out) sum += t, ++n;
    }
  if (n == 0) return std::nullopt;
  return sum / static_cast<double>(n);
}

// Said once per card: a back on many pages of a deck is one card.
void warn(CardPreflight& card, const std::string& where, const std::string& what) {
  for (const auto& w : card.warnings)
    if (w.ends_with(": " + what)) return;
  card.warnings.push_back(where + ": " + what);
}

}  // namespace

void check_knockouts(const pdf::PdfPageContent& content, const render::Raster& reference, const PressCheck& press,
                     const std::string& where, CardPreflight& card, const exporters::InkCoverage* printed) {
  if (!press.colours || reference.width <= 0) return;
  const Pixels pixels{&reference, {reference.width / kSeparationDpi * 25.4, reference.height / kSeparationDpi * 25.4}};
  size_t texts = 0, lines = 0;
  const pdf::PdfText* text = nullptr;
  const pdf::PdfPath* line = nullptr;
  double text_ink = 0, line_ink = 0;
  for (const auto& t : content.texts) {
    if (t.indirect || !t.color || t.size_pt + 1e-6 >= kKnockoutTextPt) continue;
    const double em = t.size_pt * 25.4 / 72;
    const double length = std::max(em, static_cast<double>(t.glyphs) * 0.5 * em);
    const Rect area{std::min(t.origin.x, t.origin.x + t.advance.x * length) - 0.5 * em,
                    std::min(t.origin.y, t.origin.y + t.up.y * em) - 0.5 * em, std::abs(t.advance.x) * length + em,
                    std::abs(t.advance.y) * length + 2 * em};
    auto ground = ground_in(area, *t.color, pixels);
    if (!ground) continue;
    Knockout k = knockout(*t.color, *ground, press);
    if (!k.light || k.ink < kKnockoutGroundInk) continue;
    // Measured, where the separations are given: what the file prints at
    // the letters' edges (a keep-away lowers it), not what the ground is.
    if (printed) {
      auto rgb = exporters::Rgb{t.color->rf(), t.color->gf(), t.color->bf()};
      const auto at_edges = edge_ink(*printed, area, pixels.page, press.colours->plain(rgb).total() * 100);
      if (at_edges) k.ink = *at_edges;
      if (k.ink < kKnockoutGroundInk) continue;
    }
    ++texts;
    if (!text || t.size_pt < text->size_pt) std::tie(text, text_ink) = std::pair{&t, k.ink};
  }
  for (const auto& p : content.paths) {
    if (p.indirect || !p.stroked || p.line_width_pt + 1e-6 >= kKnockoutLinePt) continue;
    auto own = approx(p.stroke);
    if (!own) continue;
    auto ground = ground_in(p.bounds.inset(-0.6), *own, pixels);
    if (!ground) continue;
    const Knockout k = knockout(*own, *ground, press);
    if (!k.light || k.ink < kKnockoutGroundInk) continue;
    ++lines;
    if (!line || p.line_width_pt < line->line_width_pt) std::tie(line, line_ink) = std::pair{&p, k.ink};
  }
  if (text)
    warn(card, where,
         fmt::format("{} light {} of {:.2f} pt ({}) at {:.1f}, {:.1f} mm knocked out of a ground of {:.0f} % "
                     "ink: below {:g} pt on {:g} % or more, misregistration fills it in (print shops' limit for "
                     "reversed type); a K-only or lighter ground under it avoids that",
                     texts, texts == 1 ? "text" : "texts", text->size_pt, text->font, text->origin.x, text->origin.y,
                     text_ink, kKnockoutTextPt, kKnockoutGroundInk));
  if (line)
    warn(card, where,
         fmt::format("{} light {} of {:.2f} pt{} at {:.1f}, {:.1f} mm knocked out of a ground of {:.0f} % "
                     "ink: below {:g} pt on {:g} % or more, four plates' edges draw it (print shops' limit for "
                     "lines of several inks)",
                     lines, lines == 1 ? "line" : "lines", line->line_width_pt,
                     line->inside.empty() ? "" : " inside " + line->inside, line->bounds.x, line->bounds.y, line_ink,
                     kKnockoutLinePt, kKnockoutGroundInk));
}

}  // namespace kw::verify::checks
