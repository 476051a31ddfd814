#pragma once
// A translation keeps the game's names (README: Rule facts, "Names in a
// translation"): where a source text names a card, a deck, a table entry
// (a suit, a colour, a moon) or what a binding fact binds, its translation
// names the same thing by that name's own translation. A translator who
// renames a card or a suit in one text ("Red Moon" where the card is the
// "Blood Moon") makes a rule the players cannot follow; the card with the
// name is the glossary, so no list is kept by hand.
#include "model/model.h"
#include "rules/rules.h"

namespace kw::rules {

// Checks every translated string of `game` (loaded in a translation)
// against the names its recorded source text contains; findings go to `out`.
void check_terminology(const model::Model& model, const model::Game& game, Diagnostics& out);

}  // namespace kw::rules
