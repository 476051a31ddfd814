#pragma once
// The words printed on print-and-play and board sheets (data/print/sheets.yaml,
// `words:`), filled in: no sheet's text is written in code, so every game's
// sheets are in its own language.
#include <map>
#include <optional>
#include <string>

#include "core/diagnostic.h"

namespace kw::impose {

// `text` with its {{name}} placeholders filled from `values` and counts'
// plural forms chosen by `language` (layout/expression.h). A name `values`
// lacks or broken syntax is an error at `at` (the words' place in
// sheets.yaml); nullopt then.
std::optional<std::string> fill_words(const std::string& text, const std::map<std::string, std::string>& values,
                                      const std::string& language, const SourceLoc& at, Diagnostics& diags);

}  // namespace kw::impose
