#pragma once
// Which languages a command works in: each game in its own languages
// (Game::languages), whatever other games of the project are written or
// translated in. `--lang` of build, check, preflight and the studio means
// the same everywhere through this.
#include <string>
#include <vector>

#include "model/model.h"

namespace kw::model {

// One load of the model for a command: `language` empty loads every game in
// its source language; a tag, the games translated into it (LoadOptions).
struct LanguagePass {
  std::string language;            // empty: the source languages
  std::vector<std::string> games;  // the games it shows, in data order
};

struct LanguageSelection {
  std::vector<LanguagePass> passes;  // the source pass first (when any), then the translations by tag
  std::string error;                 // set when the request cannot be met; passes are then empty
};

// The passes that show `games` (loaded in their source languages)
// in `request`: "" each in its source language, "all" in every language it
// has, a tag in that language (a game written in it is in the source pass).
// A game named by --game (`named`) that lacks the tag is an error naming its
// languages; among all games, those without it are left out, and it is an
// error only when none has it.
LanguageSelection select_languages(const std::vector<const Game*>& games, const std::string& request, bool named);

// The folder below output/<game>/ a game's text in `language` goes to: none
// for the source language, else the tag ("en").
std::string language_folder(const Game& source_game, const std::string& language);

// Every language any of `games` has, the source languages first, each once.
std::vector<std::string> languages_of(const std::vector<const Game*>& games);

}  // namespace kw::model
