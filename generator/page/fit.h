#pragma once
// A card page fitted to another card size: what a print shop's product
// needs when the game was designed for a different card (a 59 x 91 mm
// design sent to a shop that cuts 57.15 x 88.9 mm bridge cards). The
// design is scaled uniformly, never stretched, and centred on the new trim:
//   exact    the sizes agree (within 0.05 mm): the page is only re-framed
//            to the new bleed;
//   cover    scaled until it covers the new trim, when the design's safe
//            area still lies inside the new safe area (a sliver of its
//            edge is cut away, no text is);
//   contain  otherwise scaled until the safe area fits, and the new page
//            is grounded in the design's edge colour, which then shows as
//            bands along two sides.
// For exact and cover, where the design's bleed falls short of the new one
// the design is drawn again under itself in those strips, scaled to the new
// page's edges (fit.cpp draw_edges_again): the bleed continues its edge.
// The page stage knows no shops: the target comes from a print profile.
#include <string>

#include "core/enum_names.h"
#include "page/page.h"

namespace kw::page {

struct CardTarget {
  Size trim;                 // mm
  double bleed = 3;          // on every side, mm
  double safe = 3;           // inside the trim, mm
  double corner_radius = 0;  // of the die, mm
};

enum class FitMode { Exact, Cover, Contain };
inline constexpr EnumNames<FitMode, 3> kFitModeNames{
    {{FitMode::Exact, "exact"}, {FitMode::Cover, "cover"}, {FitMode::Contain, "contain"}}};
inline const char* fit_mode_name(FitMode mode) { return c_name_of(kFitModeNames, mode); }

struct FittedPage {
  Page page;
  FitMode mode = FitMode::Exact;
  double scale = 1;
};

// How `page` would be fitted to `target` (the same for every card of a
// format), without building the page.
struct FitPlan {
  FitMode mode = FitMode::Exact;
  double scale = 1;
  Affine transform;  // old page space -> new page space
};
FitPlan plan_fit(const Page& page, const CardTarget& target);

FittedPage fit_page(const Page& page, const CardTarget& target);

// One line for people: "59 x 91 mm fitted to 57.15 x 88.9 mm (cover, 97.7 %)".
std::string describe_fit(const Page& page, const CardTarget& target, const FitPlan& plan);

}  // namespace kw::page
