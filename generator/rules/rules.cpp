// The dispatcher (generic checks + the game's rules module) and the formatters.
#include "rules/rules.h"

#include <algorithm>

#include <fmt/format.h>

#include "model/schema.h"
#include "rules/generic_checks.h"
#include "rules/registry.h"
#include "rules/support.h"

namespace kw::rules {

namespace {

// "gondor-hobbit-2" -> "gondor-hobbit" (a copy's card id -> its definition's id).
std::string without_copy(const std::string& id) {
  size_t dash = id.find_last_of('-');
  if (dash == std::string::npos || dash + 1 == id.size()) return id;
  for (size_t i = dash + 1; i < id.size(); ++i)
    if (id[i] < '0' || id[i] > '9') return id;
  return id.substr(0, dash);
}

// The copies of one card definition share its text, so a check that reads
// the definition reports the same thing at the same place for every copy.
// Those become one finding, naming the definition.
Findings merge_copies(Findings in) {
  Findings out;
  for (auto& f : in) {
    auto same = std::find_if(out.begin(), out.end(), [&](const Finding& g) {
      return g.severity == f.severity && g.check == f.check && g.loc == f.loc && g.message == f.message &&
             g.game == f.game && g.hint == f.hint && without_copy(g.card_id) == without_copy(f.card_id);
    });
    if (same == out.end()) {
      out.push_back(std::move(f));
    } else if (same->card_id != f.card_id) {
      same->card_id = without_copy(f.card_id);
    }
  }
  return out;
}

}  // namespace

Findings check_game(const model::Model& model, const model::Game& game) {
  Findings out;
  run_declared_checks(game, out);
  if (!game.rules.empty()) {
    if (const RulesModule* module = find_rules_module(game.rules)) {
      module->check(model, game, out);
    } else {
      std::vector<std::string> ids;
      for (const auto& m : rules_modules()) ids.emplace_back(m.id);
      Sink(out, game, "rules")
          .error(
              info_loc(game, "rules"), "unknown rules module '" + game.rules + "'", {},
              "known rules modules are " + model::join_names(ids) + "; without `rules:` only the declared checks run");
    }
  }
  std::stable_sort(out.begin(), out.end(), [](const Finding& a, const Finding& b) {
    if (a.loc.file != b.loc.file) return a.loc.file < b.loc.file;
    if (a.loc.line != b.loc.line) return a.loc.line < b.loc.line;
    return a.loc.column < b.loc.column;
  });
  return merge_copies(std::move(out));
}

Findings check_model(const model::Model& model) {
  Findings all;
  for (const auto& game : model.games) {
    Findings f = check_game(model, *game);
    all.insert(all.end(), std::make_move_iterator(f.begin()), std::make_move_iterator(f.end()));
  }
  return all;
}

size_t count(const Findings& findings, Severity severity) {
  return static_cast<size_t>(
      std::count_if(findings.begin(), findings.end(), [&](const Finding& f) { return f.severity == severity; }));
}

bool has_errors(const Findings& findings) { return count(findings, Severity::Error) > 0; }

bool blocks_build(const Findings& findings, const std::string& game) {
  return std::any_of(findings.begin(), findings.end(),
                     [&](const Finding& f) { return f.severity == Severity::Error && f.game == game; });
}

std::string format_findings_text(const Findings& findings, const SourceTexts* sources) {
  std::string out;
  for (const auto& f : findings) {
    Diagnostic d{f.severity, f.loc, f.message, f.card_id, f.hint};
    std::string block = format_diagnostic(d, sources);
    // Name the check at the end of the first line.
    size_t eol = block.find('\n');
    std::string tag = " [" + f.game + (f.check.empty() ? "" : ": " + f.check) + "]";
    block.insert(eol == std::string::npos ? block.size() : eol, tag);
    out += block;
  }
  size_t e = count(findings, Severity::Error), w = count(findings, Severity::Warning),
         n = count(findings, Severity::Note);
  out += plural(static_cast<long long>(e), "error", "errors") + ", " +
         plural(static_cast<long long>(w), "warning", "warnings") + ", " +
         plural(static_cast<long long>(n), "note", "notes") + "\n";
  return out;
}

std::string json_string(const std::string& s) {
  std::string out = "\"";
  for (char ch : s) {
    unsigned char c = static_cast<unsigned char>(ch);
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\b':
        out += "\\b";
        break;
      case '\f':
        out += "\\f";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (c < 0x20 || c == 0x7f) {
          out += fmt::format("\\u{:04x}", c);
        } else {
          out += ch;  // UTF-8 passes through unchanged
        }
    }
  }
  return out + "\"";
}

std::string format_findings_json(const Findings& findings) {
  std::string out = "{\"findings\":[";
  for (size_t i = 0; i < findings.size(); ++i) {
    const Finding& f = findings[i];
    out += i ? ",\n" : "\n";
    out += "{\"severity\":" + json_string(severity_name(f.severity));
    out += ",\"game\":" + json_string(f.game);
    out += ",\"check\":" + json_string(f.check);
    out += ",\"card\":" + json_string(f.card_id);
    out += ",\"file\":" + json_string(f.loc.file);
    out += ",\"line\":" + std::to_string(f.loc.line);
    out += ",\"column\":" + std::to_string(f.loc.column);
    out += ",\"message\":" + json_string(f.message);
    out += ",\"hint\":" + json_string(f.hint) + "}";
  }
  out += findings.empty() ? "]" : "\n]";
  out += ",\"summary\":{\"errors\":" + std::to_string(count(findings, Severity::Error)) +
         ",\"warnings\":" + std::to_string(count(findings, Severity::Warning)) +
         ",\"notes\":" + std::to_string(count(findings, Severity::Note)) + "}}\n";
  return out;
}

}  // namespace kw::rules
