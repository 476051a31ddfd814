#pragma once
// build --changed-since REV: the reprint set of a game, the cards whose page
// changed since a revision (engine/changes.h) with their backs, as a game of
// its own that the products stage writes like any other (card files, PnP
// sheets, shop files). The pages are the whole game's, laid out as a full
// build lays them out (a reference card that counts the deck still counts
// all of it) and keep their numbers; only the selection is smaller.
#include <optional>
#include <vector>

#include "engine/changes.h"
#include "layout/game_layout.h"
#include "model/model.h"

namespace kw::engine {

struct Reprint {
  model::Game game;           // `game` with only the reprinted cards in its card decks, no booklets or boards
  layout::LaidOutGame pages;  // their pages and their backs, in the game's order
  size_t fronts = 0;
};

// The cards of `game` that `changes` lists as changed or added, from `cards`
// (the game's layout_cards: every front in card order, then each back). A
// changed back reprints every card it is the back of (a card is printed on
// both sides). Nullopt when nothing is to be reprinted.
std::optional<Reprint> reprint_set(const model::Game& game, std::vector<layout::LaidOutCard> cards,
                                   const GameChanges& changes);

}  // namespace kw::engine
