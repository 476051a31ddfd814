#pragma once
// CMYK print PDFs (`build --color cmyk`, data/print/color.yaml): the RGB PDF
// the render stage wrote is converted by Ghostscript's pdfwrite through an ICC output
// profile, which also goes into the file as its output intent (/OutputIntents,
// GTS_PDFX). Before that, neutral colours are rewritten as black ink alone
// (DeviceCMYK, by a qpdf token filter; pdfwrite keeps DeviceCMYK as it is):
// black text is 100 % K. Transparency is kept (PDF 1.6) and blended in CMYK,
// and the page boxes are kept. The
// conversion is deterministic (SOURCE_DATE_EPOCH dates, no random IDs).
// After converting, every page is rendered in CMYK and its ink measured.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "core/diagnostic.h"

namespace kw::project {
class Project;
}

namespace kw::print {

struct CmykSettings {
  std::filesystem::path icc;  // the output profile (an ICC file, 4 channels)
  std::string condition;      // its name, for the output intent
  bool neutrals_to_k = true;
  double black_up_to = 0x20 / 255.0;  // near-black up to this channel level prints as 100 % K
  double ink_limit = 300;             // percent
  SourceLoc loc;
};

// Loads the project's data/print/color.yaml; nullopt (with diagnostics) when
// it is missing or wrong, or the ICC file does not exist (an absolute path is
// a system input, a relative one a project file).
std::optional<CmykSettings> load_cmyk_settings(const project::Project& project, Diagnostics& diags);

// Rewrites every neutral RGB colour (r = g = b, "rg"/"RG") of the content
// streams of `in` (pages, forms, patterns) as black ink only (DeviceCMYK
// "0 0 0 k k"/"K") into `out`.
// Near-black colours (every channel <= black_up_to, 0-1, and nearly grey)
// become 100 % K.
void neutrals_to_black(const std::filesystem::path& in, const std::filesystem::path& out, double black_up_to);

// Sets the blending colour space of every transparency group to DeviceCMYK.
void cmyk_blending(const std::filesystem::path& pdf);

// Converts `pdf` in place to CMYK with `settings` (atomically: nothing is
// replaced on failure), then checks the ink. Throws std::runtime_error with
// Ghostscript's message, or naming the page whose ink exceeds the limit.
void convert_to_cmyk(const std::filesystem::path& pdf, const CmykSettings& settings);

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

// True when the PDF's catalog has /OutputIntents with an ICC profile (/DestOutputProfile).
bool has_output_intent(const std::filesystem::path& pdf);

}  // namespace kw::print
