#pragma once
// Turns one chosen line into positioned glyphs: reshapes exactly the line's
// text (with its hyphen, without its invisible soft hyphens), puts its runs
// in visual order (bidi), then aligns or justifies it.
#include <functional>
#include <string>
#include <vector>

#include "text/paragraph.h"
#include "text/shaper.h"
#include "text/typesetter.h"

namespace kw::text {

struct ComposeParams {
  const Markup* markup = nullptr;
  ShapeOptions shape;
  double size_pt = 10;
  double width_mm = 0;  // the box width
  double tracking_em = 0;
  double max_stretch_em = 0.6;
  Align align = Align::Left;
  Color color;
  std::function<double(const std::string&)> icon_aspect;
};

struct ComposedLine {
  SetLine line;
  std::vector<page::GlyphRun> runs;
  std::vector<PlacedIcon> icons;
  double used_width_mm = 0;  // what the line occupies horizontally
  bool overflows = false;    // wider than the box even after justification
};

// `rtl`: the paragraph's direction (where Start, End and a ragged justified
// line go).
ComposedLine compose_line(const ParagraphModel& m, const std::vector<FaceRun>& runs, bool rtl, LineBreak lb, bool last,
                          double baseline_mm, const ComposeParams& p);

}  // namespace kw::text
