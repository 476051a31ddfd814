#include "layout/entry_path.h"

#include <algorithm>
#include <vector>

#include "model/field_path.h"

namespace kw::layout {

using model::FieldSpec;

std::string value_text(const model::Value& v) {
  if (v.is_scalar()) return v.scalar;
  if ((v.is_map() && !v.map.empty()) || (v.is_list() && !v.list.empty())) return "yes";
  return std::string();
}

std::optional<std::string> entry_value(const model::Game& game, EntryRef ref, const std::string& path) {
  if (!ref.table || !ref.entry) return std::nullopt;
  if (path.empty() || path == "id") return ref.entry->id;
  const std::vector<std::string> parts = model::split_path(path);
  const std::vector<FieldSpec>* specs = &ref.table->fields;
  const model::Value* v = &ref.entry->fields;
  for (size_t i = 0; i < parts.size(); ++i) {
    auto spec_it = std::find_if(specs->begin(), specs->end(), [&](const FieldSpec& f) { return f.name == parts[i]; });
    if (spec_it == specs->end()) return std::nullopt;
    const FieldSpec& spec = *spec_it;
    const bool last = i + 1 == parts.size();
    // Unset on the way: the path is still known when the rest fits the schema.
    v = v ? v->find(parts[i]) : nullptr;
    if (v && v->is_null()) v = nullptr;
    if (last) return v ? value_text(*v) : std::string();
    if (spec.type == FieldSpec::Type::Ref) {
      const model::Table* target = game.table(spec.table);
      if (!target) return std::nullopt;
      if (parts[i + 1] == "id")
        return i + 2 == parts.size() ? std::optional(v ? v->scalar : std::string()) : std::nullopt;
      const model::TableEntry* e = v ? target->find(v->scalar) : nullptr;
      specs = &target->fields;
      v = e ? &e->fields : nullptr;
    } else if (spec.type == FieldSpec::Type::Record) {
      specs = &spec.fields;
    } else {
      return std::nullopt;  // a scalar (or a list) has no members
    }
  }
  return std::nullopt;
}

}  // namespace kw::layout
