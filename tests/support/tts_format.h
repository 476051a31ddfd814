#pragma once
// What Tabletop Simulator's documentation says a saved object is, as a
// checker for tests: kb.tabletopsimulator.com, "Save File Format" (the save:
// ObjectStates, each object's Name, Transform, Nickname, Description, GUID)
// and "Custom Deck" (a sheet of at most 10 x 7 cells, the last one kept for
// the hidden card; FaceURL, BackURL, NumWidth, NumHeight, BackIsHidden,
// UniqueBack, Type). The arithmetic of decks: a card's CardID is its sheet's
// CustomDeck key times 100 plus its cell, the cell lies on the sheet before
// the hidden cell, DeckIDs lists the contained cards' CardIDs in order, and
// every card's sheet is the deck's sheet of that key.
#include <string>
#include <vector>

namespace kw::test {

// Every way `json` (a saved object's text) departs from the format, each
// naming where ("ObjectStates[0].ContainedObjects[2].CardID: ..."); empty
// when it is a valid saved object of DeckCustom, Card and Custom_Board
// objects.
std::vector<std::string> tts_problems(const std::string& json);

}  // namespace kw::test
