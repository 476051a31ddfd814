#include "layout/layout_def.h"

#include <cctype>
#include <set>

#include "model/schema.h"
#include "model/value.h"
#include "project/path.h"

namespace kw::layout {

namespace {

using model::Value;

class Parser {
 public:
  Parser(const text::FontLibrary* fonts, Diagnostics& diags) : fonts_(fonts), diags_(diags) {}

  std::vector<Element> elements(const Value& list) {
    std::vector<Element> out;
    if (!list.is_list()) {
      diags_.error(list.loc, std::string("expected a list of elements, found ") + list.kind_name());
      return out;
    }
    for (const auto& v : list.list)
      if (auto e = element(v)) out.push_back(std::move(*e));
    return out;
  }

  std::set<std::string> used_components;
  std::vector<std::pair<std::string, SourceLoc>> component_refs;

 private:
  std::optional<Element> element(const Value& v) {
    if (!v.is_map()) {
      diags_.error(v.loc, "an element must be a map with 'type:'");
      return std::nullopt;
    }
    Element e;
    e.loc = v.loc;
    const Value* type = v.find("type");
    static const std::map<std::string, Element::Kind> kinds = {
        {"rect", Element::Kind::Rect},     {"line", Element::Kind::Line},    {"art", Element::Kind::Art},
        {"text", Element::Kind::Text},     {"use", Element::Kind::Use},      {"group", Element::Kind::Group},
        {"sector", Element::Kind::Sector}, {"repeat", Element::Kind::Repeat}};
    if (!type || !kinds.count(type->scalar)) {
      diags_.error(type ? type->loc : v.loc,
                   type ? "unknown element type '" + type->scalar + "'" : "element without 'type:'", {},
                   "element types are rect, line, art, text, use, group, sector, repeat");
      return std::nullopt;
    }
    e.kind = kinds.at(type->scalar);
    std::set<std::string> allowed = {"type", "name", "when", "rotate", "origin"};
    switch (e.kind) {
      case Element::Kind::Rect:
        allowed.insert({"box", "area", "corner_radius", "fill", "stroke", "stroke_width"});
        break;
      case Element::Kind::Line:
        allowed.insert({"from", "to", "stroke", "stroke_width"});
        break;
      case Element::Kind::Art:
        allowed.insert({"box", "area", "src", "colors", "key"});
        break;
      case Element::Kind::Text:
        allowed.insert({"box", "text", "color", "font", "size", "align", "valign", "features", "tracking", "wrap",
                        "line_height", "hyphenate", "key"});
        break;
      case Element::Kind::Use:
        allowed.insert({"component", "with"});
        break;
      case Element::Kind::Group:
        allowed.insert({"elements"});
        break;
      case Element::Kind::Sector:
        allowed.insert({"center", "radius", "angles", "fill", "stroke", "stroke_width"});
        break;
      case Element::Kind::Repeat:
        allowed.insert({"elements", "count", "range", "table", "list", "as", "where", "ring", "track", "grid"});
        break;
    }
    for (const auto& [k, member] : v.map)
      if (!allowed.count(k)) {
        std::vector<std::string> names(allowed.begin(), allowed.end());
        diags_.error(member.key_loc, "unknown key '" + k + "' for a " + type->scalar + " element", {},
                     "known keys are " + model::join_names(names));
      }
    e.name = str(v, "name");
    e.when = str(v, "when");
    e.rotate = number(v, "rotate", 0);
    if (const Value* o = v.find("origin")) e.origin = point(*o);
    if (const Value* a = v.find("area")) {
      e.area = a->scalar;
      if (e.area != "bleed" && e.area != "trim" && e.area != "safe")
        diags_.error(a->loc, "unknown area '" + e.area + "'", {}, "areas are bleed, trim, safe");
    }
    if (const Value* b = v.find("box")) e.box = rect(*b);
    bool needs_box = e.kind == Element::Kind::Rect || e.kind == Element::Kind::Art || e.kind == Element::Kind::Text;
    if (needs_box && !v.find("box") && !v.find("area"))
      diags_.error(v.loc, "element needs 'box: [x, y, width, height]' (mm from the trim's top-left) or 'area:'");
    e.corner_radius = number(v, "corner_radius", 0);
    e.fill = str(v, "fill");
    e.stroke = str(v, "stroke");
    e.stroke_width = number(v, "stroke_width", e.stroke.empty() ? 0 : 0.25);
    if (!e.stroke.empty() && e.stroke_width < 0.18)
      diags_.error(v.find("stroke_width") ? v.find("stroke_width")->loc : v.loc,
                   "line width below 0.18 mm (0.5 pt), the print minimum");
    if (const Value* f = v.find("from")) e.from = point(*f);
    if (const Value* t = v.find("to")) e.to = point(*t);
    e.src = str(v, "src");
    if (e.kind == Element::Kind::Art && e.src.empty()) diags_.error(v.loc, "art element needs 'src:'");
    if (const Value* c = v.find("colors")) e.colors = string_map(*c);
    if (const Value* k = v.find("key")) e.key = k->as_bool().value_or(true);
    if (e.kind == Element::Kind::Text) text(v, e);
    if (e.kind == Element::Kind::Use) {
      e.component = str(v, "component");
      if (e.component.empty())
        diags_.error(v.loc, "use element needs 'component:'");
      else
        component_refs.emplace_back(e.component, v.find("component")->loc);
      if (const Value* w = v.find("with")) e.with = string_map(*w);
    }
    if (e.kind == Element::Kind::Group || e.kind == Element::Kind::Repeat) {
      const Value* children = v.find("elements");
      if (!children)
        diags_.error(v.loc, type->scalar + " element needs 'elements:'");
      else
        e.children = elements(*children);
    }
    if (e.kind == Element::Kind::Sector) sector(v, e);
    if (e.kind == Element::Kind::Repeat) repeat(v, e);
    return e;
  }

