#include "verify/card_checks.h"

#include <algorithm>
#include <cctype>
#include <cmath>

#include <fmt/format.h>

namespace kw::verify::checks {

namespace {

constexpr double kSafeTolerance = 0.01;  // mm

}  // namespace

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

namespace {

// `message` without its page numbers (" p. 12"): a back on every other page
// of a deck is one card, and its findings are said once, at its first page.
std::string without_pages(const std::string& message) {
  std::string out;
  for (size_t i = 0; i < message.size();) {
    if (message.compare(i, 4, " p. ") == 0 && i + 4 < message.size() &&
        std::isdigit(static_cast<unsigned char>(message[i + 4]))) {
      i += 4;
      while (i < message.size() && std::isdigit(static_cast<unsigned char>(message[i]))) ++i;
      continue;
    }
    out += message[i++];
  }
  return out;
}

}  // namespace

void add(CardPreflight& card, PreflightCheck check, const std::string& message) {
  const std::string bare = without_pages(message);
  for (const auto& f : card.findings)
    if (f.check == check && without_pages(f.message) == bare) return;  // the same back on many pages: once
  card.findings.push_back({check, message});
}

void check_safe_area(const page::Page& page, const PrintProfile& profile, CardPreflight& card) {
  Rect safe = expected(profile).safe;
  for (const auto& item : page.items) {
    bool text = std::holds_alternative<page::GlyphRun>(item.shape);
    if (!text && !item.keep_in_safe_area) continue;
    const Rect& b = item.bounds;
    if (safe.contains(b, kSafeTolerance)) continue;
    double worst = std::max({safe.x - b.x, b.right() - safe.right(), safe.y - b.y, b.bottom() - safe.bottom()});
    const char* side = worst == safe.x - b.x               ? "left"
                       : worst == b.right() - safe.right() ? "right"
                       : worst == safe.y - b.y             ? "top"
                                                           : "bottom";
    add(card, PreflightCheck::SafeArea,
        std::string(text ? "text" : "key element") + " '" + item.name + "' reaches " + fmt::format("{:.2f} mm", worst) +
            " past the safe area (" + side + ")");
  }
}

void check_pictures(const page::Page& page, const PrintProfile& profile, CardPreflight& card) {
  for (const auto& item : page.items) {
    const auto* picture = std::get_if<page::Picture>(&item.shape);
    if (!picture || !picture->file) continue;
    const page::Image& image = picture->image;
    const Affine& t = item.transform;
    // mm on the page per mm of the item (a shop's fitted page scales it).
    const double scale = std::sqrt(std::abs(t.xx * t.yy - t.xy * t.yx));
    const double w_in = image.box.w * scale / 25.4, h_in = image.box.h * scale / 25.4;
    if (!(w_in > 0 && h_in > 0)) continue;
    const double ppi = std::min(image.source.w / w_in, image.source.h / h_in);
    std::string file = picture->file->path();
    if (file.starts_with("templates/")) file = file.substr(10);
    card.pictures.emplace_back(file, ppi);
    if (ppi + 0.5 < profile.min_image_ppi)
      add(card, PreflightCheck::Resolution,
          fmt::format("picture '{}' ({}) is placed at {:.0f} ppi ({:.0f} x {:.0f} px on {:.1f} x {:.1f} mm), below "
                      "min_image_ppi {:g}",
                      item.name, file, ppi, image.source.w, image.source.h, image.box.w * scale, image.box.h * scale,
                      profile.min_image_ppi));
  }
}

}  // namespace kw::verify::checks
