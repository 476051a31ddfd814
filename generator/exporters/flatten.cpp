#include "exporters/flatten.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>

#include "exporters/press_colours.h"
#include "page/translucency.h"
#include "render/render.h"

namespace kw::exporters {

namespace {

Rect pixel_aligned(Rect r, double dpi, Size page) {
  const double px = 25.4 / dpi;
  const double x0 = std::max(0.0, std::floor(r.x / px - 1) * px), y0 = std::max(0.0, std::floor(r.y / px - 1) * px);
  const double x1 = std::min(page.w, std::ceil(r.right() / px + 1) * px);
  const double y1 = std::min(page.h, std::ceil(r.bottom() / px + 1) * px);
  return {x0, y0, x1 - x0, y1 - y0};
}

// Items [0, end) of `page` as they look within `box`, over white, at `dpi`.
page::Item patch(const page::Page& page, size_t end, const Rect& box, double dpi) {
  page::Page region;
  region.id = page.id + "#flattened";
  region.size = {box.w, box.h};
  region.trim = {0, 0, box.w, box.h};
  region.safe = region.trim;
  page::Item paper;
  paper.shape = page::RectShape{.rect = {0, 0, box.w, box.h},
                                .corner_radius = 0,
                                .paint = page::Paint{Color{255, 255, 255, 255}, std::nullopt, 0}};
  paper.bounds = region.trim;
  region.items.push_back(paper);
  const Affine shift = Affine::translate(-box.x, -box.y);
  for (size_t i = 0; i < end; ++i) {
    page::Item moved = page.items[i];
    moved.transform = shift.then_after(moved.transform);
    moved.bounds = shift.apply(moved.bounds);
    if (moved.clip) moved.clip = shift.apply(*moved.clip);
    region.items.push_back(std::move(moved));
  }
  auto raster = std::make_shared<const render::Raster>(render::render_raster(region, dpi));
  page::Item image;
  image.shape = page::Image{.raster = raster,
                            .source = {0, 0, static_cast<double>(raster->width), static_cast<double>(raster->height)},
                            .box = box,
                            .corner_radius = 0,
                            .resampling = page::Image::Resampling::Nearest};
  image.name = "flattened";
  image.bounds = box;
  return image;
}

}  // namespace

namespace {

// `page` with each run of translucent items for which `compose` (given the
// run's first item, its end and its joint bounds) says yes replaced by an
// image; the other runs stay as they are.
template <typename Compose>
page::Page flatten_runs(const page::Page& page, double dpi, FlattenReport* report, Compose&& compose) {
  page::Page out = page;
  out.items.clear();
  const Size size = page.size;
  size_t i = 0;
  while (i < page.items.size()) {
    if (!page::translucent(page.items[i])) {
      out.items.push_back(page.items[i++]);
      continue;
    }
    // A run of transparent items becomes one image of their joint bounds.
    Rect box = page.items[i].bounds;
    size_t end = i + 1;
    while (end < page.items.size() && page::translucent(page.items[end])) box = box.united(page.items[end++].bounds);
    if (!compose(box)) {
      out.items.insert(out.items.end(), page.items.begin() + static_cast<std::ptrdiff_t>(i),
                       page.items.begin() + static_cast<std::ptrdiff_t>(end));
      i = end;
      continue;
    }
    box = pixel_aligned(box, dpi, size);
    if (box.w > 0 && box.h > 0) {
      out.items.push_back(patch(page, end, box, dpi));
      if (report) {
        ++report->patches;
        report->area_mm2 += box.w * box.h;
      }
    }
    i = end;
  }
  return out;
}

// Whether any pixel of `probe` (the page at `dpi`) within `box` is near black.
bool dark_within(const render::Raster& probe, double dpi, const Rect& box,
                 const std::function<bool(const Color&)>& near_black, std::map<std::uint32_t, bool>& known) {
  const double px_per_mm = dpi / 25.4;
  const int x0 = std::clamp(static_cast<int>(std::floor(box.x * px_per_mm)), 0, probe.width);
  const int y0 = std::clamp(static_cast<int>(std::floor(box.y * px_per_mm)), 0, probe.height);
  const int x1 = std::clamp(static_cast<int>(std::ceil(box.right() * px_per_mm)), 0, probe.width);
  const int y1 = std::clamp(static_cast<int>(std::ceil(box.bottom() * px_per_mm)), 0, probe.height);
  for (int y = y0; y < y1; ++y)
    for (int x = x0; x < x1; ++x) {
      const std::uint8_t* p = &probe.rgba[(static_cast<size_t>(y) * probe.width + x) * 4];
      const std::uint32_t key = (std::uint32_t{p[0]} << 16) | (std::uint32_t{p[1]} << 8) | p[2];
      auto it = known.find(key);
      if (it == known.end()) it = known.emplace(key, near_black(Color{p[0], p[1], p[2], 255})).first;
      if (it->second) return true;
    }
  return false;
}

}  // namespace

page::Page flatten_transparency(const page::Page& page, double dpi, FlattenReport* report) {
  return flatten_runs(page, dpi, report, [](const Rect&) { return true; });
}

page::Page compose_blends_over_black(const page::Page& page, double dpi,
                                     const std::function<bool(const Color&)>& near_black, FlattenReport* report) {
  const bool any =
      std::any_of(page.items.begin(), page.items.end(), [](const auto& i) { return page::translucent(i); });
  if (!any) return page;
  const render::Raster probe = render::render_raster(page, kBlendProbeDpi);
  std::map<std::uint32_t, bool> known;
  return flatten_runs(page, dpi, report,
                      [&](const Rect& box) { return dark_within(probe, kBlendProbeDpi, box, near_black, known); });
}

page::Page blends_for_press(const page::Page& page, const PressColours& colours) {
  const CmykSettings& settings = colours.settings();
  if (settings.pdfx == PdfxLevel::X1a) return flatten_transparency(page, settings.flatten_dpi);
  auto near_black = [&](const Color& c) {
    return colours.distance_from_black(Rgb{c.rf(), c.gf(), c.bf()}) <= settings.near_black_delta_e;
  };
  return compose_blends_over_black(page, settings.flatten_dpi, near_black);
}

}  // namespace kw::exporters
