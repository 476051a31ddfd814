#include "layout/element_reader.h"

#include <cctype>
#include <map>

#include "layout/layout_schema.h"
#include "text/font_library.h"

namespace kw::layout {

using yaml::Value;

namespace {

template <typename Kind>
Kind with_common(ElementCommon c) {
  Kind e;
  static_cast<ElementCommon&>(e) = std::move(c);
  return e;
}

// Where a member is written, else where its map is.
SourceLoc loc_of(const yaml::Reader& r, const std::string& key) {
  const Value* v = r.value().find(key);
  return v ? v->loc : r.value().loc;
}

// Written, even if empty or wrong (then reported by the reader).
bool written(const yaml::Reader& r, const std::string& key) {
  const Value* v = r.value().find(key);
  return v && !v->is_null();
}

bool is_name(const std::string& s) {
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
  for (char c : s)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
  return true;
}

// "did you mean 'italic'? font family 'garamond' has the styles regular, italic, bold"
std::string style_hint(const text::FontLibrary& fonts, const std::string& family, const std::string& style) {
  const std::vector<std::string> styles = fonts.styles(family);
  std::string hint;
  if (auto near = yaml::closest_name(style, styles); !near.empty()) hint = "did you mean '" + near + "'? ";
  return hint + "font family '" + family + "' has the styles " + yaml::join_names(styles) + " (fonts/fonts.yaml)";
}

}  // namespace

std::vector<Element> ElementReader::elements(const Value& list) {
  std::vector<Element> out;
  for (const auto& v : list.list)
    if (auto e = element(v)) out.push_back(std::move(*e));
  return out;
}

std::optional<Element> ElementReader::element(const Value& v) {
  if (!v.is_map()) {
    diags_.error(v.loc, "an element must be a map with 'type:'");
    return std::nullopt;
  }
  const Value* type = v.find("type");
  const yaml::Schema* kind =
      type && type->is_scalar() ? yaml::find_case(element_schema(), "type", type->scalar) : nullptr;
  if (!kind) {
    auto types = yaml::case_names(element_schema(), "type");
    if (type)
      yaml::report_unknown(diags_, type->loc, type->scalar, types, "element type", {});
    else
      diags_.error(v.loc, "element without 'type:'", {}, "element types are " + yaml::join_names(types));
    return std::nullopt;
  }
  const std::string& name = type->scalar;
  yaml::Reader r(v, *kind, diags_, {name + " element", "for a " + name + " element", {}});
  using Read = Element (ElementReader::*)(yaml::Reader&, ElementCommon);
  static const std::map<std::string, Read> readers = {
      {"rect", &ElementReader::rect},     {"line", &ElementReader::line},     {"art", &ElementReader::art},
      {"text", &ElementReader::text},     {"use", &ElementReader::use},       {"group", &ElementReader::group},
      {"sector", &ElementReader::sector}, {"repeat", &ElementReader::repeat}, {"image", &ElementReader::image}};
  return (this->*readers.at(name))(r, common(r));
}

ElementCommon ElementReader::common(yaml::Reader& r) {
  ElementCommon c;
  c.name = r.text("name").value_or("");
  c.loc = r.value().loc;
  c.when = condition(r, "when");
  c.overlaps = r.words("overlaps").value_or(std::vector<std::string>{});
  c.overlaps_loc = loc_of(r, "overlaps");
  return c;
}

// Conditions are parsed here, once: a condition that cannot be read is a
// problem of the layout, at the condition.
std::optional<Condition> ElementReader::condition(yaml::Reader& r, const std::string& key) {
  auto text = r.text(key);
  if (!text || text->empty()) return std::nullopt;
  std::string error;
  auto c = Condition::parse(*text, error);
  if (!c) r.error(r.find(key)->loc, error + " (in '" + key + "')");
  return c;
}

void ElementReader::box(yaml::Reader& r, Boxed& b) {
  b.area = r.text("area").value_or("");
  if (auto rect = r.rect("box")) b.box = *rect;
  if (!written(r, "box") && !written(r, "area"))
    r.error(r.value().loc, "element needs 'box: [x, y, width, height]' (mm from the trim's top-left) or 'area:'");
}

void ElementReader::stroke(yaml::Reader& r, std::string& colour, double& width) {
  colour = r.text("stroke").value_or("");
  width = r.number("stroke_width").value_or(colour.empty() ? 0 : 0.25);
  if (!colour.empty() && width < 0.18)
    r.error(loc_of(r, "stroke_width"), "line width below 0.18 mm (0.5 pt), the print minimum");
}

void ElementReader::turn(yaml::Reader& r, Turned& t) {
  t.rotate = r.number("rotate").value_or(0);
  t.origin = r.point("origin");
}

Element ElementReader::rect(yaml::Reader& r, ElementCommon c) {
  auto e = with_common<RectElement>(std::move(c));
  e.rotate = r.number("rotate").value_or(0);
  box(r, e);
  e.corner_radius = r.number("corner_radius").value_or(0);
  e.fill = r.text("fill").value_or("");
  stroke(r, e.stroke, e.stroke_width);
  return e;
}

Element ElementReader::line(yaml::Reader& r, ElementCommon c) {
  auto e = with_common<LineElement>(std::move(c));
  e.from = r.point("from").value_or(Point{});
  e.to = r.point("to").value_or(Point{});
  stroke(r, e.stroke, e.stroke_width);
  return e;
}

Element ElementReader::art(yaml::Reader& r, ElementCommon c) {
  auto e = with_common<ArtElement>(std::move(c));
  e.rotate = r.number("rotate").value_or(0);
  box(r, e);
  e.src = r.text("src").value_or("");
  e.src_loc = loc_of(r, "src");
  e.colors = r.text_map("colors");
  e.key = r.flag("key").value_or(true);
  return e;
}

Element ElementReader::image(yaml::Reader& r, ElementCommon c) {
  auto e = with_common<ImageElement>(std::move(c));
  e.rotate = r.number("rotate").value_or(0);
  box(r, e);
  e.src = r.text("src").value_or("");
  e.src_loc = loc_of(r, "src");
  static const std::map<std::string, ImageElement::Fit> fits = {
      {"cover", ImageElement::Fit::Cover}, {"contain", ImageElement::Fit::Contain}, {"fill", ImageElement::Fit::Fill}};
  if (auto f = r.text("fit"); f && fits.count(*f)) e.fit = fits.at(*f);
  e.focus = r.words("focus").value_or(std::vector<std::string>{});
  e.focus_loc = loc_of(r, "focus");
  if (written(r, "focus") && e.focus.size() != 2)
    r.error(e.focus_loc, "expected 'focus: [x, y]' (fractions 0..1 of the picture; may use {{...}})");
  e.crop = r.words("crop").value_or(std::vector<std::string>{});
  e.crop_loc = loc_of(r, "crop");
  if (written(r, "crop") && e.crop.size() != 4)
    r.error(e.crop_loc, "expected 'crop: [x, y, width, height]' (fractions 0..1 of the picture; may use {{...}})");
  e.mask = r.text("mask").value_or("");
  e.mask_loc = loc_of(r, "mask");
  e.corner_radius = r.number("corner_radius").value_or(0);
  e.opacity = r.number("opacity").value_or(1);
  if (e.opacity < 0 || e.opacity > 1) r.error(loc_of(r, "opacity"), "opacity must lie between 0 and 1");
  e.key = r.flag("key").value_or(true);
  return e;
}

Element ElementReader::text(yaml::Reader& r, ElementCommon c) {
  auto e = with_common<TextElement>(std::move(c));
  e.rotate = r.number("rotate").value_or(0);
  e.box = r.rect("box").value_or(Rect{});
  e.text = r.text("text").value_or("");
  e.color = r.text("color").value_or("#000000");
  e.icon_colors = r.text_map("icon_colors");
  e.key = r.flag("key").value_or(true);
  TextSpec& f = e.font;
  font(r, f);
  size(r, f);
  static const std::map<std::string, text::Align> aligns = {
      {"left", text::Align::Left},       {"center", text::Align::Center}, {"right", text::Align::Right},
      {"justify", text::Align::Justify}, {"start", text::Align::Start},   {"end", text::Align::End}};
  static const std::map<std::string, text::VAlign> valigns = {
      {"top", text::VAlign::Top}, {"middle", text::VAlign::Middle}, {"bottom", text::VAlign::Bottom}};
  if (auto a = r.text("align")) f.align = aligns.at(*a);
  if (auto a = r.text("valign")) f.valign = valigns.at(*a);
  f.features = r.words("features").value_or(std::vector<std::string>{});
  f.tracking_em = r.number("tracking").value_or(0);
  f.line_height = r.number("line_height").value_or(f.line_height);
  f.wrap = r.flag("wrap").value_or(true);
  f.hyphenate = r.flag("hyphenate").value_or(true);
  return e;
}

void ElementReader::font(yaml::Reader& r, TextSpec& f) {
  auto font = r.record("font");
  if (!font) return;
  f.family = font->text("family").value_or(f.family);
  f.style = font->text("style").value_or(f.style);
  if (fonts_ && !fonts_->has_family(f.family))
    diags_.error(loc_of(*font, "family"), "unknown font family '" + f.family + "'", {},
                 "fonts/fonts.yaml has " + yaml::join_names(fonts_->families()));
  else if (fonts_ && !fonts_->has_style(f.family, f.style))
    diags_.error(loc_of(*font, "style"), "font family '" + f.family + "' has no style '" + f.style + "'", {},
                 style_hint(*fonts_, f.family, f.style));
}

void ElementReader::size(yaml::Reader& r, TextSpec& f) {
  if (auto range = r.numbers("size")) {
    f.max_size_pt = (*range)[0];
    f.min_size_pt = (*range)[1];
    if (f.min_size_pt > f.max_size_pt) r.error(loc_of(r, "size"), "size range must be [largest, smallest]");
  } else if (auto n = r.number("size")) {
    f.max_size_pt = f.min_size_pt = *n;
  }
}

Element ElementReader::use(yaml::Reader& r, ElementCommon c) {
  auto e = with_common<UseElement>(std::move(c));
  turn(r, e);
  e.component = r.text("component").value_or("");
  if (!e.component.empty()) component_refs_.emplace_back(e.component, r.find("component")->loc);
  e.with = r.text_map("with");
  return e;
}

Element ElementReader::group(yaml::Reader& r, ElementCommon c) {
  auto e = with_common<GroupElement>(std::move(c));
  turn(r, e);
  if (const Value* children = r.find("elements")) e.children = elements(*children);
  return e;
}

Element ElementReader::sector(yaml::Reader& r, ElementCommon c) {
  auto e = with_common<SectorElement>(std::move(c));
  e.rotate = r.number("rotate").value_or(0);
  e.center = r.point("center").value_or(Point{});
  if (auto pair = r.numbers("radius")) {
    e.inner_radius = (*pair)[0];
    e.outer_radius = (*pair)[1];
  } else {
    e.outer_radius = r.number("radius").value_or(0);
  }
  if (e.inner_radius < 0 || e.outer_radius <= e.inner_radius)
    r.error(loc_of(r, "radius"), "sector radius must be positive, the outer larger than the inner");
  if (auto angles = r.numbers("angles")) {
    e.angles = std::make_pair((*angles)[0], (*angles)[1]);
    if (e.angles->second <= e.angles->first || e.angles->second - e.angles->first > 360)
      r.error(loc_of(r, "angles"), "sector angles must run clockwise: 'to' above 'from', at most one full turn");
  }
  e.fill = r.text("fill").value_or("");
  stroke(r, e.stroke, e.stroke_width);
  return e;
}

Element ElementReader::repeat(yaml::Reader& r, ElementCommon c) {
  auto e = with_common<RepeatElement>(std::move(c));
  turn(r, e);
  source(r, e.repeat);
  item_name(r, e.repeat);
  e.repeat.where = condition(r, "where");
  placement(r, e.repeat.place);
  if (const Value* children = r.find("elements")) e.children = elements(*children);
  return e;
}

// count:, range:, table: or list: — exactly one of them.
void ElementReader::source(yaml::Reader& r, RepeatSpec& spec) {
  int sources = 0;
  if (written(r, "count")) {
    spec.source = RepeatSpec::Source::Count;
    spec.count = r.text("count").value_or("");
    ++sources;
  }
  if (written(r, "range")) {
    spec.source = RepeatSpec::Source::Range;
    auto ends = r.words("range");
    if (ends && ends->size() == 2) {
      spec.range_from = (*ends)[0];
      spec.range_to = (*ends)[1];
    } else {
      r.error(loc_of(r, "range"), "expected 'range: [first, last]' (whole numbers, may use {{...}})");
    }
    ++sources;
  }
  if (written(r, "table")) {
    spec.source = RepeatSpec::Source::Table;
    spec.table = r.text("table").value_or("");
    ++sources;
  }
  if (written(r, "list")) {
    spec.source = RepeatSpec::Source::List;
    spec.list = r.text("list").value_or("");
    ++sources;
  }
  if (sources != 1) r.error(r.value().loc, "repeat element needs exactly one of 'count:', 'range:', 'table:', 'list:'");
  bool needs_name =
      sources == 1 && (spec.source == RepeatSpec::Source::Table || spec.source == RepeatSpec::Source::List);
  if (needs_name && r.text("as").value_or("").empty())
    r.error(r.value().loc, "a repeat over a table or list needs 'as:' (the name its elements use for the item)");
}

void ElementReader::item_name(yaml::Reader& r, RepeatSpec& spec) {
  spec.as = r.text("as").value_or("");
  if (spec.as.empty()) return;
  if (!is_name(spec.as)) r.error(loc_of(r, "as"), "'as' must be a name (letters, digits, '_'), not '" + spec.as + "'");
  if (spec.as == "i" || spec.as == "i0" || spec.as == "n")
    r.error(loc_of(r, "as"), "'" + spec.as + "' is taken: every repeat binds i, i0 and n");
}

void ElementReader::placement(yaml::Reader& r, Placement& p) {
  int placements = 0;
  if (auto ring = r.record("ring")) {
    ++placements;
    p.kind = Placement::Kind::Ring;
    p.center = ring->point("center").value_or(Point{});
    p.radius = ring->number("radius").value_or(0);
    p.start_angle = ring->number("start_angle").value_or(0);
    p.clockwise = ring->flag("clockwise").value_or(true);
    p.rotate_items = ring->flag("rotate_items").value_or(false);
  }
  if (auto track = r.record("track")) {
    ++placements;
    p.kind = Placement::Kind::Track;
    p.from = track->point("from").value_or(Point{});
    if (written(*track, "to") == written(*track, "step"))
      track->error(track->value().loc, "track needs either 'to: [x, y]' (the last item) or 'step: [dx, dy]'");
    p.to = track->point("to");
    if (auto step = track->point("step")) p.step = *step;
  }
  if (auto grid = r.record("grid")) {
    ++placements;
    p.kind = Placement::Kind::Grid;
    p.from = grid->point("from").value_or(Point{});
    p.columns = static_cast<int>(grid->integer("columns").value_or(1));
    p.step = grid->point("step").value_or(Point{});
  }
  if (placements > 1) r.error(r.value().loc, "repeat element takes at most one of 'ring:', 'track:', 'grid:'");
}

}  // namespace kw::layout
