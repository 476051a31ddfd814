#pragma once
// The command line: argv in, exit code out. Only this module prints.
#include <iosfwd>
#include <string>
#include <vector>

namespace kw::cli {

// Runs `kartenwerk <args...>`; returns the process exit code.
int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace kw::cli
