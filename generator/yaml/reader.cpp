#include "yaml/reader.h"

#include <fmt/format.h>

#include <algorithm>

namespace kw::yaml {

using Type = Schema::Type;

std::string join_names(const std::vector<std::string>& names) {
  std::string s;
  for (size_t i = 0; i < names.size(); ++i) s += (i ? ", " : "") + names[i];
  return s;
}

namespace {

// Edits (insert, delete, replace, swap two neighbours) from `a` to `b`:
// the optimal string alignment distance, so "txet" is one edit from "text".
size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::vector<size_t>> d(a.size() + 1, std::vector<size_t>(b.size() + 1));
  for (size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (size_t i = 1; i <= a.size(); ++i)
    for (size_t j = 1; j <= b.size(); ++j) {
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
}

std::string plural(const std::string& noun) {
  bool consonant_y =
      noun.size() > 1 && noun.back() == 'y' && std::string("aeiou").find(noun[noun.size() - 2]) == std::string::npos;
  if (consonant_y) return noun.substr(0, noun.size() - 1) + "ies";  // family -> families, key -> keys
  return noun + "s";
}

// As printf's %g: 5, 0.25, 215.9.
std::string format_number(double v) { return fmt::format("{:g}", v); }

bool is_container(const Schema& s) {
  return s.type == Type::Record || s.type == Type::Dict || s.type == Type::List || s.type == Type::Numbers;
}

// Whether `v` is the kind of node `s` describes (a map, a list or a scalar).
bool kind_matches(const Value& v, const Schema& s) {
  switch (s.type) {
    case Type::Any:
      return true;
    case Type::Record:
    case Type::Dict:
      return v.is_map();
    case Type::List:
    case Type::Numbers:
      return v.is_list();
    case Type::OneOf:
      return std::any_of(s.of.begin(), s.of.end(), [&](const Schema& a) { return kind_matches(v, a); });
    default:
      return v.is_scalar();
  }
}

// What `v` is, for "..., not <what>": a list of the wrong length says its
// length, a number that is not whole itself.
std::string found(const Value& v, const Schema& s) {
  if (s.type == Type::Numbers && v.is_list())
    return "a list of " + std::to_string(v.list.size()) + (v.list.size() == 1 ? " item" : " items");
  if (s.type == Type::Int && v.as_number()) return v.scalar;
  return v.kind_name();
}

bool wrong(const Value& v, const Schema& s, const Label& label, Diagnostics& diags, const std::string& card) {
  diags.error(v.loc, label.text + " must be " + phrase(s) + ", not " + found(v, s), card);
  return false;
}

bool check_range(double d, const Value& v, const Schema& s, const Label& label, Diagnostics& diags,
                 const std::string& card) {
  if ((!s.min || d >= *s.min) && (!s.max || d <= *s.max)) return true;
  std::string bounds = s.min && s.max ? "between " + format_number(*s.min) + " and " + format_number(*s.max)
                       : s.min        ? "at least " + format_number(*s.min)
                                      : "at most " + format_number(*s.max);
  diags.error(v.loc, label.text + " must be " + bounds + ", not " + format_number(d), card);
  return false;
}

bool check_scalar(const Value& v, const Schema& s, const Label& label, Diagnostics& diags, const std::string& card) {
  if (!v.is_scalar()) return wrong(v, s, label, diags, card);
  switch (s.type) {
    case Type::Id:
      if (v.scalar.empty()) return wrong(v, s, label, diags, card);
      break;
    case Type::Number:
    case Type::Int: {
      std::optional<double> d = v.as_number();
      if (!d || (s.type == Type::Int && !v.as_int())) return wrong(v, s, label, diags, card);
      return check_range(*d, v, s, label, diags, card);
    }
    case Type::Bool:
      if (!v.as_bool()) return wrong(v, s, label, diags, card);
      break;
    case Type::Colour:
      if (!Color::parse(v.scalar)) return wrong(v, s, label, diags, card);
      break;
    default:
      break;
  }
  if (!s.choices.empty() && std::find(s.choices.begin(), s.choices.end(), v.scalar) == s.choices.end()) {
    std::string hint;
    if (auto near = closest_name(v.scalar, s.choices); !near.empty()) hint = "did you mean '" + near + "'? ";
    const std::string& word = s.name.empty() ? label.word : s.name;
    diags.error(v.loc, "unknown " + word + " '" + v.scalar + "'", card,
                hint + word + " is one of " + join_names(s.choices));
    return false;
  }
  return true;
}

bool check_numbers(const Value& v, const Schema& s, const Label& label, Diagnostics& diags, const std::string& card) {
  if (!v.is_list() || v.list.size() != s.parts.size()) return wrong(v, s, label, diags, card);
  bool ok = true;
  for (size_t i = 0; i < v.list.size(); ++i) {
    const Value& item = v.list[i];
    auto d = item.as_number();
    if (!d) {
      diags.error(item.loc, label.text + " must be " + phrase(s) + ": '" + item.scalar + "' is not a number", card);
      ok = false;
    } else if ((s.parts[i] == "width" || s.parts[i] == "height") && *d < 0) {
      // A box's size is a length: negative, it would draw mirrored or not at all.
      diags.error(item.loc, label.text + ": the " + s.parts[i] + " must be at least 0, not " + format_number(*d), card);
      ok = false;
    } else {
      ok = check_range(*d, item, s, label, diags, card) && ok;
    }
  }
  return ok;
}

bool check_one_of(const Value& v, const Schema& s, const Label& label, Diagnostics& diags, const std::string& card) {
  std::vector<const Schema*> candidates;
  for (const Schema& a : s.of) {
    Diagnostics quiet;
    if (check_value(v, a, label, quiet, card)) return true;
    if (kind_matches(v, a)) candidates.push_back(&a);
  }
  // The one alternative of the value's kind says more when the value is a
  // list or map, or a word it does not know; else all alternatives are named.
  if (candidates.size() == 1 && (is_container(*candidates.front()) || !candidates.front()->choices.empty()))
    return check_value(v, *candidates.front(), label, diags, card);
  return wrong(v, s, label, diags, card);
}

}  // namespace

std::string closest_name(const std::string& name, const std::vector<std::string>& names) {
  std::string best;
  size_t best_distance = std::max<size_t>(1, name.size() / 3) + 1;  // at most a third of the letters wrong
  for (const auto& candidate : names) {
    size_t d = edit_distance(name, candidate);
    if (d < best_distance) {
      best = candidate;
      best_distance = d;
    }
  }
  return best;
}

std::string phrase(const Schema& s) {
  if (!s.phrase.empty()) return s.phrase;
  switch (s.type) {
    case Type::Any:
      return "anything";
    case Type::Text:
      return s.choices.empty() ? "text" : "one of " + join_names(s.choices);
    case Type::Id:
      return "an identifier";
    case Type::Number:
      return "a number";
    case Type::Int:
      return "a whole number";
    case Type::Bool:
      return "true or false";
    case Type::Colour:
      return "a colour like \"#a72608\"";
    case Type::Numbers:
      return "[" + join_names(s.parts) + "]";
    case Type::List:
      return "a list";
    case Type::Record:
    case Type::Dict:
      return "a map";
    case Type::OneOf: {
      std::string out;
      for (size_t i = 0; i < s.of.size(); ++i) out += (i ? " or " : "") + phrase(s.of[i]);
      return out;
    }
  }
  return "anything";
}

void report_unknown(Diagnostics& diags, const SourceLoc& at, const std::string& name,
                    const std::vector<std::string>& known, const std::string& noun, const std::string& in,
                    const std::string& card) {
  std::string hint;
  if (auto near = closest_name(name, known); !near.empty()) hint = "did you mean '" + near + "'? ";
  hint += known.empty() ? "there are none" : "known " + plural(noun) + " are " + join_names(known);
  diags.error(at, "unknown " + noun + " '" + name + "'" + (in.empty() ? "" : " " + in), card, hint);
}

bool check_value(const Value& v, const Schema& s, const Label& label, Diagnostics& diags, const std::string& card) {
  switch (s.type) {
    case Type::Any:
      return true;
    case Type::Record:
    case Type::Dict:
      return v.is_map() || wrong(v, s, label, diags, card);
    case Type::Numbers:
      return check_numbers(v, s, label, diags, card);
    case Type::List: {
      if (!v.is_list()) return wrong(v, s, label, diags, card);
      bool ok = true;
      Label item{"an item of " + label.text, label.word};
      for (const Value& e : v.list) ok = check_value(e, s.of.front(), item, diags, card) && ok;
      return ok;
    }
    case Type::OneOf:
      return check_one_of(v, s, label, diags, card);
    default:
      return check_scalar(v, s, label, diags, card);
  }
}

void each_entry(const Value& map, const Schema& dict, Diagnostics& diags, const Context& context, const EntryFn& fn) {
  if (!map.is_map()) return;  // reported by whoever checked `map`
  std::set<std::string> seen;
  for (const auto& [name, value] : map.map) {
    if (!dict.choices.empty() && std::find(dict.choices.begin(), dict.choices.end(), name) == dict.choices.end()) {
      report_unknown(diags, value.key_loc, name, dict.choices, dict.noun, context.in, context.card);
      continue;
    }
    if (!seen.insert(name).second) {
      diags.error(value.key_loc, dict.noun + " '" + name + "' appears twice", context.card);
      continue;
    }
    if (check_value(value, dict.of.front(), {dict.noun + " '" + name + "'", dict.noun}, diags, context.card))
      fn(name, value);
  }
}

// ------------------------------------------------------------------ Reader

Reader::Reader(const Value& map, const Schema& record, Diagnostics& diags, Context context)
    : map_(map), schema_(record), diags_(diags), context_(std::move(context)) {
  if (context_.subject.empty()) context_.subject = record.name;
  if (context_.in.empty() && !context_.subject.empty()) context_.in = "in " + context_.subject;
  if (!map.is_map()) {
    error(map.loc, context_.subject + " must be a map, not " + map.kind_name());
    return;
  }
  check_members();
}

void Reader::check_members() {
  std::vector<std::string> known;
  for (const Key& k : schema_.keys) known.push_back(k.name);
  std::set<std::string> seen;
  for (const auto& [name, member] : map_.map) {
    const Key* k = declared(name);
    if (!k) {
      // The key it is likely a typo of, with what that key means, so the
      // hint says whether it is the one meant; then every known key.
      std::string hint;
      if (const Key* near = declared(closest_name(name, known)))
        hint = "did you mean '" + near->name + "'" + (near->doc.empty() ? "" : " (" + near->doc + ")") + "? ";
      hint += known.empty() ? "there are none"
                            : "known " + plural(schema_.noun) + " are " + join_names(known) + " (docs/reference.md)";
      diags_.error(member.key_loc,
                   "unknown " + schema_.noun + " '" + name + "'" + (context_.in.empty() ? "" : " " + context_.in),
                   context_.card, hint);
      ok_ = false;
    } else if (!seen.insert(name).second) {
      error(member.key_loc, schema_.noun + " '" + name + "' appears twice");
    } else if (!member.is_null() && !check_value(member, k->schema, Label::of_key(name), diags_, context_.card)) {
      bad_.insert(name);
      ok_ = false;
    }
  }
  for (const Key& k : schema_.keys) {
    const Value* member = map_.find(k.name);
    if (!k.required || (member && !member->is_null())) continue;
    std::string shape = k.schema.type == Type::Numbers ? " " + phrase(k.schema) : "";
    error(map_.loc, context_.subject + " needs '" + k.name + ":" + shape + "'", k.doc);
  }
}

const Key* Reader::declared(const std::string& key) const { return find_key(schema_, key); }

const Value* Reader::find(const std::string& key) const {
  if (!map_.is_map() || bad_.count(key) || !declared(key)) return nullptr;
  const Value* v = map_.find(key);
  return v && !v->is_null() ? v : nullptr;
}

std::optional<std::string> Reader::text(const std::string& key) const {
  const Value* v = find(key);
  if (!v || !v->is_scalar()) return std::nullopt;
  return v->scalar;
}

std::optional<double> Reader::number(const std::string& key) const {
  const Value* v = find(key);
  return v ? v->as_number() : std::nullopt;
}

std::optional<long long> Reader::integer(const std::string& key) const {
  const Value* v = find(key);
  return v ? v->as_int() : std::nullopt;
}

std::optional<bool> Reader::flag(const std::string& key) const {
  const Value* v = find(key);
  return v ? v->as_bool() : std::nullopt;
}

std::optional<Color> Reader::colour(const std::string& key) const {
  auto t = text(key);
  return t ? Color::parse(*t) : std::nullopt;
}

std::optional<std::vector<double>> Reader::numbers(const std::string& key) const {
  const Value* v = find(key);
  if (!v || !v->is_list()) return std::nullopt;
  std::vector<double> out;
  for (const Value& item : v->list) {
    auto d = item.as_number();
    if (!d) return std::nullopt;
    out.push_back(*d);
  }
  return out;
}

std::optional<Point> Reader::point(const std::string& key) const {
  auto n = numbers(key);
  if (!n || n->size() != 2) return std::nullopt;
  return Point{(*n)[0], (*n)[1]};
}

std::optional<Rect> Reader::rect(const std::string& key) const {
  auto n = numbers(key);
  if (!n || n->size() != 4) return std::nullopt;
  return Rect{(*n)[0], (*n)[1], (*n)[2], (*n)[3]};
}

std::optional<std::vector<std::string>> Reader::words(const std::string& key) const {
  const Value* v = find(key);
  if (!v || !v->is_list()) return std::nullopt;
  std::vector<std::string> out;
  for (const Value& item : v->list) out.push_back(item.scalar);
  return out;
}

Context Reader::nested(const std::string& key, const Schema& schema, Context context) const {
  if (context.subject.empty()) context.subject = schema.name.empty() ? context_.subject + "." + key : schema.name;
  if (context.in.empty()) context.in = "in " + context.subject;
  if (context.card.empty()) context.card = context_.card;
  return context;
}

std::optional<Reader> Reader::record(const std::string& key, Context context) {
  const Value* v = find(key);
  if (!v || !v->is_map()) return std::nullopt;
  const Schema* schema = &declared(key)->schema;
  if (schema->type == Type::OneOf)  // a number or a map, say: the map's declaration
    for (const Schema& alternative : schema->of)
      if (alternative.type == Type::Record) schema = &alternative;
  return Reader(*v, *schema, diags_, nested(key, *schema, std::move(context)));
}

void Reader::each(const std::string& key, const EntryFn& fn, Context context) {
  const Value* v = find(key);
  if (!v) return;
  const Schema& schema = declared(key)->schema;
  size_t errors = diags_.error_count();
  each_entry(*v, schema, diags_, nested(key, schema, std::move(context)), fn);
  if (diags_.error_count() > errors) ok_ = false;
}

std::map<std::string, std::string> Reader::text_map(const std::string& key) {
  std::map<std::string, std::string> out;
  each(key, [&](const std::string& name, const Value& v) { out[name] = v.scalar; });
  return out;
}

void Reader::error(const SourceLoc& at, std::string message, std::string hint) {
  diags_.error(at, std::move(message), context_.card, std::move(hint));
  ok_ = false;
}

}  // namespace kw::yaml
