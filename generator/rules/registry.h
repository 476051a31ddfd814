#pragma once
// The rules modules: one per game, each in its own file, listed once in
// registry.cpp. A game's `rules:` id picks its module; the dispatcher in
// rules.cpp knows no game by name.
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "model/model.h"
#include "rules/rules.h"
#include "rules/simulation.h"

namespace kw::rules {

struct RulesModule {
  std::string_view id;       // the `rules:` id in a game's data
  std::string_view summary;  // one line: what the module knows
  // Appends the module's findings for `game` to `out`.
  void (*check)(const model::Model& model, const model::Game& game, Diagnostics& out);
  // Named texts the rules derive for layouts ({{rules.<name>}}), e.g. the
  // trump order a reference card prints; nullptr when the module has none.
  RuleValues (*values)(const model::Model& model, const model::Game& game) = nullptr;
  // The fixed words `values` prints, as (translation id, German), so that
  // translators see them; nullptr when none.
  std::vector<std::pair<std::string, std::string>> (*words)() = nullptr;
  // Checks of what the game's texts claim about its rules (a ranking printed
  // as literal text), in the language the game is loaded in: `check` runs it
  // for every translation; `check` above includes it for the source.
  // nullptr when the module has none.
  void (*check_texts)(const model::Model& model, const model::Game& game, Diagnostics& out) = nullptr;
  // Plays whole games of `game` from the loaded data (simulation.h) for
  // `kartenwerk simulate`; throws SimulationError when the data cannot be
  // played. nullptr when the module has no simulator.
  SimulationReport (*simulate)(const model::Model& model, const model::Game& game,
                               const SimulationOptions& options) = nullptr;
};

std::span<const RulesModule> rules_modules();
const RulesModule* find_rules_module(std::string_view id);

}  // namespace kw::rules