  void sector(const Value& v, Element& e) {
    if (const Value* c = v.find("center"))
      e.center = point(*c);
    else
      diags_.error(v.loc, "sector element needs 'center: [x, y]'");
    const Value* r = v.find("radius");
    if (!r) {
      diags_.error(v.loc, "sector element needs 'radius:' (a disc) or 'radius: [inner, outer]' (a ring)");
    } else if (r->is_list()) {
      auto n = numbers(*r, 2, "[inner, outer] radius in mm");
      e.inner_radius = n[0];
      e.outer_radius = n[1];
    } else {
      e.outer_radius = number(v, "radius", 0);
    }
    if (e.inner_radius < 0 || e.outer_radius <= e.inner_radius)
      diags_.error(r ? r->loc : v.loc, "sector radius must be positive, the outer larger than the inner");
    if (const Value* a = v.find("angles")) {
      auto n = numbers(*a, 2, "[from, to] in degrees clockwise from 12 o'clock");
      e.angles = std::make_pair(n[0], n[1]);
      if (n[1] <= n[0] || n[1] - n[0] > 360)
        diags_.error(a->loc, "sector angles must run clockwise: 'to' above 'from', at most one full turn");
    }
  }

  void repeat(const Value& v, Element& e) {
    RepeatSpec& r = e.repeat;
    int sources = 0;
    if (v.find("count")) {
      r.source = RepeatSpec::Source::Count;
      r.count = str(v, "count");
      ++sources;
    }
    if (const Value* range = v.find("range")) {
      r.source = RepeatSpec::Source::Range;
      if (range->is_list() && range->list.size() == 2 && range->list[0].is_scalar() && range->list[1].is_scalar()) {
        r.range_from = range->list[0].scalar;
        r.range_to = range->list[1].scalar;
      } else {
        diags_.error(range->loc, "expected 'range: [first, last]' (whole numbers, may use {{...}})");
      }
      ++sources;
    }
    if (v.find("table")) {
      r.source = RepeatSpec::Source::Table;
      r.table = str(v, "table");
      ++sources;
    }
    if (v.find("list")) {
      r.source = RepeatSpec::Source::List;
      r.list = str(v, "list");
      ++sources;
    }
    if (sources != 1) diags_.error(v.loc, "repeat element needs exactly one of 'count:', 'range:', 'table:', 'list:'");
    r.as = str(v, "as");
    if (!r.as.empty() && !is_name(r.as))
      diags_.error(v.find("as")->loc, "'as' must be a name (letters, digits, '_'), not '" + r.as + "'");
    if (r.as == "i" || r.as == "i0" || r.as == "n")
      diags_.error(v.find("as")->loc, "'" + r.as + "' is taken: every repeat binds i, i0 and n");
    if (r.as.empty() && (r.source == RepeatSpec::Source::Table || r.source == RepeatSpec::Source::List) && sources == 1)
      diags_.error(v.loc, "a repeat over a table or list needs 'as:' (the name its elements use for the item)");
    r.where = str(v, "where");
    int placements = 0;
    if (const Value* ring = v.find("ring")) {
      ++placements;
      r.place.kind = Placement::Kind::Ring;
      if (expect_keys(*ring, {"center", "radius", "start_angle", "clockwise", "rotate_items"}, "ring")) {
        if (const Value* c = ring->find("center"))
          r.place.center = point(*c);
        else
          diags_.error(ring->loc, "ring needs 'center: [x, y]'");
        if (!ring->find("radius")) diags_.error(ring->loc, "ring needs 'radius:'");
        r.place.radius = number(*ring, "radius", 0);
        r.place.start_angle = number(*ring, "start_angle", 0);
        r.place.clockwise = flag(*ring, "clockwise", true);
        r.place.rotate_items = flag(*ring, "rotate_items", false);
      }
    }
    if (const Value* track = v.find("track")) {
      ++placements;
      r.place.kind = Placement::Kind::Track;
      if (expect_keys(*track, {"from", "to", "step"}, "track")) {
        if (const Value* f = track->find("from"))
          r.place.from = point(*f);
        else
          diags_.error(track->loc, "track needs 'from: [x, y]'");
        const Value* to = track->find("to");
        const Value* step = track->find("step");
        if ((to != nullptr) == (step != nullptr))
          diags_.error(track->loc, "track needs either 'to: [x, y]' (the last item) or 'step: [dx, dy]'");
        if (to) r.place.to = point(*to);
        if (step) r.place.step = point(*step);
      }
    }
    if (const Value* grid = v.find("grid")) {
      ++placements;
      r.place.kind = Placement::Kind::Grid;
      if (expect_keys(*grid, {"from", "columns", "step"}, "grid")) {
        if (const Value* f = grid->find("from")) r.place.from = point(*f);
        const Value* cols = grid->find("columns");
        auto n = cols ? cols->as_int() : std::nullopt;
        if (!n || *n < 1)
          diags_.error(cols ? cols->loc : grid->loc, "grid needs 'columns:' (a whole number, 1 or more)");
        else
          r.place.columns = static_cast<int>(*n);
        if (const Value* step = grid->find("step"))
          r.place.step = point(*step);
        else
          diags_.error(grid->loc, "grid needs 'step: [column pitch, row pitch]'");
      }
    }
    if (placements > 1) diags_.error(v.loc, "repeat element takes at most one of 'ring:', 'track:', 'grid:'");
  }

