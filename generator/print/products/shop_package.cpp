#include "print/products/shop_package.h"

#include <fmt/format.h>

#include <array>
#include <map>
#include <stdexcept>

#include "print/output/output_files.h"
#include "print/pdf/print_pdf.h"
#include "print/products/flatten.h"
#include "render/render.h"

namespace kw::print {

namespace fs = std::filesystem;

namespace {

using Fitted = std::vector<page::Page>;

// Every card fitted once: a back shared by many fronts is one page. For
// PDF/X-1a, what blends becomes pixels here, region by region (flatten.h),
// so that the converter finds no page it must turn into an image whole.
Fitted fit_all(const ShopPackage& shop, std::span<const layout::LaidOutCard> cards) {
  Fitted pages;
  pages.reserve(cards.size());
  const bool x1a = shop.cmyk && shop.cmyk->pdfx == PdfxLevel::X1a;
  TransparencyProbe probe;
  for (const auto& c : cards) {
    page::Page fitted = page::fit_page(c.page, shop.card).page;
    pages.push_back(x1a ? flatten_transparency(fitted, shop.cmyk->flatten_dpi, probe) : std::move(fitted));
  }
  return pages;
}

// Writes `order` (indexes into `pages`) as one PDF, in the shop's colour.
void write_pdf(const ShopPackage& shop, const Fitted& pages, const std::vector<size_t>& order, const fs::path& file,
               std::vector<fs::path>& written, const std::function<void()>& tick,
               const std::function<void(const std::string&)>& note) {
  // "duell: drivethrucards deck": what a shop's file viewer shows.
  const std::string game = pages.empty() ? "" : pages.front().id.substr(0, pages.front().id.find('/'));
  PrintPdf pdf(file, game + ": " + shop.id + " " + file.stem().string());
  for (size_t i : order) {
    pdf.add(pages[i]);
    tick();
  }
  pdf.finish();
  if (shop.cmyk) {
    const CmykResult converted = convert_to_cmyk(file, *shop.cmyk);
    if (!converted.note.empty())
      note(file.parent_path().filename().string() + "/" + file.filename().string() + ": " + converted.note);
  }
  written.push_back(file);
}

// The resolution at which a fitted page comes out at the shop's pixel size.
double dpi_for(const ShopPackage& shop, const page::Page& page) {
  const auto [w, h] = *shop.image_px;
  const double dpi = w / (page.size.w / 25.4);
  const render::PixelSize px = render::pixel_size(page, dpi);
  if (px.width != w || px.height != h)
    throw std::runtime_error(fmt::format("{}: a {:g} x {:g} mm page does not make {} x {} px images (it makes {} x {})",
                                         shop.id, page.size.w, page.size.h, w, h, px.width, px.height));
  return dpi;
}

void write_image(const ShopPackage& shop, const page::Page& page, const fs::path& file,
                 std::vector<fs::path>& written) {
  const render::Raster raster = render::render_raster(page, dpi_for(shop, page));
  write_output(file, shop.image_format == "jpg" ? render::encode_jpeg(raster, {95}) : render::encode_png(raster));
  written.push_back(file);
}

void write_images(const ShopPackage& shop, const Fitted& pages, std::span<const layout::LaidOutCard> cards,
                  std::span<const layout::CardSide> sides, const fs::path& dir, std::vector<fs::path>& written,
                  const std::function<void()>& tick) {
  const fs::path folder = dir / shop.images_dir;
  const std::string ext = "." + shop.image_format;
  std::map<size_t, bool> backs;  // each distinct back once
  for (const auto& side : sides) {
    write_image(shop, pages[side.front], folder / "front" / (cards[side.front].stem + ext), written);
    tick();
    if (side.back && !backs[*side.back]) {
      backs[*side.back] = true;
      write_image(shop, pages[*side.back], folder / "back" / (cards[*side.back].stem + ext), written);
      tick();
    }
  }
}

}  // namespace

size_t shop_package_units(const ShopPackage& shop, std::span<const layout::CardSide> sides) {
  size_t with_back = 0;
  for (const auto& s : sides) with_back += s.back.has_value();
  size_t units = 0;
  if (!shop.fronts_pdf.empty()) units += sides.size();
  if (!shop.backs_pdf.empty()) units += with_back;
  if (!shop.deck_pdf.empty()) units += 2 * with_back;
  if (!shop.images_dir.empty() && shop.image_px) units += sides.size() + with_back;
  return units;
}

void write_shop_package(const ShopPackage& shop, std::span<const layout::LaidOutCard> cards,
                        std::span<const layout::CardSide> sides, const fs::path& dir, std::vector<fs::path>& written,
                        const std::function<void()>& tick, const std::function<void(const std::string&)>& note) {
  if (sides.empty()) return;
  const Fitted pages = fit_all(shop, cards);
  std::vector<size_t> fronts, backs, deck;
  bool every_back = true;
  for (const auto& s : sides) {
    fronts.push_back(s.front);
    if (!s.back) {
      every_back = false;
      continue;
    }
    backs.push_back(*s.back);
    for (size_t i : shop.deck_back_first ? std::array{*s.back, s.front} : std::array{s.front, *s.back})
      deck.push_back(i);
  }
  const bool needs_backs = !shop.backs_pdf.empty() || !shop.deck_pdf.empty();
  if (needs_backs && !every_back)
    throw std::runtime_error(shop.id + " takes a back for every card, and some cards of this game have none");
  if (!shop.fronts_pdf.empty()) write_pdf(shop, pages, fronts, dir / shop.fronts_pdf, written, tick, note);
  if (!shop.backs_pdf.empty()) write_pdf(shop, pages, backs, dir / shop.backs_pdf, written, tick, note);
  if (!shop.deck_pdf.empty()) write_pdf(shop, pages, deck, dir / shop.deck_pdf, written, tick, note);
  if (!shop.images_dir.empty() && shop.image_px) write_images(shop, pages, cards, sides, dir, written, tick);
}

}  // namespace kw::print
