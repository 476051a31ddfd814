#include "cli/session.h"

#include <algorithm>
#include <ostream>

#include "model/schema.h"
#include "project/disk_project.h"

namespace kw::cli {

std::shared_ptr<const project::Project> open_project(const Invocation& inv) {
  return std::make_shared<project::DiskProject>(inv.root, inv.allow_read);
}

Session open_session(const Invocation& inv, std::shared_ptr<const project::Project> project, std::ostream& err,
                     const std::string& language) {
  Session s;
  s.project = std::move(project);
  model::LoadOptions options;
  options.language = language;
  options.variant = inv.variant;
  auto loaded = model::load_model(*s.project, options);
  err << format_diagnostics(loaded.diagnostics, s.project.get());
  if (!loaded.model) {
    err << "kartenwerk: " << loaded.diagnostics.error_count() << " error(s) in the card database\n";
    return s;
  }
  std::vector<std::string> known;
  for (const auto& g : loaded.model->games) known.push_back(g->id);
  bool ok = true;
  for (const auto& id : inv.games)
    if (!loaded.model->game(id)) {
      err << "kartenwerk: unknown game '" << id << "' (known games: " << model::join_names(known) << ")\n";
      ok = false;
    }
  if (!ok) return s;
  for (const auto& g : loaded.model->games)
    if (inv.games.empty() || std::find(inv.games.begin(), inv.games.end(), g->id) != inv.games.end())
      // With --variant, the games that have that variant.
      if (inv.variant.empty() || g->variant == inv.variant) s.games.push_back(g.get());
  s.model = std::move(loaded.model);
  return s;
}

}  // namespace kw::cli
