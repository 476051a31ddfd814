#include "print/products/overview.h"

#include <stdexcept>

#include "render/png.h"

namespace kw::print {

namespace {

ContactSheetGeometry geometry_for(std::span<const page::Page* const> pages) {
  if (pages.empty()) throw std::invalid_argument("contact sheet without cards");
  const page::Page& first = *pages.front();
  return contact_sheet_geometry(pages.size(), {first.trim.w, first.trim.h});
}

}  // namespace

OverviewSheet::OverviewSheet(std::span<const page::Page* const> pages, std::span<const std::string> labels,
                             const text::Typesetter& typesetter, Diagnostics& diags)
    : pages_(pages.begin(), pages.end()), geometry_(geometry_for(pages)) {
  labels = labels.first(std::min(labels.size(), pages_.size()));
  canvas_ = std::make_unique<render::Canvas>(contact_sheet_ground(geometry_, labels, typesetter, diags), geometry_.dpi);
}

void OverviewSheet::place(size_t index, std::shared_ptr<const page::Raster> image) {
  if (index >= pages_.size()) throw std::out_of_range("contact sheet has no card " + std::to_string(index));
  canvas_->paint(contact_sheet_card(geometry_, index, *pages_[index], std::move(image)));
}

std::string OverviewSheet::encode_png(render::PngCompression compression) const {
  return render::encode_png(canvas_->raster(), compression);
}

}  // namespace kw::print
