#pragma once
// A game's cards laid out in draft mode, each with what the studio needs to
// know of it beyond its page: which card it is, of which deck, and its name.
#include <vector>

#include "core/diagnostic.h"
#include "engine/compile.h"
#include "layout/game_layout.h"
#include "model/model.h"
#include "studio/card_view.h"
#include "text/font_library.h"

namespace kw::studio {

struct LaidOutCards {
  std::vector<layout::LaidOutCard> pages;  // layout_cards' order: fronts, then backs
  std::vector<CardView> views;             // one per page: stem, card id, deck, label, geometry, boxes
};

// Lays out every card of `game` (draft: overflowing text is a warning).
// Problems go to `diags`; the result is only complete when it has no errors.
// `project`: where the layouts' files are read to locate element boxes.
// `compiler`: the game's (its layouts stay loaded in it). `memo`: the cards
// laid out by the last reload of the same session, each under the key of its
// inputs (engine/layout_keys.h); only the cards whose key is not there are laid out
// (null: every card).
// `shared_changes`: Workspace::shared_changes() (engine/layout_keys.h).
LaidOutCards lay_out_cards(const project::Project& project, engine::GameCompiler& compiler, const std::string& language,
                           Diagnostics& diags, layout::CardMemo* memo = nullptr, std::uint64_t shared_changes = 0);

}  // namespace kw::studio
