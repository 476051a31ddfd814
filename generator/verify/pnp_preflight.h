#pragma once
// Preflight of the print-and-play sheets (pnp/<game>-<sheet>.pdf, one per
// sheet format of data/print/sheets.yaml), read from the files:
//   pages      one front page per planned sheet, each followed by its backs
//              page when the cards have backs; each page the sheet's paper
//              size (A4 210 x 297 mm, Letter 215.9 x 279.4 mm)
//   margin     nothing painted in the printer's unprintable margin
//   sheet      every page rendered by Ghostscript against the sheet as the
//              PnP writer plans it (impose/pnp_sheets.h: each card at its
//              cell with its bleed, the crop marks, the backs at the
//              mirrored cells with the duplex offset), rendered alike, in
//              1 mm cells: a card missing, moved, swapped, recoloured, a
//              back not mirrored or a lost bleed shows at its place, named
//              by the card there
// The alignment test sheets are held to their page count and paper size.
#include <filesystem>
#include <span>
#include <string>
#include <vector>

#include "layout/game_layout.h"
#include "model/model.h"
#include "settings/print_config.h"
#include "verify/preflight.h"

namespace kw::verify {

// The sheets of `game` (its cards as laid out, not fitted to a shop) under
// game_dir/pnp/. Findings go to report.general (check "pnp"), what was
// looked at to report.sheets; no pnp/ folder: the check is listed as not
// checked. Never throws for problems of the files.
void preflight_pnp(const model::Game& game, std::span<const layout::LaidOutCard> cards,
                   const std::filesystem::path& game_dir, const settings::PnpSettings& settings,
                   PreflightReport& report);

}  // namespace kw::verify
