#pragma once
// Inline icons (":name:" in text): where their drawings live and their shape.
#include <optional>
#include <string>

#include "model/model.h"
#include "project/input.h"
#include "text/typesetter.h"

namespace kw::layout {

// The drawing of icon `name` for `game`: templates/<game>/icons/<name>.svg,
// else templates/<game>/<name>.svg (so emblems double as icons), else the
// shared templates/icons/<name>.svg. nullptr when there is none.
project::InputPtr find_icon(const model::Model& model, const model::Game& game, const std::string& name);

// Width/height of each icon of `game`, for the typesetter to scale it to cap height.
text::IconAspect icon_aspect_for(const model::Model& model, const model::Game& game);

}  // namespace kw::layout
