#include "cli/session.h"

#include <fmt/ostream.h>

#include <ostream>

#include "model/schema.h"

namespace kw::cli {

std::optional<engine::World> open_world(const ProjectOptions& inv, std::ostream& err, const infra::BuildCache* cache) {
  std::string problem;
  const std::optional<Clock> clock = Clock::from_environment(problem);
  if (!clock) {
    fmt::print(err, "kartenwerk: {}\n", problem);
    return std::nullopt;
  }
  return std::make_optional<engine::World>(engine::open_project_folder(inv.root, inv.allow_read), *clock, cache);
}

Session open_session(const ProjectOptions& inv, const engine::World& world, std::ostream& err,
                     const std::string& language) {
  engine::Loaded loaded = engine::load(world, {.language = language, .variant = inv.variant}, inv.games);
  err << format_diagnostics(loaded.diagnostics, &world.project());
  Session s;
  s.project = &world.project();
  for (const auto& id : loaded.unknown_games)
    err << "kartenwerk: unknown game '" << id << "' (known games: " << model::join_names(loaded.known_games) << ")\n";
  if (!loaded.model) {
    if (loaded.unknown_games.empty())
      err << "kartenwerk: " << loaded.diagnostics.error_count() << " error(s) in the card database\n";
    return s;
  }
  s.model = std::move(loaded.model);
  s.games = std::move(loaded.games);
  return s;
}

}  // namespace kw::cli
