#pragma once
// The overlap check: a text element's box that runs into another
// element's box (a rules text into the value roundel) is a warning at the
// text element, unless the layout says it is meant (`overlaps:` on either
// element, layout_def.h). Boxes as laid out for one card, so `when:`,
// components and repeats count as drawn. A box that holds the text (a
// background, a frame, a banner) is what the text is drawn on, not an
// overlap; two texts that overlap are one finding, at the one drawn later.
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "core/geometry.h"
#include "layout/layout_def.h"
#include "page/page.h"

namespace kw::layout {

// Boxes overlapping by less than this (mm²) are taken as touching.
inline constexpr double kOverlapArea = 0.5;

// One element as drawn on a card: its box on the page (mm), and for a
// shape its box would overstate (a part of a ring) its outline.
struct PlacedBox {
  const ElementCommon* element = nullptr;
  Rect box;
  bool text = false;
  std::vector<Point> outline;  // a closed polygon on the page; empty: the box
};

// The outline of a path of one closed figure, through `t`, each cubic
// curve in a few straight steps (enough to tell what a box runs into).
std::vector<Point> flattened(const std::vector<page::PathCommand>& path, const Affine& t);

// The area (mm²) `box` shares with `placed` (its outline where it has one).
double shared_area(const Rect& box, const PlacedBox& placed);

// The check's name in diagnostics (`check` lists it, the studio shows it as
// the card's overlap badge).
inline constexpr const char* kOverlapCheck = "overlap";

// Warns of each undeclared overlap among `placed` (in drawing order), once
// per pair of elements, naming `card_id` of `game` set in `language`.
void report_overlaps(const std::vector<PlacedBox>& placed, const std::string& card_id, const std::string& game,
                     const std::string& language, Diagnostics& diags);

// Each `overlaps:` entry of `def` names an element of the layout (or is
// "any"); an unknown name is an error at the list.
void check_overlap_names(const LayoutDef& def, Diagnostics& diags);

}  // namespace kw::layout
