#pragma once
// What each card is called on a virtual tabletop (Tabletop Simulator's
// Nickname and Description, the other tabletops' names), in the language the
// game was loaded in, and which cards make up each deck.
//
// A deck's `tabletop:` gives lines of `{{...}}` templates (layout/expression.h)
// over its cards' fields: the name is the first line whose fields are all set
// ("{{name}}", then "{{special.name}}" for a card without a name of its
// own), the text every such line, one a line. The fields are the model's, so
// a translated game gives translated names. A deck without `tabletop:` names
// its cards by their id. The game's data says which field is a card's name:
// no field name is special here.
#include <map>
#include <string>
#include <vector>

#include "model/model.h"

namespace kw::products {

struct TabletopCard {
  std::string name;
  std::string text;  // the cards' markup (text/markup.h): **bold**, *italic*, :icon:, line breaks
};

// A deck printed as cards: its laid-out fronts (card_sides' order: decks in
// data order, each deck's cards in order).
struct TabletopDeck {
  std::string id;
  std::string name;  // the deck's name in the game's language
  std::vector<size_t> fronts;
};

struct TabletopCards {
  std::vector<TabletopCard> cards;  // one per front, by its index among the laid-out cards
  std::vector<TabletopDeck> decks;
  // Everything above as text: part of the cache key of every file made of it.
  std::string key() const;
};

// Throws std::runtime_error naming the deck's `tabletop:` (file:line:col) and
// the card when a template names an unknown field or is not well formed.
// A card's text may refer to the rules engine's texts ({{rules.…}}, as a
// reference card's does): `rule_values` gives them, as the layouts have them.
TabletopCards tabletop_cards(const model::Game& game, const std::map<std::string, std::string>* rule_values);

// A card text's markup as Tabletop Simulator's BBCode ([b], [i]), its icons
// as written (:name:); plain_text drops the styles.
std::string tts_bbcode(const std::string& markup);
std::string plain_text(const std::string& markup);

}  // namespace kw::products
