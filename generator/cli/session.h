#pragma once
// What every command starts with: the World of its command line and the
// model of the games it asked for (engine/compile.h, said on the way).
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "engine/compile.h"
#include "engine/world.h"

namespace kw::cli {

// The World of `inv`: its project folder (--root, $KARTENWERK_ROOT, ...;
// every input read through it, each file once), the date of
// $SOURCE_DATE_EPOCH and `cache` (may be null). Nullopt, said on `err`, when
// SOURCE_DATE_EPOCH is no date.
std::optional<engine::World> open_world(const ProjectOptions& inv, std::ostream& err,
                                        const infra::BuildCache* cache = nullptr);

struct Session {
  const project::Project* project = nullptr;  // the World's: outlives the session
  std::unique_ptr<model::Model> model;        // null when the data did not load
  std::vector<const model::Game*> games;      // the selected games, in data order
};

// Loads the database of `world` and selects the games of `inv` (--game,
// --variant); prints diagnostics to `err`. `language`: the language to show
// the games translated into; empty, every game in its source language.
Session open_session(const ProjectOptions& inv, const engine::World& world, std::ostream& err,
                     const std::string& language = {});

}  // namespace kw::cli
