#pragma once
// The print-production products of a game's cards, written after the cards
// themselves (card_products.h):
//   meinspiel/fronts.pdf, backs.pdf   one page per card for the print shop:
//                                     every front in card order, and each
//                                     front's back (equal page counts)
//   pnp/<game>-<sheet>.pdf            print-and-play sheets (pnp_sheets.h)
//   pnp/<game>-<sheet>-alignment.pdf  the duplex alignment test
#include <filesystem>
#include <functional>
#include <iosfwd>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "model/model.h"
#include "print/colour/cmyk.h"
#include "print/products/manifest.h"
#include "print/imposition/pnp_sheets.h"
#include "print/settings/print_config.h"
#include "text/typesetter.h"

namespace kw::print {

struct LaidOutCard;
struct BuildReport;

// What print production does beyond the card files; part of BuildOptions.
struct PrintOptions {
  std::optional<PnpSettings> pnp;      // none: no print-and-play sheets (no data/print/sheets.yaml)
  std::optional<InputSnapshot> input;  // the input for manifest.json; none: no manifest
  std::optional<CmykSettings> cmyk;    // --color cmyk: the game's PDF and the shop PDFs in CMYK
  int jobs = 0;                        // threads rendering at once; 0: all cores
  std::ostream* progress = nullptr;    // progress of each game (stderr); null: quiet
  bool progress_terminal = false;      // a bar redrawn in place, else plain lines
};

// Which laid-out card is a front and which back belongs to it: fronts come
// first in card order, then each distinct back (layout_game's order).
struct CardSide {
  size_t front = 0;
  std::optional<size_t> back;  // none: the card's deck has no back
};
// Throws std::logic_error when `cards` is not layout_game's result for `game`.
std::vector<CardSide> card_sides(const model::Game& game, std::span<const LaidOutCard> cards);

// meinspiel/fronts.pdf and meinspiel/backs.pdf from the game's PDF (which has
// every front, then each distinct back): pages are copied, not re-rendered,
// and a repeated back shares its content. backs.pdf only when every front has
// a back. Appends to `written`.
void write_meinspiel_pdfs(const std::filesystem::path& game_pdf, std::span<const CardSide> sides,
                          const std::filesystem::path& dir, std::vector<std::filesystem::path>& written);

struct LaidOutBoard;
// Gives the board PDFs (board_products.h, written by write_boards when
// formats.pdf) their page boxes: the full-size board's trim, each tiled
// sheet the whole sheet.
void set_board_boxes(std::span<const LaidOutBoard> boards, const std::filesystem::path& dir);

// The print-and-play sheets (one PDF per sheet format) and their alignment
// test sheets under dir/pnp/. Appends to `written`.
void write_pnp_sheets(const model::Game& game, std::span<const LaidOutCard> cards, std::span<const CardSide> sides,
                      const PnpSettings& settings, const std::filesystem::path& dir, const text::Typesetter& typesetter,
                      std::vector<std::filesystem::path>& written, const std::function<void()>& page_done = {});

// How many pages write_pnp_sheets writes (sheets, alignment tests excluded).
size_t pnp_page_count(std::span<const LaidOutCard> cards, std::span<const CardSide> sides, const SheetFormat& sheet,
                      const PnpSettings& settings);

}  // namespace kw::print
