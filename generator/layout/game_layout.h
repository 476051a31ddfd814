#pragma once
// A whole game laid out, deck by deck, by what each deck is printed as
// (model::Deck::product): its cards and their backs, its booklets, its
// boards. The products (print/) write these pages and preflight checks the
// files against them; neither lays anything out itself.
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "layout/card_layout.h"
#include "model/model.h"
#include "page/page.h"

namespace kw::layout {

// One laid-out card (or back) with the file name stem it is written under.
struct LaidOutCard {
  std::string stem;  // "01-gondor-hobbit-1", "00-back"
  page::Page page;
};

// A booklet deck laid out: its pages, in order, and the file they go to.
struct LaidOutBooklet {
  std::string file;  // "flavor.pdf"
  std::vector<page::Page> pages;
};

// A board (a card of a `product: board` deck) at full size.
struct LaidOutBoard {
  std::string stem;   // the deck's `file:` ("board"), "-<card id>" added from its second board on
  std::string title;  // "<game name> – <deck name>"
  SourceLoc loc;      // the board's card, where problems with its sheets are reported
  page::Page page;
};

struct LaidOutGame {
  std::vector<LaidOutCard> cards;
  std::vector<LaidOutBooklet> booklets;
  std::vector<LaidOutBoard> boards;
};

// What every layout of a game is given: the language to set it in and the
// rules engine's texts ({{rules.…}}; may be null).
struct GameLayoutContext {
  std::string language = "de";
  const ValueMap* rule_values = nullptr;
  bool draft_mark = false;  // every page marked DRAFT (Layouter::add_draft_mark)
  int jobs = 1;             // cards laid out at once (build -j); the result is the same for any number
};

// Every card of the game's `cards` decks and their back(s), in card order:
// fronts numbered from 01 in data order (001 once the game has 100 cards or
// more), then each distinct back as 00-back (00-back-<deck> when the decks
// have different backs). Errors go to `diags`.
std::vector<LaidOutCard> layout_cards(const model::Game& game, Layouter& layouter, const GameLayoutContext& context,
                                      Diagnostics& diags);
std::vector<LaidOutBooklet> layout_booklets(const model::Game& game, Layouter& layouter,
                                            const GameLayoutContext& context, Diagnostics& diags);
std::vector<LaidOutBoard> layout_boards(const model::Game& game, Layouter& layouter, const GameLayoutContext& context,
                                        Diagnostics& diags);

// All three; booklets only when `booklets` (they only become PDFs).
LaidOutGame layout_game(const model::Game& game, Layouter& layouter, const GameLayoutContext& context,
                        Diagnostics& diags, bool booklets = true);

// Which laid-out card is a front and which back belongs to it: fronts come
// first in card order, then each distinct back (layout_cards' order).
struct CardSide {
  size_t front = 0;
  std::optional<size_t> back;  // none: the card's deck has no back
};
// Throws std::logic_error when `cards` is not layout_cards' result for `game`.
std::vector<CardSide> card_sides(const model::Game& game, std::span<const LaidOutCard> cards);

}  // namespace kw::layout
