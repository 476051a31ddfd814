#include "rules/support.h"

#include <cctype>

#include <algorithm>
#include <limits>

#include "model/field_path.h"
#include "rules/reach.h"

namespace kw::rules {

using model::Value;

void Sink::add(Severity s, const SourceLoc& loc, std::string message, std::string card, std::string hint) {
  Diagnostic f;
  f.severity = s;
  f.game = game_.id;
  f.card_id = std::move(card);
  f.loc = loc.known() ? loc : game_.loc;
  f.message = std::move(message);
  f.check = check_;
  f.hint = std::move(hint);
  out_.add(std::move(f));
}

size_t Sink::errors() const {
  return static_cast<size_t>(std::count_if(out_.begin(), out_.end(), [&](const Diagnostic& f) {
    return f.severity == Severity::Error && f.game == game_.id;
  }));
}

namespace {

const Value* walk_map(const Value* v, const std::string& path) {
  for (const auto& part : model::split_path(path)) {
    if (!v || !v->is_map()) return nullptr;
    v = v->find(part);
  }
  return v && !v->is_null() ? v : nullptr;
}

}  // namespace

const Value* field(const model::Game& game, const model::Card& card, const std::string& path) {
  const Value* v = model::lookup(game, card, path);
  return v && !v->is_null() ? v : nullptr;
}

std::string text(const model::Game& game, const model::Card& card, const std::string& path) {
  const Value* v = field(game, card, path);
  return v && v->is_scalar() ? v->scalar : std::string();
}

std::optional<long long> integer(const model::Game& game, const model::Card& card, const std::string& path) {
  const Value* v = field(game, card, path);
  return v ? v->as_int() : std::nullopt;
}

SourceLoc field_loc(const model::Game& game, const model::Card& card, const std::string& path) {
  const std::vector<model::FieldSpec>* specs = &game.fields_of(card.deck_id);
  const Value* v = &card.fields;
  SourceLoc loc = card.loc;
  for (const auto& part : model::split_path(path)) {
    if (!v->is_map()) break;
    const Value* next = v->find(part);
    if (!next || next->is_null()) break;
    v = next;
    loc = v->loc.known() ? v->loc : loc;
    const model::FieldSpec* spec = nullptr;
    if (specs) {
      auto it = std::find_if(specs->begin(), specs->end(), [&](const model::FieldSpec& s) { return s.name == part; });
      if (it != specs->end()) spec = &*it;
    }
    if (!spec || spec->type != model::FieldSpec::Type::Record) break;  // a reference, list or scalar: stop here
    specs = &spec->fields;
  }
  return loc;
}

const Value* entry_field(const model::TableEntry& entry, const std::string& path) {
  return walk_map(&entry.fields, path);
}

std::string entry_text(const model::TableEntry& entry, const std::string& path) {
  const Value* v = entry_field(entry, path);
  return v && v->is_scalar() ? v->scalar : std::string();
}

const Value* info(const model::Game& game, const std::string& path) { return walk_map(&game.info, path); }

SourceLoc info_loc(const model::Game& game, const std::string& key) {
  if (const Value* v = game.info.find(key)) return v->loc.known() ? v->loc : v->key_loc;
  return game.loc;
}

std::string canonical(const Value& v) {
  switch (v.kind) {
    case Value::Kind::Null:
      return "";
    case Value::Kind::Scalar:
      return v.scalar;
    case Value::Kind::List: {
      std::string s = "[";
      for (size_t i = 0; i < v.list.size(); ++i) s += (i ? ", " : "") + canonical(v.list[i]);
      return s + "]";
    }
    case Value::Kind::Map: {
      std::string s = "{";
      for (size_t i = 0; i < v.map.size(); ++i) s += (i ? ", " : "") + v.map[i].key + ": " + canonical(v.map[i].value);
      return s + "}";
    }
  }
  return "";
}

std::string join_and(const std::vector<std::string>& items) {
  std::string s;
  for (size_t i = 0; i < items.size(); ++i) {
    if (i) s += i + 1 == items.size() ? " and " : ", ";
    s += items[i];
  }
  return s;
}

std::string plural(long long n, const std::string& one, const std::string& many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

uint64_t random_below(std::mt19937_64& rng, uint64_t n) {
  // Reject the top partial block so every residue is equally likely.
  const uint64_t max = std::numeric_limits<uint64_t>::max();
  const uint64_t limit = max - (max % n + 1) % n;
  uint64_t x;
  do x = rng();
  while (x > limit);
  return x % n;
}

void note_balance(Sink balance, const model::Model& model, const model::Game& game,
                  SimulationReport (*simulate)(const model::Model&, const model::Game&, const SimulationOptions&),
                  long games, const std::string& played) {
  try {
    SimulationOptions options;
    options.games = games;
    const SimulationReport r = simulate(model, game, options);
    for (const auto& v : r.first_violations) balance.error(game.loc, "the simulated game broke a rule: " + v);
    for (const auto& n : r.notes)
      balance.note(game.loc, n, {}, "kartenwerk simulate --game " + game.id + " plays more " + played);
    check_reach(balance, game, r, options.seed);
  } catch (const SimulationError& e) {
    balance.error(game.loc, std::string("cannot be played: ") + e.what());
  }
}

std::vector<int> numbers_in(std::string_view text) {
  std::vector<int> out;
  for (size_t i = 0; i < text.size();) {
    if (!std::isdigit(static_cast<unsigned char>(text[i]))) {
      ++i;
      continue;
    }
    size_t j = i;
    int n = 0;
    for (; j < text.size() && std::isdigit(static_cast<unsigned char>(text[j])); ++j)
      if (j - i < 9) n = n * 10 + (text[j] - '0');
    if (j - i <= 9) out.push_back(n);
    i = j;
  }
  return out;
}

bool in_order_within(const std::vector<int>& part, const std::vector<int>& whole) {
  auto at = whole.begin();
  for (int n : part) {
    at = std::find(at, whole.end(), n);
    if (at == whole.end()) return false;
    ++at;
  }
  return true;
}

}  // namespace kw::rules