  static bool is_name(const std::string& s) {
    if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
    for (char c : s)
      if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
    return true;
  }

  bool expect_keys(const Value& v, const std::set<std::string>& known, const std::string& what) {
    if (!v.is_map()) {
      diags_.error(v.loc, "'" + what + "' must be a map");
      return false;
    }
    for (const auto& [k, m] : v.map)
      if (!known.count(k)) {
        std::vector<std::string> names(known.begin(), known.end());
        diags_.error(m.key_loc, "unknown key '" + k + "' in " + what, {}, "known keys are " + model::join_names(names));
      }
    return true;
  }

  bool flag(const Value& v, const std::string& key, bool fallback) {
    const Value* m = v.find(key);
    if (!m) return fallback;
    auto b = m->as_bool();
    if (!b) diags_.error(m->loc, "'" + key + "' must be true or false");
    return b.value_or(fallback);
  }

  void text(const Value& v, Element& e) {
    e.text = str(v, "text");
    if (!v.find("text")) diags_.error(v.loc, "text element needs 'text:'");
    e.color = str(v, "color");
    if (e.color.empty()) e.color = "#000000";
    TextSpec& f = e.font;
    if (const Value* font = v.find("font")) {
      if (!font->is_map()) {
        diags_.error(font->loc, "'font' must be a map: { family: ..., style: ... }");
      } else {
        for (const auto& [k, m] : font->map)
          if (k != "family" && k != "style")
            diags_.error(m.key_loc, "unknown key '" + k + "' in font", {}, "known keys are family, style");
        f.family = str(*font, "family", f.family);
        f.style = str(*font, "style", f.style);
        if (fonts_ && !fonts_->has_family(f.family))
          diags_.error(font->find("family") ? font->find("family")->loc : font->loc,
                       "unknown font family '" + f.family + "'", {},
                       "fonts/fonts.yaml has " + model::join_names(fonts_->families()));
        else if (fonts_ && !fonts_->has_style(f.family, f.style))
          diags_.error(font->find("style") ? font->find("style")->loc : font->loc,
                       "font family '" + f.family + "' has no style '" + f.style + "'");
      }
    }
    if (const Value* s = v.find("size")) {
      if (s->is_list() && s->list.size() == 2 && s->list[0].as_number() && s->list[1].as_number()) {
        f.max_size_pt = *s->list[0].as_number();
        f.min_size_pt = *s->list[1].as_number();
        if (f.min_size_pt > f.max_size_pt) diags_.error(s->loc, "size range must be [largest, smallest]");
      } else if (auto n = s->as_number()) {
        f.max_size_pt = f.min_size_pt = *n;
      } else {
        diags_.error(s->loc, "'size' must be a point size or [largest, smallest]");
      }
    }
    static const std::map<std::string, text::Align> aligns = {{"left", text::Align::Left},
                                                              {"center", text::Align::Center},
                                                              {"right", text::Align::Right},
                                                              {"justify", text::Align::Justify}};
    static const std::map<std::string, text::VAlign> valigns = {
        {"top", text::VAlign::Top}, {"middle", text::VAlign::Middle}, {"bottom", text::VAlign::Bottom}};
    if (const Value* a = v.find("align")) {
      if (aligns.count(a->scalar))
        f.align = aligns.at(a->scalar);
      else
        diags_.error(a->loc, "unknown align '" + a->scalar + "'", {}, "left, center, right, justify");
    }
    if (const Value* a = v.find("valign")) {
      if (valigns.count(a->scalar))
        f.valign = valigns.at(a->scalar);
      else
        diags_.error(a->loc, "unknown valign '" + a->scalar + "'", {}, "top, middle, bottom");
    }
    if (const Value* fs_ = v.find("features")) {
      if (!fs_->is_list()) diags_.error(fs_->loc, "'features' must be a list like [smcp, onum]");
      for (const auto& item : fs_->list) f.features.push_back(item.scalar);
    }
    f.tracking_em = number(v, "tracking", 0);
    f.line_height = number(v, "line_height", f.line_height);
    if (const Value* w = v.find("wrap")) f.wrap = w->as_bool().value_or(true);
    if (const Value* h = v.find("hyphenate")) f.hyphenate = h->as_bool().value_or(true);
  }

