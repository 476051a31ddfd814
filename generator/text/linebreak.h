#pragma once
// Line-break opportunities by the Unicode line breaking algorithm (UAX #14),
// from ICU's line BreakIterator.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace kw::text {

struct BreakOpportunity {
  std::size_t byte = 0;  // a line may start here (byte offset into the text)
  bool hard = false;     // a mandatory break (after a newline)
};

// Opportunities strictly inside `text` (never 0, always including
// text.size() as the last one, when text is not empty). Thread-safe: the
// iterator for each language is built once and cloned per call.
std::vector<BreakOpportunity> line_break_opportunities(std::string_view text, const std::string& language);

}  // namespace kw::text
