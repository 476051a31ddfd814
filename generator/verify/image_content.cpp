// A card image against the card it should show: the image (the shop's JPEG
// or PNG) and the card's layout rendered at the same size, both seen as
// CIE L*a*b* (sRGB, D50) and compared in cells of about a millimetre. The
// header checks say whether the file is the right size; this says whether it
// shows the right card: a patch recoloured, a motif lost or a card swapped
// shows in the worst cell, however small a part of the card it is.
#include <algorithm>
#include <array>
#include <cmath>
#include <memory>
#include <stdexcept>

#include <fmt/format.h>
#include <lcms2.h>

#include "exporters/press_colours.h"
#include "verify/card_checks.h"

namespace kw::verify::checks {

namespace {

// sRGB to L*a*b* (D50) through LittleCMS: the same colour science as the
// press checks, not a hand-written formula.
class SrgbToLab {
 public:
  SrgbToLab() {
    cmsHPROFILE srgb = cmsCreate_sRGBProfile();
    cmsHPROFILE lab = cmsCreateLab4Profile(nullptr);
    if (srgb && lab)
      transform_ = cmsCreateTransform(srgb, TYPE_RGB_DBL, lab, TYPE_Lab_DBL, INTENT_RELATIVE_COLORIMETRIC, 0);
    if (srgb) cmsCloseProfile(srgb);
    if (lab) cmsCloseProfile(lab);
    if (!transform_) throw std::runtime_error("LittleCMS cannot make an sRGB to L*a*b* transform");
  }
  ~SrgbToLab() { cmsDeleteTransform(transform_); }
  SrgbToLab(const SrgbToLab&) = delete;
  SrgbToLab& operator=(const SrgbToLab&) = delete;
  // `rgb`: 0-1 per channel, three per colour; the L*a*b* of each.
  std::vector<std::array<double, 3>> operator()(const std::vector<double>& rgb) const {
    std::vector<cmsCIELab> lab(rgb.size() / 3);
    if (!lab.empty()) cmsDoTransform(transform_, rgb.data(), lab.data(), static_cast<cmsUInt32Number>(lab.size()));
    std::vector<std::array<double, 3>> out;
    out.reserve(lab.size());
    for (const auto& l : lab) out.push_back({l.L, l.a, l.b});
    return out;
  }

 private:
  cmsHTRANSFORM transform_ = nullptr;
};

// The mean colour (0-1, over white paper where a pixel is transparent) of
// [x0, x1) x [y0, y1) of `r`, appended to `out`.
void cell_mean(const render::Raster& r, int x0, int y0, int x1, int y1, std::vector<double>& out) {
  double sum[3] = {0, 0, 0};
  int n = 0;
  for (int y = std::max(0, y0); y < std::min(y1, r.height); ++y)
    for (int x = std::max(0, x0); x < std::min(x1, r.width); ++x, ++n) {
      const std::uint8_t* p = &r.rgba[(static_cast<size_t>(y) * r.width + x) * 4];
      const double a = p[3] / 255.0;
      for (int c = 0; c < 3; ++c) sum[c] += p[c] / 255.0 * a + (1 - a);
    }
  for (double s : sum) out.push_back(n ? s / n : 1.0);
}

}  // namespace

SeparationCells image_cells(const render::Raster& image, const render::Raster& reference, double dpi) {
  SeparationCells out;
  if (image.width <= 0 || image.height <= 0 || reference.width <= 0 || reference.height <= 0) return out;
  const int block = std::max(1, static_cast<int>(std::lround(dpi / 25.4)));
  out.columns = (image.width + block - 1) / block;
  out.rows = (image.height + block - 1) / block;
  out.cell_mm = block * 25.4 / dpi;
  // The reference's pixels of a cell: by position, whatever its size.
  auto sx = [&](int x) { return static_cast<int>(static_cast<long long>(x) * reference.width / image.width); };
  auto sy = [&](int y) { return static_cast<int>(static_cast<long long>(y) * reference.height / image.height); };
  std::vector<double> shown, meant;
  for (int by = 0; by < out.rows; ++by)
    for (int bx = 0; bx < out.columns; ++bx) {
      const int x0 = bx * block, y0 = by * block, x1 = x0 + block, y1 = y0 + block;
      cell_mean(image, x0, y0, x1, y1, shown);
      cell_mean(reference, sx(x0), sy(y0), std::max(sx(x1), sx(x0) + 1), std::max(sy(y1), sy(y0) + 1), meant);
    }
  static const SrgbToLab to_lab;  // the transform is pure: made once, read by every preflight
  const auto a = to_lab(shown), b = to_lab(meant);
  out.delta_e.reserve(a.size());
  size_t worst = 0;
  double sum = 0;
  for (size_t i = 0; i < a.size(); ++i) {
    const double d = exporters::PressColours::delta_e(a[i], b[i]);
    out.delta_e.push_back(static_cast<float>(d));
    out.lightness.push_back(static_cast<float>(a[i][0]));
    sum += d;
    if (d > out.delta_e[worst]) worst = i;
  }
  out.mean = sum / static_cast<double>(a.size());
  std::vector<float> sorted = out.delta_e;
  const size_t k = static_cast<size_t>(std::ceil(0.95 * static_cast<double>(sorted.size()))) - 1;
  std::nth_element(sorted.begin(), sorted.begin() + static_cast<std::ptrdiff_t>(k), sorted.end());
  out.p95 = sorted[k];
  out.worst = out.delta_e[worst];
  const size_t columns = static_cast<size_t>(out.columns), row = worst / columns, column = worst % columns;
  out.worst_x_mm = (static_cast<double>(column) + 0.5) * out.cell_mm;
  out.worst_y_mm = (static_cast<double>(row) + 0.5) * out.cell_mm;
  return out;
}

void check_image_content(const render::Raster& image, const page::Page& page, const std::string& name,
                         CardPreflight& card) {
  if (image.width <= 0 || image.height <= 0 || page.size.w <= 0) return;
  const double dpi = image.width / page.size.w * 25.4;
  const render::Raster reference = render::render_raster(page, dpi);
  const SeparationCells cells = image_cells(image, reference, dpi);
  if (!cells.measured()) return;
  card.content_worst = std::max(card.content_worst, cells.worst);
  if (cells.worst <= kImageContentTolerance) return;
  add(card, PreflightCheck::Content,
      name + fmt::format(": the image differs from the card's layout by ΔE2000 {:.1f} at {:.0f}, {:.0f} mm from its "
                         "top left (the {:g} mm cell there; the tolerance is {:g}): not the card as designed",
                         cells.worst, cells.worst_x_mm, cells.worst_y_mm, std::round(cells.cell_mm * 10) / 10,
                         kImageContentTolerance));
}

}  // namespace kw::verify::checks
