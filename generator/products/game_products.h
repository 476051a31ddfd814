#pragma once
// All the files of one game, from its laid-out pages (layout/game_layout.h),
// under options.game_dir(<game>):
//   the card files (card_products.h), one PDF per booklet deck (e.g.
//   flavor.pdf), the boards (board_products.h), and manifest.json last.
// The boards are tiled first; only when that reports no error is anything
// written.
#include "core/diagnostic.h"
#include "layout/game_layout.h"
#include "model/model.h"
#include "products/build_options.h"
#include "text/typesetter.h"

namespace kw::products {

// Throws std::runtime_error on I/O failure.
BuildReport write_game_products(const model::Game& game, const layout::LaidOutGame& laid_out,
                                const text::Typesetter& typesetter, const BuildOptions& options, Diagnostics& diags);

}  // namespace kw::products
