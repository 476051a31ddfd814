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
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/color.h"
#include "core/enum_names.h"
#include "core/geometry.h"

namespace kw::pdf {

// A colour space's family, as the file names it (resolved through the
// resources). The names are how preflight reports them.
enum class ColourFamily : std::uint8_t {
  None,  // no colour space: an image mask, an image that names none
  DeviceGray,
  DeviceRGB,
  DeviceCMYK,
  IccGray,  // ICCBased with 1, 3 or 4 components
  IccRgb,
  IccCmyk,
  Icc,  // ICCBased with another number of components (Lab, a broken /N)
  CalGray,
  CalRGB,
  Lab,
  Separation,
  DeviceN,
  Pattern,
  Unknown,  // neither a name nor a well-formed array
  Other,    // any other name (an unresolved resource): ColourSpace::other
};
inline constexpr EnumNames<ColourFamily, 15> kColourFamilyNames{{
    {ColourFamily::None, ""},
    {ColourFamily::DeviceGray, "DeviceGray"},
    {ColourFamily::DeviceRGB, "DeviceRGB"},
    {ColourFamily::DeviceCMYK, "DeviceCMYK"},
    {ColourFamily::IccGray, "ICCBased Gray"},
    {ColourFamily::IccRgb, "ICCBased RGB"},
    {ColourFamily::IccCmyk, "ICCBased CMYK"},
    {ColourFamily::Icc, "ICCBased"},
    {ColourFamily::CalGray, "CalGray"},
    {ColourFamily::CalRGB, "CalRGB"},
    {ColourFamily::Lab, "Lab"},
    {ColourFamily::Separation, "Separation"},
    {ColourFamily::DeviceN, "DeviceN"},
    {ColourFamily::Pattern, "Pattern"},
    {ColourFamily::Unknown, "unknown"},
}};

// The PDF name of a device family or Pattern, for writing it: "/DeviceCMYK".
inline std::string pdf_name(ColourFamily f) { return "/" + std::string(name_of(kColourFamilyNames, f)); }

// A colour space: its family, perhaps indexed.
struct ColourSpace {
  ColourFamily family = ColourFamily::None;
  // How many Indexed spaces wrap the family: 1 for Indexed <base>; more only
  // in a file that breaks the rule that an Indexed base is not Indexed.
  std::uint8_t indexed = 0;
  std::string other;  // the name, for ColourFamily::Other (without the slash)
  ColourSpace() = default;
  // Implicit: a family alone is the plain space (`PdfColour{ColourFamily::DeviceRGB, {...}}`).
  ColourSpace(ColourFamily f, std::uint8_t wrapped = 0) : family(f), indexed(wrapped) {}
  // The family a PDF name stands for ("/DeviceRGB", the inline image's
  // abbreviations "/RGB", "/CMYK", "/G"), any other name as Other. The one
  // place a colour space's name is read.
  static ColourSpace named(std::string_view text);
  // The same without the abbreviations: the family of a colour space array.
  static ColourSpace by_name(std::string_view text);
  // "DeviceRGB", "Indexed ICCBased RGB", ...: as preflight reports it.
  std::string name() const;
  bool is(ColourFamily f) const { return indexed == 0 && family == f; }
  friend bool operator==(const ColourSpace&, const ColourSpace&) = default;
};

// A colour as the file states it.
struct PdfColour {
  ColourSpace space = ColourFamily::DeviceGray;
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
  ColourSpace colour_space;  // as PdfColour::space (None for an image mask)
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
