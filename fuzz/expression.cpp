// libFuzzer target: `when:` conditions, {{...}} interpolation, alias
// substitution and field paths on arbitrary text. The resolver knows a few
// paths and answers the others as unknown, as the layout's does.
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>

#include "layout/expression.h"
#include "model/field_path.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const kw::layout::Resolver resolve = [](const std::string& path) -> std::optional<std::string> {
    if (path == "points") return "3";
    if (path == "name" || path == "region.name") return "Gondor";
    if (path == "empty") return "";
    if (path.size() % 3 == 0) return path;
    return std::nullopt;
  };
  std::string error;
  if (auto condition = kw::layout::Condition::parse(text, error)) (void)condition->evaluate(resolve);
  (void)kw::layout::interpolate(text, resolve);
  const std::map<std::string, std::string> aliases{{"r", "region"}, {"g", "game"}};
  (void)kw::layout::apply_aliases(text, aliases);
  (void)kw::model::split_path(text);
  (void)kw::model::split_head(text);
  return 0;
}
