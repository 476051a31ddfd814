#pragma once
// The translatable text of a game's data, and its translation.
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "model/locale.h"
#include "model/model.h"

namespace kw::model {

// One German string of the data, with its stable id (see locale.h).
struct SourceString {
  std::string id;
  std::string text;
  SourceLoc loc;
};

// Every text field of the game, its tables and its cards, in data order.
std::vector<SourceString> data_strings(const Game& game);

// Replaces the game's German text by `locale`'s. A missing translation keeps
// the German text and is reported as a warning (never silently); a stale one
// (its recorded German differs from the data's) is used and reported too.
void localize(Game& game, const Locale* locale, const std::string& language, Diagnostics& diags);

}  // namespace kw::model
