#include "layout/layout_def.h"

#include <cctype>

#include "layout/element_reader.h"
#include "layout/layout_schema.h"
#include "layout/overlaps.h"
#include "model/value.h"
#include "project/path.h"

namespace kw::layout {

const ElementCommon& common(const Element& e) {
  return std::visit([](const auto& kind) -> const ElementCommon& { return kind; }, e);
}

namespace {

// Calls `fn` for every element of `elements` and, depth first, their children.
template <typename Elements, typename Fn>
void each_element(Elements& elements, Fn&& fn) {
  for (auto& e : elements) {
    fn(e);
    if (auto* group = std::get_if<GroupElement>(&e)) each_element(group->children, fn);
    if (auto* repeat = std::get_if<RepeatElement>(&e)) each_element(repeat->children, fn);
  }
}

// Text ids are the element's name, numbered from the second use on, so a
// translator sees "heading", "heading#2", ... in layout order.
void assign_text_ids(LayoutDef& def) {
  std::map<std::string, int> seen;
  auto assign = [&](Element& e) {
    auto* t = std::get_if<TextElement>(&e);
    if (!t) return;
    std::string base = t->name.empty() ? "text" : t->name;
    int n = ++seen[base];
    t->text_id = n == 1 ? base : base + "#" + std::to_string(n);
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
  auto collect = [&](const Element& e) {
    auto* t = std::get_if<TextElement>(&e);
    if (t && has_literal_letters(t->text)) out.push_back({"layout." + def.id + "." + t->text_id, t->text, t->loc});
  };
  for (const auto& [name, elements] : def.components) each_element(elements, collect);
  each_element(def.elements, collect);
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
  yaml::Reader r(*doc, layout_file_schema(), diags);
  ElementReader reader(fonts, diags);
  def.edge_color = r.text("edge_color").value_or("");
  r.each("components",
         [&](const std::string& name, const yaml::Value& list) { def.components[name] = reader.elements(list); });
  if (const yaml::Value* elements = r.find("elements")) def.elements = reader.elements(*elements);
  assign_text_ids(def);
  for (const auto& [name, loc] : reader.component_refs())
    if (!def.components.count(name)) diags.error(loc, "unknown component '" + name + "'");
  check_overlap_names(def, diags);
  if (diags.error_count() > errors_before) return std::nullopt;
  return def;
}

}  // namespace kw::layout
