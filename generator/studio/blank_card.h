#pragma once
// A blank card of a deck, for the studio's "add a blank card": the fields a
// new entry needs to load, so that the page can show it and the designer
// fill it in on the card. Each field the deck declares `required` gets an
// empty or default value of its type: a text, art or picture "", a number
// 0, a flag false, a colour "#000000", an id its first allowed value, a
// reference the first entry of its table, a record its own required
// members, a list []. (A card field gets "", which the loader names as an
// unknown card until it is set.)
#include <string>
#include <utility>
#include <vector>

#include "model/model.h"
#include "yaml/value.h"

namespace kw::studio {

// `id` first (as given), then the deck's required fields in declaration order.
std::vector<std::pair<std::string, yaml::Value>> blank_card(const model::Game& game, const std::string& deck_id,
                                                            const std::string& id);

// The same blank as the cells of a new row of a deck read from a CSV file
// (`cards_csv:`), by column name as `table export` names them (`id` first,
// a record's members `good.name`, a list `[]`). An empty cell there leaves
// its field out, so a required text cannot be empty: it reads its column's
// name, to be typed over on the card. Empty when the deck requires a field
// whose blank would not load from a cell (art, a picture, a card, an id or
// reference with nothing to choose from).
std::vector<std::pair<std::string, std::string>> blank_row(const model::Game& game, const std::string& deck_id,
                                                           const std::string& id);

}  // namespace kw::studio
