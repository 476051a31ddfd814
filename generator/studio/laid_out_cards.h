#pragma once
// A game's cards laid out in draft mode, each with what the studio needs to
// know of it beyond its page: which card it is, of which deck, and its name.
#include <vector>

#include "core/diagnostic.h"
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
LaidOutCards lay_out_cards(const project::Project& project, const model::Model& model, const model::Game& game,
                           const text::FontLibrary& fonts, const std::string& language, Diagnostics& diags);

}  // namespace kw::studio
