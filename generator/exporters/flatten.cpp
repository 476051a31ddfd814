#include "exporters/flatten.h"

#include <algorithm>
#include <cmath>
#include <memory>

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

page::Page flatten_transparency(const page::Page& page, double dpi, FlattenReport* report) {
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

}  // namespace kw::exporters
