#pragma once
// Tabletop Simulator saved objects: the JSON files TTS keeps in its "Saved
// Objects" folder, each with a PNG of the same name as its thumbnail. The
// format follows TTS's knowledge base (kb.tabletopsimulator.com:
// custom-content/save-file-format, custom-content/custom-deck): a save whose
// ObjectStates hold one object.
//
// A deck is a `DeckCustom`: its `CustomDeck` maps a number (the sheet's key,
// 1, 2, ... in sheet order) to a face sheet (FaceURL, NumWidth x NumHeight
// cells), its back (BackURL, one image; UniqueBack false: the cards of a
// sheet share a back, and decks with their own backs get their own sheets)
// and BackIsHidden (a card in another player's hand shows the back; the
// sheet's last cell holds the back too, for TTS versions that show that
// cell). Each card in `ContainedObjects` is a `Card` with its `CardID`,
// sheet key * 100 + its cell (0 = top left, row by row), its sheet in its own
// `CustomDeck`, and its name and text as Nickname and Description;
// `DeckIDs` lists the CardIDs, top of the deck first. A deck of one card is
// saved as that `Card`. A board is a `Custom_Board`: its image at
// CustomImage.ImageURL, sized by TTS from the image's aspect.
//
// The URLs are the sheets' file names after a base: a `file:///` URL of the
// tts/ folder (TTS on the machine that built them) or the --tts-url the user
// uploads the folder to.
#include <filesystem>
#include <string>
#include <vector>

#include "products/tabletop_cards.h"
#include "products/tts_sheets.h"

namespace kw::products {

// TTS's grid: a card's id is its sheet's key times this plus its cell.
constexpr int kTtsIdsPerSheet = 100;

struct TtsObject {
  std::string stem;  // "palantir-playing": <stem>.json and <stem>.png
  std::string json;
  size_t back = 0;  // the deck's back (card index): its thumbnail
};

// `dir` as a file:/// URL ending in '/', each part percent-encoded (RFC 3986).
std::string file_url(const std::filesystem::path& dir);

// A guid as TTS writes them (six hex digits), the same for the same seed.
std::string tts_guid(const std::string& seed);

// One saved object per deck of `cards` that has cards on the plan's sheets.
std::vector<TtsObject> tts_deck_objects(const TtsPlan& plan, const TabletopCards& cards, const std::string& game_name,
                                        const std::string& url_base);

// A board: `image` (a file name under url_base) as a Custom_Board.
std::string tts_board_object(const std::string& name, const std::string& url_base, const std::string& image);

}  // namespace kw::products
