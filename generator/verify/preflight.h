#pragma once
// Preflight: checks a game's produced files against a print-shop profile
// (data/print/profiles.yaml) before they go to the printer, card by card.
//
// Read from the files:
//   files      the profile's files exist; the PDFs have a page per card
//   boxes      every page's MediaBox, BleedBox and TrimBox (trim + bleed)
//   image      each card's JPEG: pixel size at the profile's dpi, density, RGB
//   content    each card's image shows the card: against its layout rendered
//              at the image's size, in 1 mm cells (worst cell, ΔE2000)
//   bleed      the bleed of every page of the PDFs (rendered by Ghostscript)
//              and of every image is the card's edge colour on every side
//   text       text of at least text_min_pt (light on dark: the larger
//              minimum), from the PDF content (size as printed; light on dark
//              when the text is lighter than the ground it sits on in the JPEG)
//   lines      stroked lines at least line_min_pt wide, also inside forms,
//              tiling patterns, Type 3 glyphs and soft masks (as printed)
//   fonts      every font embedded
//   resolution raster images placed at image_dpi or more, soft masks too;
//              and, from the layout, each picture (image element) at
//              min_image_ppi or more: its pixels over its placed size
//   marks      nothing outside the trim that is not card (crop marks, colour
//              bars, file names: objects lying wholly in the bleed), no slug
// CMYK files only (the profile names a press condition, or the file says it
// is PDF/X), from every paint of every page:
//   colour     nothing RGB (fills, strokes, text, shadings, images), and for
//              PDF/X-1a only device CMYK, grey and spot colours
//   ink        every CMYK colour and CMYK image pixel within the ink limit
//   black      near-black text and thin lines in K alone, not four inks
//   pdfx       the PDF/X requirements of the file and its pages (README)
//   separations Ghostscript's CMYK rendering of each page against the
//              card's JPEG (a PDF-only package: the card rendered from the
//              layout) through the press profile: mean ΔE2000 per card
// The print-and-play sheets beside the package (pnp/, when built):
//   pnp        pages, paper, margin and each page against the sheet as
//              planned (verify/pnp_preflight.h)
// A check a package gives nothing to (no PDF, no images, RGB files, no
// sheets) is listed as not checked, with why: never as passed.
// Read from the layout (the display list the files were painted from; the
// manifest's input hash proves they still match):
//   safe-area  all text and key elements (keep_in_safe_area) inside the safe area
//   stale      manifest.json exists and its input hash is the current input's
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "core/enum_names.h"
#include "exporters/cmyk.h"
#include "layout/game_layout.h"
#include "model/model.h"
#include "settings/settings_schema.h"

namespace kw::project {
class Project;
}

namespace kw::verify {

// A card size a shop cuts ("poker": 63.5 x 88.9 mm).
struct ShopCard {
  std::string id;
  Size trim;
  std::optional<std::pair<int, int>> pixels;  // a whole card with bleed, where the shop counts pixels
};

struct PrintProfile {
  std::string id, name;
  // The files, relative to output/<game>: PDFs of fronts and of backs (page
  // i of each is card i), or one deck PDF with each card's back and front
  // side by side; images per card (JPEG or PNG).
  std::string fronts_pdf = "meinspiel/fronts.pdf", backs_pdf = "meinspiel/backs.pdf", images_dir = "meinspiel";
  std::string deck_pdf;
  bool deck_back_first = true;
  std::string image_format = "jpg";
  // The shop's pixel size of a whole card (bleed included): `build
  // --profile` renders the images at it; none: the game's own JPEGs are the
  // images (at the format's dpi).
  std::optional<std::pair<int, int>> image_px;
  // The card sizes the shop cuts; a game is fitted to the closest one (see
  // for_card). Empty: only `trim`.
  std::vector<ShopCard> cards;
  std::string card_id;  // which of `cards` (after for_card)
  Size trim{59, 91};
  double bleed = 3, safe = 4;
  double image_dpi = 300;
  // The least resolution of a picture (an image element) on the card: the
  // pixels it shows (after cropping) over the inches it is placed at.
  double min_image_ppi = 300;
  settings::ImageColour image_color = settings::ImageColour::Rgb;
  double text_min_pt = 6, text_min_light_on_dark_pt = 7;
  double line_min_pt = 0.5;
  bool fonts_embedded = true;
  bool marks_allowed = false;
  double bleed_tolerance = 40, bleed_coverage = 0.98;
  // The shop's PDFs: RGB (`color: rgb`, the default: nullopt), or CMYK for
  // the press condition of data/print/color.yaml this names; and the PDF/X flavour.
  std::optional<std::string> cmyk_condition;
  std::optional<exporters::PdfxLevel> pdfx;  // unset: as the file says (X-4 when it says nothing)
  double keep_away_pt = 0;                   // knockout_keep_away: exporters::CmykSettings::keep_away_pt
  SourceLoc loc;

