#include "verify/profile_fit.h"

#include <fmt/format.h>

#include <cmath>

#include "page/fit.h"

namespace kw::verify {

const PrintProfile* profile_for_game(const PrintProfiles& profiles, const model::Game& game) {
  return profiles.find(game.profile.empty() ? profiles.default_id : game.profile);
}

std::string fit_problem(const PrintProfile& profile, const model::CardFormat& format) {
  const Size trim{format.width, format.height};
  const PrintProfile shop = profile.for_card(trim);
  page::Page page;
  page.size = format.page_size();
  page.trim = format.trim_rect();
  page.safe = format.safe_rect();
  const page::CardTarget target{.trim = shop.trim, .bleed = shop.bleed, .safe = shop.safe, .corner_radius = 0};
  const page::FitPlan plan = page::plan_fit(page, target);
  if (plan.mode == page::FitMode::Exact) return {};
  if (plan.mode == page::FitMode::Cover && std::abs(plan.scale - 1) <= kMaxQuietScale) return {};
  const std::string card = shop.card_id.empty() ? "card" : shop.card_id + " card";
  return fmt::format(
      "format '{}' ({:g} x {:g} mm) does not suit the {} {:g} x {:g} mm of profile '{}': its cards would be {} "
      "({:.1f} %{})",
      format.id, format.width, format.height, card, shop.trim.w, shop.trim.h, profile.id,
      plan.mode == page::FitMode::Contain ? "shrunk" : "scaled", plan.scale * 100,
      plan.mode == page::FitMode::Contain ? ", with bands of the edge colour along two sides" : "");
}

std::vector<const PrintProfile*> fitting_profiles(const PrintProfiles& profiles, const model::CardFormat& format) {
  std::vector<const PrintProfile*> out;
  if (const PrintProfile* d = profiles.find(profiles.default_id); d && fit_problem(*d, format).empty())
    out.push_back(d);
  for (const auto& p : profiles.profiles)
    if (p.id != profiles.default_id && fit_problem(p, format).empty()) out.push_back(&p);
  return out;
}

}  // namespace kw::verify
