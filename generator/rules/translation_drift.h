#pragma once
// A translation and its source state the same rule (README: Translations,
// "What a translation states"). Two checks, by the comparison of
// rules/rewording.h:
//  - a source text changed since it was translated (its locale entry
//    records the text it was made from) may be reworded, but when the
//    change states other numbers, drops or adds a negation, says a word's
//    opposite or swaps the game's names, the text and its translation now
//    state different rules: an error at the source text, since only the
//    designer knows which of the two is meant;
//  - a translation states the numbers (in digits or words, with their
//    comparisons) and the opposites ("first"/"last", by the keys the
//    languages' `opposites:` share) of the source text it records.
#include "model/model.h"
#include "rules/rules.h"

namespace kw::rules {

// For `game` loaded in its source language, after its other checks (a
// text they found wrong already is not said again).
void check_changed_since_translation(const model::Model& model, const model::Game& game, Diagnostics& out);
// For `game` loaded in a translation, after its other checks.
void check_translation_states_its_source(const model::Model& model, const model::Game& game, Diagnostics& out);

}  // namespace kw::rules
