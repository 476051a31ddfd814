#pragma once
// The print-and-play files of a game's cards:
//   pnp/<game>-<sheet>.pdf            print-and-play sheets (imposition/pnp_sheets.h)
//   pnp/<game>-<sheet>-alignment.pdf  the duplex alignment test
#include <filesystem>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "core/clock.h"
#include "impose/pnp_sheets.h"
#include "layout/game_layout.h"
#include "model/model.h"
#include "settings/print_config.h"
#include "text/typesetter.h"

namespace kw::products {

// The sheets (one PDF per sheet format of `settings`) and their alignment
// test sheets under dir/pnp/; `page_done` after each sheet page. Appends to
// `written`. The sheets are planned from the cards' frames; a sheet asks for
// the pages of its own cards only, so memory does not grow with the deck.
void write_pnp_sheets(const model::Game& game, const layout::CardPages& cards, std::span<const layout::CardSide> sides,
                      const settings::PnpSettings& settings, const std::filesystem::path& dir,
                      const text::Typesetter& typesetter, const Clock& clock,
                      std::vector<std::filesystem::path>& written, const std::function<void()>& page_done = {});

// How many pages write_pnp_sheets writes for `sheet` (alignment tests excluded).
size_t pnp_page_count(const layout::CardPages& cards, std::span<const layout::CardSide> sides,
                      const settings::SheetFormat& sheet, const settings::PnpSettings& settings);

// How the cards sit on `sheet`, one line per grid: "US Letter: 3 x 2 cards
// 59 x 91 mm, with 3 mm bleed, each card cut on its own (4 sheets)".
std::vector<std::string> pnp_layouts(const layout::CardPages& cards, std::span<const layout::CardSide> sides,
                                     const settings::SheetFormat& sheet, const settings::PnpSettings& settings);

}  // namespace kw::products
