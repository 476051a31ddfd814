#pragma once
// One opened font file: a FreeType face, the HarfBuzz font shaping over it
// (hb_ft), and the metrics and coverage the text stage needs, read once at load
// time so that setting text never has to touch FreeType for them.
#include <mutex>
#include <string>

#include <ft2build.h>
#include FT_FREETYPE_H
#include <hb.h>

#include "project/input.h"

namespace kw::text {

struct FontFace {
  FontFace() = default;
  FontFace(const FontFace&) = delete;
  FontFace& operator=(const FontFace&) = delete;
  ~FontFace();

  std::string family;       // as named in fonts.yaml
  std::string style;        // regular, italic, bold, semibold, bold-italic
  project::InputPtr input;  // the font file; its bytes back `ft` (FT_New_Memory_Face)
  int face_index = 0;       // face within the file (collections)

  FT_Face ft = nullptr;          // owned (one reference)
  hb_font_t* hb = nullptr;       // owned; hb_ft font over `ft`, at a fixed scale
  hb_set_t* coverage = nullptr;  // owned; Unicode code points the cmap maps

  // Scale of `hb` positions: HarfBuzz units per em. Shaping happens once at this
  // fixed scale and is scaled linearly to the requested size: print output is
  // unhinted, so advances are exactly proportional to the size.
  double hb_units_per_em = 1;

  // Vertical metrics, in em (positive up from the baseline, as in the font).
  double ascender = 0.8;
  double descender = -0.2;  // negative: below the baseline
  double line_gap = 0;
  double cap_height = 0.7;  // OS/2 sCapHeight, else the height of 'H'
  double x_height = 0.45;
  double hyphen_advance = 0.3;  // advance of '-', em (for line-break decisions)
  bool has_small_caps = false;  // GSUB has 'smcp'

  // FreeType faces are not thread-safe and hb_ft calls into FreeType while
  // shaping, so every hb_shape on `hb` holds this lock.
  mutable std::mutex shape_mutex;

  // True when the cmap maps `cp`. Read-only, safe from any thread.
  bool covers(char32_t cp) const;
  // Glyph id of `cp` via the cmap, 0 when absent.
  unsigned glyph_of(char32_t cp) const;
};

}  // namespace kw::text
