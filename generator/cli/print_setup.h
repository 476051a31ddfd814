#pragma once
// build's print-production options: data/print/ settings with the command
// line's overrides (--cut-lines, --duplex-offset, ...).
#include <iosfwd>
#include <span>

#include "cli/commands.h"
#include "model/model.h"
#include "products/build_options.h"
#include "project/project.h"

namespace kw::cli {

// Fills `print` from the project's data/print/ and `inv` (whose values the
// command line checked). Returns 0, or 1 for bad settings files (diagnostics
// written to `err`).
int setup_print_options(const BuildArgs& inv, const project::Project& project, products::PrintOptions& print,
                        std::ostream& err);

// Before anything is built: every game's shop profile (the one --profile
// names, else its own) exists and suits the game's card format, or the user
// asked for a fit (--fit). A profile a game or the command line names that
// does not suit is refused (said on `err` with what to do: 1); the default
// profile that does not suit a game is a warning, and the game gets no
// package. 0 when all is well.
int check_shops(const products::PrintOptions& print, std::span<const model::Game* const> games,
                const project::Project& project, std::ostream& err);

}  // namespace kw::cli
