#include "studio/blank_card.h"

namespace kw::studio {

namespace {

yaml::Value scalar(std::string text, bool quoted) {
  yaml::Value v;
  v.kind = yaml::Value::Kind::Scalar;
  v.scalar = std::move(text);
  v.quoted = quoted;
  return v;
}

yaml::Value blank_value(const model::Game& game, const model::FieldSpec& spec) {
  using Type = model::FieldSpec::Type;
  switch (spec.type) {
    case Type::Int:
    case Type::Number:
      return scalar("0", false);
    case Type::Bool:
      return scalar("false", false);
    case Type::Color:
      return scalar("#000000", true);
    case Type::Id:
      return scalar(spec.allowed.empty() ? "" : spec.allowed.front(), true);
    case Type::Ref: {
      const model::Table* table = game.table(spec.table);
      return scalar(table && !table->entries.empty() ? table->entries.front().id : "", true);
    }
    case Type::Record: {
      yaml::Value map;
      map.kind = yaml::Value::Kind::Map;
      for (const auto& member : spec.fields)
        if (member.required) map.set(member.name, blank_value(game, member));
      return map;
    }
    case Type::List: {
      yaml::Value list;
      list.kind = yaml::Value::Kind::List;
      return list;
    }
    case Type::Text:
    case Type::Art:
    case Type::Card:
    case Type::Picture:
      break;
  }
  return scalar("", true);
}

// Appends the cells of `spec`'s blank under `column`; false when a cell
// cannot hold one that loads.
bool blank_cells(const model::Game& game, const model::FieldSpec& spec, const std::string& column,
                 std::vector<std::pair<std::string, std::string>>& out) {
  using Type = model::FieldSpec::Type;
  if (spec.type == Type::Record) {
    for (const auto& member : spec.fields)
      if (member.required && !blank_cells(game, member, column + "." + member.name, out)) return false;
    return true;
  }
  if (spec.type == Type::Art || spec.type == Type::Picture || spec.type == Type::Card) return false;
  std::string cell = spec.type == Type::List ? "[]" : spec.type == Type::Text ? column : blank_value(game, spec).scalar;
  if (cell.empty()) return false;
  out.emplace_back(column, std::move(cell));
  return true;
}

}  // namespace

std::vector<std::pair<std::string, std::string>> blank_row(const model::Game& game, const std::string& deck_id,
                                                           const std::string& id) {
  std::vector<std::pair<std::string, std::string>> out;
  out.emplace_back("id", id);
  for (const auto& spec : game.fields_of(deck_id))
    if (spec.required && spec.name != "id" && !blank_cells(game, spec, spec.name, out)) return {};
  return out;
}

std::vector<std::pair<std::string, yaml::Value>> blank_card(const model::Game& game, const std::string& deck_id,
                                                            const std::string& id) {
  std::vector<std::pair<std::string, yaml::Value>> out;
  out.emplace_back("id", scalar(id, true));
  for (const auto& spec : game.fields_of(deck_id))
    if (spec.required && spec.name != "id") out.emplace_back(spec.name, blank_value(game, spec));
  return out;
}

}  // namespace kw::studio
