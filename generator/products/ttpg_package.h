#pragma once
// Tabletop Playground (TTPG) package contents: object templates (JSON) and
// the textures they name, as the folder `ttpg/` of a game's output:
//   ttpg/Textures/<game>-<n>.jpg         the card sheets (the TTS sheets' bytes)
//   ttpg/Textures/<game>-back[-<deck>].jpg  a back
//   ttpg/Textures/<game>-<board>.png     a board's image (its 150 dpi preview)
//   ttpg/Templates/<game>-<deck>[-<n>].json  a card stack per deck and sheet
//   ttpg/Templates/<game>-<board>.json   a board
// The user copies Templates/ and Textures/ into a package folder made by
// TTPG's editor (README: Tabletop); TTPG writes the package's own manifest.
//
// The format follows TTPG's knowledge base ("Object templates": templates
// are JSON files in the package folder, their format defined by
// github.com/plasticity-studios/tabletop-playground-schemas) and that
// schema's CardTemplate: a card stack is one template of type "Card" with a
// FrontTexture atlas of NumHorizontal x NumVertical cells, Indices (the cells
// of its cards, 0 = top left, row by row), CardNames and CardMetadata keyed
// by those indices as strings, BackIndex -2 (a whole separate file,
// BackTexture, is the back) and HiddenIndex -3 (a hidden card shows that
// back). Width and Height are the card's size in cm (the schema's defaults,
// 6 x 9, are a playing card's). A template names one FrontTexture, so a deck
// spread over several sheets is one template per sheet (stacked together on
// the table). A board is a card of one cell with the "Square" model. GUIDs
// are 32 hex digits, as the schema asks, derived from the game, the output
// folder (language, variant), the deck and the sheet: the same every build,
// different for every template.
#include <string>
#include <vector>

#include "core/geometry.h"
#include "products/tabletop_cards.h"
#include "products/tts_sheets.h"

namespace kw::products {

// A TTPG template GUID: 32 uppercase hex digits, the same for the same seed.
std::string ttpg_guid(const std::string& seed);

struct TtpgTemplate {
  std::string file;  // under Templates/: "palantir-playing.json"
  std::string json;
};

// One template per deck and sheet holding its cards; `seed` makes the GUIDs
// of this game's output (its id and output folder); `trim` the cards' size
// in mm. The plan's sheets and backs are the textures, under their own names.
std::vector<TtpgTemplate> ttpg_card_templates(const TtsPlan& plan, const TabletopCards& cards, Size trim,
                                              const std::string& seed);

// A board: `texture` (a file under Textures/) on a square card of `size` mm.
std::string ttpg_board_template(const std::string& name, const std::string& texture, Size size,
                                const std::string& seed);

}  // namespace kw::products
