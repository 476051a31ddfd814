#include "exporters/flatten.h"

#include "pdf/content_stream.h"  // first: it sets qpdf's POINTERHOLDER_TRANSITION

#include <qpdf/QPDF.hh>
#include <qpdf/QPDFPageDocumentHelper.hh>

#include <algorithm>
#include <cmath>
#include <memory>
#include <set>

#include "render/render.h"

namespace kw::exporters {

namespace {

// Whether what Cairo drew blends, asked of the PDF's resources as the CMYK
// export asks (pdf::resources_blend): a constant alpha below 1, a soft mask
// (of a group or of an image with alpha), a blend mode. The display list
// cannot say: librsvg decides while drawing whether an SVG's opacity,
// masks or blend modes become transparency.
bool pdf_has_transparency(const std::string& bytes) {
  QPDF pdf;
  pdf.setSuppressWarnings(true);
  pdf.processMemoryFile("the item drawn alone", bytes.data(), bytes.size());
  std::set<QPDFObjGen> seen;
  for (auto& page : QPDFPageDocumentHelper(pdf).getAllPages())
    if (pdf::resources_blend(page.getAttribute("/Resources", false), seen)) return true;
  return false;
}

// The key under which an item's answer is kept: what it paints, not where.
std::string probe_key(const page::Item& item) {
  if (const auto* art = std::get_if<page::SvgArt>(&item.shape))
    return "svg " + (art->svg ? kw::hex(art->svg->hash()) : std::string()) + " #" + art->element_id + " " +
           art->stylesheet;
  return {};  // other kinds are cheap to ask each time
}

Rect pixel_aligned(Rect r, double dpi, Size page) {
  const double px = 25.4 / dpi;
  const double x0 = std::max(0.0, std::floor(r.x / px - 1) * px), y0 = std::max(0.0, std::floor(r.y / px - 1) * px);
  const double x1 = std::min(page.w, std::ceil(r.right() / px + 1) * px);
  const double y1 = std::min(page.h, std::ceil(r.bottom() / px + 1) * px);
  return {x0, y0, x1 - x0, y1 - y0};
}

Rect united(const Rect& a, const Rect& b) {
  const double x = std::min(a.x, b.x), y = std::min(a.y, b.y);
  return {x, y, std::max(a.right(), b.right()) - x, std::max(a.bottom(), b.bottom()) - y};
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

bool TransparencyProbe::transparent(const page::Item& item, const page::Page& page) {
  const std::string key = probe_key(item);
  if (!key.empty()) {
    std::lock_guard lock(mutex_);
    if (auto it = known_.find(key); it != known_.end()) return it->second;
  }
  page::Page alone;
  alone.id = page.id;
  alone.size = page.size;
  alone.trim = page.trim;
  alone.safe = page.safe;
  alone.items = {item};
  const bool answer = pdf_has_transparency(render::render_pdf(std::span(&alone, 1)));
  if (!key.empty()) {
    std::lock_guard lock(mutex_);
    known_[key] = answer;
  }
  return answer;
}

page::Page flatten_transparency(const page::Page& page, double dpi, TransparencyProbe& probe, FlattenReport* report) {
  page::Page out = page;
  out.items.clear();
  const Size size = page.size;
  size_t i = 0;
  while (i < page.items.size()) {
    if (!probe.transparent(page.items[i], page)) {
      out.items.push_back(page.items[i++]);
      continue;
    }
    // A run of transparent items becomes one image of their joint bounds.
    Rect box = page.items[i].bounds;
    size_t end = i + 1;
    while (end < page.items.size() && probe.transparent(page.items[end], page))
      box = united(box, page.items[end++].bounds);
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
