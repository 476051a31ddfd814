#include "layout/card_layout.h"

#include <cmath>

#include "image/picture.h"
#include "layout/arcs.h"
#include "layout/entry_path.h"
#include "layout/expression.h"
#include "layout/icons.h"
#include "layout/image_fit.h"
#include "layout/overlaps.h"
#include "layout/placement.h"
#include "layout/svg_check.h"
#include "layout/svg_transparency.h"
#include "model/field_path.h"
#include "model/schema.h"
#include "project/path.h"
#include "project/project.h"
#include "project/sandbox.h"
#include "text/hyphenator.h"

namespace kw::layout {

Layouter::Layouter(const model::Model& model, const text::FontLibrary& fonts, const text::Typesetter& typesetter)
    : model_(model), fonts_(fonts), typesetter_(typesetter) {}

const LayoutDef* Layouter::definition(const std::string& id, Diagnostics& diags) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (auto it = cache_.find(id); it != cache_.end()) return it->second.get();
  if (failed_.count(id)) return nullptr;
  auto def = load_layout(*model_.project, id, &fonts_, diags);
  if (!def) {
    failed_[id] = true;
    return nullptr;
  }
  auto [it, inserted] = cache_.emplace(id, std::make_unique<LayoutDef>(std::move(*def)));
  return it->second.get();
}

namespace {

// The check named by diagnostics that merge_findings passes on once per
// build: no hyphenation dictionary for a language.
constexpr const char* kOnceCheck = "hyphenation";

// Everything one expansion needs; one per card.
struct Context {
  const model::Model& model;
  const model::Game& game;
  const model::Card* card;
  const LayoutDef& def;
  const text::Typesetter& typesetter;
  const text::FontLibrary& fonts;
  Diagnostics& diags;
  std::string language;
  page::Page& page;
  std::string card_id;
  const ValueMap* values;
  const model::CardFormat* format;
  bool draft = false;             // text that does not fit is drawn overflowing, marked red, and only warned about
  std::string label_family = {};  // the font of draft labels (a missing picture's name)
  std::vector<PlacedBox>* placed = nullptr;  // set: each element's box, for the overlap check
  // Set: only the text elements that show this field are set (fit_texts), into `fits`.
  const std::string* fit_path = nullptr;
  std::vector<TextFit>* fits = nullptr;
  ValuesRead* values_read = nullptr;  // set: every rules' value asked for goes here
};

struct Scope {
  Affine transform;                            // trim coordinates -> page coordinates
  std::map<std::string, std::string> aliases;  // from `use ... with:` and `repeat` over a list
  // From `repeat`: i, i0, n, and the item of a count or range. They shadow
  // card fields of the same name.
  std::map<std::string, std::string> variables;
  std::map<std::string, EntryRef> entries;  // from `repeat` over a table: the item's entry
};

}  // namespace

std::string game_text(const model::Game& game, const std::string& path) {
  static const model::Card empty;
  const model::Value* v = model::lookup(game, empty, path);
  return v ? value_text(*v) : std::string();
}

std::string game_list_length(const model::Game& game, const std::string& path) {
  static const model::Card empty;
  const model::Value* v = model::lookup(game, empty, path);
  return v && v->is_list() ? std::to_string(v->list.size()) : std::string("-");
}

