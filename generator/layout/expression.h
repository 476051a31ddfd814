#pragma once
// The small expression language of layouts:
//   interpolation  "{{region.name}}", "Punkte: {{class.points}}"
//   conditions     "special", "!evil", "class.points != 0", "a && b == 'x'",
//                  "space < 0", "i0 >= 2" (<, <=, >, >= compare numbers)
// Paths are resolved by a callback, so this module knows nothing of cards.
#include <functional>
#include <map>
#include <optional>
#include <string>

namespace kw::layout {

// Resolves a path to its text; nullopt when the path is unknown (an error),
// an empty string when it is known but unset.
using Resolver = std::function<std::optional<std::string>(const std::string& path)>;

struct ExprResult {
  std::string value;
  std::string error;  // non-empty: what went wrong (e.g. "unknown field 'regon.name'")
  bool ok() const { return error.empty(); }
};

// Replaces every {{path}} in `text` with its value.
ExprResult interpolate(const std::string& text, const Resolver& resolve);

// Evaluates a condition; value is "true" or "false".
ExprResult evaluate_condition(const std::string& condition, const Resolver& resolve);

// Rewrites the first segment of a path through aliases (`side` -> `good`).
std::string apply_aliases(const std::string& path, const std::map<std::string, std::string>& aliases);

}  // namespace kw::layout
