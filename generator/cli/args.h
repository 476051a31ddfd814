#pragma once
// A small argument parser: "--name value", "--name=value", flags, and
// positional words. Unknown options are errors, reported by name.
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace kw::cli {

struct OptionSpec {
  std::set<std::string> with_value;  // e.g. {"--game", "--out"}
  std::set<std::string> flags;       // e.g. {"--force", "--help"}
};

struct ParsedArgs {
  std::vector<std::string> positional;
  std::map<std::string, std::vector<std::string>> values;  // an option may repeat
  std::set<std::string> flags;
  std::string error;  // non-empty when the command line is wrong

  bool has(const std::string& flag) const { return flags.count(flag) > 0; }
  std::optional<std::string> value(const std::string& option) const;  // the last one given
  // All values of an option, commas split: --game a,b --game c -> a, b, c.
  std::vector<std::string> list(const std::string& option) const;
};

ParsedArgs parse_args(const std::vector<std::string>& args, const OptionSpec& spec);

}  // namespace kw::cli
