#include "cli/cli.h"

#include <exception>
#include <new>
#include <ostream>

#include "cli/command_line.h"
#include "cli/commands.h"

namespace kw::cli {

int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  CommandLine line = parse_command_line(args, out, err);
  if (line.exit_status) return *line.exit_status;
  set_limits(line.global.limits);  // before any input is read
  // The global options complete the command's own.
  auto with_global = [&line](auto options) {
    options.root = line.global.root;
    options.allow_read = line.global.allow_read;
    options.limits = line.global.limits;
    return options;
  };
  if (line.command == "build") return run_build(with_global(line.build), out, err);
  if (line.command == "check") return run_check(with_global(line.check), out, err);
  if (line.command == "preflight") return run_preflight(with_global(line.preflight), out, err);
  if (line.command == "list") return run_list(with_global(line.list), out, err);
  if (line.command == "diff") return run_diff(with_global(line.diff), out, err);
  if (line.command == "serve") return run_serve(with_global(line.serve), out, err);
  if (line.command == "simulate") return run_simulate(with_global(line.simulate), out, err);
  if (line.command == "table") return run_table(with_global(line.table), out, err);
  if (line.command == "schema") return run_schema(line.schema, out, err);
  if (line.command == "new") return run_new(with_global(line.scaffold), out, err);
  return run_i18n(with_global(line.i18n), out, err);  // the only other command the command line knows
}

namespace {

int internal_error(std::ostream& err, const char* what) {
  // Input problems are diagnostics with a place; what reaches here is a bug
  // (or a limit nobody thought of), so it asks to be reported.
  err << "kartenwerk: internal error: " << what
      << "\nThis is a bug in kartenwerk, not in your project: please report it, with the command line.\n";
  return kInternalError;
}

}  // namespace

int guarded(const std::function<int()>& body, std::ostream& err) {
  try {
    return body();
  } catch (const std::bad_alloc&) {
    return internal_error(err, "out of memory");
  } catch (const std::exception& e) {
    return internal_error(err, e.what());
  } catch (...) {
    return internal_error(err, "an unknown exception");
  }
}

}  // namespace kw::cli
