#pragma once
// Bidirectional text (Unicode's UAX #9, by ICU's ubidi): a paragraph's
// direction and each character's embedding level, and the visual order of
// a line's runs. Lines are broken on the logical order (the order the text
// is stored and read in); each line is then reordered for display.
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace kw::text {

// Where a paragraph's direction comes from.
enum class BaseDirection {
  FromText,     // its first strong character (UAX #9 P2–P3); left to right without one
  LeftToRight,  // the language's script is written left to right
  RightToLeft,  // ... right to left
};

struct BidiParagraph {
  bool rtl = false;  // the paragraph's direction
  // The embedding level of the character at each byte of the paragraph
  // (even: left to right, odd: right to left); empty when every character
  // is at level 0, plain left-to-right text, which needs no reordering.
  std::vector<std::uint8_t> levels;

  std::uint8_t level_at(std::size_t byte_in_paragraph) const { return levels.empty() ? 0 : levels[byte_in_paragraph]; }
};

// Levels of text[begin, end), one paragraph (no newline inside).
BidiParagraph analyze_bidi(std::string_view text, std::size_t begin, std::size_t end, BaseDirection base);

// The visual order, left to right, of a line's runs given each run's level
// in logical order (UAX #9 L2): result[k] is the logical index of the k-th
// run from the left.
std::vector<std::size_t> visual_order(const std::vector<std::uint8_t>& levels);

}  // namespace kw::text
