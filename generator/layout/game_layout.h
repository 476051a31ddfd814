#pragma once
// A whole game laid out, deck by deck, by what each deck is printed as
// (model::Deck::product): its cards and their backs, its booklets, its
// boards. The products (print/) write these pages and preflight checks the
// files against them; neither lays anything out itself.
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "core/sha256.h"
#include "layout/card_layout.h"
#include "layout/card_pages.h"
#include "model/model.h"
#include "page/page.h"

namespace kw::layout {

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
  CardPages cards;  // on demand: see card_pages.h
  std::vector<LaidOutBooklet> booklets;
  std::vector<LaidOutBoard> boards;
};

// What every layout of a game is given: the language to set it in and the
// rules engine's texts ({{rules.…}}; may be null).
struct GameLayoutContext {
  std::string language;  // BCP 47: the game's language (text::TextStyle::language: hyphenation, line breaking)
  const ValueMap* rule_values = nullptr;
  bool draft_mark = false;  // every page marked DRAFT (Layouter::add_draft_mark)
  int jobs = 1;             // cards laid out at once (build -j); the result is the same for any number
  // Pages layout_card_pages keeps in memory besides the backs (~25 kB
  // each); the others are laid out again when a product asks for them.
  size_t pages_held = 256;
};

// Every card of the game's `cards` decks and their back(s), in card order:
// fronts numbered from 01 in data order (001 once the game has 100 cards or
// more), then each distinct back as 00-back (00-back-<deck> when the decks
// have different backs). Errors go to `diags`.
std::vector<LaidOutCard> layout_cards(const model::Game& game, Layouter& layouter, const GameLayoutContext& context,
                                      Diagnostics& diags);
// Cards laid out before, each under the key of everything its layout read
// but the rules' values and the game's data (the studio's incremental layout,
// engine/layout_keys.h): a card whose key is found, and whose layout got
// the same text for each rules' value and each `game.…` path it asked for
// (and the same length for each of the game's lists it repeated over) as
// they have now, is taken from here with the findings its layout gave; the
// others are laid out. The rules' values are checked one by one because
// they are computed from all the cards (a reference card lists the cards'
// names): keyed whole, one name's edit would lay out every card. The game's
// data is checked so because it holds every card's entry
// ({{game.decks.0.cards.1.name}}), and the text that reads it may come from
// any file (a layout, a component, a translated string), which the key's
// scan of the decks' layout files does not see. The key is the caller's
// promise; layout does not check it.
struct CardMemo {
  struct Entry {
    page::Page page;
    Diagnostics findings;  // the card's own, before merge_findings
    ValuesRead values;     // the rules' values its layout asked for
    Sha256 fingerprint{};  // page::fingerprint(page), made once with the page
  };
  // The key of a page to lay out: `card` of its deck (nullptr for the back
  // of `back_of`) under `stem`.
  using Key = std::function<std::string(const model::Card* card, const model::Deck* back_of, const std::string& stem)>;
  Key key;
  // Those of the last call only: a card edited away is forgotten.
  std::map<std::string, std::shared_ptr<const Entry>> entries;
  size_t laid_out = 0, reused = 0;  // by the last call
  // The fingerprints of the last call's pages, in its order: a page taken
  // from the memo is not hashed again (at 5,000 cards that was a fifth of
  // the studio's layout step).
  std::vector<Sha256> fingerprints;
};

// layout_cards, laying out only the cards whose key is not in `memo`; the
// result is the same as layout_cards' when the keys are right.
std::vector<LaidOutCard> layout_cards(const model::Game& game, Layouter& layouter, const GameLayoutContext& context,
                                      Diagnostics& diags, CardMemo& memo);
// What a build keeps of each card it laid out, for the next build
// (engine/layout_store.h keeps it in the build cache): the card's
// fingerprint and frame (all the products ask of a card they do not paint
// again), its findings, and the rules' values and game paths its layout read
// (checked as CardMemo checks them), under the same key as CardMemo's
// (engine/layout_keys.h). A front whose entry is found is not laid out:
// CardPages lays it out only if a product asks for its page, and checks that
// page against the fingerprint kept. Backs are always laid out (a few).
struct KnownLayouts {
  struct Entry {
    std::string fingerprint;
    page::Page frame;
    Diagnostics findings;  // the card's own, before merge_findings
    ValuesRead values;
    SharedPainted painted;  // CardPages::Entry::painted
  };
  using Entries = std::map<std::string, std::shared_ptr<const Entry>>;
  CardMemo::Key key;
  // In: an earlier build's; out: this build's cards only.
  Entries entries;
  size_t laid_out = 0, reused = 0;  // fronts, by the last call
};

// The same cards as the products read them (card_pages.h): laid out once to
// report their findings and take their fingerprints, held while among the
// first context.pages_held, laid out again on demand otherwise. With
// `known`, the fronts found there are not laid out (above). The result
// refers to `game`, `layouter` and context.rule_values: they must outlive it.
CardPages layout_card_pages(const model::Game& game, Layouter& layouter, const GameLayoutContext& context,
                            Diagnostics& diags, KnownLayouts* known = nullptr);
std::vector<LaidOutBooklet> layout_booklets(const model::Game& game, Layouter& layouter,
                                            const GameLayoutContext& context, Diagnostics& diags);
std::vector<LaidOutBoard> layout_boards(const model::Game& game, Layouter& layouter, const GameLayoutContext& context,
                                        Diagnostics& diags);

// The cards (layout_card_pages), booklets and boards; booklets only when
// `booklets` (they only become PDFs).
LaidOutGame layout_game(const model::Game& game, Layouter& layouter, const GameLayoutContext& context,
                        Diagnostics& diags, bool booklets = true, KnownLayouts* known = nullptr);

// Which laid-out card is a front and which back belongs to it: fronts come
// first in card order, then each distinct back (layout_cards' order).
struct CardSide {
  size_t front = 0;
  std::optional<size_t> back;  // none: the card's deck has no back
};
// Throws std::logic_error when `cards` is not layout_cards' result for `game`.
std::vector<CardSide> card_sides(const model::Game& game, std::span<const LaidOutCard> cards);
// The same from the number of cards laid out.
std::vector<CardSide> card_sides(const model::Game& game, size_t laid_out);

}  // namespace kw::layout