  std::string str(const Value& v, const std::string& key, const std::string& fallback = {}) {
    const Value* m = v.find(key);
    if (!m || m->is_null()) return fallback;
    if (!m->is_scalar()) {
      diags_.error(m->loc, "'" + key + "' must be text");
      return fallback;
    }
    return m->scalar;
  }

  double number(const Value& v, const std::string& key, double fallback) {
    const Value* m = v.find(key);
    if (!m) return fallback;
    auto n = m->as_number();
    if (!n) {
      diags_.error(m->loc, "'" + key + "' must be a number");
      return fallback;
    }
    return *n;
  }

  std::vector<double> numbers(const Value& v, size_t count, const char* what) {
    std::vector<double> out;
    if (v.is_list() && v.list.size() == count)
      for (const auto& item : v.list)
        if (auto n = item.as_number()) out.push_back(*n);
    if (out.size() != count) {
      diags_.error(v.loc, std::string("expected ") + what);
      out.assign(count, 0);
    }
    return out;
  }

  Rect rect(const Value& v) {
    auto n = numbers(v, 4, "[x, y, width, height] in mm");
    return {n[0], n[1], n[2], n[3]};
  }

  Point point(const Value& v) {
    auto n = numbers(v, 2, "[x, y] in mm");
    return {n[0], n[1]};
  }

