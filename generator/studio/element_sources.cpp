#include "studio/element_sources.h"

#include "yaml/edit.h"
#include "yaml/value.h"

namespace kw::studio {

namespace {

using Boxes = ElementSources::Elements;

// The elements of `list` (at `path` in the file): each map with a `name`.
void collect(const yaml::Value& list, const yaml::KeyPath& path, const std::string& file, Boxes& out) {
  if (!list.is_list()) return;
  for (size_t i = 0; i < list.list.size(); ++i) {
    const yaml::Value& element = list.list[i];
    const yaml::Value* name = element.find("name");
    if (!element.is_map() || !name || !name->is_scalar()) continue;
    std::optional<BoxSource> source;
    const yaml::Value* box = element.find("box");
    if (box && box->is_list() && box->list.size() == 4) {
      BoxSource s;
      s.file = file;
      s.path = path;
      s.path.emplace_back(i);
      s.path.emplace_back(std::string("box"));
      bool numbers = true;
      for (size_t k = 0; k < 4; ++k) {
        auto n = box->list[k].as_number();
        numbers = numbers && n;
        if (n) s.box[k] = *n;
      }
      if (const yaml::Value* type = element.find("type"); type && type->is_scalar()) s.type = type->scalar;
      for (const char* key : {"size", "color", "fill", "align", "when"}) {
        const yaml::Value* v = element.find(key);
        if (v && v->is_scalar()) s.props[key] = v->scalar;
        if (v && v->is_list() && v->list.size() == 2 && v->list[0].is_scalar() && v->list[1].is_scalar())
          s.props[key] = v->list[0].scalar + ", " + v->list[1].scalar;
      }
      if (numbers && !element.find("rotate")) source = s;
    }
    out.by_place[{element.loc.line, element.loc.column}] = {name->scalar, source};
    // Twice in the file: by name alone, which one the page shows is not known.
    if (out.by_name.contains(name->scalar))
      out.by_name[name->scalar] = std::nullopt;
    else
      out.by_name[name->scalar] = source;
  }
}

}  // namespace

std::optional<BoxSource> ElementSources::find(const std::string& layout_id, const std::string& name, int line,
                                              int column) {
  auto it = layouts_.find(layout_id);
  if (it == layouts_.end()) {
    Boxes boxes;
    const std::string file = "layouts/" + layout_id + ".yaml";
    if (auto input = project_.read(file)) {
      Diagnostics ignored;  // the layout's own loading reports its problems
      if (auto root = yaml::parse_yaml_string(input->text(), file, ignored)) {
        if (const yaml::Value* elements = root->find("elements"))
          collect(*elements, {std::string("elements")}, file, boxes);
        if (const yaml::Value* components = root->find("components"); components && components->is_map())
          for (const auto& [component, list] : components->map)
            collect(list, {std::string("components"), component}, file, boxes);
      }
    }
    it = layouts_.emplace(layout_id, std::move(boxes)).first;
  }
  if (line > 0) {
    auto placed = it->second.by_place.find({line, column});
    if (placed != it->second.by_place.end() && placed->second.first == name) return placed->second.second;
  }
  auto found = it->second.by_name.find(name);
  return found == it->second.by_name.end() ? std::nullopt : found->second;
}

}  // namespace kw::studio
