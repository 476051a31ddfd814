// Reading card fields by path through the game's schema.
#include <algorithm>
#include <map>
#include <optional>

#include "model/field_path.h"
#include "model/model.h"

namespace kw::model {

const Value* SyntheticValues::intern(const std::string& text) const {
  std::lock_guard lock(mutex_);
  auto [it, inserted] = values_.try_emplace(text);
  if (inserted) {
    it->second.kind = Value::Kind::Scalar;
    it->second.scalar = text;
  }
  return &it->second;
}

namespace {

std::optional<size_t> parse_index(const std::string& part) {
  if (part.empty() || part.size() > 6) return std::nullopt;
  size_t n = 0;
  for (char c : part) {
    if (c < '0' || c > '9') return std::nullopt;
    n = n * 10 + static_cast<size_t>(c - '0');
  }
  return n;
}

const FieldSpec* member_spec(const std::vector<FieldSpec>& specs, const std::string& name) {
  auto it = std::find_if(specs.begin(), specs.end(), [&](const FieldSpec& s) { return s.name == name; });
  return it == specs.end() ? nullptr : &*it;
}

// Follows `parts[i..]` from value `v`, which `spec` declares (nullptr: a map
// whose members `members` declares). References lead into their table entry
// or card, list elements are reached by index ("colours.0.hex" reads the
// table entry the list's first id names).
const Value* walk(const Game& game, const Value* v, const FieldSpec* spec, const std::vector<FieldSpec>* members,
                  const std::vector<std::string>& parts, size_t i) {
  while (v && i < parts.size()) {
    if (spec && spec->type == FieldSpec::Type::Ref) {
      const Table* table = game.table(spec->table);
      const TableEntry* entry = table ? table->find(v->scalar) : nullptr;
      if (!entry) return nullptr;
      if (parts[i] == "id") return i + 1 == parts.size() ? v : nullptr;
      v = &entry->fields;
      spec = nullptr;
      members = &table->fields;
      continue;
    }
    if (spec && spec->type == FieldSpec::Type::Card) {
      const Card* target = game.card_definition(v->scalar);
      if (!target) return nullptr;
      v = &target->fields;
      spec = nullptr;
      members = &game.fields_of(target->deck_id);
      continue;
    }
    if (v->is_list()) {
      // "defence.0": an element of a list, by 0-based index.
      auto index = parse_index(parts[i]);
      if (!index || *index >= v->list.size()) return nullptr;
      v = &v->list[*index];
      spec = spec && spec->type == FieldSpec::Type::List && !spec->element.empty() ? &spec->element.front() : nullptr;
      members = spec && spec->type == FieldSpec::Type::Record ? &spec->fields : nullptr;
      ++i;
      continue;
    }
    if (spec && spec->type == FieldSpec::Type::Record) members = &spec->fields;
    const FieldSpec* member = members ? member_spec(*members, parts[i]) : nullptr;
    v = v->find(parts[i]);
    if (!v || v->is_null()) return nullptr;
    spec = member;
    members = nullptr;
    ++i;
  }
  return v;
}

}  // namespace

const Value* lookup(const Game& game, const Card& card, const std::string& path) {
  auto parts = split_path(path);
  if (parts.empty()) return nullptr;
  if (parts.size() == 1) {
    const SyntheticValues& made_up = *game.synthetic;
    if (parts[0] == "id") return made_up.intern(card.id);
    if (parts[0] == "copy") return made_up.intern(std::to_string(card.copy));
    if (parts[0] == "copies") return made_up.intern(std::to_string(card.copies));
    if (parts[0] == "deck") return made_up.intern(card.deck_id);
    if (parts[0] == "index") return made_up.intern(std::to_string(card.index));
  }
  if (parts[0] == "game") return walk(game, &game.info, nullptr, nullptr, parts, 1);
  return walk(game, &card.fields, nullptr, &game.fields_of(card.deck_id), parts, 0);
}

}  // namespace kw::model

namespace kw::model {

bool is_known_path(const Game& game, const std::string& path, const std::string& deck_id) {
  auto parts = split_path(path);
  if (parts.size() == 1 &&
      (parts[0] == "id" || parts[0] == "copy" || parts[0] == "copies" || parts[0] == "deck" || parts[0] == "index"))
    return true;
  if (parts[0] == "game") return true;  // game info is free-form (meta)
  // The same walk as lookup(), over the declarations only.
  const FieldSpec* spec = nullptr;
  const std::vector<FieldSpec>* members = &game.fields_of(deck_id);
  size_t i = 0;
  while (i < parts.size()) {
    if (spec && spec->type == FieldSpec::Type::Ref) {
      if (parts[i] == "id") return i + 1 == parts.size();
      const Table* table = game.table(spec->table);
      if (!table) return false;
      spec = nullptr;
      members = &table->fields;
      continue;
    }
    if (spec && spec->type == FieldSpec::Type::Card) {
      // Into the card it names: any deck's schema may follow.
      std::string rest;
      for (size_t k = i; k < parts.size(); ++k) rest += (rest.empty() ? "" : ".") + parts[k];
      for (const auto& d : game.decks)
        if (is_known_path(game, rest, d.id)) return true;
      return false;
    }
    if (spec && spec->type == FieldSpec::Type::List) {
      if (!parse_index(parts[i]) || spec->element.empty()) return false;
      spec = &spec->element.front();
      members = nullptr;
      ++i;
      continue;
    }
    if (spec && spec->type == FieldSpec::Type::Record) members = &spec->fields;
    spec = members ? member_spec(*members, parts[i]) : nullptr;
    if (!spec) return false;
    members = nullptr;
    ++i;
  }
  return true;
}

}  // namespace kw::model
