#pragma once
// The checks of one card, for preflight_game (preflight.cpp): what is read
// from a PDF page (page_checks.cpp) and from the card's JPEG
// (image_checks.cpp), and what both need. Internal to preflight.
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/color.h"
#include "core/geometry.h"
#include "exporters/cmyk.h"
#include "exporters/press_colours.h"
#include "page/page.h"
#include "pdf/pdf_boxes.h"
#include "pdf/pdf_content.h"
#include "render/raster.h"
#include "verify/preflight.h"

namespace kw::verify::checks {

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

// Each picture (page::Picture) of the display list: the resolution it is
// placed at (the pixels it shows over the inches of its box on the page,
// the lower of width and height), kept on the card, and a finding below
// the profile's min_image_ppi.
void check_pictures(const page::Page& page, const PrintProfile& profile, CardPreflight& card);

// The bleed of a rendered card (`raster`, the whole page): the card's edge
// colour or a continuation of its edge, on every side. `name` labels findings.
void check_bleed(const render::Raster& raster, const page::Page& page, const PrintProfile& profile,
                 const std::string& name, CardPreflight& card);

// The bleed of a page of a shop PDF as rendered (`page_pixels`, the whole
// page) against the card's own rendering (`reference`: its image, or its
// layout rendered): along each side, in eight pieces, the page's bleed may
// differ from the card's edge beside it only as much as in the design (plus
// the profile's tolerance). The card's image is held to the bleed rule
// itself (check_bleed); a page that shows something else in its bleed (a
// white strip, a band) is caught here, whatever renders it, while a colour
// shift of the whole card is the colour checks' business.
void check_page_bleed(const render::Raster& page_pixels, const render::Raster& reference, const page::Page& page,
                      const PrintProfile& profile, const std::string& name, CardPreflight& card);

// The checks of one PDF page (a card's front, or a page of its back), named
// `where` in the findings: boxes, text sizes, line widths, marks, images,
// fonts.
void check_page(const pdf::PdfPageContent& content, const pdf::PageBoxes& boxes, const page::Page& page,
                const Pixels& pixels, const PrintProfile& profile, const std::string& where, CardPreflight& card);

// The JPEG of a card (`bytes`, from `file`): size, density, colour, and its
// bleed. Leaves the decoded pixels in `raster` for check_page.
void check_jpeg(const std::string& file_name, const std::string& bytes, const page::Page& page,
                const PrintProfile& profile, CardPreflight& card, render::Raster& raster);

// The same for a PNG (a shop that takes PNG images at its pixel size).
void check_png(const std::string& file_name, const std::string& bytes, const page::Page& page,
               const PrintProfile& profile, CardPreflight& card, render::Raster& raster);

// What a CMYK print file is held to: the press condition (ink limit, what
// counts as black, which lines are thin) and the PDF/X flavour.
struct PressCheck {
  exporters::CmykSettings settings;
  exporters::PdfxLevel level = exporters::PdfxLevel::X4;
  std::shared_ptr<exporters::PressColours> colours;  // the condition's profile, for near black
};

// The colours of one PDF page of a CMYK file (colour_checks.cpp): nothing
// RGB (and, for PDF/X-1a, nothing but device CMYK, grey and spot colours);
// every painted CMYK colour and every CMYK image pixel within the ink limit;
// near-black text and thin lines in black ink alone; for PDF/X-1a no
// transparency; nothing PDF/X forbids (transfer functions, PostScript).
void check_colours(const pdf::PdfPageContent& content, const PressCheck& press, const std::string& where,
                   CardPreflight& card);

// The PDF/X requirements of a file as a whole and of each of its pages
// (pdfx_checks.cpp): findings in words, the file's, then per page.
struct PdfxFindings {
  std::vector<std::string> file;
  std::vector<std::vector<std::string>> pages;
};
PdfxFindings check_pdfx(const std::filesystem::path& pdf, exporters::PdfxLevel level);

// What a file says of itself: its GTS_PDFXVersion and the output intent's
// condition identifier ("" when absent). Never throws.
struct PdfxClaim {
  std::string version, identifier;
  bool output_intent = false;
};
PdfxClaim read_pdfx_claim(const std::filesystem::path& pdf);

// The Ghostscript cross-check (separation_check.cpp): every page of `pdf`
// rendered in CMYK at kSeparationDpi against the JPEG of its card
// (`card_of_page`, `jpegs` by card), both through the press profile; a card
// whose mean CIEDE2000 exceeds kSeparationTolerance is a finding. The
// difference is kept on the card (separation_delta_e).
constexpr double kSeparationDpi = 100;
// Each page of a shop PDF is rendered at this for its bleed check: a 3 mm
// bleed is 8 px, enough to see a strip that is not the edge colour.
constexpr double kPageBleedDpi = 72;
// Measured on the five games (FOGRA39): 1.4 to 3.6 on most cards, from JPEG
// noise and the renderings' pixel grids; up to 5.6 where large black areas
// print as the condition's rich black rather than the profile's black (the
// black rules differ from a plain conversion by design). A colour lost,
// swapped or misread differs by 10 or more.
constexpr double kSeparationTolerance = 6;
void check_separations(const std::filesystem::path& pdf, const std::string& label, const PressCheck& press,
                       std::span<const std::optional<size_t>> card_of_page, std::span<const render::Raster> jpegs,
                       bool number_pages, PreflightReport& report);

}  // namespace kw::verify::checks
