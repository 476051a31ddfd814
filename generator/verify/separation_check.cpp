// The cross-check of a CMYK shop file with Ghostscript: each page rendered in
// CMYK (the separations, as a RIP would see them) against the card's layout
// rendered in RGB the same way, both seen through the press profile. What the converter
// did beyond a plain profile conversion (the black rules, the ink limit,
// gradients re-sampled) and anything it lost or miscoloured shows as a
// difference; gamut clipping does not, since both sides are clipped alike.
//
// The difference is measured cell by cell (about 1 mm square), not as an
// average over the card: a shift confined to one motif (a glow over a black
// ground blended in CMYK) is a few percent of the card's area and vanishes
// in the mean, while the worst cells and the 95th percentile show it.
#include <algorithm>
#include <array>
#include <cmath>
#include <unordered_map>

#include <fmt/format.h>

#include "exporters/cmyk.h"
#include "exporters/press_colours.h"
#include "verify/card_checks.h"

namespace kw::verify::checks {

namespace {

// The mean ink of a CMYK raster's pixels (4 bytes each, `width` a row) in
// [x0, x1) x [y0, y1), 0-1 per channel.
exporters::Cmyk mean_cmyk(const std::vector<unsigned char>& cmyk, int width, int height, int x0, int y0, int x1,
                          int y1) {
  double sum[4] = {0, 0, 0, 0};
  int n = 0;
  for (int y = y0; y < std::min(y1, height); ++y)
    for (int x = x0; x < std::min(x1, width); ++x, ++n)
      for (int c = 0; c < 4; ++c) sum[c] += cmyk[(static_cast<size_t>(y) * width + x) * 4 + c];
  const double d = 255.0 * std::max(1, n);
  return {sum[0] / d, sum[1] / d, sum[2] / d, sum[3] / d};
}

// Which pixels of an RGB raster the black rules may print otherwise than a
// plain conversion (within near_black of black: 100 % K in text, lines and
// small shapes, the rich black in areas), 1 each; by colour, cached.
std::vector<unsigned char> black_ruled(const render::Raster& r, const exporters::PressColours& colours) {
  std::unordered_map<std::uint32_t, bool> known;
  std::vector<unsigned char> out(static_cast<size_t>(r.width) * r.height);
  for (size_t i = 0; i < out.size(); ++i) {
    const std::uint8_t* p = &r.rgba[i * 4];
    const std::uint32_t key = (std::uint32_t{p[0]} << 16) | (std::uint32_t{p[1]} << 8) | p[2];
    auto it = known.find(key);
    if (it == known.end())
      it = known
               .emplace(key, colours.distance_from_black(exporters::Rgb{p[0] / 255.0, p[1] / 255.0, p[2] / 255.0}) <=
                                 colours.settings().near_black_delta_e)
               .first;
    out[i] = it->second ? 1 : 0;
  }
  return out;
}

// Every pixel of an RGB raster through the press profile (a plain
// conversion, ink limited): what the page would print as, pixel by pixel.
std::vector<unsigned char> plain_conversion(const render::Raster& r, const exporters::PressColours& colours) {
  std::vector<std::uint8_t> rgb(static_cast<size_t>(r.width) * r.height * 3);
  for (size_t i = 0; i < rgb.size() / 3; ++i)
    for (size_t c = 0; c < 3; ++c) rgb[i * 3 + c] = r.rgba[i * 4 + c];
  const std::vector<std::uint8_t> cmyk = colours.convert_pixels(rgb);
  return {cmyk.begin(), cmyk.end()};
}

// The value below which `share` of `values` lie (nearest rank).
double percentile(std::vector<float> values, double share) {
  if (values.empty()) return -1;
  const auto k = static_cast<size_t>(std::ceil(share * static_cast<double>(values.size()))) - 1;
  const auto at = values.begin() + static_cast<std::ptrdiff_t>(std::min(k, values.size() - 1));
  std::nth_element(values.begin(), at, values.end());
  return *at;
}

}  // namespace

namespace {

// What a cell of the reference may print as: its pixels through the
// profile, except that the black rules may print the near-black ones as
// 100 % K (knocking out, or overprinting the cell's other inks: text), or
// as the rich black (areas).
struct CellExpectation {
  exporters::Cmyk plain, knockout, overprint, rich;
};
CellExpectation expect_cell(const std::vector<unsigned char>& expected, const std::vector<unsigned char>& ruled,
                            int width, int height, int x0, int y0, int x1, int y1, const exporters::Cmyk& rich) {
  double all[4] = {0, 0, 0, 0}, other[4] = {0, 0, 0, 0};
  int n = 0, black = 0;
  for (int y = y0; y < std::min(y1, height); ++y)
    for (int x = x0; x < std::min(x1, width); ++x, ++n) {
      const size_t i = static_cast<size_t>(y) * width + x;
      black += ruled[i];
      for (int c = 0; c < 4; ++c) {
        all[c] += expected[i * 4 + c] / 255.0;
        if (!ruled[i]) other[c] += expected[i * 4 + c] / 255.0;
      }
    }
  const double count = std::max(1, n), rest = std::max(1, n - black), b = black / count;
  const exporters::Cmyk plain{all[0] / count, all[1] / count, all[2] / count, all[3] / count};
  // The cell's other pixels, and the near-black ones as the rules print them.
  const exporters::Cmyk beside{other[0] / count, other[1] / count, other[2] / count, other[3] / count};
  const exporters::Cmyk ground{other[0] / rest, other[1] / rest, other[2] / rest, other[3] / rest};
  auto with = [&](const exporters::Cmyk& k) {
    return exporters::Cmyk{beside.c + b * k.c, beside.m + b * k.m, beside.y + b * k.y, beside.k + b * k.k};
  };
  return {plain, with({0, 0, 0, 1}), with({ground.c, ground.m, ground.y, 1}), with(rich)};
}

}  // namespace

// CIEDE2000 between a page rendered in CMYK and the card's rendering,
// compared in blocks of about a millimetre. The reference is converted pixel
// by pixel before the cells are averaged, as the press would print it, so
// that a cell half red, half white averages the same inks on both sides.
// Where the design is near black the black rules may print it otherwise
// (expect_cell): the closest of what they allow counts.
SeparationCells separation_cells(const exporters::InkCoverage& page, const render::Raster& reference,
                                 const exporters::PressColours& colours, double dpi) {
  SeparationCells out;
  if (page.width <= 0 || page.height <= 0 || reference.width <= 0 || reference.height <= 0) return out;
  const int block = std::max(1, static_cast<int>(std::lround(dpi / 25.4)));
  out.columns = (page.width + block - 1) / block;
  out.rows = (page.height + block - 1) / block;
  out.cell_mm = block * 25.4 / dpi;
  const std::vector<unsigned char> expected = plain_conversion(reference, colours);
  const std::vector<unsigned char> ruled = black_ruled(reference, colours);
  const auto& rb = colours.settings().rich_black;
  const exporters::Cmyk rich = colours.limit_ink({rb[0] / 100, rb[1] / 100, rb[2] / 100, rb[3] / 100});
  auto sx = [&](int x) { return static_cast<int>(static_cast<long long>(x) * reference.width / page.width); };
  auto sy = [&](int y) { return static_cast<int>(static_cast<long long>(y) * reference.height / page.height); };
  out.delta_e.reserve(static_cast<size_t>(out.columns) * out.rows);
  double sum = 0;
  size_t worst = 0;
  for (int by = 0; by < out.rows; ++by)
    for (int bx = 0; bx < out.columns; ++bx) {
      const int x0 = bx * block, y0 = by * block, x1 = x0 + block, y1 = y0 + block;
      const auto printed = colours.lab_of(mean_cmyk(page.cmyk, page.width, page.height, x0, y0, x1, y1));
      const CellExpectation want =
          expect_cell(expected, ruled, reference.width, reference.height, sx(x0), sy(y0), sx(x1), sy(y1), rich);
      double d = exporters::PressColours::delta_e(printed, colours.lab_of(want.plain));
      for (const auto& alternative : {want.knockout, want.overprint, want.rich})
        d = std::min(d, exporters::PressColours::delta_e(printed, colours.lab_of(alternative)));
      out.lightness.push_back(static_cast<float>(printed[0]));
      out.delta_e.push_back(static_cast<float>(d));
      sum += d;
      if (d > out.delta_e[worst]) worst = out.delta_e.size() - 1;
    }
  out.mean = sum / static_cast<double>(out.delta_e.size());
  out.p95 = percentile(out.delta_e, 0.95);
  out.worst = out.delta_e[worst];
  const size_t columns = static_cast<size_t>(out.columns), row = worst / columns, column = worst % columns;
  out.worst_x_mm = (static_cast<double>(column) + 0.5) * out.cell_mm;
  out.worst_y_mm = (static_cast<double>(row) + 0.5) * out.cell_mm;
  return out;
}

namespace {

// One rendered page (index `i` of its file) against its card's rendering.
void compare_page(const exporters::InkCoverage& page, size_t i, const std::string& label, const PressCheck& press,
                  size_t card_index, std::span<const render::Raster> references, bool number_pages,
                  PreflightReport& report) {
  if (card_index >= references.size()) return;
  SeparationCells cells = separation_cells(page, references[card_index], *press.colours, kSeparationDpi);
  if (!cells.measured()) return;  // no reference: said where it failed
  CardPreflight& card = report.cards[card_index];
  // A further page of a card (a back on every other page of a deck): said
  // only when it fails and the card's first page did not, so a problem of
  // the card is said once and a spoilt copy of it is still found.
  if (card.separations.measured()) {
    const bool first_failed =
        card.separations.p95 > kSeparationP95Tolerance || card.separations.worst > kSeparationWorstTolerance;
    if (first_failed || (cells.p95 <= kSeparationP95Tolerance && cells.worst <= kSeparationWorstTolerance)) return;
  }
  const std::string where = number_pages ? label + " p. " + std::to_string(i + 1) : label;
  if (cells.p95 > kSeparationP95Tolerance || cells.worst > kSeparationWorstTolerance)
    add(card, PreflightCheck::Separations,
        where + fmt::format(": Ghostscript's CMYK rendering differs from the card's own rendering (both through the "
                            "press profile) by ΔE2000 {:.1f} at worst, at {:.0f}, {:.0f} mm from the page's top left, "
                            "and {:.1f} in 95 % of the {:g} mm cells; the tolerance is {:g} at worst and {:g} in 95 %",
                            cells.worst, cells.worst_x_mm, cells.worst_y_mm, cells.p95,
                            std::round(cells.cell_mm * 10) / 10, kSeparationWorstTolerance, kSeparationP95Tolerance));
  if (!card.separations.measured()) card.separations = std::move(cells);
}

}  // namespace

void check_separations(const std::filesystem::path& pdf, const std::string& label, const PressCheck& press,
                       std::span<const std::optional<size_t>> card_of_page, std::span<const render::Raster> references,
                       bool number_pages, PreflightReport& report) {
  // Every page that shows a card: a back on many pages is looked at on
  // each (one of them may be spoilt), its cells kept from its first.
  std::vector<size_t> wanted;
  for (size_t i = 0; i < card_of_page.size(); ++i)
    if (card_of_page[i] && *card_of_page[i] < report.cards.size()) wanted.push_back(i);
  // One Ghostscript run per stretch of wanted pages.
  for (size_t k = 0; k < wanted.size();) {
    size_t end = k + 1;
    while (end < wanted.size() && wanted[end] == wanted[end - 1] + 1) ++end;
    std::vector<exporters::InkCoverage> pages;
    try {
      pages = exporters::render_cmyk_pages(pdf, kSeparationDpi, static_cast<int>(wanted[k] + 1),
                                           static_cast<int>(wanted[end - 1] + 1));
    } catch (const std::exception& e) {
      report.general.push_back({PreflightCheck::Separations, label + ": " + e.what()});
      return;
    }
    for (size_t j = k; j < end && j - k < pages.size(); ++j)
      compare_page(pages[j - k], wanted[j], label, press, *card_of_page[wanted[j]], references, number_pages, report);
    k = end;
  }
}

}  // namespace kw::verify::checks
