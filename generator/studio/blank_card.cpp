#include "studio/blank_card.h"

#include <optional>

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

// The fields of `blank` (without its id) as a map, with `extra` added.
yaml::Value fields_of(const std::vector<std::pair<std::string, yaml::Value>>& blank,
                      const std::vector<std::pair<std::string, yaml::Value>>& extra) {
  yaml::Value map;
  map.kind = yaml::Value::Kind::Map;
  for (const auto& [key, value] : blank)
    if (key != "id") map.set(key, value);
  for (const auto& [key, value] : extra) map.set(key, value);
  return map;
}

// Each optional field of the deck with the value the deck's first card
// that has it gives it: what a blank may borrow.
std::vector<std::pair<std::string, yaml::Value>> borrowable(const model::Game& game, const model::Deck& deck) {
  std::vector<std::pair<std::string, yaml::Value>> out;
  for (const auto& spec : game.fields_of(deck.id)) {
    if (spec.required || spec.name == "id") continue;
    for (const auto& card : deck.cards)
      if (const yaml::Value* v = card.fields.find(spec.name); v && !v->is_null()) {
        out.emplace_back(spec.name, *v);
        break;
      }
  }
  return out;
}

// The fewest of `candidates` with which `blank` lays out: none, one, else
// all of them in order and then each dropped that is not needed; nullopt
// when even all of them do not do.
std::optional<std::vector<std::pair<std::string, yaml::Value>>> needed_fields(
    const std::vector<std::pair<std::string, yaml::Value>>& blank,
    const std::vector<std::pair<std::string, yaml::Value>>& candidates, const LaysOut& lays_out) {
  using Fields = std::vector<std::pair<std::string, yaml::Value>>;
  if (lays_out(fields_of(blank, {})).empty()) return Fields{};
  for (const auto& c : candidates)
    if (lays_out(fields_of(blank, {c})).empty()) return Fields{c};
  Fields all = candidates;
  if (all.size() < 2 || !lays_out(fields_of(blank, all)).empty()) return std::nullopt;
  for (size_t i = all.size(); i-- > 0;) {
    Fields without = all;
    without.erase(without.begin() + static_cast<long>(i));
    if (lays_out(fields_of(blank, without)).empty()) all = std::move(without);
  }
  return all;
}

}  // namespace

DeckBlank deck_blank(const model::Game& game, const model::Deck& deck, const LaysOut& lays_out) {
  DeckBlank out;
  std::vector<std::pair<std::string, yaml::Value>> blank = blank_card(game, deck.id, "");
  const auto needed = needed_fields(blank, borrowable(game, deck), lays_out);
  if (!needed) {
    out.error = "a blank card of deck '" + deck.id + "' does not lay out (" + lays_out(fields_of(blank, {})) +
                "): duplicate a card instead";
    out.row_error = out.error;
    return out;
  }
  for (const auto& field : *needed) blank.push_back(field);
  out.card = std::move(blank);
  out.row = blank_row(game, deck.id, "");
  if (out.row.empty())
    out.row_error = "deck '" + deck.id +
                    "' requires a field a blank row cannot hold (art, a picture, a card): "
                    "duplicate a row";
  for (const auto& [name, value] : *needed) {
    if (out.row.empty()) break;
    if (!value.is_scalar()) {
      out.row.clear();
      out.row_error = "a blank row of deck '" + deck.id + "' needs '" + name +
                      "', which a cell cannot hold as the deck's cards have it: duplicate a row";
      break;
    }
    out.row.emplace_back(name, value.scalar);
  }
  return out;
}

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
