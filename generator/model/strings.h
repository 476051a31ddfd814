#pragma once
// The translatable text of a game's data, and its translation.
#include <map>
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

// The German text of every string of `game` by id (the base game, to tell a
// variant's own strings from the ones it shares with it).
std::map<std::string, std::string> german_by_id(const Game& game);

// Does a variant's string `id` with German `text` belong to the variant's
// own translation (it is new, or the variant changed its German)?
bool is_variant_string(const std::string& id, const std::string& text,
                       const std::map<std::string, std::string>& base_german);

// How a variant's strings are translated: those it adds or changes from
// `locale` (data/locales/<lang>/<game>.<variant>.yaml), the others as in
// the base game.
struct VariantTranslation {
  const Locale* locale = nullptr;                  // null: none yet
  std::map<std::string, std::string> base_german;  // german_by_id(base game)
};

// Replaces the game's German text by `locale`'s (and a variant's own strings
// by `variant`'s). A missing translation keeps the German text and is
// reported as a warning (never silently); a stale one (its recorded German
// differs from the data's, or it records none) is used and reported too.
void localize(Game& game, const Locale* locale, const std::string& language, Diagnostics& diags,
              const VariantTranslation* variant = nullptr);

}  // namespace kw::model
