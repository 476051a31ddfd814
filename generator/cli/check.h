#pragma once
// `kartenwerk check` without the command line: everything `build` would
// refuse, found without rendering a pixel.
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "project/project.h"

namespace kw::cli {

struct CheckScope {
  std::vector<std::string> games;  // empty: every game
  std::string variant;             // empty: the base games and every variant
};

// Loads the project in the source language and in every translation
// (data/locales/<lang>/), each game as it is and in each of its variants
// (data/variants/<game>/), and reports, each problem once: load errors, the
// rules engine's findings (source language), unknown fonts and layout
// problems, and every card laid out (typeset, never rendered) in every
// language, so that text that does not fit or names an unknown icon or
// {{rules.…}} value is found at the card's line in the data or locale file.
// Loading problems are findings too: the result is complete even when the
// data does not load.
Diagnostics check_project(const project::Project& project, const CheckScope& scope);

}  // namespace kw::cli
