#include <algorithm>
#include <ostream>

#include "cli/commands.h"
#include "cli/session.h"
#include "rules/rules.h"

namespace kw::cli {

int run_check(const Invocation& inv, std::ostream& out, std::ostream& err) {
  std::string format = inv.formats.empty() ? "text" : inv.formats.back();
  if (format != "text" && format != "json") {
    err << "kartenwerk: unknown check format '" << format << "' (formats: text, json)\n";
    return 2;
  }
  Session s = open_session(inv, err);
  if (!s.model) return 1;
  std::vector<rules::Finding> findings;
  for (const auto* game : s.games) {
    auto game_findings = rules::check_game(*s.model, *game);
    findings.insert(findings.end(), game_findings.begin(), game_findings.end());
  }
  out << (format == "json" ? rules::format_findings_json(findings) : rules::format_findings_text(findings));
  bool errors = std::any_of(findings.begin(), findings.end(),
                            [](const rules::Finding& f) { return f.severity == Severity::Error; });
  return errors ? 1 : 0;
}

}  // namespace kw::cli
