#include "print/imposition/contact_sheet.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>

#include "render/painter.h"
#include "render/png.h"

namespace kw::print {

namespace {

using render::detail::CairoPtr;
using render::detail::SurfacePtr;

void rounded_rect(cairo_t* cr, const Rect& r, double radius) {
  radius = std::min({radius, r.w / 2, r.h / 2});
  if (radius <= 0) {
    cairo_rectangle(cr, r.x, r.y, r.w, r.h);
    return;
  }
  constexpr double q = std::numbers::pi / 2;
  cairo_new_sub_path(cr);
  cairo_arc(cr, r.right() - radius, r.y + radius, radius, -q, 0);
  cairo_arc(cr, r.right() - radius, r.bottom() - radius, radius, 0, q);
  cairo_arc(cr, r.x + radius, r.bottom() - radius, radius, q, 2 * q);
  cairo_arc(cr, r.x + radius, r.y + radius, radius, 2 * q, 3 * q);
  cairo_close_path(cr);
}

}  // namespace

void paint_card_trim(cairo_t* cr, cairo_surface_t* image, const page::Page& page, const Rect& target, double radius) {
  // Image pixels per millimetre, per axis (the page fills the whole image).
  double sx = cairo_image_surface_get_width(image) / page.size.w;
  double sy = cairo_image_surface_get_height(image) / page.size.h;
  cairo_save(cr);
  rounded_rect(cr, target, radius);
  cairo_clip(cr);
  cairo_translate(cr, target.x, target.y);
  cairo_scale(cr, target.w / (page.trim.w * sx), target.h / (page.trim.h * sy));
  cairo_set_source_surface(cr, image, -page.trim.x * sx, -page.trim.y * sy);
  cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD);
  cairo_paint(cr);
  cairo_restore(cr);
}

Rect ContactSheetGeometry::card(size_t index) const {
  int c = static_cast<int>(index) % columns, r = static_cast<int>(index) / columns;
  return {static_cast<double>(gap + c * (card_w + gap)), static_cast<double>(gap + r * (card_h + label_h + gap)),
          static_cast<double>(card_w), static_cast<double>(card_h)};
}

Rect ContactSheetGeometry::label(size_t index) const {
  Rect c = card(index);
  return {c.x - gap / 2.0, c.bottom(), c.w + gap, static_cast<double>(label_h)};
}

ContactSheetGeometry contact_sheet_geometry(size_t count, Size trim, double dpi) {
  ContactSheetGeometry g;
  g.dpi = dpi;
  g.card_w = std::max(1, mm_to_px_count(trim.w, dpi));
  g.card_h = std::max(1, mm_to_px_count(trim.h, dpi));
  g.gap = std::max(8, g.card_w / 10);
  g.label_h = std::max(14, g.card_h / 12);
  size_t n = std::max<size_t>(count, 1);
  double cell_w = g.card_w + g.gap, cell_h = g.card_h + g.label_h + g.gap;
  const double cards = static_cast<double>(n);
  g.columns = static_cast<int>(std::clamp(std::ceil(std::sqrt(cards * cell_h / cell_w * 4.0 / 3.0)), 1.0, cards));
  g.rows = static_cast<int>((n + g.columns - 1) / g.columns);
  g.width = g.gap + g.columns * (g.card_w + g.gap);
  g.height = g.gap + g.rows * (g.card_h + g.label_h + g.gap);
  return g;
}

ContactSheet::ContactSheet(std::span<const page::Page* const> pages, std::span<const std::string> labels,
                           const text::Typesetter& typesetter, Diagnostics& diags)
    : pages_(pages.begin(), pages.end()) {
  if (pages_.empty()) throw std::invalid_argument("contact sheet without cards");
  const page::Page& first = *pages_.front();
  geometry_ = contact_sheet_geometry(pages_.size(), {first.trim.w, first.trim.h});
  radius_px_ = mm_to_px(first.corner_radius, geometry_.dpi);
  surface_.reset(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, geometry_.width, geometry_.height));
  CairoPtr cr(cairo_create(surface_.get()));
  cairo_set_source_rgb(cr.get(), 0xe6 / 255.0, 0xe6 / 255.0, 0xe6 / 255.0);
  cairo_paint(cr.get());

  // Labels: set in millimetres at the sheet's scale.
  const double px_per_mm = geometry_.dpi / kMmPerInch;
  cairo_scale(cr.get(), px_per_mm, px_per_mm);
  text::TextStyle style;
  style.family = "garamond";
  style.max_size_pt = 16;
  style.min_size_pt = 9;
  style.floor_pt = 9;
  style.align = text::Align::Center;
  style.valign = text::VAlign::Middle;
  style.wrap = false;
  style.hyphenate = false;
  style.features = {"lnum"};
  style.color = Color{0x33, 0x33, 0x33, 255};
  for (size_t i = 0; i < pages_.size() && i < labels.size(); ++i) {
    Rect box = geometry_.label(i);
    Size mm{box.w / px_per_mm, box.h / px_per_mm};
    auto set = typesetter.set(labels[i], style, mm);
    if (!set.text) {
      diags.error({}, "overview label '" + labels[i] + "': " + set.error);
      continue;
    }
    for (auto& run : set.text->runs) {
      page::Item item;
      item.shape = std::move(run);
      item.transform = Affine::translate(box.x / px_per_mm, box.y / px_per_mm);
      item.name = "label";
      render::paint_item(cr.get(), item);
    }
  }
  if (cairo_status(cr.get()) != CAIRO_STATUS_SUCCESS)
    throw std::runtime_error(std::string("overview: cairo: ") + cairo_status_to_string(cairo_status(cr.get())));
}

void ContactSheet::place(size_t index, cairo_surface_t* image) {
  if (index >= pages_.size()) throw std::out_of_range("contact sheet has no card " + std::to_string(index));
  std::lock_guard lock(mutex_);
  CairoPtr cr(cairo_create(surface_.get()));
  paint_card_trim(cr.get(), image, *pages_[index], geometry_.card(index), radius_px_);
}

std::string ContactSheet::encode_png() {
  std::lock_guard lock(mutex_);
  cairo_surface_flush(surface_.get());
  return render::encode_png(render::detail::raster_from_surface(surface_.get(), geometry_.dpi));
}

}  // namespace kw::print
