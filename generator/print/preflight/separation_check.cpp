// The cross-check of a CMYK shop file with Ghostscript: each page rendered in
// CMYK (the separations, as a RIP would see them) against the card's JPEG (the
// RGB rendering), both seen through the press profile. What the converter
// did beyond a plain profile conversion (the black rules, the ink limit,
// gradients re-sampled) and anything it lost or miscoloured shows as a
// difference; gamut clipping does not, since both sides are clipped alike.
#include <fmt/format.h>

#include "print/preflight/card_checks.h"

namespace kw::print::preflight {

namespace {

// Mean CIEDE2000 between a page rendered in CMYK and the JPEG, sampled at the
// rendering's pixel centres.
double mean_difference(const InkCoverage& page, const render::Raster& jpeg, const PressColours& colours) {
  const size_t n = static_cast<size_t>(page.width) * static_cast<size_t>(page.height);
  if (n == 0 || jpeg.width <= 0 || jpeg.height <= 0) return -1;
  std::vector<std::uint8_t> rgb;
  rgb.reserve(n * 3);
  for (int y = 0; y < page.height; ++y)
    for (int x = 0; x < page.width; ++x) {
      const int jx = std::min(jpeg.width - 1, static_cast<int>((x + 0.5) * jpeg.width / page.width));
      const int jy = std::min(jpeg.height - 1, static_cast<int>((y + 0.5) * jpeg.height / page.height));
      const Color c = jpeg.pixel(jx, jy);
      rgb.insert(rgb.end(), {c.r, c.g, c.b});
    }
  const std::vector<std::uint8_t> expected = colours.convert_pixels(rgb);
  auto cmyk = [](const auto* p) { return Cmyk{p[0] / 255.0, p[1] / 255.0, p[2] / 255.0, p[3] / 255.0}; };
  double sum = 0;
  for (size_t i = 0; i < n; ++i)
    sum += PressColours::delta_e(colours.lab_of(cmyk(&page.cmyk[i * 4])), colours.lab_of(cmyk(&expected[i * 4])));
  return sum / static_cast<double>(n);
}

}  // namespace

void check_separations(const std::filesystem::path& pdf, const std::string& label, const PressCheck& press,
                       std::span<const std::optional<size_t>> card_of_page, std::span<const render::Raster> jpegs,
                       bool number_pages, PreflightReport& report) {
  std::vector<InkCoverage> pages;
  try {
    pages = render_cmyk_pages(pdf, kSeparationDpi);
  } catch (const std::exception& e) {
    report.general.push_back({PreflightCheck::Separations, label + ": " + e.what()});
    return;
  }
  for (size_t i = 0; i < pages.size() && i < card_of_page.size(); ++i) {
    if (!card_of_page[i] || *card_of_page[i] >= jpegs.size()) continue;
    CardPreflight& card = report.cards[*card_of_page[i]];
    if (card.separation_delta_e >= 0) continue;  // a back's many pages: the first
    const double d = mean_difference(pages[i], jpegs[*card_of_page[i]], *press.colours);
    if (d < 0) continue;  // no JPEG to compare with: the files check says so
    card.separation_delta_e = d;
    if (d > kSeparationTolerance)
      add(card, PreflightCheck::Separations,
          (number_pages ? label + " p. " + std::to_string(i + 1) : label) +
              fmt::format(": Ghostscript's CMYK rendering differs from the card's JPEG by ΔE2000 {:.1f} on average "
                          "(both through the press profile), the tolerance is {:g}",
                          d, kSeparationTolerance));
  }
}

}  // namespace kw::print::preflight
