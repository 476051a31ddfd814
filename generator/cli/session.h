#pragma once
// What every command starts with: the loaded model and the games it asked for.
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "model/model.h"
#include "project/project.h"

namespace kw::cli {

// The project folder of `inv` (--root, $KARTENWERK_ROOT, ...): every input is
// read through it, each file once. One per command, shared by its sessions.
std::shared_ptr<const project::Project> open_project(const Invocation& inv);

struct Session {
  std::shared_ptr<const project::Project> project;  // declared first: outlives the model
  std::unique_ptr<model::Model> model;
  std::vector<const model::Game*> games;  // the selected games, in data order
};

// Loads the database of `project` and selects the games of `inv`; prints
// diagnostics to `err`. Returns nullopt-like (model == nullptr) on errors.
// `language`: the language to show the games translated into (LoadOptions);
// empty, every game in its source language.
Session open_session(const Invocation& inv, std::shared_ptr<const project::Project> project, std::ostream& err,
                     const std::string& language = {});

}  // namespace kw::cli
