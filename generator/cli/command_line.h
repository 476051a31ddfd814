#pragma once
// The command line: its commands, their options and their help (CLI11), read
// into each command's own options (commands.h). A wrong command line is explained here, naming the
// option or word that is wrong.
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "cli/commands.h"

namespace kw::cli {

// What parse_command_line read: the command and its options. Every command's
// options are bound while parsing; only `command`'s are read, completed with
// the global ones (project_options).
struct CommandLine {
  std::string command;    // build, check, preflight, list, diff, serve, simulate, i18n, table, schema or new
  ProjectOptions global;  // --root, --allow-read, --limit
  BuildArgs build;
  CheckArgs check;
  PreflightArgs preflight;
  ListArgs list;
  DiffArgs diff;
  ServeArgs serve;
  SimulateArgs simulate;
  I18nArgs i18n;
  TableArgs table;
  SchemaArgs schema;
  NewArgs scaffold;  // `new`
  // Set when there is nothing to run: 0 after printing help or the version,
  // 2 after explaining a wrong command line on `err`.
  std::optional<int> exit_status;
};

// The commands, their options and an example of each as Markdown, from the
// same definitions the command line is parsed with (for docs/reference.md).
std::string command_reference();

CommandLine parse_command_line(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace kw::cli
