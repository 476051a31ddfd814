#pragma once
// The report of `kartenwerk check` (and of the rules check that guards a
// build): every diagnostic, then a count by severity.
#include <string>

#include "core/diagnostic.h"

namespace kw::cli {

// Compiler style, one block per diagnostic (see format_diagnostic), then the
// summary line "2 errors, 1 warning, 0 notes".
std::string format_report_text(const Diagnostics& diagnostics, const SourceTexts* sources = nullptr);

// One line of JSON (nlohmann-json):
// {"findings":[{"severity","game","check","card","file","line","column",
// "message","hint"}...],"summary":{"errors","warnings","notes"}}: keys in this
// order, every key always present (empty strings and 0 for what is unknown).
std::string format_report_json(const Diagnostics& diagnostics);

}  // namespace kw::cli
