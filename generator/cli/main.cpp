// kartenwerk: print-and-play card and board asset generator.
#include <iostream>
#include <string>
#include <vector>

#include "cli/cli.h"
#include "core/process_end.h"

int main(int argc, char** argv) {
  // This process runs one command and ends: what only holds memory may be
  // left to its end (core/process_end.h).
  kw::set_process_ends_after_command();
  // Whatever escapes the commands ends as a message and exit status 3.
  return kw::cli::guarded(
      [&] {
        std::vector<std::string> args(argv + 1, argv + argc);
        return kw::cli::run(args, std::cout, std::cerr);
      },
      std::cerr);
}
