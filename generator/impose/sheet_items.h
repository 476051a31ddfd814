#pragma once
// The pieces every imposed sheet is made of (PnP sheets, board tiles, the
// contact sheet): a blank sheet, an item placed with its bounds, and words
// set into a box. One place, so the three sheet kinds cannot drift apart.
#include <optional>
#include <string>

#include "page/page.h"
#include "text/typesetter.h"

namespace kw::impose {

// A sheet `size` mm large, all of it the trim, `safe` inside it, its edge `ground`.
page::Page blank_sheet(const std::string& id, Size size, const Rect& safe, Color ground);

// `shape` drawn through `t`, its bounds `local` mapped by `t`, painted within `clip` (none: the whole sheet).
page::Item sheet_item(page::Shape shape, const std::string& name, const Affine& t, const Rect& local,
                      std::optional<Rect> clip = std::nullopt);
void push_item(page::Page& page, page::Shape shape, const std::string& name, const Affine& t, const Rect& local,
               std::optional<Rect> clip = std::nullopt);

// `markup` set in `style` into `box` (sheet mm), its runs pushed as items
// named `name`; why not, when it does not fit.
std::optional<std::string> push_text(page::Page& page, const std::string& name, const std::string& markup,
                                     const text::TextStyle& style, const Rect& box, const text::Typesetter& typesetter);

}  // namespace kw::impose
