#pragma once
// Font selection per character (the fallback chain) and HarfBuzz shaping.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <hb.h>

#include "text/font_library.h"
#include "text/markup.h"

namespace kw::text {

struct FontFace;

// A stretch of text set in one face with one set of style flags, at one
// bidi level and in one script (split_runs); icons get a run of their own
// (face = the face of the surrounding text, for cap height).
struct FaceRun {
  std::size_t begin = 0, end = 0;  // byte range in the markup text
  const FontFace* face = nullptr;
  StyleFlags flags;
  bool icon = false;
  std::uint8_t level = 0;                  // bidi embedding level: odd is right to left
  hb_script_t script = HB_SCRIPT_INVALID;  // invalid: none of its own (digits, punctuation): HarfBuzz guesses
};

struct Itemized {
  std::vector<FaceRun> runs;
  std::string error;  // names the first character no bundled font has, as U+XXXX
};

// The style name for `base` ("regular", "semibold", ...) with markup flags
// applied: bold makes it bold, italic toggles the slant (emphasis inside
// italic text is set upright).
std::string styled(const std::string& base, StyleFlags flags);

// Splits text[begin, end) into runs, choosing for each grapheme the first face
// that has all its characters: the requested family's face for the style,
// then the fallback chain. Nothing is left to render as a box: a grapheme no
// face covers is an error.
Itemized itemize(const Markup& markup, std::size_t begin, std::size_t end, const FontLibrary& fonts,
                 const std::string& family, const std::string& base_style);

struct BidiParagraph;

// Splits the runs of the paragraph that starts at byte `paragraph_begin`
// where the bidi level or the script changes, so each is shaped in one
// direction and one script. Characters of no script of their own (spaces,
// digits, punctuation, combining marks) go with the script before them, or
// at a paragraph's start the one after.
void split_runs(const std::string& text, std::size_t paragraph_begin, const BidiParagraph& bidi,
                std::vector<FaceRun>& runs);

// Everything shaping needs besides the text: OpenType features (already
// parsed) and the language.
struct ShapeOptions {
  std::vector<hb_feature_t> features;
  hb_language_t language = HB_LANGUAGE_INVALID;
};

// Parses HarfBuzz feature strings ("smcp", "-liga", "onum=1"). Returns false
// and names the offending string in `error` when one does not parse.
bool parse_features(const std::vector<std::string>& specs, std::vector<hb_feature_t>& out, std::string& error);

struct ShapedGlyph {
  std::uint32_t id = 0;
  std::uint32_t cluster = 0;  // byte offset into the shaped string
  double x_advance = 0;       // em
  double x_offset = 0;        // em, positive right
  double y_offset = 0;        // em, positive up (font convention)
};

// Shapes text[begin, end) of `run` with its face, using the rest of `text`
// as context (so Arabic letters join across run edges). The run's level
// gives the direction (glyphs come in visual order: a right-to-left run's
// clusters fall), its script the script. Clusters are byte offsets into
// `text`. Small caps in the run's flags add 'smcp'. Default ignorables (soft
// hyphen, ZWJ, direction marks...) produce no glyphs. Thread-safe.
std::vector<ShapedGlyph> shape(const FaceRun& run, std::string_view text, std::size_t begin, std::size_t end,
                               const ShapeOptions& options);

}  // namespace kw::text
