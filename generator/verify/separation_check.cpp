// The cross-check of a CMYK shop file with Ghostscript: each page rendered in
// CMYK (the separations, as a RIP would see them) against the card's JPEG (the
// RGB rendering), both seen through the press profile. What the converter
// did beyond a plain profile conversion (the black rules, the ink limit,
// gradients re-sampled) and anything it lost or miscoloured shows as a
// difference; gamut clipping does not, since both sides are clipped alike.
#include <algorithm>
#include <array>
#include <cmath>

#include <fmt/format.h>

#include "exporters/cmyk.h"
#include "exporters/press_colours.h"
#include "verify/card_checks.h"

namespace kw::verify::checks {

namespace {

// The mean colour of the raster's pixels in [x0, x1) x [y0, y1): RGB.
std::array<double, 3> mean_rgb(const render::Raster& r, int x0, int y0, int x1, int y1) {
  std::array<double, 3> sum{0, 0, 0};
  int n = 0;
  for (int y = y0; y < std::min(y1, r.height); ++y)
    for (int x = x0; x < std::min(x1, r.width); ++x, ++n) {
      const Color c = r.pixel(x, y);
      sum[0] += c.r;
      sum[1] += c.g;
      sum[2] += c.b;
    }
  for (double& v : sum) v /= std::max(1, n);
  return sum;
}

// The mean ink of the rendering's pixels in a block, 0-1 per channel.
exporters::Cmyk mean_cmyk(const exporters::InkCoverage& page, int x0, int y0, int x1, int y1) {
  double sum[4] = {0, 0, 0, 0};
  int n = 0;
  for (int y = y0; y < std::min(y1, page.height); ++y)
    for (int x = x0; x < std::min(x1, page.width); ++x, ++n)
      for (int c = 0; c < 4; ++c) sum[c] += page.cmyk[(static_cast<size_t>(y) * page.width + x) * 4 + c];
  const double d = 255.0 * std::max(1, n);
  return {sum[0] / d, sum[1] / d, sum[2] / d, sum[3] / d};
}

// Mean CIEDE2000 between a page rendered in CMYK and the JPEG, compared in
// blocks of about a millimetre: averaged, the two renderings' different
// pixel grids and anti-aliasing (a hairline is a whole pixel wide to
// Ghostscript) cancel out, and what is left is colour.
double mean_difference(const exporters::InkCoverage& page, const render::Raster& jpeg,
                       const exporters::PressColours& colours) {
  if (page.width <= 0 || page.height <= 0 || jpeg.width <= 0 || jpeg.height <= 0) return -1;
  const int block = std::max(1, static_cast<int>(std::lround(kSeparationDpi / 25.4)));
  const int bw = (page.width + block - 1) / block, bh = (page.height + block - 1) / block;
  std::vector<std::uint8_t> rgb;
  std::vector<exporters::Cmyk> printed;
  for (int by = 0; by < bh; ++by)
    for (int bx = 0; bx < bw; ++bx) {
      const int x0 = bx * block, y0 = by * block, x1 = x0 + block, y1 = y0 + block;
      printed.push_back(mean_cmyk(page, x0, y0, x1, y1));
      auto sx = [&](int x) { return static_cast<int>(static_cast<long long>(x) * jpeg.width / page.width); };
      auto sy = [&](int y) { return static_cast<int>(static_cast<long long>(y) * jpeg.height / page.height); };
      for (double v : mean_rgb(jpeg, sx(x0), sy(y0), sx(x1), sy(y1)))
        rgb.push_back(static_cast<std::uint8_t>(std::lround(v)));
    }
  const std::vector<std::uint8_t> expected = colours.convert_pixels(rgb);
  double sum = 0;
  for (size_t i = 0; i < printed.size(); ++i) {
    const std::uint8_t* e = &expected[i * 4];
    const exporters::Cmyk want{e[0] / 255.0, e[1] / 255.0, e[2] / 255.0, e[3] / 255.0};
    sum += exporters::PressColours::delta_e(colours.lab_of(printed[i]), colours.lab_of(want));
  }
  return sum / static_cast<double>(printed.size());
}

// One rendered page (index `i` of its file) against its card's JPEG.
void compare_page(const exporters::InkCoverage& page, size_t i, const std::string& label, const PressCheck& press,
                  size_t card_index, std::span<const render::Raster> jpegs, bool number_pages,
                  PreflightReport& report) {
  if (card_index >= jpegs.size()) return;
  const double d = mean_difference(page, jpegs[card_index], *press.colours);
  if (d < 0) return;  // no JPEG to compare with: the files check says so
  CardPreflight& card = report.cards[card_index];
  card.separation_delta_e = d;
  if (d > kSeparationTolerance)
    add(card, PreflightCheck::Separations,
        (number_pages ? label + " p. " + std::to_string(i + 1) : label) +
            fmt::format(": Ghostscript's CMYK rendering differs from the card's JPEG by ΔE2000 {:.1f} on average "
                        "(both through the press profile), the tolerance is {:g}",
                        d, kSeparationTolerance));
}

}  // namespace

void check_separations(const std::filesystem::path& pdf, const std::string& label, const PressCheck& press,
                       std::span<const std::optional<size_t>> card_of_page, std::span<const render::Raster> jpegs,
                       bool number_pages, PreflightReport& report) {
  // The first page of each card (a back fills many pages of its file).
  std::vector<bool> seen(report.cards.size(), false);
  std::vector<size_t> wanted;
  for (size_t i = 0; i < card_of_page.size(); ++i)
    if (card_of_page[i] && *card_of_page[i] < seen.size() && !seen[*card_of_page[i]]) {
      seen[*card_of_page[i]] = true;
      wanted.push_back(i);
    }
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
      compare_page(pages[j - k], wanted[j], label, press, *card_of_page[wanted[j]], jpegs, number_pages, report);
    k = end;
  }
}

}  // namespace kw::verify::checks
