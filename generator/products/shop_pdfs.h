#pragma once
// The working files of a game's sides, the pages of the game's PDF (which
// has every front, then each distinct back): fronts.pdf written with it
// when the fronts lead (its first pages), else copied from it like
// backs.pdf; in its colour (RGB, or CMYK with --color cmyk, copied from the
// converted file); what a shop takes is the shop's package (shop_package.h):
//   fronts.pdf, backs.pdf   one page per card: every front in card order,
//                           and each front's back (equal page counts)
#include <filesystem>
#include <span>
#include <vector>

#include "layout/game_layout.h"

namespace kw::products {

// Whether the game PDF's first pages are the fronts, in order: then its
// first pages are fronts.pdf (products/pdf_parts.h first_pages_file).
bool fronts_lead(std::span<const layout::CardSide> sides);

// Pages are copied, not re-rendered, and a repeated back shares its content.
// backs.pdf only when every front has a back. `fronts_written`: fronts.pdf
// was written with the game PDF (fronts_lead). Appends to `written`.
void write_side_pdfs(const std::filesystem::path& game_pdf, std::span<const layout::CardSide> sides,
                     const std::filesystem::path& dir, std::vector<std::filesystem::path>& written,
                     bool fronts_written = false);

}  // namespace kw::products
