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
  std::string language;                    // BCP 47, for the line breaker; empty: none (Unicode's defaults)
  bool hyphenate = false;                  // dictionary hyphenation is asked for
  const Hyphenator* hyphenator = nullptr;  // its dictionary; null: none installed (or not asked for)
  const LineBreakers* breakers = nullptr;  // where lines may break; needed when wrapping
  bool wrap = true;                        // false: no breaks at all
  double tracking_em = 0;
  double max_stretch_em = 0.6;
  // Width / height of an icon's drawing.
  std::function<double(const std::string&)> icon_aspect;
};

// Penalties for breaking at a hyphen (dictionary, soft or explicit), TeX's.
inline constexpr double kHyphenPenalty = 50;

// Whether a justified line may widen the gap after `cp` and before `next`
// although neither is a space: between ideographs, kana and full-width
// punctuation (East Asian Width wide or full-width, in a script written
// without spaces), as Chinese and Japanese are justified.
bool is_interletter_gap(char32_t cp, char32_t next);

// Whether `cp` is written like an ideograph (see is_interletter_gap): such
// characters are never hyphenated.
bool is_ideographic(char32_t cp);

// Builds the model. Sets `missed_hyphenation` when hyphenation was asked for
// without a dictionary and the paragraph has a word it would have hyphenated.
ParagraphModel build_paragraph(const Markup& markup, std::size_t begin, std::size_t end,
                               const std::vector<FaceRun>& runs, const ModelOptions& options,
                               bool* missed_hyphenation = nullptr);

}  // namespace kw::text
