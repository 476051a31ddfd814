#include "cli/args.h"

namespace kw::cli {

std::optional<std::string> ParsedArgs::value(const std::string& option) const {
  auto it = values.find(option);
  if (it == values.end() || it->second.empty()) return std::nullopt;
  return it->second.back();
}

std::vector<std::string> ParsedArgs::list(const std::string& option) const {
  std::vector<std::string> out;
  auto it = values.find(option);
  if (it == values.end()) return out;
  for (const auto& v : it->second) {
    size_t start = 0;
    while (start <= v.size()) {
      size_t comma = v.find(',', start);
      std::string part = v.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
      if (!part.empty()) out.push_back(part);
      if (comma == std::string::npos) break;
      start = comma + 1;
    }
  }
  return out;
}

ParsedArgs parse_args(const std::vector<std::string>& args, const OptionSpec& spec) {
  ParsedArgs parsed;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a.size() < 2 || a[0] != '-') {
      parsed.positional.push_back(a);
      continue;
    }
    std::string name = a, inline_value;
    bool has_inline = false;
    if (auto eq = a.find('='); eq != std::string::npos) {
      name = a.substr(0, eq);
      inline_value = a.substr(eq + 1);
      has_inline = true;
    }
    if (!has_inline && a[1] != '-' && a.size() > 2 && spec.with_value.count(a.substr(0, 2))) {
      name = a.substr(0, 2);  // a short option with its value attached: -j4
      inline_value = a.substr(2);
      has_inline = true;
    }
    if (spec.flags.count(name) && !has_inline) {
      parsed.flags.insert(name);
    } else if (spec.with_value.count(name)) {
      if (has_inline) {
        parsed.values[name].push_back(inline_value);
      } else if (i + 1 < args.size()) {
        parsed.values[name].push_back(args[++i]);
      } else {
        parsed.error = "option " + name + " needs a value";
        return parsed;
      }
    } else {
      parsed.error = "unknown option " + name;
      return parsed;
    }
  }
  return parsed;
}

}  // namespace kw::cli