  // This profile for a game whose cards are `trim`: the shop card that asks
  // the least scaling of the design (trim and card_id set to it), with the
  // bleed that makes image_px exact when the shop counts pixels.
  PrintProfile for_card(Size game_trim) const;
};

struct PrintProfiles {
  std::string default_id;
  std::vector<PrintProfile> profiles;
  const PrintProfile* find(const std::string& id) const;
};

// Loads the project's data/print/profiles.yaml; nullopt (with diagnostics)
// when it is missing or wrong.
std::optional<PrintProfiles> load_print_profiles(const project::Project& project, Diagnostics& diags);

enum class PreflightCheck {
  Files,
  Stale,
  Boxes,
  Image,
  Content,
  Bleed,
  SafeArea,
  Text,
  Lines,
  Fonts,
  Resolution,
  Marks,
  Colour,
  Ink,
  Black,
  Pdfx,
  Separations,
  Pnp
};
// The checks' names, as the report says them ("safe-area: ...").
inline constexpr EnumNames<PreflightCheck, 18> kPreflightCheckNames{{
    {PreflightCheck::Files, "files"},
    {PreflightCheck::Stale, "stale"},
    {PreflightCheck::Boxes, "boxes"},
    {PreflightCheck::Image, "image"},
    {PreflightCheck::Content, "content"},
    {PreflightCheck::Bleed, "bleed"},
    {PreflightCheck::SafeArea, "safe-area"},
    {PreflightCheck::Text, "text"},
    {PreflightCheck::Lines, "lines"},
    {PreflightCheck::Fonts, "fonts"},
    {PreflightCheck::Resolution, "resolution"},
    {PreflightCheck::Marks, "marks"},
    {PreflightCheck::Colour, "colour"},
    {PreflightCheck::Ink, "ink"},
    {PreflightCheck::Black, "black"},
    {PreflightCheck::Pdfx, "pdfx"},
    {PreflightCheck::Separations, "separations"},
    {PreflightCheck::Pnp, "pnp"},
}};
inline const char* check_name(PreflightCheck c) { return c_name_of(kPreflightCheckNames, c); }

struct PreflightFinding {
  PreflightCheck check;
  std::string message;
};

// CIEDE2000 of each cell of a page rendered in CMYK against the card's own
// rendering (both through the press profile), and what preflight judges.
struct SeparationCells {
  int columns = 0, rows = 0;
  double cell_mm = 0;            // a cell's side
  std::vector<float> delta_e;    // row by row, from the top left of the page
  std::vector<float> lightness;  // L* of each cell as printed (for a picture of the cells)
  double mean = -1, p95 = -1, worst = -1;
  double worst_x_mm = 0, worst_y_mm = 0;  // the worst cell's centre, from the page's top left
  bool measured() const { return worst >= 0; }
};

struct CardPreflight {
  std::string stem;  // "01-gondor-hobbit-1", "00-back"
  bool back = false;
  std::vector<PreflightFinding> findings;
  // What a print shop's preflight would warn about without refusing the
  // file (small light text knocked out of a rich ground): said, not failed.
  std::vector<std::string> warnings;
  // What was measured (0: nothing of that kind on the card).
  double min_text_pt = 0, min_line_pt = 0;
  // Each picture (image element) on the card: its file and the resolution
  // it is placed at, ppi.
  std::vector<std::pair<std::string, double>> pictures;
  // CMYK files: the separations against the card's own rendering, cell by
  // cell (about 1 mm square, see check_separations); -1: not measured.
  SeparationCells separations;
  // The card's image against its layout: the worst 1 mm cell, ΔE2000; -1: not measured.
  double content_worst = -1;
  bool ok() const { return findings.empty(); }
};

struct PreflightReport {
  std::string game;
  const PrintProfile* profile = nullptr;
  // The build that makes the files checked ("kartenwerk build --game palantir
  // --lang en --profile meinspiel"): said when they are missing.
  std::string build_command;
  std::string press;  // the press condition and PDF/X flavour a CMYK file was checked as; "" for RGB
  std::vector<PreflightFinding> general;  // about the files as a whole
  std::vector<PreflightFinding> not_run;  // checks the package gives nothing to, and why
  std::vector<std::string> sheets;        // the PnP sheet files looked at, and how they are laid out
  std::vector<CardPreflight> cards;       // fronts in card order, then the backs
  size_t failed_cards() const;
  bool passed() const { return general.empty() && failed_cards() == 0; }
  bool has(PreflightCheck c) const;  // any finding of that check
};

// Checks the files under `game_dir` (output/<game>) made from `cards`
// (layout::layout_cards' result for `game`). `input` is the current input snapshot
// (compared with the manifest's); the input options are taken from the
// manifest. Never throws for problems of the files: they become findings.
// `build_command` is the build that makes them (default: `kartenwerk build
// --profile <profile>`), named in the findings of missing files.
PreflightReport preflight_game(const model::Game& game, std::span<const layout::LaidOutCard> cards,
                               const std::filesystem::path& game_dir, const PrintProfile& profile,
                               const project::Project& project, const std::string& build_command = {});

// The report as text: a header, one line per card ("ok" with the smallest
// text and line measured, or FAIL with its findings indented below), and a
// closing verdict.
std::string format_preflight(const PreflightReport& report);

}  // namespace kw::verify
