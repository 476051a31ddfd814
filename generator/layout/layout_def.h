#pragma once
// A layout definition as read from layouts/<game>/<name>.yaml: a tree of
// elements placed in millimetres relative to the trim box's top-left corner.
// Strings may contain {{field}} references; `when:` selects elements per card.
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "core/geometry.h"
#include "text/typesetter.h"

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

struct Element {
  enum class Kind { Rect, Line, Art, Text, Use, Group };
  Kind kind = Kind::Rect;
  std::string name;
  SourceLoc loc;
  std::string when;                 // condition; empty = always

  // Rect/Art/Text: the box. `area` names a page box (bleed, trim, safe) instead.
  std::string area;
  Rect box;
  double corner_radius = 0;
  std::string fill, stroke;         // colours (may interpolate); empty = none
  double stroke_width = 0;
  Point from, to;                   // Line

  std::string src;                  // Art: file under templates/, optional #element
  std::map<std::string, std::string> colors;  // Art: CSS class -> colour
  bool key = true;                  // Art/Text: must stay in the safe area

  std::string text;                 // Text: markup (may interpolate)
  std::string color;                // Text: colour
  TextSpec font;

  double rotate = 0;                // degrees, clockwise; Use/Group about `origin`, Text/Art about the box centre
  std::optional<Point> origin;      // default: the trim centre
  std::string component;            // Use
  std::map<std::string, std::string> with;  // Use: path aliases (side: good)
  std::vector<Element> children;    // Group
};

struct LayoutDef {
  std::string id;                   // "palantir/card"
  std::filesystem::path file;
  std::string edge_color;           // colour the bleed continues (for preflight)
  std::map<std::string, std::vector<Element>> components;
  std::vector<Element> elements;
};

// Reads layouts/<id>.yaml under `layouts_dir`. Unknown keys, element types,
// components, fonts (checked against `fonts` when given) are diagnostics.
std::optional<LayoutDef> load_layout(const std::filesystem::path& layouts_dir, const std::string& id,
                                     const text::FontLibrary* fonts, Diagnostics& diags);

}  // namespace kw::layout
