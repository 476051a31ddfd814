// `kartenwerk simulate`: plays whole games of one game by its rules module's
// simulator and prints the report (rules/simulation.h) as text or JSON.
#include <fmt/format.h>
#include <fmt/ostream.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <ostream>

#include "cli/commands.h"
#include "cli/session.h"
#include "rules/registry.h"

namespace kw::cli {

namespace {

std::string shown(const rules::Figure& f) {
  if (f.unit == "%") return fmt::format("{:.1f} %", f.value);
  std::string number = f.value == static_cast<double>(static_cast<long long>(f.value))
                           ? fmt::format("{}", static_cast<long long>(f.value))
                           : fmt::format("{:.2f}", f.value);
  return f.unit.empty() ? number : number + " " + f.unit;
}

void print_text(const model::Game& game, const rules::SimulationOptions& options, const rules::SimulationReport& r,
                std::ostream& out) {
  fmt::print(out, "{} ({}): {} games from seed {}, {} moves checked, {} broken invariants\n", game.id, game.name,
             r.games, options.seed, r.steps, r.violations);
  for (const auto& v : r.first_violations) fmt::print(out, "  broken: {}\n", v);
  for (const auto& group : r.groups) {
    fmt::print(out, "\n{}\n", group.title);
    size_t width = 0;
    for (const auto& f : group.figures) width = std::max(width, f.label.size());
    for (const auto& f : group.figures) fmt::print(out, "  {:<{}}  {:>12}\n", f.label, width, shown(f));
  }
  if (!r.occurrences.empty()) {
    // What `check` weighs for play-only mistakes (README: Play-only mistakes), by the keys `reach:` takes.
    fmt::print(out, "\nreached in play (reach: keys)\n");
    size_t width = 0;
    for (const auto& o : r.occurrences) width = std::max(width, o.key.size());
    for (const auto& o : r.occurrences)
      fmt::print(out, "  {:<{}}  {:>7} of {} {}: {}, {}\n", o.key, width, o.count, o.out_of, o.per, o.what, o.event);
  }
  if (!r.notes.empty()) {
    fmt::print(out, "\nnotes\n");
    for (const auto& n : r.notes) fmt::print(out, "  - {}\n", n);
  }
}

void print_json(const model::Game& game, const rules::SimulationOptions& options, const rules::SimulationReport& r,
                std::ostream& out) {
  nlohmann::ordered_json j;
  j["game"] = game.id;
  j["rules"] = game.rules;
  j["variant"] = game.variant;
  j["seed"] = options.seed;
  j["games"] = r.games;
  j["steps"] = r.steps;
  j["violations"] = r.violations;
  j["first_violations"] = r.first_violations;
  auto groups = nlohmann::ordered_json::array();
  for (const auto& g : r.groups) {
    auto figures = nlohmann::ordered_json::array();
    for (const auto& f : g.figures)
      figures.push_back({{"key", f.key}, {"label", f.label}, {"value", f.value}, {"unit", f.unit}});
    groups.push_back({{"title", g.title}, {"figures", figures}});
  }
  j["groups"] = groups;
  j["notes"] = r.notes;
  auto occurrences = nlohmann::ordered_json::array();
  for (const auto& o : r.occurrences)
    occurrences.push_back({{"key", o.key},
                           {"what", o.what},
                           {"event", o.event},
                           {"count", o.count},
                           {"out_of", o.out_of},
                           {"per", o.per},
                           {"at", o.loc.str()}});
  j["occurrences"] = occurrences;
  out << j.dump(2) << "\n";
}

}  // namespace

int run_simulate(const SimulateArgs& inv, std::ostream& out, std::ostream& err) {
  const auto world = open_world(inv, err);
  if (!world) return 2;
  Session s = open_session(inv, *world, err);
  if (!s.model) return 1;
  if (s.games.size() != 1) {
    fmt::print(err, "kartenwerk: simulate plays one game: name it with --game ID\n");
    return 2;
  }
  const model::Game& game = *s.games.front();
  const rules::RulesModule* module = rules::find_rules_module(game.rules);
  if (!module || !module->simulate) {
    fmt::print(err, "kartenwerk: {}: the rules module '{}' has no simulator\n", game.id, game.rules);
    return 1;
  }
  const rules::SimulationOptions options{inv.seed, inv.games_to_play, inv.players};
  rules::SimulationReport report;
  try {
    report = module->simulate(*s.model, game, options);
  } catch (const rules::SimulationError& e) {
    fmt::print(err, "kartenwerk: {}: cannot simulate: {}\n(kartenwerk check --game {} says what is wrong)\n", game.id,
               e.what(), game.id);
    return 1;
  }
  if (inv.report_format == "json")
    print_json(game, options, report, out);
  else
    print_text(game, options, report, out);
  // Broken invariants are the model contradicting its own rules: a failure.
  return report.violations ? 1 : 0;
}

}  // namespace kw::cli
