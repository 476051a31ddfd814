#pragma once
// Dotted field paths ("ring.name", "colours.0.hex", "rules.points"): the one
// place they are split, so every stage reads them the same way.
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kw::model {

// Every part between the dots: "a.b" -> {"a", "b"}. Empty parts are kept
// ("" -> {""}, "a..b" -> {"a", "", "b"}) so callers can reject them.
std::vector<std::string> split_path(std::string_view path);

// The first part, and what follows its dot (nothing when there is no dot):
// "ring.name.de" -> {"ring", "name.de"}, "ring" -> {"ring", nullopt}.
struct PathHead {
  std::string head;
  std::optional<std::string> rest;
};
PathHead split_head(std::string_view path);

// A path that a text reads from the rules, not from its card: "rules.<name>"
// (a rules module's value) or "fact.<id>[.<form>]" (a declared rule fact,
// rules/fact_text.h). Card text may name these and nothing else.
bool is_rules_path(std::string_view path);
// Its text in `values` (rules::RuleValues: a module's names without
// "rules.", facts with their "fact." prefix), or nullptr.
const std::string* rules_value(const std::map<std::string, std::string>& values, std::string_view path);

}  // namespace kw::model
