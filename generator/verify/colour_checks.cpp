// The colours of a CMYK print file's page, as read back from the file (every
// paint operator of the page and of everything it draws: forms, patterns,
// glyphs, soft masks), against the press condition: what a printer's
// preflight would say of the separations.
#include <algorithm>
#include <cmath>
#include <map>

#include <fmt/format.h>

#include "exporters/cmyk.h"
#include "exporters/press_colours.h"
#include "pdf/pdf_content.h"
#include "verify/card_checks.h"

namespace kw::verify::checks {

namespace {

constexpr double kInkTolerance = 0.5;       // percent: the file's numbers are rounded
constexpr double kImageInkTolerance = 1.5;  // percent: four 8-bit channels, each rounded
constexpr double kNoInk = 0.005;
// Black is neutral: a dark colour of more chroma than this (as printed) is a
// colour that happens to be dark, such as Gelfdrakkar's deep purple ink
// #2a1640, and keeps its inks (the converter judges near black from the RGB
// the designer chose; the file only tells the CMYK).
constexpr double kBlackChroma = 10;  // below 0.5 % a channel prints nothing

std::string inside_text(const std::string& inside) { return inside.empty() ? "" : " inside " + inside; }

std::string cmyk_text(const std::vector<double>& v) {
  return fmt::format("C{:.0f} M{:.0f} Y{:.0f} K{:.0f}", v[0] * 100, v[1] * 100, v[2] * 100, v[3] * 100);
}

std::string colour_text(const pdf::PdfColour& c) {
  std::string out = c.space.name();
  for (double v : c.values) out += fmt::format(" {:.3g}", v);
  return out;
}

double total_ink(const std::vector<double>& v) { return (v[0] + v[1] + v[2] + v[3]) * 100; }

// Device CMYK, grey and spot colours (and patterns and indexed colours on
// them): all PDF/X-1a allows.
bool x1a_allows(const pdf::ColourSpace& space) {
  using pdf::ColourFamily;
  if (space.indexed > 1) return false;
  switch (space.family) {
    case ColourFamily::DeviceCMYK:
    case ColourFamily::DeviceGray:
    case ColourFamily::Separation:
    case ColourFamily::DeviceN:
    case ColourFamily::Pattern:
    case ColourFamily::None:
      return true;
    default:
      return false;
  }
}

// RGB in any form, and for PDF/X-1a any colour space but device CMYK, grey
// and spot colours: per kind of paint and problem, how many and the first.
void check_spaces(const pdf::PdfPageContent& content, const PressCheck& press, const std::string& where,
                  CardPreflight& card) {
  std::map<std::string, std::pair<size_t, const pdf::PdfPaint*>> found;
  for (const auto& p : content.paints) {
    std::string problem;
    if (p.colour.rgb())
      problem = "RGB " + p.what + " left in a CMYK file";
    else if (press.level == exporters::PdfxLevel::X1a && !x1a_allows(p.colour.space))
      problem = p.what + " in " + p.colour.space.name() + ", which PDF/X-1a does not allow";
    if (problem.empty()) continue;
    auto& [n, first] = found[problem];
    if (n++ == 0) first = &p;
  }
  for (const auto& [problem, seen] : found)
    add(card, PreflightCheck::Colour,
        where + ": " + problem + " (" + colour_text(seen.second->colour) + inside_text(seen.second->inside) +
            (seen.first > 1 ? fmt::format(", and {} more", seen.first - 1) : "") + ")");
}

// Total ink of every painted CMYK colour and of every CMYK image's pixels.
void check_ink(const pdf::PdfPageContent& content, const PressCheck& press, const std::string& where,
               CardPreflight& card) {
  const double limit = press.settings.ink_limit;
  const pdf::PdfPaint* worst = nullptr;
  size_t over = 0;
  for (const auto& p : content.paints) {
    if (!p.colour.cmyk() || p.colour.values.size() != 4) continue;
    if (total_ink(p.colour.values) <= limit + kInkTolerance) continue;
    ++over;
    if (!worst || total_ink(p.colour.values) > total_ink(worst->colour.values)) worst = &p;
  }
  if (worst)
    add(card, PreflightCheck::Ink,
        where + fmt::format(": {} colour{} over the ink limit: {} {} = {:.0f} %{}, the limit is {:g} %", over,
                            over == 1 ? "" : "s", worst->what, cmyk_text(worst->colour.values),
                            total_ink(worst->colour.values), inside_text(worst->inside), limit));
  for (const auto& img : content.images)
    if (img.max_ink > limit + kImageInkTolerance)
      add(card, PreflightCheck::Ink,
          where + fmt::format(": an image of {} x {} px{} has {:.0f} % ink on a pixel, the limit is {:g} %",
                              img.width_px, img.height_px, inside_text(img.inside), img.max_ink, limit));
}

// Near black (within the condition's near_black of black and nearly
// neutral, as printed) but built with C, M or Y: text and thin lines printed
// so fringe when the plates do not register.
bool black_from_several_inks(const pdf::PdfColour& c, const PressCheck& press) {
  if (!c.cmyk() || c.values.size() != 4) return false;
  const auto& v = c.values;
  if (v[0] <= kNoInk && v[1] <= kNoInk && v[2] <= kNoInk) return false;
  const exporters::Cmyk cmyk{v[0], v[1], v[2], v[3]};
  const auto lab = press.colours->lab_of(cmyk);
  if (std::hypot(lab[1], lab[2]) > kBlackChroma) return false;
  return press.colours->distance_from_black(cmyk) <= press.settings.near_black_delta_e;
}

int inks(const std::vector<double>& v) {
  return static_cast<int>(std::count_if(v.begin(), v.end(), [](double x) { return x > kNoInk; }));
}

void check_black(const pdf::PdfPageContent& content, const PressCheck& press, const std::string& where,
                 CardPreflight& card) {
  const pdf::PdfText* first_text = nullptr;
  size_t texts = 0;
  for (const auto& t : content.texts)
    if (black_from_several_inks(t.fill, press) && texts++ == 0) first_text = &t;
  if (first_text)
    add(card, PreflightCheck::Black,
        where + fmt::format(": text in {} inks {}: near-black text must be 100 % K ({} text{}, the first {:.1f} pt "
                            "at {:.1f}, {:.1f} mm{})",
                            inks(first_text->fill.values), cmyk_text(first_text->fill.values), texts,
                            texts == 1 ? "" : "s", first_text->size_pt, first_text->origin.x, first_text->origin.y,
                            inside_text(first_text->inside)));
  const pdf::PdfPath* first_line = nullptr;
  size_t lines = 0;
  for (const auto& p : content.paths)
    if (p.stroked && p.line_width_pt <= press.settings.thin_line_pt + 1e-6 &&
        black_from_several_inks(p.stroke, press) && lines++ == 0)
      first_line = &p;
  if (first_line)
    add(card, PreflightCheck::Black,
        where + fmt::format(": line of {:.2f} pt in {} inks {}: near-black lines must be 100 % K ({} line{}{})",
                            first_line->line_width_pt, inks(first_line->stroke.values),
                            cmyk_text(first_line->stroke.values), lines, lines == 1 ? "" : "s",
                            inside_text(first_line->inside)));
}

}  // namespace

void check_colours(const pdf::PdfPageContent& content, const PressCheck& press, const std::string& where,
                   CardPreflight& card) {
  check_spaces(content, press, where, card);
  check_ink(content, press, where, card);
  check_black(content, press, where, card);
  if (press.level == exporters::PdfxLevel::X1a)
    for (const auto& t : content.transparency)
      add(card, PreflightCheck::Pdfx, where + ": transparency, which PDF/X-1a does not allow: " + t);
  for (const auto& f : content.forbidden) add(card, PreflightCheck::Pdfx, where + ": " + f + ", which PDF/X forbids");
}

}  // namespace kw::verify::checks
