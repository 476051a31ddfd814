#include "engine/compile.h"

#include <algorithm>

#include "layout/icons.h"
#include "rules/rules.h"

namespace kw::engine {

Loaded load(const World& world, const Edition& edition, const std::vector<std::string>& games) {
  Loaded out;
  model::LoadOptions options;
  options.language = edition.language;
  options.variant = edition.variant;
  auto loaded = model::load_model(world.project(), options);
  out.diagnostics = std::move(loaded.diagnostics);
  if (!loaded.model) return out;
  for (const auto& id : games)
    if (!loaded.model->game(id)) out.unknown_games.push_back(id);
  if (!out.unknown_games.empty()) {
    for (const auto& g : loaded.model->games) out.known_games.push_back(g->id);
    return out;
  }
  for (const auto& g : loaded.model->games)
    if (games.empty() || std::find(games.begin(), games.end(), g->id) != games.end())
      if (edition.variant.empty() || g->variant == edition.variant) out.games.push_back(g.get());
  out.model = std::move(loaded.model);
  return out;
}

Diagnostics judge(const model::Model& model, const model::Game& game) { return rules::check_shown(model, game); }

GameCompiler::GameCompiler(const model::Model& model, const model::Game& game, const text::FontLibrary& fonts)
    : game_(game),
      typesetter_(fonts, layout::icon_aspect_for(model, game)),
      layouter_(model, fonts, typesetter_),
      rule_values_(rules::rule_values(model, game)) {}

}  // namespace kw::engine
