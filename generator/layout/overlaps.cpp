#include "layout/overlaps.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <utility>

#include "yaml/reader.h"

namespace kw::layout {

namespace {

bool lists(const ElementCommon& a, const ElementCommon& b) {
  return std::any_of(a.overlaps.begin(), a.overlaps.end(),
                     [&](const std::string& n) { return n == "any" || (!b.name.empty() && n == b.name); });
}

bool declared(const ElementCommon& a, const ElementCommon& b) { return lists(a, b) || lists(b, a); }

// "'value'", or for an element without a name where it is written.
std::string called(const ElementCommon& e) {
  return e.name.empty() ? "the element at line " + std::to_string(e.loc.line) : "'" + e.name + "'";
}

template <typename Fn>
void each_common(const std::vector<Element>& elements, const Fn& fn) {
  for (const auto& e : elements) {
    fn(common(e));
    if (const auto* group = std::get_if<GroupElement>(&e)) each_common(group->children, fn);
    if (const auto* repeat = std::get_if<RepeatElement>(&e)) each_common(repeat->children, fn);
  }
}

// The part of polygon `in` on the inner side of the line through `a` where
// `inside` holds (Sutherland-Hodgman, one edge of the clipping box).
template <typename Inside, typename Cross>
std::vector<Point> clip(const std::vector<Point>& in, const Inside& inside, const Cross& cross) {
  std::vector<Point> out;
  for (size_t i = 0; i < in.size(); ++i) {
    const Point& p = in[i];
    const Point& q = in[(i + 1) % in.size()];
    if (inside(p)) out.push_back(p);
    if (inside(p) != inside(q)) out.push_back(cross(p, q));
  }
  return out;
}

double polygon_area(const std::vector<Point>& poly) {
  double twice = 0;
  for (size_t i = 0; i < poly.size(); ++i) {
    const Point& p = poly[i];
    const Point& q = poly[(i + 1) % poly.size()];
    twice += p.x * q.y - q.x * p.y;
  }
  return std::abs(twice) / 2;
}

}  // namespace

std::vector<Point> flattened(const std::vector<page::PathCommand>& path, const Affine& t) {
  constexpr int kSteps = 8;
  std::vector<Point> out;
  Point at;
  for (const auto& cmd : path) {
    switch (cmd.op) {
      case page::PathCommand::Op::Move:
        if (!out.empty()) return out;  // one figure only
        [[fallthrough]];
      case page::PathCommand::Op::Line:
        at = cmd.p[0];
        out.push_back(t.apply(at));
        break;
      case page::PathCommand::Op::Curve:
        for (int k = 1; k <= kSteps; ++k) {
          const double u = static_cast<double>(k) / kSteps, v = 1 - u;
          const double a = v * v * v, b = 3 * v * v * u, c = 3 * v * u * u, d = u * u * u;
          out.push_back(t.apply(Point{a * at.x + b * cmd.p[0].x + c * cmd.p[1].x + d * cmd.p[2].x,
                                      a * at.y + b * cmd.p[0].y + c * cmd.p[1].y + d * cmd.p[2].y}));
        }
        at = cmd.p[2];
        break;
      case page::PathCommand::Op::Close:
        break;
    }
  }
  return out;
}

double shared_area(const Rect& box, const PlacedBox& placed) {
  if (placed.outline.size() < 3) {
    const Rect common = box.intersected(placed.box);
    return common.w * common.h;
  }
  auto at_x = [](const Point& p, const Point& q, double x) {
    return Point{x, p.y + (q.y - p.y) * (x - p.x) / (q.x - p.x)};
  };
  auto at_y = [](const Point& p, const Point& q, double y) {
    return Point{p.x + (q.x - p.x) * (y - p.y) / (q.y - p.y), y};
  };
  std::vector<Point> poly = placed.outline;
  poly = clip(
      poly, [&](const Point& p) { return p.x >= box.x; }, [&](auto p, auto q) { return at_x(p, q, box.x); });
  poly = clip(
      poly, [&](const Point& p) { return p.x <= box.right(); },
      [&](auto p, auto q) { return at_x(p, q, box.right()); });
  poly = clip(
      poly, [&](const Point& p) { return p.y >= box.y; }, [&](auto p, auto q) { return at_y(p, q, box.y); });
  poly = clip(
      poly, [&](const Point& p) { return p.y <= box.bottom(); },
      [&](auto p, auto q) { return at_y(p, q, box.bottom()); });
  return poly.size() < 3 ? 0 : polygon_area(poly);
}

void report_overlaps(const std::vector<PlacedBox>& placed, const std::string& card_id, const std::string& game,
                     const std::string& language, Diagnostics& diags) {
  std::set<std::pair<const ElementCommon*, const ElementCommon*>> said;
  for (size_t j = 0; j < placed.size(); ++j) {
    for (size_t i = 0; i < j; ++i) {
      const PlacedBox& a = placed[i];
      const PlacedBox& b = placed[j];
      if (!a.text && !b.text) continue;      // art over art is decoration
      if (a.element == b.element) continue;  // one element's copies (a repeat's items, a turned half)
      // The text (the later one of two texts) and what it runs into.
      const PlacedBox& text = b.text ? b : a;
      const PlacedBox& other = b.text ? a : b;
      const double area = shared_area(text.box, other);
      if (area < kOverlapArea) continue;
      if (!other.text && area >= text.box.w * text.box.h - kOverlapArea) continue;  // drawn on it
      if (declared(*text.element, *other.element)) continue;
      if (!said.emplace(text.element, other.element).second) continue;
      Diagnostic d{Severity::Warning,
                   text.element->loc,
                   (text.element->name.empty() ? "the text at line " + std::to_string(text.element->loc.line)
                                               : "text '" + text.element->name + "'") +
                       " overlaps " + called(*other.element) + " (" + other.element->loc.str() +
                       "), which the layout does not declare",
                   card_id,
                   {},
                   game,
                   kOverlapCheck};
      d.hint = other.element->name.empty() || text.element->name.empty()
                   ? "name both elements and add `overlaps: [<name>]` to one of them if it is meant; else move or "
                     "resize a box"
                   : "if it is meant, add `overlaps: [" + other.element->name + "]` to " + called(*text.element) +
                         "; else move or resize a box";
      d.languages = {language};
      diags.add(std::move(d));
    }
  }
}

void check_overlap_names(const LayoutDef& def, Diagnostics& diags) {
  std::vector<std::string> names;
  auto collect = [&](const ElementCommon& c) {
    if (!c.name.empty() && std::find(names.begin(), names.end(), c.name) == names.end()) names.push_back(c.name);
  };
  for (const auto& [component, elements] : def.components) each_common(elements, collect);
  each_common(def.elements, collect);
  names.emplace_back("any");
  auto verify = [&](const ElementCommon& c) {
    for (const auto& n : c.overlaps)
      if (n != "any" && std::find(names.begin(), names.end(), n) == names.end())
        yaml::report_unknown(diags, c.overlaps_loc, n, names, "element", "in 'overlaps'");
  };
  for (const auto& [component, elements] : def.components) each_common(elements, verify);
  each_common(def.elements, verify);
}

}  // namespace kw::layout
