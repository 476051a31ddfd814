#include "layout/card_layout.h"

#include <cmath>
#include <filesystem>

#include "layout/expression.h"
#include "layout/icons.h"

namespace kw::layout {

namespace fs = std::filesystem;

Layouter::Layouter(const model::Model& model, const text::FontLibrary& fonts, const text::Typesetter& typesetter)
    : model_(model), fonts_(fonts), typesetter_(typesetter) {}

const LayoutDef* Layouter::definition(const std::string& id, Diagnostics& diags) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (auto it = cache_.find(id); it != cache_.end()) return it->second.get();
  if (failed_.count(id)) return nullptr;
  auto def = load_layout(model_.layouts_dir(), id, &fonts_, diags);
  if (!def) {
    failed_[id] = true;
    return nullptr;
  }
  auto [it, inserted] = cache_.emplace(id, std::make_unique<LayoutDef>(std::move(*def)));
  return it->second.get();
}

namespace {

// Everything one expansion needs; one per card.
struct Context {
  const model::Model& model;
  const model::Game& game;
  const model::Card* card;
  const LayoutDef& def;
  const text::Typesetter& typesetter;
  Diagnostics& diags;
  std::string language;
  Page& page;
  std::string card_id;
  const ValueMap* values;
  const model::CardFormat* format;
};

struct Scope {
  Affine transform;                           // trim coordinates -> page coordinates
  std::map<std::string, std::string> aliases; // from `use ... with:`
};

// Scalars read as their text; a present record or list reads as "yes", so
// that `when: ring` asks whether the card has a ring at all.
std::string value_text(const model::Value& v) {
  if (v.is_scalar()) return v.scalar;
  if ((v.is_map() && !v.map.empty()) || (v.is_list() && !v.list.empty())) return "yes";
  return std::string();
}

Resolver make_resolver(const Context& ctx, const Scope& scope) {
  return [&ctx, &scope](const std::string& raw) -> std::optional<std::string> {
    std::string path = apply_aliases(raw, scope.aliases);
    if (path.rfind("rules.", 0) == 0) {
      if (!ctx.values) return std::nullopt;
      auto it = ctx.values->find(path.substr(6));
      if (it == ctx.values->end()) return std::nullopt;
      return it->second;
    }
    if (!model::is_known_path(ctx.game, path, ctx.card ? ctx.card->deck_id : std::string())) return std::nullopt;
    if (!ctx.card) {
      // A back has no card: only game.* has values; card fields read as unset.
      if (path.rfind("game.", 0) != 0) return std::string();
      static const model::Card empty;
      const model::Value* v = model::lookup(ctx.game, empty, path);
      return v ? value_text(*v) : std::string();
    }
    const model::Value* v = model::lookup(ctx.game, *ctx.card, path);
    return v ? value_text(*v) : std::string();
  };
}

void report(const Context& ctx, const Element& e, const std::string& message) {
  ctx.diags.error(e.loc, message, ctx.card_id);
}

std::optional<std::string> eval(const Context& ctx, const Scope& scope, const Element& e, const std::string& text) {
  auto r = interpolate(text, make_resolver(ctx, scope));
  if (!r.ok()) {
    report(ctx, e, r.error);
    return std::nullopt;
  }
  // Card text may itself refer to the rules' values (a reference card's
  // "{{rules.trumps.standard}}"), and only to those: card data cannot reach
  // into other cards.
  if (r.value.find("{{") != std::string::npos) {
    Resolver rules_only = [&ctx, &scope](const std::string& path) -> std::optional<std::string> {
      if (path.rfind("rules.", 0) != 0) return std::nullopt;
      return make_resolver(ctx, scope)(path);
    };
    auto inner = interpolate(r.value, rules_only);
    if (!inner.ok()) {
      report(ctx, e, inner.error + " (in the card's text; card text may refer to {{rules.…}} only)");
      return std::nullopt;
    }
    return inner.value;
  }
  return r.value;
}

std::optional<Color> color(const Context& ctx, const Scope& scope, const Element& e, const std::string& text) {
  if (text.empty()) return std::nullopt;
  auto s = eval(ctx, scope, e, text);
  if (!s) return std::nullopt;
  auto c = Color::parse(*s);
  if (!c) report(ctx, e, "'" + *s + "' is not a colour (from \"" + text + "\")");
  return c;
}

Rect element_box(const Context& ctx, const Element& e) {
  const auto& f = *ctx.format;
  if (e.area == "bleed") return {-f.bleed, -f.bleed, f.width + 2 * f.bleed, f.height + 2 * f.bleed};
  if (e.area == "trim") return {0, 0, f.width, f.height};
  if (e.area == "safe") return {f.safe, f.safe, f.width - 2 * f.safe, f.height - 2 * f.safe};
  return e.box;
}

// Rotation of an element about its own box centre (art and text).
Affine own_rotation(const Element& e, const Rect& box) {
  if (e.rotate == 0) return {};
  return Affine::rotate_about(e.rotate, box.center());
}

void push(const Context& ctx, const Element& e, Shape shape, const Affine& t, const Rect& local_bounds, bool key) {
  Item item;
  item.shape = std::move(shape);
  item.transform = t;
  item.name = e.name;
  item.keep_in_safe_area = key;
  item.bounds = t.apply(local_bounds);
  ctx.page.items.push_back(std::move(item));
}

void expand(const Context& ctx, const Scope& scope, const std::vector<Element>& elements, int depth);

void expand_one(const Context& ctx, const Scope& scope, const Element& e, int depth) {
  if (!e.when.empty()) {
    auto r = evaluate_condition(e.when, make_resolver(ctx, scope));
    if (!r.ok()) return report(ctx, e, r.error);
    if (r.value != "true") return;
  }
  switch (e.kind) {
    case Element::Kind::Rect: {
      RectShape s;
      s.rect = element_box(ctx, e);
      s.corner_radius = e.corner_radius;
      s.paint.fill = color(ctx, scope, e, e.fill);
      s.paint.stroke = color(ctx, scope, e, e.stroke);
      s.paint.stroke_width = e.stroke_width;
      Rect bounds = s.paint.stroke ? s.rect.inset(-e.stroke_width / 2) : s.rect;
      Affine t = scope.transform.then_after(own_rotation(e, s.rect));
      push(ctx, e, std::move(s), t, bounds, false);
      return;
    }
    case Element::Kind::Line: {
      PathShape s;
      s.commands.push_back({PathCommand::Op::Move, {e.from}});
      s.commands.push_back({PathCommand::Op::Line, {e.to}});
      s.paint.stroke = color(ctx, scope, e, e.stroke.empty() ? "#000000" : e.stroke);
      s.paint.stroke_width = e.stroke_width > 0 ? e.stroke_width : 0.25;
      Rect bounds{std::min(e.from.x, e.to.x), std::min(e.from.y, e.to.y), std::abs(e.to.x - e.from.x),
                  std::abs(e.to.y - e.from.y)};
      push(ctx, e, std::move(s), scope.transform, bounds.inset(-s.paint.stroke_width / 2), false);
      return;
    }
    case Element::Kind::Art: {
      auto src = eval(ctx, scope, e, e.src);
      if (!src) return;
      if (src->empty()) return report(ctx, e, "art source \"" + e.src + "\" is empty for this card");
      SvgArt art;
      std::string file = src->substr(0, src->find('#'));
      if (auto hash = src->find('#'); hash != std::string::npos) art.element_id = src->substr(hash + 1);
      fs::path path = ctx.model.templates_dir() / file;
      if (!fs::exists(path)) return report(ctx, e, "template file not found: templates/" + file);
      art.file = path.string();
      art.box = element_box(ctx, e);
      for (const auto& [cls, value] : e.colors) {
        auto c = color(ctx, scope, e, value);
        if (!c) continue;
        art.stylesheet += "." + cls + "{fill:" + c->hex() + "}." + cls + "-stroke{stroke:" + c->hex() + "}";
      }
      Rect box = art.box;
      push(ctx, e, std::move(art), scope.transform.then_after(own_rotation(e, box)), box, e.key);
      return;
    }
    case Element::Kind::Text: {
      auto markup = eval(ctx, scope, e, e.text);
      if (!markup) return;
      if (markup->empty()) return;
      Rect box = element_box(ctx, e);
      // Quarter-turned text is set into the box with width and height swapped,
      // then turned so it fills the box as drawn in the layout.
      bool sideways = std::abs(std::fmod(std::abs(e.rotate), 180.0) - 90.0) < 1e-9;
      Size set_size = sideways ? Size{box.h, box.w} : Size{box.w, box.h};
      text::TextStyle style;
      style.family = e.font.family;
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
      auto result = ctx.typesetter.set(*markup, style, set_size);
      if (!result.text) {
        return report(ctx, e,
                      "text of element '" + (e.name.empty() ? std::string("text") : e.name) + "' (language " +
                          ctx.language + ", game " + ctx.game.id + "): " + result.error);
      }
      // Box-local coordinates: origin at the set box's top-left.
      Point c = box.center();
      Affine place = Affine::translate(c.x, c.y)
                         .then_after(Affine::rotate_deg(e.rotate))
                         .then_after(Affine::translate(-set_size.w / 2, -set_size.h / 2));
      Affine t = scope.transform.then_after(place);
      Rect local{0, 0, set_size.w, set_size.h};
      for (auto& run : result.text->runs) push(ctx, e, std::move(run), t, local, e.key);
      for (const auto& icon : result.text->icons) {
        auto file = find_icon(ctx.model, ctx.game, icon.name);
        if (!file) {
          report(ctx, e, "inline icon ':" + icon.name + ":' has no drawing (looked for templates/" + ctx.game.id +
                             "/icons/" + icon.name + ".svg, templates/" + ctx.game.id + "/" + icon.name +
                             ".svg, templates/icons/" + icon.name + ".svg)");
          continue;
        }
        SvgArt art;
        art.file = file->string();
        art.box = icon.box;
        art.stylesheet = ".fg{fill:" + style.color.hex() + "}.fg-stroke{stroke:" + style.color.hex() + "}";
        push(ctx, e, std::move(art), t, icon.box, e.key);
      }
      return;
    }
    case Element::Kind::Use:
    case Element::Kind::Group: {
      if (depth > 16) return report(ctx, e, "components nested too deeply (a component uses itself?)");
      Scope inner = scope;
      if (e.rotate != 0) {
        const auto& f = *ctx.format;
        Point origin = e.origin.value_or(Point{f.width / 2, f.height / 2});
        inner.transform = scope.transform.then_after(Affine::rotate_about(e.rotate, origin));
      }
      for (const auto& [alias, target] : e.with) inner.aliases[alias] = apply_aliases(target, scope.aliases);
      if (e.kind == Element::Kind::Group) return expand(ctx, inner, e.children, depth + 1);
      auto it = ctx.def.components.find(e.component);
      if (it == ctx.def.components.end()) return report(ctx, e, "unknown component '" + e.component + "'");
      return expand(ctx, inner, it->second, depth + 1);
    }
  }
}

void expand(const Context& ctx, const Scope& scope, const std::vector<Element>& elements, int depth) {
  for (const auto& e : elements) expand_one(ctx, scope, e, depth);
}

}  // namespace

Page Layouter::layout(const LayoutDef& def, const model::Game& game, const model::Card* card, Diagnostics& diags,
                      const std::string& language, const ValueMap* values, const model::Deck* back_of) const {
  const model::Deck* deck = card ? game.deck(card->deck_id) : back_of;
  const model::CardFormat* format = deck && deck->format ? deck->format : game.format;
  const auto& f = *format;
  Page page;
  page.id = game.id + "/" + (card ? card->id : std::string("back"));
  page.size = f.page_size();
  page.trim = f.trim_rect();
  page.safe = f.safe_rect();
  page.corner_radius = f.corner_radius;
  std::string card_id = card ? card->id : "back";
  Context ctx{model_, game, card, def, typesetter_, diags, language, page, card_id, values, format};
  Scope root;
  root.transform = Affine::translate(f.bleed, f.bleed);
  if (!def.edge_color.empty()) {
    Element where;
    where.loc = {def.file.string(), 0, 0};
    if (auto c = color(ctx, root, where, def.edge_color)) page.edge_color = *c;
  }
  expand(ctx, root, def.elements, 0);
  return page;
}

}  // namespace kw::layout
