#include "cli/cli.h"

#include "cli/command_line.h"
#include "cli/commands.h"

namespace kw::cli {

int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  CommandLine line = parse_command_line(args, out, err);
  if (line.exit_status) return *line.exit_status;
  set_limits(line.inv.limits);  // before any input is read
  if (line.command == "build") return run_build(line.inv, out, err);
  if (line.command == "check") return run_check(line.inv, out, err);
  if (line.command == "preflight") return run_preflight(line.inv, out, err);
  if (line.command == "list") return run_list(line.inv, out, err);
  if (line.command == "serve") return run_serve(line.inv, out, err);
  return run_i18n(line.inv, out, err);  // the only other command the command line knows
}

}  // namespace kw::cli
