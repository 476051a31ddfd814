#include "studio/badges.h"

#include "verify/page_preflight.h"

namespace kw::studio {

namespace {

// "gondor-hobbit-1" is a copy of the definition "gondor-hobbit".
bool names(const std::string& diag_card, const std::string& card_id) {
  if (diag_card.empty() || card_id.empty()) return false;
  if (diag_card == card_id) return true;
  return card_id.size() > diag_card.size() && card_id.compare(0, diag_card.size(), diag_card) == 0 &&
         card_id[diag_card.size()] == '-' &&
         card_id.find_first_not_of("0123456789", diag_card.size() + 1) == std::string::npos;
}

}  // namespace

void add_badges(const Diagnostics& diags, Badge::Kind kind, std::vector<CardView>& views) {
  for (const auto& d : diags) {
    if (d.severity == Severity::Note) continue;
    for (auto& v : views)
      if (names(d.card_id, v.card_id))
        // An overlap is the layout's: where in it is said with it.
        v.badges.push_back(
            {kind, d.severity == Severity::Error,
             kind == Badge::Kind::Overlap && d.loc.known() ? d.loc.str() + ": " + d.message : d.message});
  }
}

std::vector<Badge> preflight_badges(const page::Page& page, const render::Raster& raster,
                                    const verify::PrintProfile& profile) {
  std::vector<Badge> badges;
  for (const auto& f : verify::preflight_page(page, raster, profile).findings)
    badges.push_back({Badge::Kind::Preflight, false, std::string(verify::check_name(f.check)) + ": " + f.message});
  return badges;
}

}  // namespace kw::studio