  std::map<std::string, std::string> string_map(const Value& v) {
    std::map<std::string, std::string> out;
    if (!v.is_map()) {
      diags_.error(v.loc, "expected a map");
      return out;
    }
    for (const auto& [k, m] : v.map) out[k] = m.scalar;
    return out;
  }

  const text::FontLibrary* fonts_;
  Diagnostics& diags_;
};

}  // namespace

namespace {

template <typename Fn>
void each_element(std::vector<Element>& elements, Fn&& fn) {
  for (auto& e : elements) {
    fn(e);
    each_element(e.children, fn);
  }
}

// Text ids are the element's name, numbered from the second use on, so a
// translator sees "heading", "heading#2", ... in layout order.
void assign_text_ids(LayoutDef& def) {
  std::map<std::string, int> seen;
  auto assign = [&](Element& e) {
    if (e.kind != Element::Kind::Text) return;
    std::string base = e.name.empty() ? "text" : e.name;
    int n = ++seen[base];
    e.text_id = n == 1 ? base : base + "#" + std::to_string(n);
  };
  for (auto& [name, elements] : def.components) each_element(elements, assign);
  each_element(def.elements, assign);
}

bool has_literal_letters(const std::string& text) {
  size_t pos = 0;
  while (pos < text.size()) {
    size_t open = text.find("{{", pos);
    std::string literal = text.substr(pos, open == std::string::npos ? std::string::npos : open - pos);
    for (unsigned char c : literal)
      if (std::isalpha(c) || c >= 0x80) return true;
    if (open == std::string::npos) break;
    size_t close = text.find("}}", open);
    if (close == std::string::npos) break;
    pos = close + 2;
  }
  return false;
}

}  // namespace

std::vector<LayoutString> layout_strings(const LayoutDef& def) {
  std::vector<LayoutString> out;
  auto collect = [&](Element& e) {
    if (e.kind == Element::Kind::Text && has_literal_letters(e.text))
      out.push_back({"layout." + def.id + "." + e.text_id, e.text, e.loc});
  };
  LayoutDef& d = const_cast<LayoutDef&>(def);  // each_element only reads here
  for (auto& [name, elements] : d.components) each_element(elements, collect);
  each_element(d.elements, collect);
  return out;
}

std::optional<LayoutDef> load_layout(const project::Project& project, const std::string& id,
                                     const text::FontLibrary* fonts, Diagnostics& diags) {
  const std::string file = project::join("layouts", id + ".yaml");
  size_t errors_before = diags.error_count();
  auto doc = model::read_yaml(project, file, diags);
  if (!doc) return std::nullopt;
  LayoutDef def;
  def.id = id;
  def.file = file;
  Parser parser(fonts, diags);
  if (!doc->is_map()) {
    diags.error(doc->loc, "a layout file must be a map with 'elements:'");
    return std::nullopt;
  }
  for (const auto& [k, v] : doc->map) {
    if (k == "edge_color")
      def.edge_color = v.scalar;
    else if (k == "components") {
      if (!v.is_map()) diags.error(v.loc, "'components' must be a map of name: [elements]");
      for (const auto& [name, list] : v.map) def.components[name] = parser.elements(list);
    } else if (k == "elements")
      def.elements = parser.elements(v);
    else if (k != "description")
      diags.error(v.key_loc, "unknown key '" + k + "' in layout", {},
                  "known keys are description, edge_color, components, elements");
  }
  if (!doc->find("elements")) diags.error(doc->loc, "layout has no 'elements:'");
  assign_text_ids(def);
  for (const auto& [name, loc] : parser.component_refs)
    if (!def.components.count(name)) diags.error(loc, "unknown component '" + name + "'");
  if (diags.error_count() > errors_before) return std::nullopt;
  return def;
}

}  // namespace kw::layout
