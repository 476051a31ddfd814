#pragma once
// The decks for screentop.gg and playingcards.io as a table (CSV, one row a
// card) beside the images they are made of. Neither site documents an import
// format publicly (README: Tabletop), so these are the closest form their
// editors take by hand: screentop.gg's deck from a grid image of cards
// (columns, rows), playingcards.io's deck from one image per card; the table
// gives each card's deck, name and text and which image (and cell) shows it.
//
//   screentop/<game>.csv:    deck,name,text,sheet,columns,rows,cell,back
//   playingcards/<game>.csv: deck,name,text,front,back
// Cells count from 0 at the top left, row by row; the sheet's last cell shows
// the back (as in Tabletop Simulator's sheets, which these are). Texts are
// plain (the cards' **bold** and *italic* marks taken off), line breaks kept.
#include <functional>
#include <string>
#include <vector>

#include "products/tabletop_cards.h"
#include "products/tts_sheets.h"

namespace kw::products {

inline const std::vector<std::string> kScreentopColumns{"deck",    "name", "text", "sheet",
                                                        "columns", "rows", "cell", "back"};
inline const std::vector<std::string> kPlayingcardsColumns{"deck", "name", "text", "front", "back"};

// Every card of the plan's sheets, deck by deck in data order.
std::string screentop_csv(const TtsPlan& plan, const TabletopCards& cards);

// The same with each card's own image: `image(index)` names the file (under
// playingcards/) of card `index` (a front or a back).
std::string playingcards_csv(const TtsPlan& plan, const TabletopCards& cards,
                             const std::function<std::string(size_t)>& image);

}  // namespace kw::products
