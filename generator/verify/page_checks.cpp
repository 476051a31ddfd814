#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "pdf/pdf_boxes.h"
#include "pdf/pdf_content.h"
#include "verify/card_checks.h"

namespace kw::verify::checks {

namespace {

constexpr double kBoxTolerance = 0.01;  // mm

std::string mm(double v) { return fmt::format("{:.2f}", v); }
std::string box_text(const Rect& r) { return "[" + mm(r.x) + " " + mm(r.y) + " " + mm(r.w) + " x " + mm(r.h) + "]"; }

bool same_box(const Rect& a, const Rect& b) {
  return std::abs(a.x - b.x) <= kBoxTolerance && std::abs(a.y - b.y) <= kBoxTolerance &&
         std::abs(a.w - b.w) <= kBoxTolerance && std::abs(a.h - b.h) <= kBoxTolerance;
}

bool intersects(const Rect& a, const Rect& b) {
  return a.x < b.right() && b.x < a.right() && a.y < b.bottom() && b.y < a.bottom();
}

bool inside(const Rect& outer, Point p) {
  return p.x >= outer.x && p.x <= outer.right() && p.y >= outer.y && p.y <= outer.bottom();
}

double channel(std::uint8_t v) {
  double c = v / 255.0;
  return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}
double luminance(const Color& c) { return 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b); }

// The ground behind a text: what is not the text's own colour in the box its
// glyphs roughly cover (half an em per glyph, 0.7 em high).
std::optional<Color> ground_of(const pdf::PdfText& t, const Pixels& pixels) {
  if (!t.color) return std::nullopt;
  double em = t.size_pt * 25.4 / 72;
  double length = std::max(em, static_cast<double>(t.glyphs) * 0.5 * em), height = 0.7 * em;
  double r = 0, g = 0, b = 0;
  int n = 0;
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 6; ++j) {
      double a = length * (i + 0.5) / 16, u = height * (j + 0.5) / 6;
      auto c = pixels.at({t.origin.x + t.advance.x * a + t.up.x * u, t.origin.y + t.advance.y * a + t.up.y * u});
      if (!c || distance(*c, *t.color) < 80) continue;
      r += c->r;
      g += c->g;
      b += c->b;
      ++n;
    }
  if (n < 5) return std::nullopt;
  auto avg = [n](double v) { return static_cast<std::uint8_t>(std::lround(v / n)); };
  return Color{avg(r), avg(g), avg(b), 255};
}

void check_boxes(const pdf::PageBoxes& boxes, const PrintProfile& profile, const std::string& where,
                 CardPreflight& card) {
  Expected want = expected(profile);
  if (!same_box(boxes.media, want.media))
    add(card, PreflightCheck::Boxes,
        where + ": MediaBox " + box_text(boxes.media) + " mm, not " + box_text(want.media));
  if (!same_box(boxes.trim, want.trim))
    add(card, PreflightCheck::Boxes, where + ": TrimBox " + box_text(boxes.trim) + " mm, not " + box_text(want.trim));
  if (!same_box(boxes.bleed, want.media))
    add(card, PreflightCheck::Boxes,
        where + ": BleedBox " + box_text(boxes.bleed) + " mm, not " + box_text(want.media));
}

// Text on the card at least the profile's minimum (the larger one for light
// text on a dark ground).
void check_text(const pdf::PdfPageContent& content, const pdf::PageBoxes& boxes, const page::Page& page,
                const Pixels& pixels, const PrintProfile& profile, const std::string& where, CardPreflight& card) {
  const pdf::PdfText* smallest = nullptr;
  double smallest_limit = 0;
  size_t small = 0;
  for (const auto& t : content.texts) {
    if (!t.indirect && !inside(boxes.trim, t.origin)) continue;  // outside the trim: see check_marks
    double limit = profile.text_min_pt;
    if (t.color) {
      auto ground = ground_of(t, pixels);
      Color behind = ground ? *ground : page.edge_color;
      if (luminance(*t.color) > luminance(behind)) limit = std::max(limit, profile.text_min_light_on_dark_pt);
    }
    if (card.min_text_pt == 0 || t.size_pt < card.min_text_pt) card.min_text_pt = t.size_pt;
    if (t.size_pt + 1e-6 < limit) {
      ++small;
      if (!smallest || t.size_pt < smallest->size_pt) {
        smallest = &t;
        smallest_limit = limit;
      }
    }
  }
  if (!smallest) return;
  bool light = smallest_limit > profile.text_min_pt;
  add(card, PreflightCheck::Text,
      where + ": " + std::to_string(small) + (small == 1 ? " text" : " texts") +
          " too small: " + fmt::format("{:.2f} pt", smallest->size_pt) + " (" + smallest->font + ") at " +
          fmt::format("{:.1f}, {:.1f} mm", smallest->origin.x, smallest->origin.y) + ", the minimum is " +
          fmt::format("{:g} pt", smallest_limit) + (light ? " for light text on a dark ground" : ""));
}

std::string inside_text(const std::string& inside) { return inside.empty() ? "" : " inside " + inside; }

