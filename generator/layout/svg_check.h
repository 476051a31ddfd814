#pragma once
// Whether librsvg can read an SVG a layout names (art, an image's mask). The
// renderer parses the file anyway; asked at layout time, `check` reports a
// broken file at the `src:` line instead of the build failing at a card.
#include <optional>
#include <string>

#include "project/input.h"

namespace kw::layout {

// Why librsvg cannot parse `svg`, or nullopt when it can. Parsed once per
// file and run (the answer is kept with the input).
std::optional<std::string> svg_parse_problem(const project::Input& svg);

}  // namespace kw::layout
