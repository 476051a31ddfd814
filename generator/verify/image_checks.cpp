#include <algorithm>
#include <cmath>
#include <optional>

#include <fmt/format.h>

#include "render/jpeg.h"
#include "render/png.h"
#include "render/raster.h"
#include "verify/card_checks.h"

namespace kw::verify::checks {

namespace {

constexpr double kCutTolerance = 1.5;  // mm the cut may stray into the card (print-specs.md)

// Pixel box [x0, x1) x [y0, y1), clipped to the raster where it is read.
struct Box {
  int x0, y0, x1, y1;
};

// One side of the card: the strip in the bleed and the band inside the trim
// that the cutting tolerance may expose.
struct Side {
  const char* name;
  Box bleed, edge;
  bool horizontal;  // runs along x
};

// The raster's sides, with the trim `bx`, `by` px in from its edges and a
// band `ex`, `ey` px wide.
std::vector<Side> sides_of(const render::Raster& raster, int bx, int by, int ex, int ey) {
  const int W = raster.width, H = raster.height;
  return {{"top", {0, 0, W, by}, {bx, by, W - bx, by + ey}, true},
          {"bottom", {0, H - by, W, H}, {bx, H - by - ey, W - bx, H - by}, true},
          {"left", {0, 0, bx, H}, {bx, by, bx + ex, H - by}, false},
          {"right", {W - bx, 0, W, H}, {W - bx - ex, by, W - bx, H - by}, false}};
}

template <typename F>
void for_each_pixel(const render::Raster& raster, const Box& b, F&& f) {
  for (int y = std::max(0, b.y0); y < std::min(raster.height, b.y1); ++y)
    for (int x = std::max(0, b.x0); x < std::min(raster.width, b.x1); ++x) f(raster.pixel(x, y));
}

Color mean(const render::Raster& raster, const Box& b) {
  double r = 0, g = 0, bl = 0;
  size_t n = 0;
  for_each_pixel(raster, b, [&](const Color& c) {
    r += c.r;
    g += c.g;
    bl += c.b;
    ++n;
  });
  auto avg = [n](double v) { return static_cast<std::uint8_t>(n ? std::lround(v / static_cast<double>(n)) : 0); };
  return Color{avg(r), avg(g), avg(bl), 255};
}

// Along the side, in eight pieces: the piece whose bleed differs most from the
// card's edge next to it, and by how much.
std::pair<double, std::string> worst_piece(const render::Raster& raster, const Side& side, int bx, int by) {
  constexpr int pieces = 8;
  const int W = raster.width, H = raster.height;
  std::string worst;
  double worst_distance = -1;
  for (int k = 0; k < pieces; ++k) {
    Box b = side.bleed, e = side.edge;
    if (side.horizontal) {
      b.x0 = e.x0 = bx + (W - 2 * bx) * k / pieces;
      b.x1 = e.x1 = bx + (W - 2 * bx) * (k + 1) / pieces;
    } else {
      b.y0 = e.y0 = by + (H - 2 * by) * k / pieces;
      b.y1 = e.y1 = by + (H - 2 * by) * (k + 1) / pieces;
    }
    Color in_bleed = mean(raster, b), at_edge = mean(raster, e);
    double d = distance(in_bleed, at_edge);
    if (d > worst_distance) {
      worst_distance = d;
      worst = "piece " + std::to_string(k + 1) + "/" + std::to_string(pieces) + " averages " + in_bleed.hex() +
              " in the bleed but " + at_edge.hex() + " at the card's edge";
    }
  }
  return {worst_distance, worst};
}

}  // namespace

namespace {

// How far side `side` (0 top, 1 bottom, 2 left, 3 right) of `page_pixels`'s
// bleed parts from the card's edge beside it beyond what `reference` (the
// card's layout on the same page) shows there: along the side, in eight
// pieces, the largest excess, and what that piece shows.
std::pair<double, std::string> departure(const render::Raster& page_pixels, const render::Raster& reference,
                                         const page::Page& page, const PrintProfile& profile, int side) {
  const Expected want = expected(profile);
  // The same place of each rendering, by page millimetres.
  auto box_of = [&](const render::Raster& r, const Rect& mm) {
    const double sx = r.width / page.size.w, sy = r.height / page.size.h;
    return Box{static_cast<int>(std::floor(mm.x * sx)), static_cast<int>(std::floor(mm.y * sy)),
               static_cast<int>(std::ceil(mm.right() * sx)), static_cast<int>(std::ceil(mm.bottom() * sy))};
  };
  // How far a piece of the bleed lies from the card's edge next to it.
  auto step = [&](const render::Raster& r, const Rect& bleed, const Rect& edge) {
    return std::pair{distance(mean(r, box_of(r, bleed)), mean(r, box_of(r, edge))), mean(r, box_of(r, bleed))};
  };
  const double W = page.size.w, H = page.size.h, bx = want.trim.x, by = want.trim.y, e = kCutTolerance;
  const double tw = want.trim.w, th = want.trim.h;
  constexpr int pieces = 8;
  const bool horizontal = side < 2;
  double worst = -1;
  std::string said;
  for (int k = 0; k < pieces; ++k) {
    const double a = (horizontal ? tw : th) * k / pieces, len = (horizontal ? tw : th) / pieces;
    Rect bleed, edge;
    if (side == 0) bleed = {bx + a, 0, len, by}, edge = {bx + a, by, len, e};
    if (side == 1) bleed = {bx + a, H - by, len, by}, edge = {bx + a, H - by - e, len, e};
    if (side == 2) bleed = {0, by + a, bx, len}, edge = {bx, by + a, e, len};
    if (side == 3) bleed = {W - bx, by + a, bx, len}, edge = {W - bx - e, by + a, e, len};
    const auto [printed, printed_colour] = step(page_pixels, bleed, edge);
    const auto [designed, designed_colour] = step(reference, bleed, edge);
    // The page's bleed may part from its edge only as far as the design's does.
    const double d = printed - designed;
    if (d > worst) {
      worst = d;
      said = fmt::format(
          "piece {}/{} averages {} on the page, {:.0f} from the card's edge beside it, where the "
          "card's design has {} and {:.0f}",
          k + 1, pieces, printed_colour.hex(), printed, designed_colour.hex(), designed);
    }
  }
  return {worst, said};
}

}  // namespace

// Bleed: each side's strip, from the page edge to the trim, must be the
// card's edge colour, or else continue what the card shows at its edge:
// along the side, in eight pieces, the bleed's mean colour must match the
// mean of the band inside the trim that the cutting tolerance may expose
// (textured or multicoloured edges run on into the bleed). A card fitted to
// a shop's card (`fitted`) is held to its layout on that page instead where
// it fails both: a motif cut at a slant by the trim (Monddämmerung's
// coloured corners) leaves a bleed that differs from the band beside it in
// the design already, and the 97.7 % fit moves the slant by a pixel or two.
void check_bleed(const render::Raster& raster, const page::Page& page, const PrintProfile& profile,
                 const std::string& name, CardPreflight& card, bool fitted) {
  const Expected want = expected(profile);
  const double sx = raster.width / page.size.w, sy = raster.height / page.size.h;
  const int bx = static_cast<int>(std::floor(want.trim.x * sx)), by = static_cast<int>(std::floor(want.trim.y * sy));
  const int ex = std::max(1, static_cast<int>(std::lround(kCutTolerance * sx)));
  const int ey = std::max(1, static_cast<int>(std::lround(kCutTolerance * sy)));
  std::optional<render::Raster> layout;  // rendered when first needed: rarely
  int index = -1;
  for (const Side& side : sides_of(raster, bx, by, ex, ey)) {
    ++index;
    size_t total = 0, good = 0;
    for_each_pixel(raster, side.bleed, [&](const Color& c) {
      ++total;
      if (distance(c, page.edge_color) <= profile.bleed_tolerance) ++good;
    });
    if (total == 0) continue;
    double share = static_cast<double>(good) / static_cast<double>(total);
    if (share + 1e-9 >= profile.bleed_coverage) continue;
    auto [worst_distance, worst] = worst_piece(raster, side, bx, by);
    if (worst_distance <= profile.bleed_tolerance) continue;
    if (fitted && page.size.w > 0) {
      if (!layout) layout = render::render_raster(page, raster.width / page.size.w * 25.4);
      if (departure(raster, *layout, page, profile, index).first <= profile.bleed_tolerance) continue;
    }
    add(card, PreflightCheck::Bleed,
        name + ": the " + side.name + " bleed is neither the edge colour " + page.edge_color.hex() + " (" +
            fmt::format("{:.0f}%", 100 * share) + " of it) nor does it continue the card's edge (" + worst + ")");
  }
}

void check_page_bleed(const render::Raster& page_pixels, const render::Raster& reference, const page::Page& page,
                      const PrintProfile& profile, const std::string& name, CardPreflight& card) {
  if (reference.width <= 0 || reference.height <= 0 || page_pixels.width <= 0 || page_pixels.height <= 0) return;
  const char* names[] = {"top", "bottom", "left", "right"};
  for (int side = 0; side < 4; ++side) {
    const auto [worst, said] = departure(page_pixels, reference, page, profile, side);
    if (worst > profile.bleed_tolerance)
      add(card, PreflightCheck::Bleed,
          name + ": the " + names[side] + " bleed does not continue the card (" + said + ")");
  }
}

namespace {

// Pixel size at the profile's dpi, the dpi the file states, RGB.
void check_header(const render::JpegInfo& info, const PrintProfile& profile, const std::string& name,
                  CardPreflight& card) {
  Expected want = expected(profile);
  int w = mm_to_px_count(want.media.w, profile.image_dpi), h = mm_to_px_count(want.media.h, profile.image_dpi);
  if (info.width != w || info.height != h)
    add(card, PreflightCheck::Image,
        name + ": " + std::to_string(info.width) + " x " + std::to_string(info.height) + " px, not " +
            std::to_string(w) + " x " + std::to_string(h) + " (" + fmt::format("{:g} dpi", profile.image_dpi) + ")");
  if (info.density_unit != 1 || std::abs(info.x_density - profile.image_dpi) > 0.5)
    add(card, PreflightCheck::Image,
        name + ": the file says " + std::to_string(info.x_density) + (info.density_unit == 1 ? " dpi" : " (no dpi)") +
            ", not " + fmt::format("{:g} dpi", profile.image_dpi));
  using render::JpegColour;
  if (profile.image_color == settings::ImageColour::Rgb &&
      (info.components != 3 || (info.color_space != JpegColour::YCbCr && info.color_space != JpegColour::Rgb)))
    add(card, PreflightCheck::Image,
        name + ": colour " + std::string(name_of(render::kJpegColourNames, info.color_space)) + ", not RGB");
}

}  // namespace

void check_jpeg(const std::string& file_name, const std::string& bytes, const page::Page& page,
                const PrintProfile& profile, CardPreflight& card, render::Raster& raster) {
  render::JpegInfo info;
  try {
    info = render::jpeg_info(bytes);
    raster = render::decode_jpeg(bytes);
  } catch (const std::exception& e) {
    add(card, PreflightCheck::Image, file_name + ": " + e.what());
    return;
  }
  check_header(info, profile, file_name, card);
  check_bleed(raster, page, profile, file_name, card, true);
}

void check_png(const std::string& file_name, const std::string& bytes, const page::Page& page,
               const PrintProfile& profile, CardPreflight& card, render::Raster& raster) {
  std::optional<double> dpi;
  try {
    raster = render::decode_png(bytes);
    dpi = render::png_dpi(bytes);
  } catch (const std::exception& e) {
    add(card, PreflightCheck::Image, file_name + ": " + e.what());
    return;
  }
  render::JpegInfo info;  // the same header checks: size, density, colour
  info.width = raster.width;
  info.height = raster.height;
  info.density_unit = dpi ? 1 : 0;
  info.x_density = static_cast<int>(std::lround(dpi.value_or(0)));
  info.components = 3;
  info.color_space = render::JpegColour::Rgb;
  check_header(info, profile, file_name, card);
  check_bleed(raster, page, profile, file_name, card, true);
}

}  // namespace kw::verify::checks
