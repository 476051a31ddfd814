#pragma once
// Print production settings from data/print/ (data, not code):
//   sheets.yaml    paper for print-and-play sheets and how sheets are drawn
//                  (crop marks, cut lines, duplex)
//   profiles.yaml  print-shop profiles that preflight checks files against
// Read with file:line:col diagnostics; a missing file means "no such
// products" (a project without data/print/ builds cards only).
#include <optional>
#include <string>
#include <vector>

#include "core/color.h"
#include "core/diagnostic.h"
#include "core/geometry.h"

namespace kw::project {
class Project;
}

namespace kw::settings {

// A paper sheet for print-and-play, portrait.
struct SheetFormat {
  std::string id;     // "a4": the file name's suffix (<game>-a4.pdf)
  std::string name;   // "A4"
  Size size;          // mm
  double margin = 3;  // the printer's unprintable edge: cards stay inside it
  SourceLoc loc;      // its `margin:` when given (what check_sheets_fit points at), else its entry
};

struct LineStyle {
  double width = 0.25;  // mm
  Color color;
};

// How the back sheet lies behind the front sheet after duplex printing.
// LongEdge (portrait, the usual setting): flipped about the long edge, so
// columns are mirrored. ShortEdge: flipped about the short edge, rows mirrored.
enum class DuplexFlip { LongEdge, ShortEdge };

// The words printed on the alignment test sheet and a tiled board's sheets
// in one language (data/print/sheets.yaml, `words:`), their {{…}}
// placeholders unfilled (layout/expression.h interpolates them, plural forms
// included).
struct SheetWords {
  std::string language;  // BCP 47
  SourceLoc loc;         // where sheets.yaml gives them
  std::string alignment_title, alignment, long_edge, short_edge, alignment_check, alignment_back;
  std::string board_paper, board_assembly, board_turned, board_upright, board_check, board_steps;
};

struct PnpSettings {
  std::vector<SheetFormat> sheets;  // one PDF per sheet format, in this order
  // The sheets' words per language, in the order given; none: sheets of
  // marks, scales, labels and numbers only.
  std::vector<SheetWords> words;
  // The words for a game in `language`: the nearest given (de-CH takes de),
  // else the first given; null when none are.
  const SheetWords* words_for(const std::string& language) const;
  double gap = 0;          // between neighbouring cards; 0: they share one cut
  double mark_length = 5;  // crop marks: length, mm
  double mark_offset = 1;  // distance between the card grid and a mark, mm
  LineStyle marks{0.25, {0, 0, 0, 255}};
  bool cut_lines = false;  // thin lines along every cut, over the cards' edges
  LineStyle cut{0.1, {0x9a, 0x9a, 0x9a, 255}};
  DuplexFlip flip = DuplexFlip::LongEdge;
  Point duplex_offset;  // mm, moves the backs as seen on the back side (+x right, +y down)
  SourceLoc loc;
};

// Loads the project's data/print/sheets.yaml; nullopt when the file does not
// exist or has errors (reported to `diags`).
std::optional<PnpSettings> load_pnp_settings(const project::Project& project, Diagnostics& diags);

}  // namespace kw::settings