namespace {

Resolver make_resolver(const Context& ctx, const Scope& scope) {
  return [&ctx, &scope](const std::string& raw) -> std::optional<std::string> {
    std::string path = apply_aliases(raw, scope.aliases);
    const model::PathHead split = model::split_head(path);
    if (auto v = scope.variables.find(split.head); v != scope.variables.end()) {
      if (split.rest) return std::nullopt;  // a number has no fields
      return v->second;
    }
    if (auto e = scope.entries.find(split.head); e != scope.entries.end())
      return entry_value(ctx.game, e->second, split.rest.value_or(std::string()));
    if (model::is_rules_path(path)) {
      const std::string* v = ctx.values ? model::rules_value(*ctx.values, path) : nullptr;
      if (ctx.values_read) (*ctx.values_read)[path] = v ? std::optional<std::string>(*v) : std::nullopt;
      if (!v) return std::nullopt;
      return *v;
    }
    if (!model::is_known_path(ctx.game, path, ctx.card ? ctx.card->deck_id : std::string())) return std::nullopt;
    if (path.rfind("game.", 0) == 0) {
      // The game's data: the same for a back and a card. Recorded for the
      // studio's memo, since it may be another card's entry
      // ({{game.decks.0.cards.1.name}}), which the card's key does not hold.
      std::string text = game_text(ctx.game, path);
      if (ctx.values_read) (*ctx.values_read)[path] = text;
      return text;
    }
    if (!ctx.card) return std::string();  // a back has no card: card fields read as unset
    const model::Value* v = model::lookup(ctx.game, *ctx.card, path);
    return v ? value_text(*v) : std::string();
  };
}

void report(const Context& ctx, const ElementCommon& e, const std::string& message) {
  Diagnostic d{Severity::Error, e.loc, message, ctx.card_id, {}, ctx.game.id};
  d.languages = {ctx.language};
  ctx.diags.add(std::move(d));
}

// The field paths `text` reads ("**{{title}}**" -> title), in order.
std::vector<std::string> read_paths(const std::string& text) {
  std::vector<std::string> out;
  for (size_t open = text.find("{{"); open != std::string::npos; open = text.find("{{", open + 2)) {
    size_t close = text.find("}}", open + 2);
    if (close == std::string::npos) break;
    std::string path = text.substr(open + 2, close - open - 2);
    path = path.substr(0, path.find(','));  // a count's plural forms follow a comma
    path.erase(0, path.find_first_not_of(" \t"));
    path.erase(path.find_last_not_of(" \t") + 1);
    out.push_back(path);
  }
  return out;
}

// Where a problem with the text an element sets from a card is fixed: the
// card's own field that the element reads (the translation's line in a
// locale), at `needle` when that field holds it. None for a card back, or
// when the element's text is the layout's own, which is then to blame.
std::optional<SourceLoc> card_text_loc(const Context& ctx, const Scope& scope, const std::string& source,
                                       const std::string& needle) {
  if (!ctx.card) return std::nullopt;
  std::optional<SourceLoc> first;
  for (const std::string& raw : read_paths(source)) {
    std::string path = apply_aliases(raw, scope.aliases);
    const std::string head = model::split_head(path).head;
    if (model::is_rules_path(path) || path.rfind("game.", 0) == 0 || scope.variables.count(head) ||
        scope.entries.count(head))
      continue;
    const model::Value* v = model::lookup(ctx.game, *ctx.card, path);
    if (!v || !v->is_scalar() || !v->loc.known()) continue;
    if (needle.empty()) return v->loc;
    if (v->scalar.find(needle) != std::string::npos)
      return ctx.model.project ? locate_in_source(*ctx.model.project, v->loc, needle) : v->loc;
    if (!first) first = v->loc;
  }
  return needle.empty() ? first : std::nullopt;
}

// `message` at the card's text when it comes from there (see card_text_loc),
// naming the layout element as the hint; else at the layout element.
void report_text(const Context& ctx, const Scope& scope, const ElementCommon& e, const std::string& source,
                 const std::string& needle, const std::string& message, Severity severity = Severity::Error) {
  std::optional<SourceLoc> at = card_text_loc(ctx, scope, source, needle);
  Diagnostic d{severity,
               at ? *at : e.loc,
               message,
               ctx.card_id,
               at ? "set by the layout element at " + e.loc.str() : std::string(),
               ctx.game.id};
  d.languages = {ctx.language};
  ctx.diags.add(std::move(d));
}

// What in a typesetter's error the card's text can be searched for: the
// unknown icon; empty for a text that does not fit or whose markup is broken
// (the whole text is to blame: the user fixes it there, not in the layout);
// nullopt for errors of the layout's style (font, sizes).
std::optional<std::string> card_text_needle(const std::string& error) {
  if (error.rfind("text does not fit", 0) == 0 || error.rfind("markup: ", 0) == 0) return std::string();
  if (error.rfind("unknown icon :", 0) == 0) return error.substr(std::string("unknown icon ").size());
  return std::nullopt;
}

std::optional<std::string> eval(const Context& ctx, const Scope& scope, const ElementCommon& e,
                                const std::string& text) {
  auto r = interpolate(text, make_resolver(ctx, scope), ctx.language);
  if (!r.ok()) {
    report(ctx, e, r.error);
    return std::nullopt;
  }
  // Card text may itself refer to the rules' values (a reference card's
  // "{{rules.trumps.standard}}") and the game's facts ("{{fact.blutbad}}"),
  // and only to those: card data cannot reach into other cards.
  if (r.value.find("{{") != std::string::npos) {
    Resolver rules_only = [&ctx, &scope](const std::string& path) -> std::optional<std::string> {
      if (!model::is_rules_path(path)) return std::nullopt;
      return make_resolver(ctx, scope)(path);
    };
    auto inner = interpolate(r.value, rules_only, ctx.language);
    if (!inner.ok()) {
      // "unknown field 'rules.x'": found at the name in the card's text.
      std::string needle;
      if (auto q = inner.error.find('\''); q != std::string::npos)
        needle = inner.error.substr(q + 1, inner.error.find('\'', q + 1) - q - 1);
      report_text(ctx, scope, e, text, needle,
                  needle.starts_with("fact.")
                      ? inner.error + " (no such fact, or a form its kind does not have: README, Rule facts)"
                      : inner.error + " (in the card's text; card text may refer to {{rules.…}} and {{fact.…}} only)");
      return std::nullopt;
    }
    return inner.value;
  }
  return r.value;
}

std::optional<Color> color(const Context& ctx, const Scope& scope, const ElementCommon& e, const std::string& text) {
  if (text.empty()) return std::nullopt;
  auto s = eval(ctx, scope, e, text);
  if (!s) return std::nullopt;
  auto c = Color::parse(*s);
  if (!c) report(ctx, e, "'" + *s + "' is not a colour (from \"" + text + "\")");
  return c;
}

Rect area_box(const Context& ctx, const Boxed& e) {
  const auto& f = *ctx.format;
  if (e.area == "bleed") return {-f.bleed, -f.bleed, f.width + 2 * f.bleed, f.height + 2 * f.bleed};
  if (e.area == "trim") return {0, 0, f.width, f.height};
  if (e.area == "safe") return {f.safe, f.safe, f.width - 2 * f.safe, f.height - 2 * f.safe};
  return e.box;
}

// Rotation of an element about its own box centre (art and text).
Affine own_rotation(const Rotated& e, const Rect& box) {
  if (e.rotate == 0) return {};
  return Affine::rotate_about(e.rotate, box.center());
}

void push(const Context& ctx, const ElementCommon& e, page::Shape shape, const Affine& t, const Rect& local_bounds,
          bool key) {
  // Whether art blends is resolved here, once, into the display list.
  if (auto* art = std::get_if<page::SvgArt>(&shape); art && art->svg)
    art->blends = svg_blends(*art->svg, art->element_id, art->stylesheet);
  page::Item item;
  item.shape = std::move(shape);
  item.transform = t;
  item.name = e.name;
  item.source = e.loc;
  item.keep_in_safe_area = key;
  item.bounds = t.apply(local_bounds);
  ctx.page.items.push_back(std::move(item));
}

// Where element `e` is drawn on the page, for the overlap check.
void place(const Context& ctx, const ElementCommon& e, const Rect& page_box, bool text) {
  if (ctx.placed) ctx.placed->push_back({&e, page_box, text, {}});
}

void expand(const Context& ctx, const Scope& scope, const std::vector<Element>& elements, int depth);

// Turning a group, use or repeat about `origin` (default: the trim centre).
Scope rotated(const Context& ctx, const Scope& scope, const Turned& e) {
  Scope inner = scope;
  if (e.rotate != 0) {
    const auto& f = *ctx.format;
    Point origin = e.origin.value_or(Point{f.width / 2, f.height / 2});
    inner.transform = scope.transform.then_after(Affine::rotate_about(e.rotate, origin));
  }
  return inner;
}

void draw(const Context& ctx, const Scope& scope, const RectElement& e, int) {
  page::RectShape s;
  s.rect = area_box(ctx, e);
  s.corner_radius = e.corner_radius;
  s.paint.fill = color(ctx, scope, e, e.fill);
  s.paint.stroke = color(ctx, scope, e, e.stroke);
  s.paint.stroke_width = e.stroke_width;
  Rect bounds = s.paint.stroke ? s.rect.inset(-e.stroke_width / 2) : s.rect;
  Affine t = scope.transform.then_after(own_rotation(e, s.rect));
  place(ctx, e, t.apply(bounds), false);
  push(ctx, e, s, t, bounds, false);
}

void draw(const Context& ctx, const Scope& scope, const LineElement& e, int) {
  page::PathShape s;
  s.commands.push_back({page::PathCommand::Op::Move, {e.from}});
  s.commands.push_back({page::PathCommand::Op::Line, {e.to}});
  s.paint.stroke = color(ctx, scope, e, e.stroke.empty() ? "#000000" : e.stroke);
  s.paint.stroke_width = e.stroke_width > 0 ? e.stroke_width : 0.25;
  Rect bounds{std::min(e.from.x, e.to.x), std::min(e.from.y, e.to.y), std::abs(e.to.x - e.from.x),
              std::abs(e.to.y - e.from.y)};
  const Rect stroked = bounds.inset(-s.paint.stroke_width / 2);
  place(ctx, e, scope.transform.apply(stroked), false);
  push(ctx, e, std::move(s), scope.transform, stroked, false);
}

// Whether an SVG has an element with id `id` (src: file.svg#id): an `id`
// attribute of that value. The renderer asks librsvg the same question
// (rsvg_handle_has_sub); asked here, `check` finds a wrong name at its line
// instead of the build failing at this card.
bool svg_has_id(std::string_view svg, const std::string& id) {
  auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
  for (char quote : {'"', '\''}) {
    const std::string value = std::string(1, quote) + id + quote;
    for (size_t at = svg.find(value); at != std::string_view::npos; at = svg.find(value, at + 1)) {
      size_t k = at;  // back over `id = ` to the attribute's name
      while (k > 0 && space(svg[k - 1])) --k;
      if (k == 0 || svg[--k] != '=') continue;
      while (k > 0 && space(svg[k - 1])) --k;
      if (k >= 3 && svg.substr(k - 2, 2) == "id" && space(svg[k - 3])) return true;
    }
  }
  return false;
}

void draw(const Context& ctx, const Scope& scope, const ArtElement& e, int) {
  auto src = eval(ctx, scope, e, e.src);
  if (!src) return;
  if (src->empty()) return report(ctx, e, "art source \"" + e.src + "\" is empty for this card");
  page::SvgArt art;
  std::string file = src->substr(0, src->find('#'));
  if (auto hash = src->find('#'); hash != std::string::npos) art.element_id = src->substr(hash + 1);
  art.svg = ctx.model.project->read(project::join("templates", file));
  // Problems with the file are the `src:` value's: at the card's data (a
  // table's art field) when the value comes from there, else at `src:`.
  ElementCommon at_src = e;
  if (e.src_loc.known()) at_src.loc = e.src_loc;
  if (!art.svg)
    return report_text(ctx, scope, at_src, e.src, file,
                       project::not_read(*ctx.model.project, "templates/" + file, "template file"));
  if (auto problem = svg_parse_problem(*art.svg))
    return report_text(ctx, scope, at_src, e.src, file, "SVG art templates/" + file + " cannot be read: " + *problem);
  if (!art.element_id.empty() && !svg_has_id(art.svg->text(), art.element_id))
    return report_text(ctx, scope, at_src, e.src, "#" + art.element_id,
                       "SVG art templates/" + file + " has no element #" + art.element_id);
  art.box = area_box(ctx, e);
  for (const auto& [cls, value] : e.colors) {
    auto c = color(ctx, scope, e, value);
    if (!c) continue;
    // -stop colours gradient stops: a fade drawn as a gradient stays vector,
    // where an SVG mask would be rasterised by librsvg at the PDF's 72 ppi.
    art.stylesheet += "." + cls + "{fill:" + c->hex() + "}." + cls + "-stroke{stroke:" + c->hex() + "}." + cls +
                      "-stop{stop-color:" + c->hex() + "}";
  }
  Rect box = art.box;
  place(ctx, e, scope.transform.then_after(own_rotation(e, box)).apply(box), false);
  push(ctx, e, std::move(art), scope.transform.then_after(own_rotation(e, box)), box, e.key);
}

// A problem with what an image element's `key` names: at the card's field
// when the key reads one ({{portrait.file}}), else at the layout's key.
void report_key(const Context& ctx, const Scope& scope, const ElementCommon& e, const std::string& source,
                const SourceLoc& key_loc, const std::string& message, Severity severity = Severity::Error) {
  std::optional<SourceLoc> at = card_text_loc(ctx, scope, source, "");
  ctx.diags.add({severity, at ? *at : key_loc, message, ctx.card_id,
                 at ? "set by the layout element at " + e.loc.str() : std::string()});
}

// Fractions 0..1 from an image element's list key (focus, crop); an empty
// value (a card that leaves the field out) takes `fallback`.
std::optional<std::vector<double>> fractions(const Context& ctx, const Scope& scope, const ImageElement& e,
                                             const std::vector<std::string>& texts, const SourceLoc& key_loc,
                                             const char* key, double fallback) {
  std::vector<double> out;
  for (const std::string& text : texts) {
    auto s = eval(ctx, scope, e, text);
    if (!s) return std::nullopt;
    if (s->empty()) {
      out.push_back(fallback);
      continue;
    }
    double v = -1;
    try {
      size_t used = 0;
      v = std::stod(*s, &used);
      if (used != s->size()) v = -1;
    } catch (const std::exception&) {
    }
    if (!(v >= 0 && v <= 1)) {
      report_key(ctx, scope, e, text, key_loc,
                 std::string(key) + " value '" + *s + "' is not a fraction between 0 and 1 (from \"" + text + "\")");
      return std::nullopt;
    }
    out.push_back(v);
  }
  return out;
}

// `text` as markup that sets it letter for letter (a file name's `_` or `:`).
std::string literal_markup(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '*' || c == ':' || c == '[' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

// Draft stand-in for a picture that cannot be had: a grey box with a cross
// and the file's name, so the card can still be looked at.
void draw_placeholder(const Context& ctx, const ElementCommon& e, const Affine& t, const Rect& box,
                      const std::string& file) {
  ElementCommon marker = e;
  marker.name = "missing:" + (e.name.empty() ? std::string("image") : e.name);
  static constexpr Color kGrey{0xC8, 0xC8, 0xC8, 0xFF}, kDark{0x60, 0x60, 0x60, 0xFF};
  page::RectShape ground;
  ground.rect = box;
  ground.paint.fill = kGrey;
  ground.paint.stroke = kDark;
  ground.paint.stroke_width = 0.3;
  push(ctx, marker, ground, t, box.inset(-0.15), false);
  page::PathShape cross;
  cross.commands = {{page::PathCommand::Op::Move, {{box.x, box.y}}},
                    {page::PathCommand::Op::Line, {{box.right(), box.bottom()}}},
                    {page::PathCommand::Op::Move, {{box.right(), box.y}}},
                    {page::PathCommand::Op::Line, {{box.x, box.bottom()}}}};
  cross.paint.stroke = kDark;
  cross.paint.stroke_width = 0.3;
  push(ctx, marker, std::move(cross), t, box, false);
  if (ctx.label_family.empty()) return;
  text::TextStyle style;
  style.family = ctx.label_family;
  style.max_size_pt = 7;
  style.min_size_pt = 3;
  style.size_step_pt = 0.5;
  style.color = Color{0x20, 0x20, 0x20, 0xFF};
  style.hyphenate = false;
  const Size label{box.w * 0.9, std::min(box.h, 8.0)};
  auto set = ctx.typesetter.set(literal_markup(file), style, label);
  if (!set.text) return;
  const Affine at = t.then_after(Affine::translate(box.x + box.w * 0.05, box.bottom() - label.h));
  for (auto& run : set.text->runs) push(ctx, marker, std::move(run), at, {0, 0, label.w, label.h}, false);
}

// A picture file of the project: nullptr (reported) when it cannot be had. In
// a draft a picture that is missing or cannot be read is a warning and gets
// a placeholder; a path the sandbox refuses is an error even then.
std::shared_ptr<const page::Raster> picture(const Context& ctx, const Scope& scope, const ImageElement& e,
                                            const std::string& file, const Affine& t, const Rect& box,
                                            project::InputPtr& input) {
  const std::string path = "templates/" + file;
  const bool refused = ctx.model.project->refusal(path).has_value();
  std::string problem;
  input = refused ? nullptr : ctx.model.project->read(path);
  if (!input) {
    problem = project::not_read(*ctx.model.project, path, "picture");
  } else {
    try {
      return image::load(*input);
    } catch (const image::ImageError& error) {
      problem = "picture " + path + " " + error.what();
    }
  }
  if (ctx.draft && !refused) {
    report_key(ctx, scope, e, e.src, e.src_loc, problem + " (drawn as a placeholder: draft)", Severity::Warning);
    draw_placeholder(ctx, e, t, box, file);
  } else {
    report_key(ctx, scope, e, e.src, e.src_loc, problem);
  }
  return nullptr;
}

void draw(const Context& ctx, const Scope& scope, const ImageElement& e, int) {
  auto src = eval(ctx, scope, e, e.src);
  if (!src) return;
  if (src->empty())
    return report_key(ctx, scope, e, e.src, e.src_loc, "image source \"" + e.src + "\" is empty for this card");
  const Rect box = area_box(ctx, e);
  const Affine t = scope.transform.then_after(own_rotation(e, box));
  place(ctx, e, t.apply(box), false);
  project::InputPtr input;
  auto pixels = picture(ctx, scope, e, *src, t, box, input);
  if (!pixels) return;
  auto focus = fractions(ctx, scope, e, e.focus, e.focus_loc, "focus", 0.5);
  auto crop = fractions(ctx, scope, e, e.crop, e.crop_loc, "crop", 0);
  if (!focus || !crop) return;
  const double W = pixels->width, H = pixels->height;
  Rect region{0, 0, W, H};
  if (crop->size() == 4) {
    const auto& c = *crop;
    if (c[2] <= 0 || c[3] <= 0 || c[0] + c[2] > 1 + 1e-9 || c[1] + c[3] > 1 + 1e-9)
      return report_key(ctx, scope, e, e.crop.front() + e.crop.back(), e.crop_loc,
                        "crop box lies outside the picture (x + width and y + height must be at most 1, the "
                        "sizes above 0)");
    region = {c[0] * W, c[1] * H, c[2] * W, c[3] * H};
  }
  static const std::map<ImageElement::Fit, ImageFitMode> modes = {{ImageElement::Fit::Cover, ImageFitMode::Cover},
                                                                  {ImageElement::Fit::Contain, ImageFitMode::Contain},
                                                                  {ImageElement::Fit::Fill, ImageFitMode::Fill}};
  const Point at = focus->size() == 2 ? Point{(*focus)[0], (*focus)[1]} : Point{0.5, 0.5};
  const FittedImage fitted = fit_image(region, box, modes.at(e.fit), at);
  page::Picture image;
  image.image.raster = std::move(pixels);
  image.image.source = fitted.source;
  image.image.box = fitted.box;
  image.image.corner_radius = e.corner_radius;
  image.file = std::move(input);
  image.opacity = e.opacity;
  if (!e.mask.empty()) {
    auto mask = eval(ctx, scope, e, e.mask);
    if (!mask) return;
    if (*mask == "circle") {
      image.mask = page::Picture::Mask::Ellipse;
    } else if (!mask->empty()) {
      page::SvgArt shape;
      const std::string file = mask->substr(0, mask->find('#'));
      if (auto hash = mask->find('#'); hash != std::string::npos) shape.element_id = mask->substr(hash + 1);
      shape.svg = ctx.model.project->read(project::join("templates", file));
      if (!shape.svg)
        return report_key(ctx, scope, e, e.mask, e.mask_loc,
                          project::not_read(*ctx.model.project, "templates/" + file, "mask shape"));
      if (auto problem = svg_parse_problem(*shape.svg))
        return report_key(ctx, scope, e, e.mask, e.mask_loc,
                          "mask shape templates/" + file + " cannot be read: " + *problem);
      shape.box = box;
      shape.blends = svg_blends(*shape.svg, shape.element_id, shape.stylesheet);
      image.mask_art = std::move(shape);
    }
  }
  const Rect placed = fitted.box;
  push(ctx, e, std::move(image), t, placed, e.key);
}

// The text engine's style for a text element, in the card's language.
text::TextStyle text_style(const Context& ctx, const Scope& scope, const TextElement& e) {
  text::TextStyle style;
  // A variant may swap a layout's font family for another.
  // A swap to a family fonts/fonts.yaml lacks was reported at the variant
  // (Layouter::check_font_swaps); the layout's own family stands in.
  auto swap = ctx.game.font_substitutions.find(e.font.family);
  const bool swapped = swap != ctx.game.font_substitutions.end() && ctx.fonts.has_family(swap->second);
  style.family = swapped ? swap->second : e.font.family;
  style.style = e.font.style;
  style.max_size_pt = e.font.max_size_pt;
  style.min_size_pt = e.font.min_size_pt;
  style.line_height = e.font.line_height;
  style.align = e.font.align;
  style.valign = e.font.valign;
  style.features = e.font.features;
  style.tracking_em = e.font.tracking_em;
  style.wrap = e.font.wrap;
  style.hyphenate = e.font.hyphenate;
  style.language = ctx.language;
  if (auto c = color(ctx, scope, e, e.color)) style.color = *c;
  return style;
}

// Inline icons (:name:) of set text: each an SVG in the text's colour, or in
// the colour icon_colors gives it, or in its own colours ("own").
void draw_icons(const Context& ctx, const Scope& scope, const TextElement& e, const text::SetText& set,
                const Color& colour, const Affine& t) {
  for (const auto& icon : set.icons) {
    project::InputPtr svg = find_icon(ctx.model, ctx.game, icon.name);
    if (!svg) {
      report(ctx, e,
             "inline icon ':" + icon.name + ":' has no drawing (looked for templates/" + ctx.game.id + "/icons/" +
                 icon.name + ".svg, templates/" + ctx.game.id + "/" + icon.name + ".svg, templates/icons/" + icon.name +
                 ".svg)");
      continue;
    }
    page::SvgArt art;
    art.svg = std::move(svg);
    art.box = icon.box;
    Color fg = colour;
    if (auto own = e.icon_colors.find(icon.name); own != e.icon_colors.end()) {
      if (own->second == "own") {
        push(ctx, e, std::move(art), t, icon.box, e.key);
        continue;
      }
      if (auto c = color(ctx, scope, e, own->second)) fg = *c;
    }
    art.stylesheet = ".fg{fill:" + fg.hex() + "}.fg-stroke{stroke:" + fg.hex() + "}";
    push(ctx, e, std::move(art), t, icon.box, e.key);
  }
}

// Draft mode: text that does not fit its box is set anyway, at the minimum
// size from the top of a box grown downwards (and sideways, around where the
// alignment anchors the text, when one word is wider than the box), so the
// designer sees how much is too much. `result` keeps its error. Returns where
// the grown box's top-left lies in the box's coordinates; nullopt when even
// the grown box takes no text.
std::optional<Point> set_overflowing(const Context& ctx, const std::string& markup, text::TextStyle style, Size box,
                                     text::SetResult& result) {
  style.max_size_pt = style.min_size_pt;
  style.valign = text::VAlign::Top;
  for (double wider : {1.0, 20.0}) {
    const Size grown{box.w * wider, box.h * 20};
    text::SetResult r = ctx.typesetter.set(markup, style, grown);
    if (!r.text) continue;
    result.text = std::move(r.text);
    const double extra = grown.w - box.w;
    // Right-to-left text starts at the right: a justified or start-aligned
    // paragraph grows to the left like right-aligned text.
    const bool rtl = !result.text->lines.empty() && result.text->lines.front().rtl;
    switch (text::physical_align(style.align, rtl)) {
      case text::Align::Center:
        return Point{-extra / 2, 0};
      case text::Align::Right:
        return Point{-extra, 0};
      case text::Align::Justify:
        return Point{rtl ? -extra : 0, 0};
      default:
        return Point{0, 0};
    }
  }
  return std::nullopt;
}

// Hyphenation was asked for in a language with no dictionary: said at the
// text element, once per build and language (Layouter::merge_findings).
void report_missing_dictionary(const Context& ctx, const TextElement& e, const std::string& language) {
  const text::MissingDictionary m = text::missing_dictionary_message(language);
  Diagnostic d{Severity::Warning, e.loc, m.message, ctx.card_id, m.hint};
  d.game = ctx.game.id;
  d.check = kOnceCheck;
  ctx.diags.add(std::move(d));
}

// The red frame and corner flag of an overflowing text box: drawn over the
// card so it cannot be missed, and named so the studio can point at it.
void mark_overflow(const Context& ctx, const ElementCommon& e, const Affine& t, const Rect& box) {
  static constexpr Color kRed{0xE0, 0x10, 0x10, 0xFF};
  page::RectShape frame;
  frame.rect = box;
  frame.paint.stroke = kRed;
  frame.paint.stroke_width = 0.5;
  ElementCommon marker = e;
  marker.name = "overflow:" + (e.name.empty() ? std::string("text") : e.name);
  push(ctx, marker, frame, t, box.inset(-0.25), false);
  const double s = std::min({4.0, box.w, box.h});
  page::PathShape flag;
  flag.commands = {{page::PathCommand::Op::Move, {{box.right() - s, box.bottom()}}},
                   {page::PathCommand::Op::Line, {{box.right(), box.bottom() - s}}},
                   {page::PathCommand::Op::Line, {{box.right(), box.bottom()}}},
                   {page::PathCommand::Op::Close, {}}};
  flag.paint.fill = kRed;
  push(ctx, marker, std::move(flag), t, {box.right() - s, box.bottom() - s, s, s}, false);
}

// Whether text `source` shows field `path` (or a part of it, or a record holding it).
bool shows(const Scope& scope, const std::string& source, const std::string& path) {
  for (const std::string& raw : read_paths(source)) {
    const std::string read = apply_aliases(raw, scope.aliases);
    if (read == path || read.starts_with(path + ".") || path.starts_with(read + ".")) return true;
  }
  return false;
}

void draw(const Context& ctx, const Scope& scope, const TextElement& e, int) {
  // In a translation, the element's literal text comes from the locale.
  std::string source =
      ctx.game.translated_by.empty() ? e.text : ctx.game.tr("layout." + ctx.def.id + "." + e.text_id, e.text);
  if (ctx.fit_path && !shows(scope, source, *ctx.fit_path)) return;
  auto markup = eval(ctx, scope, e, source);
  if (!markup || markup->empty()) return;
  const Rect& box = e.box;
  // Quarter-turned text is set into the box with width and height swapped,
  // then turned so it fills the box as drawn in the layout.
  bool sideways = std::abs(std::fmod(std::abs(e.rotate), 180.0) - 90.0) < 1e-9;
  Size set_size = sideways ? Size{box.h, box.w} : Size{box.w, box.h};
  // Box-local coordinates: origin at the set box's top-left.
  Point c = box.center();
  Affine place_box = Affine::translate(c.x, c.y)
                         .then_after(Affine::rotate_deg(e.rotate))
                         .then_after(Affine::translate(-set_size.w / 2, -set_size.h / 2));
  Affine t = scope.transform.then_after(place_box);
  Rect local{0, 0, set_size.w, set_size.h};
  place(ctx, e, t.apply(local), true);
  text::TextStyle style = text_style(ctx, scope, e);
  auto result = ctx.typesetter.set(*markup, style, set_size);
  if (ctx.fits) {
    ctx.fits->push_back({e.name.empty() ? std::string("text") : e.name, e.loc, result.text.has_value(),
                         result.text ? result.text->size_pt : 0, style.max_size_pt, style.min_size_pt, result.error});
    return;
  }
  if (!result.missing_dictionary.empty()) report_missing_dictionary(ctx, e, result.missing_dictionary);
  const std::string what = "text of element '" + (e.name.empty() ? std::string("text") : e.name) + "': ";
  std::optional<Point> overflow;  // draft: where the grown box starts
  const std::optional<std::string> needle = result.text ? std::nullopt : card_text_needle(result.error);
  if (!result.text && ctx.draft) {
    overflow = set_overflowing(ctx, *markup, style, set_size, result);
    if (overflow)
      report_text(ctx, scope, e, source, needle.value_or(""), what + result.error + " (drawn overflowing: draft)",
                  Severity::Warning);
  }
  if (!result.text) {
    if (needle) return report_text(ctx, scope, e, source, *needle, what + result.error);
    return report(ctx, e, what + result.error);
  }
  const Affine text_t = overflow ? t.then_after(Affine::translate(overflow->x, overflow->y)) : t;
  for (auto& run : result.text->runs) push(ctx, e, std::move(run), text_t, local, e.key);
  draw_icons(ctx, scope, e, *result.text, style.color, text_t);
  if (overflow) mark_overflow(ctx, e, t, local);
}

// A sector for the overlap check: a part of a ring by its outline (a ring's
// segment turned about a board's centre has a turned box far larger than
// itself), a whole disc or ring by its circle's box.
void place_sector(const Context& ctx, const SectorElement& e, const SectorGeometry& g, const Affine& t,
                  const page::PathShape& s) {
  const double pad = s.paint.stroke ? e.stroke_width / 2 : 0;
  if (!g.angles) {
    const Point c = t.apply(g.center);
    const double r = g.outer_radius + pad;
    return place(ctx, e, {c.x - r, c.y - r, 2 * r, 2 * r}, false);
  }
  std::vector<Point> outline = flattened(s.commands, t);
  Rect box = t.apply(sector_bounds(g));
  if (!outline.empty()) {
    box = {outline[0].x, outline[0].y, 0, 0};
    for (const Point& p : outline) box = box.united({p.x, p.y, 0, 0});
  }
  if (ctx.placed) ctx.placed->push_back({&e, box.inset(-pad), false, std::move(outline)});
}

void draw(const Context& ctx, const Scope& scope, const SectorElement& e, int) {
  SectorGeometry g{e.center, e.inner_radius, e.outer_radius, e.angles};
  page::PathShape s;
  s.commands = sector_path(g);
  s.paint.fill = color(ctx, scope, e, e.fill);
  s.paint.stroke = color(ctx, scope, e, e.stroke);
  s.paint.stroke_width = e.stroke_width;
  Rect bounds = sector_bounds(g);
  if (s.paint.stroke) bounds = bounds.inset(-e.stroke_width / 2);
  Affine t = scope.transform.then_after(e.rotate == 0 ? Affine{} : Affine::rotate_about(e.rotate, e.center));
  if (ctx.placed) place_sector(ctx, e, g, t, s);
  push(ctx, e, std::move(s), t, bounds, false);
}

void draw(const Context& ctx, const Scope& scope, const GroupElement& e, int depth) {
  if (depth > 16) return report(ctx, e, "components nested too deeply (a component uses itself?)");
  expand(ctx, rotated(ctx, scope, e), e.children, depth + 1);
}

void draw(const Context& ctx, const Scope& scope, const UseElement& e, int depth) {
  if (depth > 16) return report(ctx, e, "components nested too deeply (a component uses itself?)");
  Scope inner = rotated(ctx, scope, e);
  for (const auto& [alias, target] : e.with) {
    // A target may be built from data: `look: "game.meta.looks.{{time.id}}"`.
    std::string path = target;
    if (target.find("{{") != std::string::npos) {
      auto built = eval(ctx, scope, e, target);
      if (!built) return;
      path = *built;
    }
    inner.aliases[alias] = apply_aliases(path, scope.aliases);
  }
  auto it = ctx.def.components.find(e.component);
  if (it == ctx.def.components.end()) return report(ctx, e, "unknown component '" + e.component + "'");
  expand(ctx, inner, it->second, depth + 1);
}

// A whole number from layout text that may interpolate ("{{game.meta.x}}").
std::optional<long long> eval_int(const Context& ctx, const Scope& scope, const ElementCommon& e,
                                  const std::string& text, const char* what) {
  auto s = eval(ctx, scope, e, text);
  if (!s) return std::nullopt;
  try {
    size_t used = 0;
    long long n = std::stoll(*s, &used);
    if (used == s->size()) return n;
  } catch (const std::exception&) {
  }
  report(ctx, e, std::string(what) + " '" + *s + "' is not a whole number (from \"" + text + "\")");
  return std::nullopt;
}

// A repeat's items before placement: each binds the item's name afresh,
// hiding any outer binding of that name.
class ItemScopes {
 public:
  ItemScopes(const Scope& scope, const std::string& as) : scope_(scope), as_(as) {}
  template <typename Bind>
  void add(Bind&& bind) {
    Scope item = scope_;
    item.aliases.erase(as_);
    item.variables.erase(as_);
    item.entries.erase(as_);
    if (!as_.empty()) bind(item);
    items.push_back(std::move(item));
  }
  std::vector<Scope> items;

 private:
  const Scope& scope_;
  const std::string& as_;
};

// count: N or range: [first, last]: the numbers, bound to the item's name.
void number_items(const Context& ctx, const Scope& scope, const RepeatElement& e, ItemScopes& out) {
  constexpr long long kMaxItems = 10000;  // a typo like count: 1e9 must not hang the build
  const RepeatSpec& r = e.repeat;
  long long first = 1, last = 0;
  if (r.source == RepeatSpec::Source::Count) {
    auto n = eval_int(ctx, scope, e, r.count, "count");
    if (!n) return;
    if (*n < 0) report(ctx, e, "count is negative (" + std::to_string(*n) + ")");
    if (*n <= 0) return;
    last = *n;
  } else {
    auto a = eval_int(ctx, scope, e, r.range_from, "range start");
    auto b = eval_int(ctx, scope, e, r.range_to, "range end");
    if (!a || !b) return;
    first = *a;
    last = *b;
  }
  const long long dir = last >= first ? 1 : -1;
  const long long n = (last - first) * dir + 1;
  if (n > kMaxItems) {
    report(ctx, e, "repeat of " + std::to_string(n) + " items (at most " + std::to_string(kMaxItems) + ")");
    return;
  }
  for (long long v = first;; v += dir) {
    out.add([&](Scope& s) { s.variables[r.as] = std::to_string(v); });
    if (v == last) break;
  }
}

// table: the entries of a table of the game.
void table_items(const Context& ctx, const RepeatElement& e, ItemScopes& out) {
  const RepeatSpec& r = e.repeat;
  const model::Table* table = ctx.game.table(r.table);
  if (!table) {
    std::vector<std::string> ids;
    for (const auto& t : ctx.game.tables) ids.push_back(t.id);
    report(ctx, e, "unknown table '" + r.table + "' (game " + ctx.game.id + " has " + model::join_names(ids) + ")");
    return;
  }
  for (const auto& entry : table->entries) out.add([&](Scope& s) { s.entries[r.as] = EntryRef{table, &entry}; });
}

// list: the elements of a list field of the card or the game.
void list_items(const Context& ctx, const Scope& scope, const RepeatElement& e, ItemScopes& out) {
  const RepeatSpec& r = e.repeat;
  // Lists are read where card fields are: through the card's (or game's) data.
  std::string path = apply_aliases(r.list, scope.aliases);
  const std::string head = model::split_head(path).head;
  if (scope.entries.count(head) || scope.variables.count(head))
    return report(ctx, e, "'" + r.list + "' is not a card or game list (lists inside table entries are not read)");
  if (!make_resolver(ctx, scope)(r.list)) return report(ctx, e, "unknown field '" + r.list + "' (repeat list)");
  static const model::Card no_card;
  const model::Value* v = model::lookup(ctx.game, ctx.card ? *ctx.card : no_card, path);
  // How many items a list of the game's has (its items are read through the
  // resolver, each recorded there).
  if (ctx.values_read && path.rfind("game.", 0) == 0) (*ctx.values_read)["#" + path] = game_list_length(ctx.game, path);
  if (!v || v->is_null()) return;  // an absent list has no items
  if (!v->is_list()) return report(ctx, e, "'" + r.list + "' is " + v->kind_name() + ", not a list");
  for (size_t k = 0; k < v->list.size(); ++k)
    out.add([&](Scope& s) { s.aliases[r.as] = path + "." + std::to_string(k); });
}

std::vector<Scope> repeat_items(const Context& ctx, const Scope& scope, const RepeatElement& e) {
  ItemScopes out(scope, e.repeat.as);
  switch (e.repeat.source) {
    case RepeatSpec::Source::Count:
    case RepeatSpec::Source::Range:
      number_items(ctx, scope, e, out);
      break;
    case RepeatSpec::Source::Table:
      table_items(ctx, e, out);
      break;
    case RepeatSpec::Source::List:
      list_items(ctx, scope, e, out);
      break;
  }
  return std::move(out.items);
}

void draw(const Context& ctx, const Scope& outer, const RepeatElement& e, int depth) {
  if (depth > 16) return report(ctx, e, "elements nested too deeply");
  Scope scope = rotated(ctx, outer, e);
  std::vector<Scope> items = repeat_items(ctx, scope, e);
  if (e.repeat.where) {
    std::vector<Scope> kept;
    for (auto& item : items) {
      auto r = e.repeat.where->evaluate(make_resolver(ctx, item));
      if (!r.ok()) return report(ctx, e, r.error + " (in 'where')");
      if (r.value) kept.push_back(std::move(item));
    }
    items = std::move(kept);
  }
  std::vector<Affine> frames = item_frames(e.repeat.place, items.size());
  for (size_t k = 0; k < items.size(); ++k) {
    Scope& item = items[k];
    item.variables["i"] = std::to_string(k + 1);
    item.variables["i0"] = std::to_string(k);
    item.variables["n"] = std::to_string(items.size());
    item.transform = scope.transform.then_after(frames[k]);
    expand(ctx, item, e.children, depth + 1);
  }
}

// What fit_texts skips: every element that is neither text nor holds any.
bool drawing_only(const Element& e) {
  return !std::holds_alternative<TextElement>(e) && !std::holds_alternative<UseElement>(e) &&
         !std::holds_alternative<GroupElement>(e) && !std::holds_alternative<RepeatElement>(e);
}

void expand_one(const Context& ctx, const Scope& scope, const Element& e, int depth) {
  if (ctx.fit_path && drawing_only(e)) return;
  const ElementCommon& c = common(e);
  if (c.when) {
    auto r = c.when->evaluate(make_resolver(ctx, scope));
    if (!r.ok()) return report(ctx, c, r.error);
    if (!r.value) return;
  }
  std::visit([&](const auto& kind) { draw(ctx, scope, kind, depth); }, e);
}

void expand(const Context& ctx, const Scope& scope, const std::vector<Element>& elements, int depth) {
  for (const auto& e : elements) expand_one(ctx, scope, e, depth);
}

}  // namespace

page::Page Layouter::layout(const LayoutDef& def, const model::Game& game, const model::Card* card, Diagnostics& diags,
                            const std::string& language, const ValueMap* values, const model::Deck* back_of,
                            ValuesRead* read) const {
  const model::Deck* deck = card ? game.deck(card->deck_id) : back_of;
  const model::CardFormat* format = deck && deck->format ? deck->format : game.format;
  const auto& f = *format;
  page::Page page;
  page.id = game.id + "/" + (card ? card->id : std::string("back"));
  page.size = f.page_size();
  page.trim = f.trim_rect();
  page.safe = f.safe_rect();
  page.corner_radius = f.corner_radius;
  std::string card_id = card ? card->id : "back";
  const auto families = fonts_.families();
  Context ctx{
      model_,   game, card,    def,    typesetter_, fonts_, diags,
      language, page, card_id, values, format,      draft_, families.empty() ? std::string() : families.front()};
  ctx.values_read = read;
  Scope root;
  root.transform = Affine::translate(f.bleed, f.bleed);
  if (!def.edge_color.empty()) {
    ElementCommon where;
    where.loc = {def.file, 0, 0};
    if (auto c = color(ctx, root, where, def.edge_color)) page.edge_color = *c;
  }
  std::vector<PlacedBox> placed;
  if (check_overlaps_) ctx.placed = &placed;
  expand(ctx, root, def.elements, 0);
  if (check_overlaps_) report_overlaps(placed, card_id, game.id, language, diags);
  return page;
}

std::vector<TextFit> Layouter::fit_texts(const LayoutDef& def, const model::Game& game, const model::Card& card,
                                         const std::string& path, const std::string& language,
                                         const ValueMap* values) const {
  const model::Deck* deck = game.deck(card.deck_id);
  const model::CardFormat* format = deck && deck->format ? deck->format : game.format;
  page::Page page;      // stays empty: nothing is drawn
  Diagnostics ignored;  // a layout's problems are the reload's to report
  std::vector<TextFit> fits;
  Context ctx{model_, game, &card, def, typesetter_, fonts_, ignored, language, page, card.id, values, format};
  ctx.fit_path = &path;
  ctx.fits = &fits;
  Scope root;
  root.transform = Affine::translate(format->bleed, format->bleed);
  expand(ctx, root, def.elements, 0);
  return fits;
}

void Layouter::merge_findings(Diagnostics& diags, const Diagnostics& found) const {
  std::lock_guard lock(once_mutex_);
  for (const Diagnostic& d : found) {
    if (d.check == kOnceCheck && !said_once_.insert(d.message).second) continue;
    diags.add(d);
  }
}

void Layouter::check_font_swaps(const model::Game& game, Diagnostics& diags) const {
  for (const auto& [from, to] : game.font_substitutions) {
    const auto at = game.font_substitution_locs.find(from);
    const SourceLoc key_loc = at == game.font_substitution_locs.end() ? game.loc : at->second.first;
    const SourceLoc value_loc = at == game.font_substitution_locs.end() ? game.loc : at->second.second;
    const std::string hint = "fonts/fonts.yaml has " + model::join_names(fonts_.families());
    if (!fonts_.has_family(from))
      diags.error(key_loc, "the variant swaps font family '" + from + "', which fonts/fonts.yaml does not have", {},
                  hint);
    if (!fonts_.has_family(to))
      diags.error(value_loc, "the variant swaps in font family '" + to + "', which fonts/fonts.yaml does not have", {},
                  hint);
  }
}

void Layouter::add_draft_mark(page::Page& page) const {
  const auto families = fonts_.families();
  if (families.empty()) return;
  text::TextStyle style;
  style.family = families.front();
  style.style = "bold";
  style.max_size_pt = 72;
  style.min_size_pt = 6;
  style.size_step_pt = 1;
  style.align = text::Align::Center;
  style.valign = text::VAlign::Middle;
  style.color = Color{0xE0, 0x10, 0x10, 0x60};
  style.wrap = false;
  style.hyphenate = false;
  const Size box{page.trim.w * 0.8, page.trim.h * 0.2};
  auto result = typesetter_.set("DRAFT", style, box);
  if (!result.text) {
    style.style = "regular";  // a family without bold
    result = typesetter_.set("DRAFT", style, box);
  }
  if (!result.text) return;
  const Point c{page.trim.x + page.trim.w / 2, page.trim.y + page.trim.h / 2};
  const Affine t = Affine::translate(c.x, c.y)
                       .then_after(Affine::rotate_deg(-30))
                       .then_after(Affine::translate(-box.w / 2, -box.h / 2));
  for (auto& run : result.text->runs) {
    page::Item item;
    item.shape = std::move(run);
    item.transform = t;
    item.name = "draft";
    item.bounds = t.apply(Rect{0, 0, box.w, box.h});
    page.items.push_back(std::move(item));
  }
}

}  // namespace kw::layout
