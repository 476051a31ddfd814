#pragma once
// The rules engine (`kartenwerk check`): checks a loaded game against
//  - the generic checks its data declares (`checks:` in the game map, see
//    generic_checks.h for the format), and
//  - the rules module its `rules:` id names (one C++ file per game; see
//    registry.h). An unknown `rules:` id is an error at that field.
// Problems come back as Diagnostics, each naming its game and the check that
// found it (Diagnostic::game, ::check); nothing here prints or exits.
#include <map>
#include <string>

#include "core/diagnostic.h"
#include "model/model.h"

namespace kw::rules {

// Texts derived from a game's rules model, keyed by name, that layouts read as
// {{rules.<name>}}: printed rankings and numbers then come from the same model
// that checks the deck, so a reference card cannot disagree with the rules.
using RuleValues = std::map<std::string, std::string>;
// The values of `game`'s rules module (empty when it has none).
RuleValues rule_values(const model::Model& model, const model::Game& game);

// Every finding for one game: declared generic checks, then its rules module.
// Findings are ordered by file, line and column (stable for equal places).
Diagnostics check_game(const model::Model& model, const model::Game& game);
// The checks of what `game`'s texts claim about its rules, in the language
// `model` was loaded in (check_game runs them for the source language).
Diagnostics check_texts(const model::Model& model, const model::Game& game);

// The findings of `game` as `model` shows it. In its source language, every
// one (check_game); in a translation, what its texts claim (check_texts):
// the rules judge the data in the language it is written in, once, since a
// translation changes no rule. Every front end (build, check, the studio)
// asks this.
Diagnostics check_shown(const model::Model& model, const model::Game& game);

// check_game for every game of the model, in the model's order.
Diagnostics check_model(const model::Model& model);

// True when `game` has error findings: `kartenwerk build` refuses it without --force.
bool blocks_build(const Diagnostics& findings, const std::string& game);

}  // namespace kw::rules
