#pragma once
// Where each text of a card lives, for editing it on the page: the card's
// text fields (declared `type: text`, in records and lists too) with their
// values in the session's language and variant, and the place the loader
// read each from (the game's data, a locale file, the variant's patch). An
// edit goes there, and only there: a text a translation does not have yet,
// or one the selected variant does not change, is not written into the
// source language's data or the base game.
#include <string>
#include <vector>

#include "model/model.h"
#include "studio/card_view.h"

namespace kw::studio {

// The text fields of `card` of `deck` in `game` as loaded (translated, with
// its variant applied).
std::vector<TextField> text_fields(const model::Game& game, const model::Deck& deck, const model::Card& card);

}  // namespace kw::studio
