#pragma once
// The checks of one card, for preflight_game (preflight.cpp): what is read
// from a PDF page (page_checks.cpp) and from the card's JPEG
// (image_checks.cpp), and what both need. Internal to preflight.
#include <optional>
#include <string>

#include "core/color.h"
#include "core/geometry.h"
#include "page/page.h"
#include "print/pdf/pdf_boxes.h"
#include "print/pdf/pdf_content.h"
#include "print/preflight/preflight.h"
#include "render/raster.h"

namespace kw::print::preflight {

// The geometry the profile asks for.
struct Expected {
  Rect media, trim, safe;
};
Expected expected(const PrintProfile& profile);

// A rendered card (the JPEG), sampled in page millimetres.
struct Pixels {
  const render::Raster* raster = nullptr;
  Size page;
  std::optional<Color> at(Point mm) const;
};

// Euclidean distance in 8-bit RGB.
double distance(const Color& a, const Color& b);

// Adds a finding, once (the same back on many pages).
void add(CardPreflight& card, PreflightCheck check, const std::string& message);

// Text and key elements (keep_in_safe_area) of the display list inside the
// profile's safe area.
void check_safe_area(const page::Page& page, const PrintProfile& profile, CardPreflight& card);

// The bleed of a rendered card (`raster`, the whole page): the card's edge
// colour or a continuation of its edge, on every side. `name` labels findings.
void check_bleed(const render::Raster& raster, const page::Page& page, const PrintProfile& profile,
                 const std::string& name, CardPreflight& card);

// The checks of one PDF page (a card's front, or a page of its back), named
// `where` in the findings: boxes, text sizes, line widths, marks, images,
// fonts.
void check_page(const PdfPageContent& content, const PageBoxes& boxes, const page::Page& page, const Pixels& pixels,
                const PrintProfile& profile, const std::string& where, CardPreflight& card);

// The JPEG of a card (`bytes`, from `file`): size, density, colour, and its
// bleed. Leaves the decoded pixels in `raster` for check_page.
void check_jpeg(const std::string& file_name, const std::string& bytes, const page::Page& page,
                const PrintProfile& profile, CardPreflight& card, render::Raster& raster);

// The same for a PNG (a shop that takes PNG images at its pixel size).
void check_png(const std::string& file_name, const std::string& bytes, const page::Page& page,
               const PrintProfile& profile, CardPreflight& card, render::Raster& raster);

}  // namespace kw::print::preflight
