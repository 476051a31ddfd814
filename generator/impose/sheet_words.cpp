#include "impose/sheet_words.h"

#include "layout/expression.h"

namespace kw::impose {

std::optional<std::string> fill_words(const std::string& text, const std::map<std::string, std::string>& values,
                                      const std::string& language, const SourceLoc& at, Diagnostics& diags) {
  auto filled = layout::interpolate(
      text,
      [&](const std::string& name) -> std::optional<std::string> {
        auto it = values.find(name);
        return it == values.end() ? std::nullopt : std::optional<std::string>(it->second);
      },
      language);
  if (filled.ok()) return filled.value;
  std::string known;
  for (const auto& [name, value] : values) known += (known.empty() ? "{{" : ", {{") + name + "}}";
  diags.error(at, "the sheet words in " + language + ": " + filled.error, {}, "this text may use " + known);
  return std::nullopt;
}

}  // namespace kw::impose
