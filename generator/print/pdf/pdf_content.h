#pragma once
// What is drawn on the pages of a PDF, read back from the file's content
// streams with libqpdf, for preflight: text (size, colour, where it starts),
// paths (line width, extent), placed images (effective resolution) and fonts
// (embedded or not). Form XObjects are followed with their matrices.
//
// Positions are millimetres from the MediaBox's top-left corner (y down),
// sizes and widths in points as printed (the current transformation applied).
// Not covered: content of tiling patterns and of Type 3 glyph procedures.
#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "core/color.h"
#include "core/geometry.h"

namespace kw::print {

struct PdfText {
  Point origin;                // where the text starts (its first baseline point), mm
  double size_pt = 0;          // the font size as printed
  std::optional<Color> color;  // the fill colour, when it is a plain colour (RGB, grey or CMYK)
  size_t glyphs = 0;           // glyphs shown by the operator
  std::string font;            // the font's /BaseFont
  Point advance{1, 0};         // unit vector along the baseline (page mm, y down)
  Point up{0, -1};             // unit vector towards the glyphs' tops
};

struct PdfPath {
  Rect bounds;  // the path's extent (control points included), mm
  bool stroked = false, filled = false;
  bool straight = false;     // only straight segments (no curves)
  bool rectangle = false;    // a single rectangle (re)
  double line_width_pt = 0;  // as printed, when stroked
};

struct PdfImage {
  int width_px = 0, height_px = 0;
  Rect bounds;     // where it is placed, mm
  double dpi = 0;  // effective resolution: the lower of the two axes
};

struct PdfFont {
  std::string name;     // /BaseFont
  std::string subtype;  // /Type0, /TrueType, /Type1, /Type3 ...
  bool embedded = false;
  friend bool operator==(const PdfFont&, const PdfFont&) = default;
};

struct PdfPageContent {
  Size size;  // MediaBox, mm
  std::vector<PdfText> texts;
  std::vector<PdfPath> paths;
  std::vector<PdfImage> images;
  std::vector<PdfFont> fonts;  // the fonts the page's text uses, each once
};

// Throws std::runtime_error when the file cannot be read or parsed.
std::vector<PdfPageContent> read_pdf_content(const std::filesystem::path& pdf);

}  // namespace kw::print
