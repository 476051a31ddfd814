#pragma once
// Running an external program (Ghostscript) from a build that renders on
// several threads at once.
#include <string>
#include <vector>

namespace kw::exporters {

struct ProgramResult {
  int status = -1;     // exit status; -1 when it ended by a signal, 127 when it could not start
  std::string output;  // its stdout and stderr, interleaved as written
};

// Runs argv[0] (looked up in PATH; no shell) with `argv`, stdin from
// /dev/null. posix_spawn, not fork: a forked child of a threaded process may
// deadlock on a lock another thread held (malloc, stdio) before it reaches
// exec. Throws std::runtime_error when the pipe cannot be made.
ProgramResult run_program(const std::vector<std::string>& argv);

}  // namespace kw::exporters
