#pragma once
// Print-and-play sheets: cards at true size in a grid on A4 or Letter, crop
// marks between the grid and the margin, optional cut lines, and the backs on
// the following page, placed so each back lands behind its front when the
// sheet is printed on both sides. Pure geometry plus display lists (pages),
// in millimetres with the origin at the sheet's top-left corner.
//
// The sheet is for home printers: nothing is painted within the sheet's
// `margin` (the printer's unprintable edge, 6.35 mm = 0.25 in in
// data/print/sheets.yaml), crop marks included. The grid is derived from the
// paper, the margin, the cards' trim and bleed (fit_grid): as many cards as
// fit at true size, upright or turned a quarter; when that many also fit
// with their bleed around each card, every card gets its bleed and its own
// cuts (a slightly missed cut shows the card's colour, not white); otherwise
// neighbours sit side by side at trim size (the bleed cut off) and share one
// cut, and a `gap` > 0 gives every card its own cuts. The grid is centred on the sheet, so the front and
// the mirrored back grid coincide when the sheet is turned over.
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "page/page.h"
#include "settings/print_config.h"
#include "text/typesetter.h"

namespace kw::impose {

struct SheetGrid {
  settings::SheetFormat sheet;
  Size card;            // a cell: the cards' trim as it lies on the sheet, mm
  bool turned = false;  // the cards turned a quarter (clockwise on the front), `card` their height x width
  double gap = 0;       // between neighbouring trims
  double bleed = 0;     // shown around every card; 0: cut at the trim
  int columns = 0, rows = 0;
  Rect area;  // the cards' trims on the sheet

  int capacity() const { return columns * rows; }
  // The cards' own trim size (as they stand upright).
  Size trim() const { return turned ? Size{card.h, card.w} : card; }
  // Everything the cards paint: the trims and the bleed around them.
  Rect painted() const { return area.inset(-bleed); }
  // The part of the sheet a home printer prints: inside the margin.
  Rect printable() const { return Rect{0, 0, sheet.size.w, sheet.size.h}.inset(sheet.margin); }
  // What the sheet does, for people: "3 x 3 cards 59 x 91 mm, without
  // bleed, neighbours share a cut".
  std::string summary() const;
  // Slot `slot` (row by row from the top left) on the front side.
  Rect cell(int slot) const;
  // Where the back of slot `slot` goes on the back page: the cell as seen
  // from the back after the flip, moved by `offset`.
  Rect back_cell(int slot, settings::DuplexFlip flip, Point offset) const;
  // The x (y) of every cut, left to right (top to bottom); a cut shared by
  // two neighbours is listed once.
  std::vector<double> cuts_x() const;
  std::vector<double> cuts_y() const;
};

// What fit_grid may use besides the paper: the gap wanted between cards, the
// bleed the cards have, and the room kept free for crop marks between the
// cards and the margin (on every side).
struct GridRules {
  double gap = 0;
  double bleed = 0;
  double mark_room = 0;
  bool may_turn = false;  // cards may lie turned a quarter where more fit so
};

// The largest grid of `card`-sized cells inside the sheet's margin (less the
// mark room), centred on the sheet; with the cards' bleed when the same
// number of cards fits with it (then the gap is at least twice the bleed);
// nullopt when not one card fits. Without room for marks the cards may reach
// the margin (then the marks are left out there). With rules.may_turn the
// cards are turned a quarter where that fits more of them, or as many but
// with their bleed.
std::optional<SheetGrid> fit_grid(const settings::SheetFormat& sheet, Size card, const GridRules& rules = {});

struct Segment {
  Point from, to;
  friend bool operator==(const Segment&, const Segment&) = default;
};

// For every cut, a mark at each end of it, between the cards and the sheet's
// margin: starting `offset` away from what the cards paint, `length` long,
// shortened where the printable area ends first (none where less than
// kMinMarkLength is left). Never over a card, never in the margin.
constexpr double kMinMarkLength = 2;  // shorter marks are hard to find and lay a ruler on
std::vector<Segment> crop_marks(const SheetGrid& grid, double length, double offset);

// A line along every cut, across the whole grid.
std::vector<Segment> cut_lines(const SheetGrid& grid);

// One card for the sheets: its front and, when its deck has one, its back.
struct PnpCard {
  const page::Page* front = nullptr;
  const page::Page* back = nullptr;
};

// The cards of one sheet: which grid, which cards (indices into the card
// list, in slot order).
struct SheetPlan {
  SheetGrid grid;
  std::vector<size_t> cards;
};

// The bleed a card's pages (front and back) have on every side, mm.
double card_bleed(const PnpCard& card);

// Cards in order, sheet by sheet; a card of another trim size than its
// predecessor starts a new sheet with a grid of its own, fitted with the
// smallest bleed among the cards of that size, the settings' gap and room
// for the crop marks. Throws std::runtime_error when a card does not fit on
// the sheet at all.
std::vector<SheetPlan> plan_sheets(std::span<const PnpCard> cards, const settings::SheetFormat& sheet,
                                   const settings::PnpSettings& settings);

// What `check` says of the sheets before anything is built: for each sheet
// of `pnp.sheets` on which not one card of trim size `trim` fits (with the
// sheet's margin, the gap and the room for crop marks; bleed not needed),
// an error at the sheet's `margin:` (or its entry) naming `what` ("game
// 'duell'"), instead of a build that stops without a place.
void check_sheets_fit(const settings::PnpSettings& pnp, Size trim, const std::string& what, Diagnostics& diags);

// True when any card has a back (then every front page is followed by a back page).
bool any_back(std::span<const PnpCard> cards);

// Copies the items of `card` onto `sheet` so that the card's trim lands on
// `cell` (same size, or turned: height x width), clipped to `clip` (the cell,
// or more for bleed). `quarter`: 1 turns the card clockwise, -1
// anticlockwise, 0 leaves it upright.
void place_card(page::Page& sheet, const page::Page& card, const Rect& cell, const Rect& clip, int quarter = 0);

// The front page of a planned sheet: cards, crop marks, cut lines (when settings.cut_lines).
page::Page front_sheet(const SheetPlan& plan, std::span<const PnpCard> cards, const settings::PnpSettings& settings,
                       const std::string& id);
// Its back page: each card's back at back_cell, nothing else. Backs of
// turned cards are turned so that they stand as their fronts do once the
// sheet is turned over: anticlockwise for a long-edge flip (the flip turns
// the card over about its short axis), clockwise for a short-edge flip.
page::Page back_sheet(const SheetPlan& plan, std::span<const PnpCard> cards, const settings::PnpSettings& settings,
                      const std::string& id);

// The alignment test: one sheet, two pages. The front shows the grid with a
// cross at every cell's centre and a 100 mm check length; the back shows
// millimetre scales at the same places (with the current duplex offset).
// Printed duplex and held against the light, the front's crosses show
// through on the scales: the reading there, added to the current offset, is
// the offset to set. Its words are `words` (PnpSettings::words_for the
// game's language); without them, the sheet has no text but its numbers.
// Text problems go to `diags`.
std::vector<page::Page> alignment_sheet(const SheetGrid& grid, const settings::PnpSettings& settings,
                                        const std::string& title, const settings::SheetWords* words,
                                        const text::Typesetter& typesetter, Diagnostics& diags);

}  // namespace kw::impose
