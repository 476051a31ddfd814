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
#include "infra/build_cache.h"
#include "infra/timings.h"
#include "layout/game_layout.h"
#include "model/model.h"
#include "settings/print_config.h"
#include "text/typesetter.h"

namespace kw::products {

// Where the sheets' pages are kept between builds (pdf_parts.h): each sheet
// page under the key of its grid, its cards' fingerprints and the print
// settings and fonts (`settings_key`, IncrementalOptions::settings_key).
struct PnpCache {
  const infra::BuildCache* cache = nullptr;  // null: every page rendered
  std::string settings_key;
  infra::Timings* timings = nullptr;
};

// The sheets (one PDF per sheet format of `settings`) under dir/pnp/;
// `page_done` after each sheet page. Appends to `written`. The sheets are
// planned from the cards' frames; a sheet asks for the pages of its own
// cards only, and only when its page is not in the cache, so memory does not
// grow with the deck and a one-card edit renders that card's sheet alone.
void write_pnp_sheets(const model::Game& game, const layout::CardPages& cards, std::span<const layout::CardSide> sides,
                      const settings::PnpSettings& settings, const std::filesystem::path& dir, const Clock& clock,
                      std::vector<std::filesystem::path>& written, const std::function<void()>& page_done = {},
                      const PnpCache& cache = {});

// The alignment test sheet of each sheet format, dir/pnp/<game>-<sheet>-alignment.pdf:
// it depends on the cards' trim size, not on what they show.
void write_pnp_alignment(const model::Game& game, const layout::CardPages& cards,
                         std::span<const layout::CardSide> sides, const settings::PnpSettings& settings,
                         const std::filesystem::path& dir, const text::Typesetter& typesetter, const Clock& clock,
                         std::vector<std::filesystem::path>& written);

// What decides the alignment tests' bytes besides the settings, the fonts,
// the game's name and language and the date: the first sheet's grid.
std::string pnp_alignment_key(const layout::CardPages& cards, std::span<const layout::CardSide> sides,
                              const settings::SheetFormat& sheet, const settings::PnpSettings& settings);

// How many pages write_pnp_sheets writes for `sheet` (alignment tests excluded).
size_t pnp_page_count(const layout::CardPages& cards, std::span<const layout::CardSide> sides,
                      const settings::SheetFormat& sheet, const settings::PnpSettings& settings);

// How the cards sit on `sheet`, one line per grid: "US Letter: 3 x 2 cards
// 59 x 91 mm, with 3 mm bleed, each card cut on its own (4 sheets)".
std::vector<std::string> pnp_layouts(const layout::CardPages& cards, std::span<const layout::CardSide> sides,
                                     const settings::SheetFormat& sheet, const settings::PnpSettings& settings);

}  // namespace kw::products
