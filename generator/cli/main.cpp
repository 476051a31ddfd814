// kartenwerk: print-and-play card and board asset generator.
#include <exception>
#include <iostream>
#include <new>
#include <string>
#include <vector>

#include "cli/cli.h"

namespace {

// Exit status of a failure that is kartenwerk's, not the input's.
constexpr int kInternalError = 3;

int internal_error(const char* what) {
  // Input problems are diagnostics with a place; what reaches here is a bug
  // (or a limit nobody thought of), so it asks to be reported.
  std::cerr << "kartenwerk: internal error: " << what
            << "\nThis is a bug in kartenwerk, not in your project: please report it, with the command line.\n";
  return kInternalError;
}

}  // namespace

int main(int argc, char** argv) {
  // Whatever escapes the commands ends here as a message and exit status 3,
  // never as std::terminate's abort (exit 134, no word of what happened).
  try {
    std::vector<std::string> args(argv + 1, argv + argc);
    return kw::cli::run(args, std::cout, std::cerr);
  } catch (const std::bad_alloc&) {
    return internal_error("out of memory");
  } catch (const std::exception& e) {
    return internal_error(e.what());
  } catch (...) {
    return internal_error("an unknown exception");
  }
}
