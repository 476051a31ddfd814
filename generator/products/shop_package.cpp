#include "products/shop_package.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <stdexcept>

#include "core/output_files.h"
#include "core/sha256.h"
#include "exporters/cmyk.h"
#include "exporters/flatten.h"
#include "exporters/press_colours.h"
#include "exporters/print_pdf.h"
#include "products/pdf_parts.h"
#include "render/render.h"

namespace kw::products {

namespace fs = std::filesystem;

namespace {

// The cards fitted to the shop's card as the package asks for them: as the
// layout paints them (for images) and as the PDFs take them. For PDF/X-1a,
// what blends becomes pixels (flatten.h), region by region, so that the
// converter finds no page it must turn into an image whole; for PDF/X-4
// only what blends over a near-black ground, composed in RGB so that it
// prints as the screen shows it (compose_blends_over_black).
// Backs are fitted once and kept: each is on many pages.
struct FittedCard {
  std::shared_ptr<const page::Page> page, pdf_page;
};
class FittedCards {
 public:
  FittedCards(const ShopPackage& shop, const layout::CardPages& cards) : shop_(shop), cards_(cards) {
    if (shop.cmyk) colours_ = std::make_unique<exporters::PressColours>(*shop.cmyk);
  }

  FittedCard front(size_t i) { return fit(i); }
  FittedCard back(size_t i) {
    auto& kept = backs_[i];
    if (!kept.page) kept = fit(i);
    return kept;
  }

 private:
  FittedCard fit(size_t i) {
    auto fitted = std::make_shared<const page::Page>(page::fit_page(*cards_.page(i), shop_.card).page);
    if (!colours_) return {fitted, fitted};
    return {fitted, std::make_shared<const page::Page>(exporters::blends_for_press(*fitted, *colours_))};
  }

  const ShopPackage& shop_;
  const layout::CardPages& cards_;
  std::unique_ptr<exporters::PressColours> colours_;
  std::map<size_t, FittedCard> backs_;
};

// One PDF of the package, joined from parts (pdf_parts.h), each page keyed
// by the shop's key and the card's fingerprint: a card's edit renders its
// own part only. In CMYK each part is converted (and its ink checked) on its
// own and kept converted, and the joined file is marked as PDF/X
// (exporters/cmyk.h): the edit converts one part, not the file. CMYK parts
// are shorter than the game PDF's, as converting and checking a part's
// pages costs several times rendering them (kCmykPagesPerPart).
class PackagePdf {
 public:
  PackagePdf(const ShopPackage& shop, const std::string& game, const fs::path& file, const Clock& clock,
             const infra::BuildCache* cache, infra::Timings* timings)
      : shop_(shop),
        key_(shop_package_key(shop)),
        conversion_{
            key_,
            [this, game, timings, name = file.parent_path().filename().string() + "/" + file.filename().string()](
                std::string_view pdf, const std::string& what) {
              auto span = infra::timed(timings, "convert cmyk", game, {}, name + " " + what);
              exporters::CmykPart part = exporters::convert_part_to_cmyk(pdf, *shop_.cmyk, name + ", " + what);
              return std::make_pair(std::move(part.pdf), std::move(part.result.note));
            }},
        pdf_(file, {.pdf = {.title = game + ": " + shop.id + " " + file.stem().string(), .clock = clock},
                    .cache = cache,
                    .game = game,
                    .pages_per_part = shop.cmyk ? kCmykPagesPerPart : kCardPagesPerPart,
                    .conversion = shop.cmyk ? &conversion_ : nullptr}) {}
  PackagePdf(const PackagePdf&) = delete;  // the conversion refers to this
  PackagePdf& operator=(const PackagePdf&) = delete;

  // Card `i`'s fitted page (`fit` makes it).
  void add(const layout::CardPages& cards, size_t i, const std::function<std::shared_ptr<const page::Page>()>& fit,
           const std::function<void()>& tick) {
    pdf_.add(key_ + "\n" + cards.fingerprint(i), fit, "card " + cards.stem(i));
    tick();
  }

  void finish(std::vector<fs::path>& written, const std::function<void(const std::string&)>& note) {
    pdf_.finish();
    const fs::path& file = pdf_.path();
    if (shop_.cmyk) {
      exporters::mark_cmyk_pdf(file, *shop_.cmyk);
      for (const std::string& n : pdf_.notes())
        note(file.parent_path().filename().string() + "/" + file.filename().string() + ", " + n);
    }
    written.push_back(file);
  }

