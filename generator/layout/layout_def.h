#pragma once
// A layout definition as read from layouts/<game>/<name>.yaml: a tree of
// elements placed in millimetres relative to the trim box's top-left corner.
// Strings may contain {{field}} references; `when:` selects elements per card.
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "core/diagnostic.h"
#include "core/geometry.h"
#include "layout/expression.h"
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
  std::optional<Condition> where;    // keeps only items for which this condition holds
  Placement place;
};

// What every element has.
struct ElementCommon {
  std::string name;
  SourceLoc loc;
  std::optional<Condition> when;  // none: drawn on every card
  // The elements (by name) this one may overlap as the layout intends
  // (`overlaps: [value, ring]`; "any": every element): the overlap check
  // (overlaps.h) says nothing of these pairs, declared on either element.
  std::vector<std::string> overlaps;
  SourceLoc overlaps_loc;
};

// Turned about its own centre (a box's, a sector's), degrees clockwise.
struct Rotated {
  double rotate = 0;
};

// Its elements turned about `origin` (default: the trim centre), degrees clockwise.
struct Turned {
  double rotate = 0;
  std::optional<Point> origin;
};

// A box, or `area` naming a page box (bleed, trim, safe) instead.
struct Boxed {
  std::string area;
  Rect box;
};

struct RectElement : ElementCommon, Rotated, Boxed {
  double corner_radius = 0;
  std::string fill, stroke;  // colours (may interpolate); empty = none
  double stroke_width = 0;
};

struct LineElement : ElementCommon {
  Point from, to;
  std::string stroke;  // colour (may interpolate); empty: black
  double stroke_width = 0;
};

struct ArtElement : ElementCommon, Rotated, Boxed {
  std::string src;                            // file under templates/, optional #element (may interpolate)
  SourceLoc src_loc;                          // the `src:` value, where problems with the file are reported
  std::map<std::string, std::string> colors;  // CSS class -> colour
  bool key = true;                            // must stay in the safe area
};

// A raster picture (PNG, JPEG, WebP) under templates/, fitted into its box.
struct ImageElement : ElementCommon, Rotated, Boxed {
  std::string src;  // file under templates/ (may interpolate)
  enum class Fit { Cover, Contain, Fill };
  Fit fit = Fit::Cover;
  // Two numbers 0..1 (may interpolate; empty: 0.5): the point of the
  // picture cover keeps in view, and where contain leaves the room.
  std::vector<std::string> focus;
  // Four numbers 0..1 (may interpolate): x, y, width, height of the part
  // of the picture used, as fractions of its size; empty: all of it.
  std::vector<std::string> crop;
  // "" (none), "circle" (the ellipse inscribed in the placed picture), or
  // an SVG under templates/ with #element (may interpolate).
  std::string mask;
  double corner_radius = 0;  // mm
  double opacity = 1;
  bool key = true;                                   // must stay in the safe area
  SourceLoc src_loc, focus_loc, crop_loc, mask_loc;  // where each key is written
};

struct TextElement : ElementCommon, Rotated {
  Rect box;
  std::string text;     // markup (may interpolate)
  std::string text_id;  // "<name>" (or "<name>#2"...), its translation id in the layout
  std::string color;
  // Inline icon name -> colour of its `fg` class (may interpolate), or "own":
  // drawn in its own colours. Icons not named take the text colour.
  std::map<std::string, std::string> icon_colors;
  TextSpec font;
  bool key = true;  // must stay in the safe area
};

struct SectorElement : ElementCommon, Rotated {
  // A disc (inner_radius 0), a ring, or a part of either between two angles
  // (degrees clockwise from 12 o'clock), about `center`.
  Point center;
  double inner_radius = 0, outer_radius = 0;
  std::optional<std::pair<double, double>> angles;  // none: the full turn
  std::string fill, stroke;
  double stroke_width = 0;
};

struct UseElement;
struct GroupElement;
struct RepeatElement;
using Element = std::variant<RectElement, LineElement, ArtElement, ImageElement, TextElement, UseElement, GroupElement,
                             SectorElement, RepeatElement>;

struct UseElement : ElementCommon, Turned {
  std::string component;
  std::map<std::string, std::string> with;  // path aliases (side: good); targets may interpolate
};

struct GroupElement : ElementCommon, Turned {
  std::vector<Element> children;
};

struct RepeatElement : ElementCommon, Turned {
  RepeatSpec repeat;
  std::vector<Element> children;
};

// The part every kind of element has.
const ElementCommon& common(const Element& e);

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

// Reads layouts/<id>.yaml of `project` (keys: layout_schema.h). Unknown keys,
// element types, components, fonts (checked against `fonts` when given) and
// conditions that cannot be read are diagnostics.
std::optional<LayoutDef> load_layout(const project::Project& project, const std::string& id,
                                     const text::FontLibrary* fonts, Diagnostics& diags);

}  // namespace kw::layout
