#pragma once
// A blank card of a deck, for the studio's "add a blank card": the fields a
// new entry needs to load, so that the page can show it and the designer
// fill it in on the card. Each field the deck declares `required` gets an
// empty or default value of its type: a text, art or picture "", a number
// 0, a flag false, a colour "#000000", an id its first allowed value, a
// reference the first entry of its table, a record its own required
// members, a list []. (A card field gets "", which the loader names as an
// unknown card until it is set.)
#include <functional>
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

// A blank card of `deck` that its layout can draw. The deck's required
// fields are not always all its layout needs: Das Duell's card draws
// `{{motif.art}}` whenever a card has no `special`, and neither field is
// required, so a blank of the required fields alone would not lay out (and
// the page would go stale on it). `lays_out` answers with the first error
// laying out a card of the deck with the given fields (a map) gives, empty
// when none. The fields the layout needs are taken, fewest first, from the
// deck's own cards (the first that has each, in data order), so the new
// card draws like its neighbours until it is filled in. When nothing makes
// it lay out, or a row cannot hold what it needs, `error` says why and the
// blank is empty: the page refuses "add a blank card" with that sentence.
struct DeckBlank {
  std::vector<std::pair<std::string, yaml::Value>> card;  // as blank_card
  std::vector<std::pair<std::string, std::string>> row;   // as blank_row
  std::string error;                                      // of the card's blank
  std::string row_error;                                  // of the row's
};
using LaysOut = std::function<std::string(const yaml::Value& fields)>;
DeckBlank deck_blank(const model::Game& game, const model::Deck& deck, const LaysOut& lays_out);

}  // namespace kw::studio
