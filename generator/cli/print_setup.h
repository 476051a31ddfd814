#pragma once
// build's print-production options: data/print/ settings with the command
// line's overrides (--cut-lines, --duplex-offset, ...).
#include <iosfwd>

#include "cli/commands.h"
#include "products/build_options.h"
#include "project/project.h"

namespace kw::cli {

// Fills `print` from the project's data/print/ and `inv` (whose values the
// command line checked). Returns 0, or 1 for bad settings files (diagnostics
// written to `err`).
int setup_print_options(const BuildArgs& inv, const project::Project& project, products::PrintOptions& print,
                        std::ostream& err);

}  // namespace kw::cli