// Stroked lines on the card at least the profile's minimum, wherever they
// are drawn (in a pattern cell or a glyph as printed: with its matrix); a
// straight line wholly outside the trim is a mark.
void check_lines(const pdf::PdfPageContent& content, const pdf::PageBoxes& boxes, const PrintProfile& profile,
                 const std::string& where, CardPreflight& card) {
  const pdf::PdfPath* thinnest = nullptr;
  size_t thin = 0;
  for (const auto& p : content.paths) {
    bool on_card = p.indirect || intersects(p.bounds.inset(-1e-3), boxes.trim);
    if (!on_card) {
      // Art may run into the bleed; a printer's mark may not: a straight
      // stroked line wholly outside the trim is a crop or registration mark.
      // (A colour bar changes the bleed's colour: the bleed check finds it.)
      if (p.stroked && p.straight && !profile.marks_allowed)
        add(card, PreflightCheck::Marks,
            where + ": a line wholly outside the trim from " + fmt::format("{:.1f}, {:.1f}", p.bounds.x, p.bounds.y) +
                " to " + fmt::format("{:.1f}, {:.1f} mm", p.bounds.right(), p.bounds.bottom()) +
                " (a crop or registration mark?)");
      continue;
    }
    if (!p.stroked) continue;
    if (card.min_line_pt == 0 || p.line_width_pt < card.min_line_pt) card.min_line_pt = p.line_width_pt;
    if (p.line_width_pt + 1e-6 < profile.line_min_pt) {
      ++thin;
      if (!thinnest || p.line_width_pt < thinnest->line_width_pt) thinnest = &p;
    }
  }
  if (!thinnest) return;
  // Inside a pattern or a glyph the position is that of one cell: not said.
  const std::string at =
      thinnest->indirect ? "" : " at " + fmt::format("{:.1f}, {:.1f} mm", thinnest->bounds.x, thinnest->bounds.y);
  add(card, PreflightCheck::Lines,
      where + ": " + std::to_string(thin) + (thin == 1 ? " line" : " lines") +
          " too thin: " + fmt::format("{:.2f} pt", thinnest->line_width_pt) + inside_text(thinnest->inside) + at +
          ", below line_min_pt " + fmt::format("{:g}", profile.line_min_pt));
}

// Text outside the trim is a mark (a file name, a colour bar's label).
void check_text_marks(const pdf::PdfPageContent& content, const pdf::PageBoxes& boxes, const PrintProfile& profile,
                      const std::string& where, CardPreflight& card) {
  for (const auto& t : content.texts)
    if (!t.indirect && !inside(boxes.trim, t.origin) && !profile.marks_allowed)
      add(card, PreflightCheck::Marks,
          where + ": text outside the trim at " + fmt::format("{:.1f}, {:.1f} mm", t.origin.x, t.origin.y) +
              " (a file name?)");
}

// Placed images at the profile's resolution (outside the trim: a mark), and
// every font embedded.
void check_images_and_fonts(const pdf::PdfPageContent& content, const pdf::PageBoxes& boxes,
                            const PrintProfile& profile, const std::string& where, CardPreflight& card) {
  for (const auto& img : content.images) {
    // Art run on into the bleed along a whole side of the card (the bleed
    // continued by fitting, flattened into a strip by PDF/X-1a) is no mark.
    const bool along_a_side = img.bounds.w + 0.5 >= boxes.trim.w || img.bounds.h + 0.5 >= boxes.trim.h;
    if (!img.indirect && !intersects(img.bounds, boxes.trim) && !along_a_side) {
      if (!profile.marks_allowed)
        add(card, PreflightCheck::Marks,
            where + ": an image wholly outside the trim at " +
                fmt::format("{:.1f}, {:.1f} mm", img.bounds.x, img.bounds.y));
      continue;
    }
    // A soft mask's resolution shows as the edges it cuts: held to the same minimum.
    if (img.dpi + 0.5 < profile.image_dpi)
      add(card, PreflightCheck::Resolution,
          where + ": " + (img.soft_mask ? "soft mask image " : "an image of ") + std::to_string(img.width_px) + " x " +
              std::to_string(img.height_px) + " px placed at " +
              fmt::format("{:.1f} x {:.1f} mm", img.bounds.w, img.bounds.h) + inside_text(img.inside) + " has " +
              fmt::format("{:.0f} ppi", img.dpi) + ", below image_dpi " + fmt::format("{:g}", profile.image_dpi));
  }
  if (profile.fonts_embedded)
    for (const auto& f : content.fonts)
      if (!f.embedded) add(card, PreflightCheck::Fonts, where + ": font " + f.name + " is not embedded");
}

}  // namespace

void check_page(const pdf::PdfPageContent& content, const pdf::PageBoxes& boxes, const page::Page& page,
                const Pixels& pixels, const PrintProfile& profile, const std::string& where, CardPreflight& card) {
  check_boxes(boxes, profile, where, card);
  check_text(content, boxes, page, pixels, profile, where, card);
  check_lines(content, boxes, profile, where, card);
  check_text_marks(content, boxes, profile, where, card);
  check_images_and_fonts(content, boxes, profile, where, card);
}

}  // namespace kw::verify::checks
