#pragma once
// The translatable text of a game's data, and its translation.
#include <map>
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "model/locale.h"
#include "model/model.h"

namespace kw::model {

// One string of the data, in the game's source language, with its stable
// id (see locale.h).
struct SourceString {
  std::string id;
  std::string text;
  SourceLoc loc;
};

// Every text field of the game, its tables and its cards, in data order.
std::vector<SourceString> data_strings(const Game& game);

// The locale entry that gave string `id` its text `text` in this load of a
// translated game (its variant's file first), or nullptr when it shows its
// source text.
const LocaleEntry* applied_translation(const Game& game, const std::string& id, const std::string& text);

// The source text of every string of `game` by id (the base game, to tell a
// variant's own strings from the ones it shares with it).
std::map<std::string, std::string> source_by_id(const Game& game);

// Does a variant's string `id` with source text `text` belong to the
// variant's own translation (it is new, or the variant changed its text)?
bool is_variant_string(const std::string& id, const std::string& text,
                       const std::map<std::string, std::string>& base_source);

// Replaces the game's text (in its source language) by the translations of
// `game.translated_by`, nearest language first, and records in
// `game.translation` how complete they are. A string no translation has
// keeps its source text: counted as missing when that is another language
// (an "en" text in a German game), not when it is a more general form of
// the same ("de" in a "de-CH" text). Nothing is said per string: `check`
// and `build` print one summary line per game and language
// (translation_summary), `kartenwerk i18n status` the details. What is
// wrong in a locale file itself (a string the game does not have, a source
// text recorded under another language than the game's) is reported at its
// place. `base_source`: for a variant, the base game's source_by_id, which
// tells its own strings (translated from the variant's locale file).
void localize(Game& game, Diagnostics& diags, const std::map<std::string, std::string>* base_source = nullptr);

// The summary of `statuses` (each game's Game::translation, of one or
// several loads, e.g. `check`'s base and variant passes): one warning per
// game and language with strings missing, stale or without their source, at
// the language's locale file, naming the command that lists them. A
// complete translation says nothing.
Diagnostics translation_summary(const std::vector<TranslationStatus>& statuses);

}  // namespace kw::model
