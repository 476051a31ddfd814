#pragma once
// The command line: argv in, exit code out. Only this module prints.
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

namespace kw::cli {

// Runs `kartenwerk <args...>`; returns the process exit code.
int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

// Exit status of a failure that is kartenwerk's, not the input's.
inline constexpr int kInternalError = 3;

// `body`'s exit status; an exception escaping it (std::bad_alloc included)
// becomes "kartenwerk: internal error: ..." on `err`, asking for a report,
// and kInternalError: never std::terminate's abort (exit 134, no word why).
int guarded(const std::function<int()>& body, std::ostream& err);

}  // namespace kw::cli
