#include "layout/layout_schema.h"

#include <utility>

namespace kw::layout {

using namespace yaml;  // the declaration builders: record, key, text, ...

namespace {

// An element kind: its `type:`, the keys every element has, then its own.
// `example` (YAML) goes into docs/reference.md; tests/docs/reference_test.cpp
// fails for a kind without one.
Schema kind(const std::string& type, std::vector<Key> own, std::string example = {}) {
  std::vector<Key> keys = {
      required_key("type", choice({type}, "element type"), "the kind of element"),
      key("name", text(), "names the element in messages, tests and translation ids"),
      key("when", text(), "a condition: the element is drawn only for cards where it holds"),
      key("overlaps", list_of(text()),
          "elements (by name) whose boxes this one may overlap as intended, or [any]; `check` warns of a text box "
          "that overlaps another element's box undeclared"),
  };
  for (auto& k : own) keys.push_back(std::move(k));
  return with_example(record(type + " element", std::move(keys)), std::move(example));
}

Key rotate_about_centre() {
  return key("rotate", number(-3600, 3600), "degrees clockwise about the element's own centre");
}
Key rotate_about_origin() { return key("rotate", number(-3600, 3600), "degrees clockwise about 'origin'"); }
Key origin() { return key("origin", point(), "the point 'rotate' turns about, mm; default: the trim centre"); }
Key box_key() { return key("box", box(), "mm from the trim's top-left corner"); }
Key area() { return key("area", choice({"bleed", "trim", "safe"}), "a page box instead of 'box'"); }
Key fill() { return key("fill", text(), "fill colour \"#rrggbb\" (may use {{...}}); default: none"); }
Key stroke() { return key("stroke", text(), "outline colour \"#rrggbb\" (may use {{...}}); default: none"); }
Key stroke_width() { return key("stroke_width", number(0, 100), "outline width, mm (at least 0.18); default 0.25"); }
Key key_motif() { return key("key", boolean(), "must stay inside the safe area; default true"); }
// Elements are checked one by one by the layout reader, each against its kind.
Schema elements() { return list_of(read_as("element", "an element (a map with 'type:')")); }
Key children() { return required_key("elements", elements(), "the elements it draws"); }

Schema font() {
  return record("font", {
                            key("family", text(), "a family of fonts/fonts.yaml; default garamond"),
                            key("style", text(), "regular, italic, bold, semibold or bold-italic; default regular"),
                        });
}

Schema ring() {
  return record("ring", {
                            required_key("center", point(), "the ring's centre, mm"),
                            required_key("radius", number(0, kMaxLength), "mm"),
                            key("start_angle", number(), "the first item, degrees clockwise from 12 o'clock"),
                            key("clockwise", boolean(), "default true"),
                            key("rotate_items", boolean(), "turn each item to face outwards; default false"),
                        });
}

Schema track() {
  return record("track",
                {
                    required_key("from", point(), "the first item's anchor, mm"),
                    key("to", point(), "the last item's anchor (items evenly spaced), mm"),
                    key("step", numbers({"dx", "dy"}, -kMaxLength, kMaxLength), "the distance between items, mm"),
                });
}

Schema grid() {
  return record("grid", {
                            key("from", point(), "the first item's anchor, mm"),
                            required_key("columns", integer(1), "items per row"),
                            required_key("step", numbers({"column pitch", "row pitch"}, -kMaxLength, kMaxLength), "mm"),
                        });
}

Schema rect_kind() {
  return kind("rect",
              {rotate_about_centre(), box_key(), area(), key("corner_radius", number(0, kMaxLength), "mm; default 0"),
               fill(), stroke(), stroke_width()},
              R"({ type: rect, area: bleed, fill: "{{region.background}}" })");
}

Schema line_kind() {
  return kind("line",
              {required_key("from", point(), "mm"), required_key("to", point(), "mm"), stroke(), stroke_width()},
              R"({ type: line, from: [4, 45.5], to: [55, 45.5], stroke: "#3a2a1a", stroke_width: 0.3 })");
}

Schema art_kind() {
  return kind(
      "art",
      {rotate_about_centre(), box_key(), area(),
       required_key("src", text(), "an SVG under templates/, optionally #element-id (may use {{...}})"),
       key("colors", dict_of(text(), "class"), "CSS class -> colour (may use {{...}})"), key_motif()},
      R"({ type: art, src: palantir/emblem.svg, box: [19.5, 30, 20, 20], colors: { fg: "{{region.accent}}" } })");
}

Schema image_kind() {
  return kind(
      "image",
      {rotate_about_centre(), box_key(), area(),
       required_key("src", text(), "a PNG, JPEG or WebP under templates/ (may use {{...}})"),
       key("fit", choice({"cover", "contain", "fill"}), "default cover"),
       key("focus", described(list_of(text()), "[x, y]"),
           "the point of the picture kept in view, fractions 0..1 (may use {{...}}); default [0.5, 0.5]"),
       key("crop", described(list_of(text()), "[x, y, width, height]"),
           "the part of the picture used, fractions 0..1 of its size (may use {{...}}); default all"),
       key("mask", text(), "circle, or an SVG shape under templates/ (file.svg#id; may use {{...}})"),
       key("corner_radius", number(0, kMaxLength), "mm; default 0"), key("opacity", number(0, 1), "0..1; default 1"),
       key_motif()},
      R"({ type: image, src: "{{picture.src}}", box: [9.5, 20, 40, 40], fit: cover, focus: ["{{picture.focus.0}}", "0.3"], mask: circle, opacity: 0.6 })");
}

Schema text_kind() {
  return kind(
      "text",
      {rotate_about_centre(), required_key("box", box(), "mm from the trim's top-left corner"),
       required_key("text", text(), "markup (may use {{...}})"),
       key("color", text(), "\"#rrggbb\" (may use {{...}}); default black"), key("font", font(), "family and style"),
       key("icon_colors", dict_of(text(), "icon"),
           "inline icon -> colour of its fg class (may use {{...}}), or own: the colours it is drawn in; default "
           "the text colour"),
       key("size", one_of({described(number(1, 1000), "a point size"), numbers({"largest", "smallest"}, 1, 1000)}),
           "points; a range: the largest that fits"),
       key("align", choice({"left", "center", "right", "justify", "start", "end"}),
           "default center; start and end follow the text's direction (start: left in German, right in Hebrew)"),
       key("valign", choice({"top", "middle", "bottom"}), "default middle"),
       key("features", list_of(text()), "OpenType features: smcp, onum, lnum, ..."),
       key("tracking", number(-1, 10), "letter spacing, em"), key("wrap", boolean(), "break lines; default true"),
       key("line_height", number(0.1, 10), "times the size; default 1.15"), key("hyphenate", boolean(), "default true"),
       key_motif()},
      R"({ type: text, name: title, box: [5, 6, 49, 10], text: "{{name}}", size: [12, 8], font: { style: bold } })");
}

Schema use_kind() {
  return kind("use",
              {rotate_about_origin(), origin(), required_key("component", text(), "a component of the layout"),
               key("with", dict_of(text(), "alias"), "path aliases: { side: evil } (may use {{...}})")},
              R"({ type: use, component: half, with: { side: evil }, rotate: 180 })");
}

Schema group_kind() {
  return kind("group", {rotate_about_origin(), origin(), children()},
              R"({ type: group, rotate: 90, elements: [ { type: rect, box: [0, 0, 10, 10], fill: "#000000" } ] })");
}

Schema sector_kind() {
  return kind(
      "sector",
      {rotate_about_centre(), required_key("center", point(), "mm"),
       required_key("radius", one_of({number(0, kMaxLength), numbers({"inner", "outer"}, 0, kMaxLength)}), "mm"),
       key("angles", numbers({"from", "to"}), "degrees clockwise from 12 o'clock; default: all"), fill(), stroke(),
       stroke_width()},
      R"({ type: sector, center: [29.5, 45.5], radius: [10, 14], angles: [0, 90], fill: "#a72608" })");
}

Schema repeat_kind() {
  return kind(
      "repeat",
      {rotate_about_origin(), origin(), children(),
       key("count", text(), "that many items (a whole number; may use {{...}})"),
       key("range", described(list_of(text()), "[first, last]"), "items first..last (whole numbers; may use {{...}})"),
       key("table", id(), "an item per entry of a table of the game"),
       key("list", text(), "an item per element of a list field (card or game.*)"),
       key("as", text(), "the item's name in the elements ({{space.colour}})"),
       key("where", text(), "a condition: only items for which it holds"), key("ring", ring(), "items on a circle"),
       key("track", track(), "items along a line"), key("grid", grid(), "items row by row")},
      R"({ type: repeat, count: 12, as: hour, ring: { center: [29.5, 45.5], radius: 20 }, elements: [ { type: text, box: [-3, -3, 6, 6], text: "{{i}}", size: 7 } ] })");
}

}  // namespace

const Schema& element_schema() {
  static const Schema s = one_of({rect_kind(), line_kind(), art_kind(), image_kind(), text_kind(), use_kind(),
                                  group_kind(), sector_kind(), repeat_kind()});
  return s;
}

const Schema& layout_file_schema() {
  static const Schema s = record(
      "layout",
      {
          key("description", text(), "what the layout draws"),
          key("edge_color", text(), "the colour the bleed continues, for preflight (may use {{...}})"),
          key("components", dict_of(elements(), "component"), "named lists of elements, drawn by 'use' elements"),
          required_key("elements", elements(), "what is drawn, in order"),
      });
  return s;
}

}  // namespace kw::layout
