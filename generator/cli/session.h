#pragma once
// What every command starts with: the loaded model and the games it asked for.
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "model/model.h"

namespace kw::cli {

struct Session {
  std::unique_ptr<model::Model> model;
  std::vector<const model::Game*> games;  // the selected games, in data order
};

// Loads the database and selects the games of `inv`; prints diagnostics to
// `err`. Returns nullopt-like (model == nullptr) on errors.
// `language`: the text language to load (the source, German, by default).
Session open_session(const Invocation& inv, std::ostream& err, const std::string& language = "de");

}  // namespace kw::cli
