#include "verify/page_preflight.h"

#include <cmath>

#include <fmt/format.h>

#include "verify/card_checks.h"

namespace kw::verify {

namespace {

// The profile's limits with the page's geometry: the card's format may differ
// from the print shop's (a test print, a preview), and the studio judges it
// by its own trim and safe area.
PrintProfile with_page_geometry(PrintProfile profile, const page::Page& page) {
  profile.trim = {page.trim.w, page.trim.h};
  profile.bleed = page.trim.x;
  profile.safe = page.safe.x - page.trim.x;
  return profile;
}

// A glyph run's size as printed: its point size scaled by its transform.
double printed_pt(const page::Item& item, const page::GlyphRun& run) {
  const Affine& t = item.transform;
  return run.size_pt * std::sqrt(std::abs(t.xx * t.yy - t.xy * t.yx));
}

void check_text_size(const page::Page& page, const PrintProfile& profile, CardPreflight& card) {
  size_t small = 0;
  std::string smallest_name;
  double smallest = 0;
  for (const auto& item : page.items) {
    const auto* run = std::get_if<page::GlyphRun>(&item.shape);
    if (!run || run->glyphs.empty()) continue;
    double pt = printed_pt(item, *run);
    if (card.min_text_pt == 0 || pt < card.min_text_pt) card.min_text_pt = pt;
    if (pt + 1e-6 >= profile.text_min_pt) continue;
    ++small;
    if (smallest_name.empty() || pt < smallest) {
      smallest = pt;
      smallest_name = item.name;
    }
  }
  if (small)
    checks::add(card, PreflightCheck::Text,
                fmt::format("{} text{} too small: {:.2f} pt ('{}'), the minimum is {:g} pt", small,
                            small == 1 ? "" : "s", smallest, smallest_name, profile.text_min_pt));
}

}  // namespace

CardPreflight preflight_page(const page::Page& page, const render::Raster& raster, const PrintProfile& profile) {
  CardPreflight card;
  const PrintProfile own = with_page_geometry(profile, page);
  checks::check_safe_area(page, own, card);
  checks::check_pictures(page, own, card);
  checks::check_bleed(raster, page, own, "the card", card);
  check_text_size(page, own, card);
  return card;
}

}  // namespace kw::verify
