#pragma once
// Builds a ParagraphModel: shapes the paragraph once (at 1 em), finds where
// lines may end (UAX #14 plus hyphenation) and what each break costs.
#include <functional>
#include <string>

#include "text/hyphenator.h"
#include "text/linebreak.h"
#include "text/markup.h"
#include "text/paragraph.h"
#include "text/shaper.h"

namespace kw::text {

struct ModelOptions {
  ShapeOptions shape;
  std::string language = "de";
  const Hyphenator* hyphenator = nullptr;  // null: no dictionary hyphenation
  const LineBreakers* breakers = nullptr;  // where lines may break; needed when wrapping
  bool wrap = true;                        // false: no breaks at all
  double tracking_em = 0;
  double max_stretch_em = 0.6;
  // Width / height of an icon's drawing.
  std::function<double(const std::string&)> icon_aspect;
};

// Penalties for breaking at a hyphen (dictionary, soft or explicit), TeX's.
inline constexpr double kHyphenPenalty = 50;

ParagraphModel build_paragraph(const Markup& markup, std::size_t begin, std::size_t end,
                               const std::vector<FaceRun>& runs, const ModelOptions& options);

}  // namespace kw::text
