#include "cli/check_report.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

namespace kw::cli {

namespace {

std::string counted(size_t n, const char* one, const char* many) {
  return fmt::format("{} {}", n, n == 1 ? one : many);
}

nlohmann::ordered_json report_json(const Diagnostics& diagnostics) {
  auto findings = nlohmann::ordered_json::array();
  for (const Diagnostic& d : diagnostics)
    findings.push_back({{"severity", severity_name(d.severity)},
                        {"game", d.game},
                        {"check", d.check},
                        {"card", d.card_id},
                        {"file", d.loc.file},
                        {"line", d.loc.line},
                        {"column", d.loc.column},
                        {"message", d.message},
                        {"hint", d.hint}});
  return {{"findings", std::move(findings)},
          {"summary",
           {{"errors", diagnostics.count(Severity::Error)},
            {"warnings", diagnostics.count(Severity::Warning)},
            {"notes", diagnostics.count(Severity::Note)}}}};
}

}  // namespace

std::string format_report_text(const Diagnostics& diagnostics, const SourceTexts* sources) {
  return fmt::format("{}{}, {}, {}\n", format_diagnostics(diagnostics, sources),
                     counted(diagnostics.count(Severity::Error), "error", "errors"),
                     counted(diagnostics.count(Severity::Warning), "warning", "warnings"),
                     counted(diagnostics.count(Severity::Note), "note", "notes"));
}

std::string format_report_json(const Diagnostics& diagnostics) {
  // Text from the data files is UTF-8; a stray invalid byte becomes U+FFFD
  // instead of an exception.
  return report_json(diagnostics).dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

}  // namespace kw::cli
