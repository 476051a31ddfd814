#include "model/field_path.h"

namespace kw::model {

std::vector<std::string> split_path(std::string_view path) {
  std::vector<std::string> parts;
  for (;;) {
    const size_t dot = path.find('.');
    parts.emplace_back(path.substr(0, dot));
    if (dot == std::string_view::npos) return parts;
    path.remove_prefix(dot + 1);
  }
}

PathHead split_head(std::string_view path) {
  const size_t dot = path.find('.');
  if (dot == std::string_view::npos) return {std::string(path), std::nullopt};
  return {std::string(path.substr(0, dot)), std::string(path.substr(dot + 1))};
}

bool is_rules_path(std::string_view path) { return path.starts_with("rules.") || path.starts_with("fact."); }

const std::string* rules_value(const std::map<std::string, std::string>& values, std::string_view path) {
  if (!is_rules_path(path)) return nullptr;
  const std::string key(path.starts_with("rules.") ? path.substr(6) : path);
  auto it = values.find(key);
  return it == values.end() ? nullptr : &it->second;
}

}  // namespace kw::model
