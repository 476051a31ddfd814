#pragma once
// A layout definition as read from layouts/<game>/<name>.yaml: a tree of
// elements placed in millimetres relative to the trim box's top-left corner.
// Strings may contain {{field}} references; `when:` selects elements per card.
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/diagnostic.h"
#include "core/geometry.h"
#include "text/typesetter.h"

namespace kw::project {
class Project;
}

namespace kw::layout {

struct TextSpec {
  std::string family = "garamond";
  std::string style = "regular";
  double max_size_pt = 10, min_size_pt = 10;
  double line_height = 1.15;
  text::Align align = text::Align::Center;
  text::VAlign valign = text::VAlign::Middle;
  std::vector<std::string> features;
  double tracking_em = 0;
  bool wrap = true;
  bool hyphenate = true;
};

// Where the items of a `repeat` go. Each item gets its own frame: the origin
// at the item's anchor, so the repeated elements are written once, relative
// to that anchor.
struct Placement {
  enum class Kind { None, Ring, Track, Grid };
  Kind kind = Kind::None;  // None: every item at the enclosing origin
  // Ring: anchors on a circle, evenly spaced over the full turn, starting at
  // `start_angle` (degrees clockwise from 12 o'clock). With rotate_items the
  // frame turns with the angle so that the item's "up" points away from the
  // centre (items read upright from outside the ring).
  Point center;
  double radius = 0;
  double start_angle = 0;
  bool clockwise = true;
  bool rotate_items = false;
  // Track: from `from`, either evenly spaced up to `to` (the last item's
  // anchor) or `step` apart. Grid: row by row from `from`, `columns` per row,
  // `step` = [column pitch, row pitch].
  Point from;
  std::optional<Point> to;
  Point step;
  int columns = 1;
};

// The items a `repeat` draws its elements for, and the names it binds.
struct RepeatSpec {
  enum class Source { Count, Range, Table, List };
  Source source = Source::Count;
  std::string count;                 // Count: a number (may interpolate)
  std::string range_from, range_to;  // Range: whole numbers, both ends included (may interpolate)
  std::string table;                 // Table: a table of the game, entries in data order
  std::string list;                  // List: a field path to a list (card field or game.*)
  std::string as;                    // the item's name (see card_layout.h); may be empty for count/range
  std::string where;                 // keeps only items for which this condition holds
  Placement place;
};

struct Element {
  enum class Kind { Rect, Line, Art, Text, Use, Group, Sector, Repeat };
  Kind kind = Kind::Rect;
  std::string name;
  SourceLoc loc;
  std::string when;  // condition; empty = always

  // Rect/Art/Text: the box. `area` names a page box (bleed, trim, safe) instead.
  std::string area;
  Rect box;
  double corner_radius = 0;
  std::string fill, stroke;  // colours (may interpolate); empty = none
  double stroke_width = 0;
  Point from, to;  // Line

  std::string src;                            // Art: file under templates/, optional #element
  std::map<std::string, std::string> colors;  // Art: CSS class -> colour
  bool key = true;                            // Art/Text: must stay in the safe area

  std::string text;     // Text: markup (may interpolate)
  std::string text_id;  // Text: "<name>" (or "<name>#2"...), its translation id in the layout
  std::string color;    // Text: colour
  TextSpec font;

  double rotate = 0;            // degrees, clockwise; Use/Group about `origin`, Text/Art about the box centre
  std::optional<Point> origin;  // default: the trim centre
  std::string component;        // Use
  std::map<std::string, std::string> with;  // Use: path aliases (side: good); targets may interpolate
  std::vector<Element> children;            // Group, Repeat

  // Sector: a disc (inner_radius 0), a ring, or a part of either between two
  // angles (degrees clockwise from 12 o'clock), about `center`.
  Point center;
  double inner_radius = 0, outer_radius = 0;
  std::optional<std::pair<double, double>> angles;  // none: the full turn

  RepeatSpec repeat;  // Repeat
};

struct LayoutDef {
  std::string id;          // "palantir/card"
  std::string file;        // project path: layouts/<id>.yaml
  std::string edge_color;  // colour the bleed continues (for preflight)
  std::map<std::string, std::vector<Element>> components;
  std::vector<Element> elements;
};

// A text element's literal text that needs translating (letters outside
// {{…}}), with its id: "layout.<layout>.<element>".
struct LayoutString {
  std::string id;
  std::string text;
  SourceLoc loc;
};
std::vector<LayoutString> layout_strings(const LayoutDef& def);

// Reads layouts/<id>.yaml of `project`. Unknown keys, element types,
// components, fonts (checked against `fonts` when given) are diagnostics.
std::optional<LayoutDef> load_layout(const project::Project& project, const std::string& id,
                                     const text::FontLibrary* fonts, Diagnostics& diags);

}  // namespace kw::layout
