#include "layout/layout_def.h"

#include <set>

#include "model/schema.h"
#include "model/value.h"

namespace kw::layout {

namespace {

using model::Value;
namespace fs = std::filesystem;

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
        {"rect", Element::Kind::Rect}, {"line", Element::Kind::Line}, {"art", Element::Kind::Art},
        {"text", Element::Kind::Text}, {"use", Element::Kind::Use},   {"group", Element::Kind::Group}};
    if (!type || !kinds.count(type->scalar)) {
      diags_.error(type ? type->loc : v.loc, type ? "unknown element type '" + type->scalar + "'" : "element without 'type:'",
                   {}, "element types are rect, line, art, text, use, group");
      return std::nullopt;
    }
    e.kind = kinds.at(type->scalar);
    std::set<std::string> allowed = {"type", "name", "when", "rotate", "origin"};
    switch (e.kind) {
      case Element::Kind::Rect: allowed.insert({"box", "area", "corner_radius", "fill", "stroke", "stroke_width"}); break;
      case Element::Kind::Line: allowed.insert({"from", "to", "stroke", "stroke_width"}); break;
      case Element::Kind::Art: allowed.insert({"box", "area", "src", "colors", "key"}); break;
      case Element::Kind::Text:
        allowed.insert({"box", "text", "color", "font", "size", "align", "valign", "features", "tracking", "wrap",
                        "line_height", "hyphenate", "key"});
        break;
      case Element::Kind::Use: allowed.insert({"component", "with"}); break;
      case Element::Kind::Group: allowed.insert({"elements"}); break;
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
      if (e.component.empty()) diags_.error(v.loc, "use element needs 'component:'");
      else component_refs.emplace_back(e.component, v.find("component")->loc);
      if (const Value* w = v.find("with")) e.with = string_map(*w);
    }
    if (e.kind == Element::Kind::Group) {
      const Value* children = v.find("elements");
      if (!children) diags_.error(v.loc, "group element needs 'elements:'");
      else e.children = elements(*children);
    }
    return e;
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
        if (f.min_size_pt > f.max_size_pt)
          diags_.error(s->loc, "size range must be [largest, smallest]");
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
      if (aligns.count(a->scalar)) f.align = aligns.at(a->scalar);
      else diags_.error(a->loc, "unknown align '" + a->scalar + "'", {}, "left, center, right, justify");
    }
    if (const Value* a = v.find("valign")) {
      if (valigns.count(a->scalar)) f.valign = valigns.at(a->scalar);
      else diags_.error(a->loc, "unknown valign '" + a->scalar + "'", {}, "top, middle, bottom");
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

std::optional<LayoutDef> load_layout(const fs::path& layouts_dir, const std::string& id,
                                     const text::FontLibrary* fonts, Diagnostics& diags) {
  fs::path file = layouts_dir / (id + ".yaml");
  size_t errors_before = diags.error_count();
  auto doc = model::parse_yaml_file(file, diags);
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
    if (k == "edge_color") def.edge_color = v.scalar;
    else if (k == "components") {
      if (!v.is_map()) diags.error(v.loc, "'components' must be a map of name: [elements]");
      for (const auto& [name, list] : v.map) def.components[name] = parser.elements(list);
    } else if (k == "elements") def.elements = parser.elements(v);
    else if (k != "description")
      diags.error(v.key_loc, "unknown key '" + k + "' in layout", {},
                  "known keys are description, edge_color, components, elements");
  }
  if (!doc->find("elements")) diags.error(doc->loc, "layout has no 'elements:'");
  for (const auto& [name, loc] : parser.component_refs)
    if (!def.components.count(name)) diags.error(loc, "unknown component '" + name + "'");
  if (diags.error_count() > errors_before) return std::nullopt;
  return def;
}

}  // namespace kw::layout
