#pragma once
// CMYK print PDFs (`build --color cmyk`, shop profiles with a press
// condition): the RGB PDF the render stage wrote is converted by kartenwerk
// itself (pdf_recolour.h, with LittleCMS through the condition's ICC profile;
// press_colours.h holds the black and ink rules) and marked as PDF/X (pdfx.h):
// X-4 keeps live transparency, blended in CMYK; X-1a flattens the pages that
// blend. Vector art stays vector, and the page boxes are kept. The
// conversion is deterministic (SOURCE_DATE_EPOCH dates, ids from hashes).
// After converting, every page is rendered in CMYK by Ghostscript and its ink
// measured.
#include <array>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.h"

namespace kw::project {
class Project;
}

namespace kw::exporters {

// The PDF/X flavour a print PDF is written as: X-4 keeps live transparency
// (PDF 1.6); X-1a (PDF 1.3) has none, so transparent areas are flattened.
enum class PdfxLevel { X4, X1a };
const char* pdfx_name(PdfxLevel level);  // "PDF/X-4", "PDF/X-1a:2001"

// A press condition of data/print/color.yaml: the output profile and how
// black and ink are handled when RGB is converted for it.
struct CmykSettings {
  std::string id;             // its key under `conditions:` ("fogra39")
  std::filesystem::path icc;  // the output profile (an ICC file, 4 channels)
  std::string condition;      // its name, for the output intent (/OutputCondition, /Info)
  std::string identifier;     // /OutputConditionIdentifier (a name registered at color.org, or "Custom")
  std::string registry = "http://www.color.org";
  // Neutral colours (r = g = b) print as black ink only (a grey is a K tint).
  bool neutrals_to_k = true;
  // How far (CIEDE2000) a colour may lie from black and still count as black:
  // text and thin lines print it as 100 % K, large areas as rich_black.
  double near_black_delta_e = 20;
  double black_up_to = 0x20 / 255.0;                  // (older files) near black as a channel level
  double thin_line_pt = 2;                            // strokes up to this width count as lines
  double rich_black_min_mm = 10;                      // fills whose smaller side reaches this are areas
  std::array<double, 4> rich_black{60, 40, 40, 100};  // C, M, Y, K percent
  bool overprint_black = true;                        // K-only text and lines overprint
  double ink_limit = 300;                             // percent, C + M + Y + K anywhere
  PdfxLevel pdfx = PdfxLevel::X4;                     // set by the shop profile
  double flatten_dpi = 400;                           // X-1a: transparent areas rasterised at this
  // Opt-in (a shop profile's knockout_keep_away): small light text knocked
  // out of a ground of 200 % ink or more gets a keep-away this wide (pt) on
  // every side, of the ground's black with at most 180 % ink in all
  // (exporters/pdf_recolour.cpp). 0: none.
  double keep_away_pt = 0;
  SourceLoc loc;
};

// Loads press condition `id` (empty: the file's `default`) of the project's
// data/print/color.yaml; nullopt (with diagnostics) when it is missing or
// wrong, or the ICC file does not exist (an absolute path is a system input,
// a relative one a project file).
std::optional<CmykSettings> load_cmyk_settings(const project::Project& project, Diagnostics& diags,
                                               const std::string& id = {});

// Converts `pdf` in place to a CMYK PDF/X file for the press condition
// `settings` (settings.pdfx says which PDF/X), atomically: nothing is
// replaced on failure. Then renders every page in CMYK and checks the ink;
// when overprinting black text pushes a page over the ink limit, black
// knocks out instead (said in the result's note).
// Throws std::runtime_error naming what could not be converted, or the ink
// that exceeds the limit.
struct CmykResult {
  double max_ink = 0;  // percent, the most ink on one pixel (measured at 36 dpi)
  std::string note;    // what had to give way, for people ("" when nothing)
};
CmykResult convert_to_cmyk(const std::filesystem::path& pdf, const CmykSettings& settings);

// A print PDF joined from parts (products/pdf_parts.h) is converted part by
// part, so that an edit converts and checks only the part that holds it:
// convert_part_to_cmyk converts one part (a PDF in memory) and checks its
// ink as convert_to_cmyk does a file (the knockout decided for the part),
// and returns it without the document's PDF/X marks (output intent, XMP),
// as the joiner (pdf/pdf_rewrite.h) reads it; once the converted parts are
// joined, mark_cmyk_pdf marks the file (in place, atomically). `name` says
// the part in errors ("meinspiel/fronts.pdf, card 01-a to card 16-p").
struct CmykPart {
  std::string pdf;
  CmykResult result;
};
CmykPart convert_part_to_cmyk(std::string_view pdf, const CmykSettings& settings, const std::string& name);
void mark_cmyk_pdf(const std::filesystem::path& pdf, const CmykSettings& settings);

// Ink of a page rendered in CMYK at `dpi` by Ghostscript (bitcmyk device).
struct InkCoverage {
  int width = 0, height = 0;
  double max_total = 0;             // the most ink on one pixel, percent (0-400)
  std::vector<unsigned char> cmyk;  // the pixels, 4 bytes each
  // Channels of the pixel at (x, y), 0-255.
  struct Pixel {
    int c, m, y, k;
  };
  Pixel at(int x, int y) const;
};
// Renders page `page` (1-based; 0: all pages, max over them, pixels of the last).
InkCoverage measure_ink(const std::filesystem::path& pdf, int page, double dpi);
// Pages `first` to `last` (1-based; 0: the last page) rendered so, in page
// order, in one Ghostscript run: preflight's cross-check of the separations
// against the RGB rendering.
std::vector<InkCoverage> render_cmyk_pages(const std::filesystem::path& pdf, double dpi, int first = 1, int last = 0);

// True when the PDF's catalog has /OutputIntents with an ICC profile (/DestOutputProfile).
bool has_output_intent(const std::filesystem::path& pdf);

}  // namespace kw::exporters
