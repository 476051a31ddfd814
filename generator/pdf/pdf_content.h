#pragma once
// What is drawn on the pages of a PDF, read back from the file's content
// streams with libqpdf, for preflight: text (size, colour, where it starts),
// paths (line width, extent), placed images (effective resolution) and fonts
// (embedded or not), every colour painted, and what blends. The resources
// are followed wherever they lead: forms, tiling patterns (with the pattern
// matrix), shading patterns, Type 3 glyph procedures, soft-mask groups and
// the soft masks of images, so that what a pattern or a piece of SVG art
// draws is measured as printed too.
//
// Positions are millimetres from the MediaBox's top-left corner (y down),
// sizes and widths in points as printed (the current transformation applied).
// `inside` names where a thing was drawn, innermost first: "" on the page
// itself, else e.g. "pattern /P3 (form /Fm1)".
#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "core/color.h"
#include "core/geometry.h"

namespace kw::pdf {

// A colour as the file states it.
struct PdfColour {
  // The colour space's family, resolved through the resources: DeviceGray,
  // DeviceRGB, DeviceCMYK, ICCBased Gray|RGB|CMYK|Lab, CalGray, CalRGB, Lab,
  // Indexed <base>, Separation, DeviceN, Pattern.
  std::string space = "DeviceGray";
  std::vector<double> values;  // the components (0-1), when plain
  bool rgb() const;            // DeviceRGB, CalRGB, ICCBased RGB, or Indexed on one of them
  bool cmyk() const;           // DeviceCMYK or ICCBased CMYK: values are C, M, Y, K
  friend bool operator==(const PdfColour&, const PdfColour&) = default;
};

// Something painted and its colour: a fill, stroke, text, shading, image or
// image mask, each distinct one once per page.
struct PdfPaint {
  std::string what;  // "fill", "stroke", "text", "shading", "image", "image mask"
  PdfColour colour;
  std::string inside;
  friend bool operator==(const PdfPaint&, const PdfPaint&) = default;
};

struct PdfText {
  Point origin;                // where the text starts (its first baseline point), mm
  double size_pt = 0;          // the font size as printed
  std::optional<Color> color;  // the fill colour, when it is a plain colour (RGB, grey or CMYK)
  size_t glyphs = 0;           // glyphs shown by the operator
  std::string font;            // the font's /BaseFont
  Point advance{1, 0};         // unit vector along the baseline (page mm, y down)
  Point up{0, -1};             // unit vector towards the glyphs' tops
  PdfColour fill;              // the fill colour as the file states it
  std::string inside;
  bool indirect = false;  // as PdfPath::indirect
};

struct PdfPath {
  Rect bounds;  // the path's extent (control points included), mm
  bool stroked = false, filled = false;
  bool straight = false;     // only straight segments (no curves)
  bool rectangle = false;    // a single rectangle (re)
  double line_width_pt = 0;  // as printed, when stroked
  PdfColour stroke;          // the stroke colour, when stroked
  std::string inside;
  // Drawn in a pattern cell, a Type 3 glyph or a soft mask: the bounds are
  // those of one cell or glyph, not where it lands on the page.
  bool indirect = false;
};

struct PdfImage {
  int width_px = 0, height_px = 0;
  Rect bounds;               // where it is placed, mm
  double dpi = 0;            // effective resolution: the lower of the two axes
  bool soft_mask = false;    // used as a soft mask (an image's /SMask, or drawn in a soft-mask group)
  std::string colour_space;  // as PdfColour::space ("" for an image mask)
  double max_ink = -1;       // CMYK images of 8 bits: the most ink on one pixel, percent (0-400)
  std::string inside;
  bool indirect = false;  // as PdfPath::indirect
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
  std::vector<PdfPaint> paints;
  // What blends (a soft mask, a constant alpha below 1, a blend mode other
  // than Normal) and what PDF/X forbids (transfer functions, PostScript), in
  // words, each once: "soft mask in /GS1", "transfer function in /GS2".
  std::vector<std::string> transparency, forbidden;
};

// Throws std::runtime_error when the file cannot be read or parsed.
std::vector<PdfPageContent> read_pdf_content(const std::filesystem::path& pdf);

}  // namespace kw::pdf
