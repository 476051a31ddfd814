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
// `fitted`: `raster` is a shop's image of the card (`page` as fitted to the
// shop's card), which may also continue its edge as the layout on that page
// does.
void check_bleed(const render::Raster& raster, const page::Page& page, const PrintProfile& profile,
                 const std::string& name, CardPreflight& card, bool fitted = false);

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

// A card's image (JPEG or PNG, decoded) against its layout (`page`)
// rendered at the image's own size, both as L*a*b* from sRGB, in cells of
// about a millimetre (image_content.cpp): a cell farther apart than
// kImageContentTolerance (ΔE2000) is a finding naming the worst one's place.
// Measured on the five games after `make` (README "content"): JPEG noise
// and the renderer's own rounding stay within 1.1 in every cell; a patch
// recoloured, a lost motif or another card's image differs by 10 or more.
constexpr double kImageContentTolerance = 6;
SeparationCells image_cells(const render::Raster& image, const render::Raster& reference, double dpi);
void check_image_content(const render::Raster& image, const page::Page& page, const std::string& name,
                         CardPreflight& card);

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
// rendered in CMYK at kSeparationDpi against the card's own rendering (its
// layout, rendered by Ghostscript the same way; `card_of_page`,
// `references` by card), both through the press profile, compared in cells
// of about 1 mm. A card whose worst cell
// or 95th percentile exceeds its tolerance is a finding; the cells are kept
// on the card (separations).
constexpr double kSeparationDpi = 100;
// Each page of a shop PDF is rendered at this for its bleed check: a 3 mm
// bleed is 8 px, enough to see a strip that is not the edge colour.
constexpr double kPageBleedDpi = 72;
// Tolerances. 95 % of a card's cells must print within ΔE2000 3 of the
// design (what issue 30 asks of a soft proof: Das Duell's Balrog cards
// "within ΔE2000 3 of a plain profile conversion"). Measured after `make`
// (FOGRA39, README "Separations, cell by cell"), with the blends over near
// black composed in RGB (exporters/flatten.h): 0.7 at most in 95 % on the
// five games and their variants, and the worst cell 7.2 (a live blend's
// edge on Monddämmerung's pictures). Before, the Balrog glow blended in
// CMYK over its dark ground: 6.1 in 95 % on the back, 4.5 in 95 % and 10.1
// at worst on the fronts, which both tolerances now fail. A white strip, a
// lost or swapped colour differs by 20 or more.
constexpr double kSeparationWorstTolerance = 10;
constexpr double kSeparationP95Tolerance = 3;
// The cells of one page rendered in CMYK (`page`, at `dpi`) against the
// card's rendering `reference` (any size: sampled by position).
SeparationCells separation_cells(const exporters::InkCoverage& page, const render::Raster& reference,
                                 const exporters::PressColours& colours, double dpi);
void check_separations(const std::filesystem::path& pdf, const std::string& label, const PressCheck& press,
                       std::span<const std::optional<size_t>> card_of_page, std::span<const render::Raster> references,
                       bool number_pages, PreflightReport& report);

// Small light text and thin light rules knocked out of a ground of much ink
// (knockout_check.cpp, where the limits are cited): a warning on the card
// (CardPreflight::warnings), naming the page, the element and where it is.
// `reference` is the card's own rendering at kSeparationDpi (its ground).
constexpr double kKnockoutTextPt = 8;
constexpr double kKnockoutLinePt = 1;
constexpr double kKnockoutGroundInk = 200;
// `printed`: the page's separations (exporters::render_cmyk_pages at
// kSeparationDpi), when rendered: a text's ground is then the ink printed
// at its letters' edges, which a keep-away (a profile's
// knockout_keep_away) lowers.
void check_knockouts(const pdf::PdfPageContent& content, const render::Raster& reference, const PressCheck& press,
                     const std::string& where, CardPreflight& card, const exporters::InkCoverage* printed = nullptr);

}  // namespace kw::verify::checks
