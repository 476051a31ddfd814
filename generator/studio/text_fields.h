#pragma once
// Where each text of a card lives, for editing it on the page: the card's
// text fields (declared `type: text`, in records and lists too) with their
// values in the session's language and variant, and the place the loader
// read each from (the game's data, a locale file, the variant's patch). An
// edit goes there, and only there: a text a translation does not have yet,
// or one the selected variant does not change, is not written into the
// source language's data or the base game.
#include <map>
#include <string>
#include <vector>

#include "model/model.h"
#include "model/strings.h"
#include "project/project.h"
#include "studio/card_view.h"

namespace kw::studio {

// Where a translation the locale file lacks may be added from the page:
// the game's strings by the place their source text is written
// ("file:line:column"), and the locale file they go into. Empty (no file)
// in the source language, with a variant (whose own strings have a file of
// their own), and when the locale file does not exist yet.
struct MissingStrings {
  std::string file;        // data/locales/<lang>/<game>.yaml
  std::string source_key;  // what the file records the source text under ("de")
  std::map<std::string, model::SourceString> by_place;
};
MissingStrings missing_strings(const project::Project& project, const model::Game& game);

// The text fields of `card` of `deck` in `game` as loaded (translated, with
// its variant applied). `missing`: a text not translated yet gets the id,
// source text and file to add its translation with (TextField::add).
std::vector<TextField> text_fields(const model::Game& game, const model::Deck& deck, const model::Card& card,
                                   const MissingStrings* missing = nullptr);

}  // namespace kw::studio
