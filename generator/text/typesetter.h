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

// Left, Center and Right are where the lines sit in the box, whatever the
// direction of the text. Start and End follow the paragraph's direction:
// Start is flush left in left-to-right text and flush right in right-to-left
// text (Hebrew, Arabic). Justify fills the box; its last line, and a line
// it cannot fill, are flush at the start.
enum class Align { Left, Center, Right, Justify, Start, End };
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
  // BCP 47 ("de", "en-GB", "he", "ja"): the hyphenation dictionary, the line
  // breaker's rules, the shaping language and, through its script, the
  // paragraphs' direction. Empty: no language; each paragraph takes the
  // direction of its first strong character, and nothing is hyphenated.
  std::string language;
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
  std::string text;     // the characters on the line in logical order (plus "-" if hyphenated)
  bool hyphenated = false;
  bool justified = false;  // spaces were stretched/shrunk to fill the box width
  // mm added to each interword space, and each gap between ideographs, when
  // justified (negative: shrunk)
  double space_adjust = 0;
  bool last_of_paragraph = false;
  bool rtl = false;  // its paragraph runs right to left
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
  // Set to the style's language when hyphenation was asked for and the text
  // has words to hyphenate, but no dictionary for the language is installed
  // (the text is set without): the caller reports it (no_dictionary_message).
  std::string missing_dictionary;
};

// The alignment `align` comes to in a paragraph of that direction: Left,
// Center, Right or Justify (Start and End resolved).
Align physical_align(Align align, bool rtl);

// Conventions of the result: all positions are mm from the box's top-left
// corner, y down; a glyph's y is its baseline. The first baseline sits one
// ascender (of the style's face, as HarfBuzz reports it: typo metrics when the
// font asks for them, else hhea) below the top of the text block, each next
// one line_height x size lower, and the block ends one descender below the
// last baseline; valign places that block in the box. Inline icons are
// cap-height squares scaled by their aspect, bottom edge on the baseline.
//
// Direction: a paragraph runs right to left when the style's language is
// written so (its likely script: "he", "ar", "fa"...), left to right when
// the language is written so, and as its first strong character says when
// there is no language. Lines are broken on the text's logical order; each
// line's runs are then put in visual order (UAX #9), and each run is shaped
// in its own direction and script. SetLine::text is in logical order; the
// glyphs of a right-to-left run come in visual order (their clusters fall).

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
