#include "studio/badges.h"

#include <map>

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
  // The views each card id names, itself and as a copy's definition: a
  // finding is looked up, not compared with every view (thousands of
  // findings on thousands of cards took a tenth of a second per reload).
  std::map<std::string, std::vector<size_t>, std::less<>> named;
  for (size_t i = 0; i < views.size(); ++i) {
    const std::string& id = views[i].card_id;
    if (id.empty()) continue;
    named[id].push_back(i);
    if (const size_t dash = id.rfind('-'); dash != std::string::npos && dash > 0 && names(id.substr(0, dash), id))
      named[id.substr(0, dash)].push_back(i);
  }
  for (const auto& d : diags) {
    if (d.severity == Severity::Note || d.card_id.empty()) continue;
    const auto it = named.find(d.card_id);
    if (it == named.end()) continue;
    for (const size_t i : it->second)
      // An overlap is the layout's: where in it is said with it.
      views[i].badges.push_back(
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
