#pragma once
// The rules engine (`kartenwerk check`): checks a loaded game against
//  - the generic checks its data declares (`checks:` in the game map, see
//    generic_checks.h for the format), and
//  - the rules module its `rules:` id names (one C++ file per game; see
//    registry.h). An unknown `rules:` id is an error at that field.
// Problems come back as Findings; nothing here prints or exits.
#include <map>
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "model/model.h"

namespace kw::rules {

struct Finding {
  Severity severity = Severity::Error;
  std::string game;     // the game's id
  std::string card_id;  // the physical card ("gondor-hobbit-2") when one is concerned, else empty
  SourceLoc loc;        // where in the data (the card definition, a field's value, a table entry...)
  std::string message;  // one plain sentence
  std::string check;    // which check found it: "palantir.deck", "count", "rules" ...
  std::string hint;     // optional second line: what would be right, where a check was declared
};
using Findings = std::vector<Finding>;

// Texts derived from a game's rules model, keyed by name, that layouts read as
// {{rules.<name>}}: printed rankings and numbers then come from the same model
// that checks the deck, so a reference card cannot disagree with the rules.
using RuleValues = std::map<std::string, std::string>;
// The values of `game`'s rules module (empty when it has none).
RuleValues rule_values(const model::Model& model, const model::Game& game);

// Every finding for one game: declared generic checks, then its rules module.
// Findings are ordered by file, line and column (stable for equal places).
Findings check_game(const model::Model& model, const model::Game& game);
// check_game for every game of the model, in the model's order.
Findings check_model(const model::Model& model);

size_t count(const Findings& findings, Severity severity);
bool has_errors(const Findings& findings);
// True when `game` has error findings: `kartenwerk build` refuses it without --force.
bool blocks_build(const Findings& findings, const std::string& game);

// Human-readable, compiler style, one block per finding:
//   data/games/palantir.yaml:42:7: error: message (card x) [check]
//       <the source line>      (when `sources`, the project, has the file)
//       ^
//   hint: ...
// followed by a summary line ("2 errors, 1 warning, 0 notes").
std::string format_findings_text(const Findings& findings, const SourceTexts* sources = nullptr);
// Machine-readable: {"findings":[{"severity","game","check","card","file","line",
// "column","message","hint"}...],"summary":{"errors","warnings","notes"}}.
// Keys always in this order, every key always present; strings JSON-escaped.
std::string format_findings_json(const Findings& findings);

// JSON string escaping (quotes included), exposed for tests and the CLI.
std::string json_string(const std::string& s);

}  // namespace kw::rules
