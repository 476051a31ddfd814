#include "impose/contact_sheet.h"
#include "impose/sheet_items.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace kw::impose {

namespace {

const Color kGround{0xe6, 0xe6, 0xe6, 255};
const Color kLabelInk{0x33, 0x33, 0x33, 255};

double px_per_mm(const ContactSheetGeometry& g) { return g.dpi / kMmPerInch; }

page::Page sheet_page(const ContactSheetGeometry& g, const std::string& id) {
  const Size size = g.page_size();
  return blank_sheet(id, size, {0, 0, size.w, size.h}, kGround);
}

page::Item item(page::Shape shape, const std::string& name, const Affine& at, const Rect& local) {
  return sheet_item(std::move(shape), name, at, local);
}

text::TextStyle label_style() {
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
  style.color = kLabelInk;
  return style;
}

}  // namespace

Rect ContactSheetGeometry::card(size_t index) const {
  int c = static_cast<int>(index) % columns, r = static_cast<int>(index) / columns;
  return {static_cast<double>(gap + c * (card_w + gap)), static_cast<double>(gap + r * (card_h + label_h + gap)),
          static_cast<double>(card_w), static_cast<double>(card_h)};
}

Rect ContactSheetGeometry::label(size_t index) const {
  Rect c = card(index);
  return {c.x - gap / 2.0, c.bottom(), c.w + gap, static_cast<double>(label_h)};
}

Size ContactSheetGeometry::page_size() const { return {width / px_per_mm(*this), height / px_per_mm(*this)}; }

namespace {

ContactSheetGeometry geometry_at(size_t count, Size trim, double dpi) {
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

double pixels(const ContactSheetGeometry& g) { return static_cast<double>(g.width) * g.height; }

}  // namespace

ContactSheetGeometry contact_sheet_geometry(size_t count, Size trim, double dpi) {
  ContactSheetGeometry g = geometry_at(count, trim, dpi);
  // A large deck's cards shrink until the sheet fits: 10,000 cards at 60 dpi
  // would be a 390-megapixel image nobody can open. Each step scales the
  // area down by the excess (the gaps and labels have minimum sizes, hence
  // the loop); the same count always gives the same sheet.
  for (int step = 0; step < 64 && pixels(g) > kMaxContactSheetPixels && g.dpi > 1; ++step)
    g = geometry_at(count, trim, std::max(1.0, g.dpi * std::sqrt(kMaxContactSheetPixels / pixels(g)) * 0.99));
  return g;
}

page::Image card_trim_image(const page::Page& card, std::shared_ptr<const page::Raster> image, const Rect& box,
                            double corner_radius) {
  // Image pixels per millimetre, per axis (the page fills the whole image).
  double sx = image->width / card.size.w, sy = image->height / card.size.h;
  Rect trim{card.trim.x * sx, card.trim.y * sy, card.trim.w * sx, card.trim.h * sy};
  return {std::move(image), trim, box, corner_radius, page::Image::Resampling::Box};
}

page::Page contact_sheet_ground(const ContactSheetGeometry& geometry, std::span<const std::string> labels,
                                const text::Typesetter& typesetter, Diagnostics& diags, size_t first) {
  page::Page page = sheet_page(geometry, "overview");
  page::RectShape ground;
  ground.rect = {0, 0, page.size.w, page.size.h};
  ground.paint.fill = kGround;
  page.items.push_back(item(ground, "ground", {}, ground.rect));

  // Labels: the cells' pixel boxes in millimetres at the sheet's scale.
  const double scale = px_per_mm(geometry);
  const text::TextStyle style = label_style();
  for (size_t i = 0; i < labels.size(); ++i) {
    Rect box = geometry.label(first + i);
    Size mm{box.w / scale, box.h / scale};
    auto set = typesetter.set(labels[i], style, mm);
    // A long name (ids may have 64 characters) is shortened in the middle
    // until it fits: "00-back-gandalf-aa…aaaa"; the file name says it whole.
    for (std::string label = labels[i]; !set.text && label.size() > 4;) {
      size_t middle = label.size() / 2;
      while (middle > 0 && (static_cast<unsigned char>(label[middle]) & 0xC0) == 0x80) --middle;
      size_t end = middle + 1;
      while (end < label.size() && (static_cast<unsigned char>(label[end]) & 0xC0) == 0x80) ++end;
      const size_t ellipsis = label.find("\u2026");
      if (ellipsis != std::string::npos) {  // widen the cut around the ellipsis
        middle = ellipsis;
        end = ellipsis + 3;
        while (middle > 0 && (static_cast<unsigned char>(label[middle - 1]) & 0xC0) == 0x80) --middle;
        if (middle > 0) --middle;
        if (end < label.size()) ++end;
        while (end < label.size() && (static_cast<unsigned char>(label[end]) & 0xC0) == 0x80) ++end;
      }
      label = label.substr(0, middle) + "\u2026" + label.substr(end);
      set = typesetter.set(label, style, mm);
    }
    if (!set.text) {
      diags.error({}, "overview label '" + labels[i] + "': " + set.error);
      continue;
    }
    Affine at = Affine::translate(box.x / scale, box.y / scale);
    for (auto& run : set.text->runs) page.items.push_back(item(std::move(run), "label", at, {0, 0, mm.w, mm.h}));
  }
  return page;
}

page::Page contact_sheet_card(const ContactSheetGeometry& geometry, size_t index, const page::Page& card,
                              std::shared_ptr<const page::Raster> image) {
  page::Page page = sheet_page(geometry, "overview/" + card.id);
  const double scale = px_per_mm(geometry);
  Rect cell = geometry.card(index);
  Rect box{cell.x / scale, cell.y / scale, cell.w / scale, cell.h / scale};
  page.items.push_back(item(card_trim_image(card, std::move(image), box, card.corner_radius), card.id, {}, box));
  return page;
}

}  // namespace kw::impose
