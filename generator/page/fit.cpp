#include "page/fit.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <vector>

namespace kw::page {

namespace {

// Sizes closer than this are the same card: shops round inches to
// millimetres (2.5 in = 63.5 mm exactly, but 88.9 mm is often given as 89).
constexpr double kSameSizeMm = 0.05;

Rect centred(Size size, Point centre) { return {centre.x - size.w / 2, centre.y - size.h / 2, size.w, size.h}; }

Affine scale_about(double s, Point from, Point to) {
  return Affine::translate(to.x, to.y).then_after(Affine::scale(s, s)).then_after(Affine::translate(-from.x, -from.y));
}

// How far a strip of the design drawn again reaches under the design, so
// that no hairline of the ground shows where the two meet.
constexpr double kStripOverlapMm = 0.5;

// The strips of `page` (the new page) that `design` (where the fitted
// design's sheet lies) leaves uncovered, each reaching kStripOverlapMm
// under the design.
std::vector<Rect> uncovered_strips(const Rect& page, const Rect& design) {
  constexpr double kEps = 1e-6;
  std::vector<Rect> strips;
  if (design.y > page.y + kEps) strips.push_back({page.x, page.y, page.w, design.y - page.y + kStripOverlapMm});
  if (design.bottom() < page.bottom() - kEps)
    strips.push_back(
        {page.x, design.bottom() - kStripOverlapMm, page.w, page.bottom() - design.bottom() + kStripOverlapMm});
  if (design.x > page.x + kEps) strips.push_back({page.x, page.y, design.x - page.x + kStripOverlapMm, page.h});
  if (design.right() < page.right() - kEps)
    strips.push_back(
        {design.right() - kStripOverlapMm, page.y, page.right() - design.right() + kStripOverlapMm, page.h});
  for (Rect& r : strips) r = r.intersected(page);
  return strips;
}

// The design drawn again under itself where its own bleed is narrower than
// the new one (a 3 mm bleed scaled to 97.7 % leaves 0.245 mm of a 3.175 mm
// bleed; the same card re-framed to a wider bleed leaves the difference):
// scaled about its centre until its sheet reaches the new page's edges, and
// shown only in those strips. There the design's own edge continues, as
// the bleed rule asks (a fire bed through the bottom bleed stays fire),
// where the ground of one edge colour would print as a band of other inks
// (Das Duell's Balrog edge colour, a near-black area, is the rich black;
// the design's ground beside it keeps its brown).
void draw_edges_again(const Page& page, const Affine& transform, const Rect& whole, std::vector<Item>& out) {
  const Rect sheet{0, 0, page.size.w, page.size.h};
  const Rect design = transform.apply(sheet);
  const std::vector<Rect> strips = uncovered_strips(whole, design);
  if (strips.empty() || design.w <= 0 || design.h <= 0) return;
  const Point c = design.center();
  const double k = std::max({(c.x - whole.x) / (design.w / 2), (whole.right() - c.x) / (design.w / 2),
                             (c.y - whole.y) / (design.h / 2), (whole.bottom() - c.y) / (design.h / 2), 1.0});
  const Affine again = scale_about(k, c, c).then_after(transform);
  for (const Rect& strip : strips)
    for (const Item& item : page.items) {
      const Rect bounds = again.apply(item.bounds).intersected(strip);
      if (bounds.w <= 0 || bounds.h <= 0) continue;
      Item copy = item;
      copy.name = "fit-edge:" + item.name;
      copy.keep_in_safe_area = false;
      copy.transform = again.then_after(item.transform);
      copy.bounds = bounds;
      copy.clip = again.apply(item.clip.value_or(sheet)).intersected(strip);
      out.push_back(std::move(copy));
    }
}

}  // namespace

FitPlan plan_fit(const Page& page, const CardTarget& target) {
  const Size new_size{target.trim.w + 2 * target.bleed, target.trim.h + 2 * target.bleed};
  const Point to{new_size.w / 2, new_size.h / 2};
  const Point from = page.trim.center();
  FitPlan plan;
  if (std::abs(page.trim.w - target.trim.w) < kSameSizeMm && std::abs(page.trim.h - target.trim.h) < kSameSizeMm) {
    plan.transform = Affine::translate(to.x - from.x, to.y - from.y);
    return plan;
  }
  const Rect new_trim = centred(target.trim, to);
  const Rect new_safe = new_trim.inset(target.safe);
  plan.mode = FitMode::Cover;
  plan.scale = std::max(target.trim.w / page.trim.w, target.trim.h / page.trim.h);
  plan.transform = scale_about(plan.scale, from, to);
  if (!new_safe.contains(plan.transform.apply(page.safe), 1e-6)) {
    plan.mode = FitMode::Contain;
    plan.scale = std::min(new_safe.w / page.safe.w, new_safe.h / page.safe.h);
    // Never larger than what covers the trim: contain only ever shrinks more.
    plan.scale = std::min(plan.scale, std::max(target.trim.w / page.trim.w, target.trim.h / page.trim.h));
    plan.transform = scale_about(plan.scale, from, to);
  }
  return plan;
}

FittedPage fit_page(const Page& page, const CardTarget& target) {
  const FitPlan plan = plan_fit(page, target);
  // The same card with the same bleed is the page itself.
  if (plan.mode == FitMode::Exact && std::abs(page.trim.x - target.bleed) < 1e-9 &&
      std::abs(page.size.w - page.trim.right() - target.bleed) < 1e-9 &&
      std::abs(page.size.h - page.trim.bottom() - target.bleed) < 1e-9)
    return {.page = page, .mode = plan.mode, .scale = 1};
  FittedPage fitted{.page = {}, .mode = plan.mode, .scale = plan.scale};
  Page& out = fitted.page;
  out.id = page.id;
  out.size = {target.trim.w + 2 * target.bleed, target.trim.h + 2 * target.bleed};
  out.trim = {target.bleed, target.bleed, target.trim.w, target.trim.h};
  out.safe = out.trim.inset(target.safe);
  out.corner_radius = target.corner_radius;
  out.edge_color = page.edge_color;
  // The ground: wherever the scaled design does not reach (`contain` leaves
  // bands), the bleed rule holds: the edge colour continues. Where only its
  // bleed falls short, the design's own edge is drawn again instead.
  const Rect whole{0, 0, out.size.w, out.size.h};
  Item ground;
  ground.shape = RectShape{.rect = whole, .corner_radius = 0, .paint = Paint{page.edge_color, std::nullopt, 0}};
  ground.name = "fit-ground";
  ground.bounds = whole;
  out.items.push_back(std::move(ground));
  if (plan.mode != FitMode::Contain) draw_edges_again(page, plan.transform, whole, out.items);
  for (const Item& item : page.items) {
    Item moved = item;
    moved.transform = plan.transform.then_after(item.transform);
    moved.bounds = plan.transform.apply(item.bounds);
    // What the old page clipped to its own sheet stays clipped to it.
    moved.clip = plan.transform.apply(item.clip.value_or(Rect{0, 0, page.size.w, page.size.h}));
    out.items.push_back(std::move(moved));
  }
  return fitted;
}

std::string describe_fit(const Page& page, const CardTarget& target, const FitPlan& plan) {
  if (plan.mode == FitMode::Exact)
    return fmt::format("{:g} x {:g} mm, bleed {:g} mm", target.trim.w, target.trim.h, target.bleed);
  return fmt::format("{:g} x {:g} mm fitted to {:g} x {:g} mm ({}, {:.1f} %)", page.trim.w, page.trim.h, target.trim.w,
                     target.trim.h, fit_mode_name(plan.mode), plan.scale * 100);
}

}  // namespace kw::page
