// The list of rules modules. Adding a game's rules is adding its file and one line here.
#include "rules/registry.h"

#include "rules/fact_text.h"

#include "rules/duell.h"
#include "rules/gelfdrakkar.h"
#include "rules/hoher_rat.h"
#include "rules/monddaemmerung.h"
#include "rules/palantir.h"
#include "rules/palantir_simulation.h"

namespace kw::rules {

namespace {
constexpr RulesModule kModules[] = {
    {.id = palantir::kRulesId,
     .summary = "Doppelkopf deck, trump orders of the standard game and the solos, session simulator",
     .check = &palantir::check,
     .values = &palantir::values,
     .words = &palantir::words,
     .check_texts = &palantir::check_texts,
     .simulate = &palantir::simulate_report},
    {.id = duell::kRulesId,
     .summary = "27 cards per side, shared edge patterns, trance, special effects, board constants, game simulator",
     .check = &duell::check,
     .check_texts = &duell::check_texts,
     .simulate = &duell::simulate_report},
    {.id = gelfdrakkar::kRulesId,
     .summary = "card list with counts and points, ranks A1-E5, point totals, deals, round simulator",
     .check = &gelfdrakkar::check,
     .simulate = &gelfdrakkar::simulate_report},
    {.id = hoher_rat::kRulesId,
     .summary = "council board 1-30, Tag and Nacht decks, Trilith effect, example spaces, council simulator",
     .check = &hoher_rat::check,
     .check_texts = &hoher_rat::check_texts,
     .simulate = &hoher_rat::simulate_report},
    {.id = monddaemmerung::kRulesId,
     .summary = "64 cards, numbers 1-18 once per colour, Der Allereinzigste, moon actions and texts, game simulator",
     .check = &monddaemmerung::check,
     .words = &monddaemmerung::words,
     .check_texts = &monddaemmerung::check_texts,
     .simulate = &monddaemmerung::simulate_report},
};
}  // namespace

std::span<const RulesModule> rules_modules() { return kModules; }

RuleValues rule_values(const model::Model& model, const model::Game& game) {
  const RulesModule* m = find_rules_module(game.rules);
  RuleValues values = m && m->values ? m->values(model, game) : RuleValues{};
  // Every game's declared facts, module or not ({{fact.<id>}}).
  add_fact_values(model, game, values);
  return values;
}

const RulesModule* find_rules_module(std::string_view id) {
  for (const auto& m : kModules)
    if (m.id == id) return &m;
  return nullptr;
}

}  // namespace kw::rules
