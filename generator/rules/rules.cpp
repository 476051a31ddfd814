// The dispatcher: generic checks + the game's rules module.
#include "rules/rules.h"

#include <algorithm>
#include <initializer_list>
#include <unordered_map>
#include <vector>

#include <fmt/format.h>

#include "model/schema.h"
#include "rules/facts.h"
#include "rules/generic_checks.h"
#include "rules/registry.h"
#include "rules/rule_texts.h"
#include "rules/support.h"
#include "rules/terminology.h"
#include "rules/translation_drift.h"

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
// Those become one finding, naming the definition. Found by a key, not by
// comparing every finding with every one kept: thousands of findings on a
// large deck made that a fifth of the rules' time.
std::vector<Diagnostic> merge_copies(std::vector<Diagnostic> in) {
  std::vector<Diagnostic> out;
  std::unordered_map<std::string, size_t> kept;  // the key below -> its finding in `out`
  for (auto& f : in) {
    std::string key;
    for (const std::string* part :
         std::initializer_list<const std::string*>{&f.check, &f.loc.file.str(), &f.message, &f.game, &f.hint})
      key += std::to_string(part->size()) + ':' + *part;
    key += fmt::format("|{}|{}|{}|{}", static_cast<int>(f.severity), f.loc.line, f.loc.column, without_copy(f.card_id));
    auto [at, added] = kept.emplace(std::move(key), out.size());
    if (added) {
      out.push_back(std::move(f));
    } else if (out[at->second].card_id != f.card_id) {
      out[at->second].card_id = without_copy(f.card_id);
    }
  }
  return out;
}

}  // namespace

Diagnostics check_game(const model::Model& model, const model::Game& game) {
  Diagnostics out;
  run_declared_checks(game, out);
  check_facts(game, out);
  check_rule_texts(model, game, out);
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
  check_changed_since_translation(model, game, out);
  std::vector<Diagnostic> found = out.items();
  std::stable_sort(found.begin(), found.end(), [](const Diagnostic& a, const Diagnostic& b) {
    if (a.loc.file != b.loc.file) return a.loc.file < b.loc.file;
    if (a.loc.line != b.loc.line) return a.loc.line < b.loc.line;
    return a.loc.column < b.loc.column;
  });
  Diagnostics sorted;
  for (auto& d : merge_copies(std::move(found))) sorted.add(std::move(d));
  return sorted;
}

Diagnostics check_texts(const model::Model& model, const model::Game& game) {
  Diagnostics out;
  check_rule_texts(model, game, out);
  check_terminology(model, game, out);
  if (const RulesModule* module = find_rules_module(game.rules); module && module->check_texts)
    module->check_texts(model, game, out);
  check_translation_states_its_source(model, game, out);  // last: what the others found is not said again
  return out;
}

Diagnostics check_shown(const model::Model& model, const model::Game& game) {
  return game.in_source_language() ? check_game(model, game) : check_texts(model, game);
}

Diagnostics check_model(const model::Model& model) {
  Diagnostics all;
  for (const auto& game : model.games) all.append(check_game(model, *game));
  return all;
}

bool blocks_build(const Diagnostics& findings, const std::string& game) {
  return std::any_of(findings.begin(), findings.end(),
                     [&](const Diagnostic& f) { return f.severity == Severity::Error && f.game == game; });
}

}  // namespace kw::rules
