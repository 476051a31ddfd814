#pragma once
// The text stage: markup in, shaped, broken and positioned glyph runs out.
// Knows fonts, scripts, languages and boxes; knows nothing about cards.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/color.h"
#include "core/geometry.h"
#include "page/page.h"
#include "text/font_library.h"

namespace kw::text {

enum class Align { Left, Center, Right, Justify };
enum class VAlign { Top, Middle, Bottom };
// Optimal: Knuth–Plass over the whole paragraph (the default). Greedy: first
// fit, line by line; kept for comparison and for callers that want it.
enum class LineBreaker { Optimal, Greedy };

struct TextStyle {
  std::string family = "garamond";  // a family of fonts/fonts.yaml
  std::string style = "regular";    // regular, italic, bold, semibold, bold-italic
  double max_size_pt = 10;          // fitting range: the largest size that fits wins
  double min_size_pt = 10;
  double size_step_pt = 0.25;
  double floor_pt = 6;       // print minimum; sizes below it are refused
  double line_height = 1.2;  // baseline-to-baseline, in multiples of the size
  Align align = Align::Left;
  VAlign valign = VAlign::Top;
  Color color;
  std::vector<std::string> features;  // OpenType features, HarfBuzz syntax: "smcp", "onum", "-liga"
  double tracking_em = 0;             // extra space between letters, in em
  std::string language = "de";        // BCP 47: hyphenation dictionary and shaping language
  bool hyphenate = true;
  bool wrap = true;          // false: one line, never broken
  double max_stretch = 0.6;  // justification: max extra space per interword space, in em
                             // (a line that would need more is set ragged, flush left)
  LineBreaker breaker = LineBreaker::Optimal;
};

struct PlacedIcon {
  std::string name;  // from ":name:" in the markup
  Rect box;          // mm, relative to the text box's top-left corner
};

struct SetLine {
  double baseline = 0;  // mm from the box top
  double left = 0;      // mm from the box left
  double width = 0;     // natural width of the line's content, mm
  std::string text;     // the characters on the line (plus "-" if hyphenated)
  bool hyphenated = false;
  bool justified = false;   // spaces were stretched/shrunk to fill the box width
  double space_adjust = 0;  // mm added to each interword space when justified (negative: shrunk)
  bool last_of_paragraph = false;
};

struct SetText {
  double size_pt = 0;                // the size the fitting chose
  std::vector<page::GlyphRun> runs;  // glyph positions relative to the box's top-left, mm
  std::vector<PlacedIcon> icons;
  std::vector<SetLine> lines;
  Size extent;  // width and height actually used, mm
};

struct SetResult {
  std::optional<SetText> text;  // set when it fits
  std::string error;            // why not: overflow at min size, size below floor, uncovered character
};

// Conventions of the result: all positions are mm from the box's top-left
// corner, y down; a glyph's y is its baseline. The first baseline sits one
// ascender (of the style's face, as HarfBuzz reports it: typo metrics when the
// font asks for them, else hhea) below the top of the text block, each next
// one line_height x size lower, and the block ends one descender below the
// last baseline; valign places that block in the box. Inline icons are
// cap-height squares scaled by their aspect, bottom edge on the baseline.

// Width / height of an inline icon's drawing, so it can be scaled to cap height.
using IconAspect = std::function<std::optional<double>(const std::string& name)>;

class Typesetter {
 public:
  Typesetter(const FontLibrary& fonts, IconAspect icon_aspect = {});
  // Sets `markup` into a box of `box` millimetres with `style`. Markup:
  // **bold**, *italic*, [sc]small caps[/sc], "\n" line break, U+00A0 no-break
  // space, U+00AD soft hyphen, :name: inline icon (see text/markup.h: also
  // the two characters \n, escapes \* \: \[ \\; an unclosed marker is an error).
  // Safe to call concurrently from several threads on one Typesetter.
  SetResult set(const std::string& markup, const TextStyle& style, Size box) const;

 private:
  const FontLibrary& fonts_;
  IconAspect icon_aspect_;
};

}  // namespace kw::text