 private:
  const ShopPackage& shop_;
  std::string key_;
  PartConversion conversion_;
  PartedPdf pdf_;
};

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

}  // namespace

std::string shop_package_key(const ShopPackage& shop) {
  std::string key =
      fmt::format("{} {} {:g}x{:g} bleed {:g} safe {:g} {} {} {} {} {} {} {}", shop.id, shop.card_name,
                  shop.card.trim.w, shop.card.trim.h, shop.card.bleed, shop.card.safe, shop.fronts_pdf, shop.backs_pdf,
                  shop.deck_pdf, shop.deck_back_first, shop.images_dir, shop.image_format, shop.images_flat);
  if (shop.image_px) key += fmt::format(" {}x{}px", shop.image_px->first, shop.image_px->second);
  key += " fit: the design's edges drawn again in a wider bleed";  // page/fit.h: how a page is fitted
  if (shop.cmyk) {
    const exporters::CmykSettings& c = *shop.cmyk;
    // The output profile by its bytes: it may lie outside the project (a
    // system ICC file), where no input hash sees it change.
    key += fmt::format(" cmyk {} {} {} {} {} {} {:g} {:g} {:g} {:g} {:g},{:g},{:g},{:g} {} {:g} {} {:g}", c.id,
                       sha256_file(c.icc), c.condition, c.identifier, c.registry, c.neutrals_to_k, c.near_black_delta_e,
                       c.black_up_to, c.thin_line_pt, c.rich_black_min_mm, c.rich_black[0], c.rich_black[1],
                       c.rich_black[2], c.rich_black[3], c.overprint_black, c.ink_limit, exporters::pdfx_name(c.pdfx),
                       c.flatten_dpi);
    // How blends reach the file (FittedCards): a change of that rule is a
    // change of every CMYK PDF.
    key += c.pdfx == exporters::PdfxLevel::X4 ? " x4: blends over near black composed in RGB" : " x1a: blends composed";
    if (c.keep_away_pt > 0) key += fmt::format(" keep-away {:g} pt", c.keep_away_pt);
  }
  return key;
}

size_t shop_package_units(const ShopPackage& shop, std::span<const layout::CardSide> sides, ShopParts parts) {
  size_t with_back = 0;
  for (const auto& s : sides) with_back += s.back.has_value();
  size_t units = 0;
  if (parts.fronts && !shop.fronts_pdf.empty()) units += sides.size();
  if (parts.backs && !shop.backs_pdf.empty()) units += with_back;
  if (parts.deck && !shop.deck_pdf.empty()) units += 2 * with_back;
  if (parts.images && !shop.images_dir.empty() && shop.image_px) units += sides.size() + with_back;
  return units;
}

void write_shop_package(const ShopPackage& shop, const layout::CardPages& cards,
                        std::span<const layout::CardSide> sides, const fs::path& dir, const Clock& clock,
                        std::vector<fs::path>& written, const std::function<void()>& tick,
                        const std::function<void(const std::string&)>& note, ShopParts parts,
                        const infra::BuildCache* cache, infra::Timings* timings) {
  if (sides.empty()) return;
  const bool every_back = std::all_of(sides.begin(), sides.end(), [](const auto& s) { return s.back.has_value(); });
  const bool needs_backs = (parts.backs && !shop.backs_pdf.empty()) || (parts.deck && !shop.deck_pdf.empty());
  if (needs_backs && !every_back)
    throw std::runtime_error(shop.id + " takes a back for every card, and some cards of this game have none");
  // "duell: drivethrucards deck": what a shop's file viewer shows.
  const std::string& id = cards.frame(0).id;
  const std::string game = id.substr(0, id.find('/'));
  std::optional<PackagePdf> fronts, backs, deck;
  if (parts.fronts && !shop.fronts_pdf.empty())
    fronts.emplace(shop, game, dir / shop.fronts_pdf, clock, cache, timings);
  if (parts.backs && !shop.backs_pdf.empty()) backs.emplace(shop, game, dir / shop.backs_pdf, clock, cache, timings);
  if (parts.deck && !shop.deck_pdf.empty()) deck.emplace(shop, game, dir / shop.deck_pdf, clock, cache, timings);
  const bool images = parts.images && !shop.images_dir.empty() && shop.image_px;
  const fs::path folder = dir / shop.images_dir;
  const std::string ext = "." + shop.image_format;
  std::vector<fs::path> image_files;
  std::set<size_t> imaged_backs;  // each distinct back's image once
  FittedCards fitted(shop, cards);
  for (const auto& side : sides) {
    // Fitted when a part is not in the cache (the part's pages are made when
    // it is complete, after this loop's turn: capture by value), or for the
    // images. The PDFs take the page with its blends as the press takes them.
    const size_t front_index = side.front;
    const std::optional<size_t> back_index = side.back;
    const auto front = [&fitted, front_index] { return fitted.front(front_index).pdf_page; };
    const auto back = [&fitted, back_index] { return fitted.back(*back_index).pdf_page; };
    if (fronts) fronts->add(cards, side.front, front, tick);
    if (backs) backs->add(cards, *side.back, back, tick);
    if (deck) {
      if (shop.deck_back_first) deck->add(cards, *side.back, back, tick);
      deck->add(cards, side.front, front, tick);
      if (!shop.deck_back_first) deck->add(cards, *side.back, back, tick);
    }
    if (!images) continue;
    write_image(shop, *fitted.front(side.front).page,
                folder / (shop.images_flat ? "" : "front") / (cards.stem(side.front) + ext), image_files);
    tick();
    if (side.back && imaged_backs.insert(*side.back).second) {
      write_image(shop, *fitted.back(*side.back).page,
                  folder / (shop.images_flat ? "" : "back") / (cards.stem(*side.back) + ext), image_files);
      tick();
    }
  }
  for (auto* pdf : {&fronts, &backs, &deck})
    if (*pdf) (*pdf)->finish(written, note);
  written.insert(written.end(), image_files.begin(), image_files.end());
}

}  // namespace kw::products
