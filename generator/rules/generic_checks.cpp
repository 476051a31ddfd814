// Generic checks declared in data (see generic_checks.h for the format).
#include "rules/generic_checks.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <map>
#include <optional>
#include <set>

#include <fmt/format.h>

#include "model/schema.h"
#include "rules/checks_schema.h"
#include "rules/support.h"
#include "yaml/reader.h"

namespace kw::rules {

namespace {

using model::Card;
using model::Deck;
using model::FieldSpec;
using model::Game;
using model::Table;
using model::Value;

struct Path {
  std::string path;   // without a trailing "[]"
  bool each = false;  // "[]": every element of a list value
  SourceLoc loc;
  std::string str() const { return path + (each ? "[]" : ""); }
};

struct Condition {
  Path path;
  std::vector<std::string> values;  // any of
  bool absent = false;              // `~`: the card does not set it
};

struct Expect {
  bool set = false;
  long long min = 0, max = 0;
  SourceLoc loc;
  bool accepts(long long n) const { return n >= min && n <= max; }
  std::string str() const {
    if (min == max) return std::to_string(min);
    if (max == std::numeric_limits<long long>::max()) return "at least " + std::to_string(min);
    return std::to_string(min) + " to " + std::to_string(max);
  }
};

struct Check {
  std::string kind;
  std::string label;
  SourceLoc loc;
  Severity severity = Severity::Error;
  std::string message;
  const Deck* deck = nullptr;
  std::vector<Condition> where;
  std::vector<Path> per;                     // count, sum
  std::vector<Path> fields;                  // unique
  Path field;                                // sum, allowed, range, ref, covers
  Expect expect;                             // count, sum, covers
  std::vector<std::string> values;           // allowed
  bool required = false;                     // allowed, range
  std::optional<double> min, max;            // range
  const Deck* to = nullptr;                  // ref
  std::vector<Path> same;                    // ref
  const Table* table = nullptr;              // covers
  std::vector<std::pair<Path, Path>> match;  // covers: card path, entry path
};

// ---------------------------------------------------------------- parsing

// Reads one declaration against its kind's keys (checks_schema.h) and
// resolves what it names (decks, tables, card field paths).
class Parser {
 public:
  Parser(const Game& game, Sink& sink) : game_(game), sink_(sink) {}

  // The check; nullopt when the declaration has problems (reported to the sink).
  std::optional<Check> parse(const Value& v) {
    diags_ = Diagnostics();
    auto c = read(v);
    for (const auto& d : diags_.items()) sink_.error(d.loc, d.message, d.card_id, d.hint);
    if (diags_.has_errors()) return std::nullopt;
    return c;
  }

 private:
  std::optional<Check> read(const Value& v) {
    if (!v.is_map()) {
      fail(v.loc, std::string("a check must be a map with 'check:', not ") + v.kind_name());
      return std::nullopt;
    }
    auto kinds = yaml::case_names(check_schema(), "check");
    const Value* kind = v.find("check");
    if (!kind || !kind->is_scalar()) {
      fail(v.loc, "a check needs 'check:' naming its kind", "known kinds are " + model::join_names(kinds));
      return std::nullopt;
    }
    const yaml::Schema* schema = yaml::find_case(check_schema(), "check", kind->scalar);
    if (!schema) {
      yaml::report_unknown(diags_, kind->loc, kind->scalar, kinds, "check", {});
      return std::nullopt;
    }
    yaml::Reader r(v, *schema, diags_);
    Check c;
    c.kind = kind->scalar;
    c.loc = v.loc;
    common(r, c);
    using Read = void (Parser::*)(yaml::Reader&, Check&);
    static const std::map<std::string, Read> readers = {
        {"count", &Parser::count}, {"sum", &Parser::sum}, {"unique", &Parser::unique}, {"allowed", &Parser::allowed},
        {"range", &Parser::range}, {"ref", &Parser::ref}, {"covers", &Parser::covers}};
    (this->*readers.at(c.kind))(r, c);
    return c;
  }

  void common(yaml::Reader& r, Check& c) {
    c.label = r.text("id").value_or(c.kind);
    c.message = r.text("message").value_or("");
    static const std::map<std::string, Severity> severities = {
        {"error", Severity::Error}, {"warning", Severity::Warning}, {"note", Severity::Note}};
    if (auto s = r.text("severity")) c.severity = severities.at(*s);
    if (const Value* d = r.find("deck")) c.deck = deck(*d);
    r.each("where", [&](const std::string& path, const Value& v) { c.where.push_back(condition(path, v)); });
  }

  void count(yaml::Reader& r, Check& c) {
    c.per = paths(r, "per");
    c.expect = expect(r);
  }

  void sum(yaml::Reader& r, Check& c) {
    c.field = path(r, "field");
    c.per = paths(r, "per");
    c.expect = expect(r);
  }

  void unique(yaml::Reader& r, Check& c) { c.fields = paths(r, "fields"); }

  void allowed(yaml::Reader& r, Check& c) {
    c.field = path(r, "field");
    c.values = r.words("values").value_or(std::vector<std::string>{});
    if (const Value* vals = r.find("values"); vals && vals->list.empty())
      fail(vals->loc, "'values:' must be a non-empty list");
    c.required = r.flag("required").value_or(false);
  }

  void range(yaml::Reader& r, Check& c) {
    c.field = path(r, "field");
    c.min = r.number("min");
    c.max = r.number("max");
    if (!r.value().find("min") && !r.value().find("max")) fail(c.loc, "a 'range' check needs 'min:' or 'max:'");
    c.required = r.flag("required").value_or(false);
  }

  void ref(yaml::Reader& r, Check& c) {
    c.field = path(r, "field");
    if (const Value* t = r.find("to")) c.to = deck(*t);
    c.same = paths(r, "same");
  }

  void covers(yaml::Reader& r, Check& c) {
    c.field = path(r, "field");
    if (const Value* t = r.find("table")) {
      c.table = game_.table(t->scalar);
      if (!c.table) {
        std::vector<std::string> ids;
        for (const auto& tab : game_.tables) ids.push_back(tab.id);
        fail(t->loc, "unknown table '" + t->scalar + "'", "known tables are " + model::join_names(ids));
      }
    }
    c.expect = expect(r);
    if (!c.expect.set) c.expect = {true, 1, 1, c.loc};
    r.each("match", [&](const std::string& card_path, const Value& entry_path) {
      c.match.emplace_back(path_at(card_path, entry_path.key_loc), entry_field_path(c.table, entry_path));
    });
  }

  // A field of the covered table's entries ("id" is the entry's own).
  Path entry_field_path(const Table* table, const Value& v) {
    Path ep{v.scalar, false, v.loc};
    if (!table || ep.path.empty() || table->fields.empty() || ep.path == "id") return ep;
    std::string first = ep.path.substr(0, ep.path.find('.'));
    bool known =
        std::any_of(table->fields.begin(), table->fields.end(), [&](const FieldSpec& f) { return f.name == first; });
    if (!known) {
      std::vector<std::string> names;
      for (const auto& f : table->fields) names.push_back(f.name);
      fail(ep.loc, "table '" + table->id + "' has no field '" + ep.path + "'",
           "its fields are " + model::join_names(names));
    }
    return ep;
  }

  void fail(const SourceLoc& loc, std::string message, std::string hint = {}) {
    diags_.error(loc, std::move(message), {}, std::move(hint));
  }

  const Deck* deck(const Value& v) {
    if (const Deck* d = game_.deck(v.scalar)) return d;
    std::vector<std::string> ids;
    for (const auto& d : game_.decks) ids.push_back(d.id);
    fail(v.loc, "unknown deck '" + v.scalar + "'", "known decks are " + model::join_names(ids));
    return nullptr;
  }

  Path path_at(const std::string& text, const SourceLoc& loc) {
    Path p{text, false, loc};
    if (p.path.size() > 2 && p.path.ends_with("[]")) {
      p.path.resize(p.path.size() - 2);
      p.each = true;
    }
    if (p.path.empty() || p.path.find("[]") != std::string::npos) {
      fail(loc, "'" + text + "' is not a field path", "'[]' may only end a path, as in colours[]");
      return p;
    }
    if (!model::is_known_path(game_, p.path)) {
      std::vector<std::string> names;
      for (const auto& f : game_.card_fields) names.push_back(f.name);
      names.insert(names.end(), {"id", "copy", "copies", "deck"});
      fail(loc, "unknown card field '" + p.path + "'", "card fields are " + model::join_names(names));
      return p;
    }
    if (p.each) {
      const FieldSpec* spec = game_.card_field(p.path);
      if (spec && spec->type != FieldSpec::Type::List)
        fail(loc, "'" + text + "' asks for each element, but '" + p.path + "' is not a list");
    }
    return p;
  }

  // A required path key (its absence is reported by the reader).
  Path path(const yaml::Reader& r, const std::string& key) {
    const Value* v = r.find(key);
    return v ? path_at(v->scalar, v->loc) : Path{};
  }

  // A path or a list of them.
  std::vector<Path> paths(const yaml::Reader& r, const std::string& key) {
    std::vector<Path> out;
    const Value* v = r.find(key);
    if (!v) return out;
    if (v->is_scalar()) out.push_back(path_at(v->scalar, v->loc));
    for (const auto& item : v->list) out.push_back(path_at(item.scalar, item.loc));
    if (v->is_list() && v->list.empty()) fail(v->loc, "'" + key + "' must be a field path or a list of them");
    return out;
  }

  // `expect: N` or `expect: { min: a, max: b }`.
  Expect expect(yaml::Reader& r) {
    const Value* v = r.find("expect");
    if (!v) return {};
    if (auto n = v->as_int()) return {true, *n, *n, v->loc};
    Expect e{true, 0, std::numeric_limits<long long>::max(), v->loc};
    if (auto range = r.record("expect")) {
      e.min = range->integer("min").value_or(e.min);
      e.max = range->integer("max").value_or(e.max);
    }
    return e;
  }

  Condition condition(const std::string& path, const Value& v) {
    Condition cond;
    cond.path = path_at(path, v.key_loc);
    if (v.is_null())
      cond.absent = true;
    else if (v.is_scalar())
      cond.values.push_back(v.scalar);
    else if (v.is_list())
      for (const auto& item : v.list) {
        if (!item.is_scalar()) fail(item.loc, std::string("'where' must be a single value, not ") + item.kind_name());
        cond.values.push_back(item.scalar);
      }
    else
      fail(v.loc, "a 'where:' value must be a value, a list of values or ~");
    return cond;
  }

  const Game& game_;
  Sink& sink_;
  Diagnostics diags_;  // the problems of the declaration being read
};

// ---------------------------------------------------------------- running

struct Item {
  const Value* value;
  SourceLoc loc;  // where the card writes it
};

// The values of `p` on `card`: one, none, or (for "x[]") every element.
std::vector<Item> items(const Game& game, const Card& card, const Path& p) {
  const Value* v = field(game, card, p.path);
  if (!v) return {};
  SourceLoc loc = field_loc(game, card, p.path);
  if (!p.each) return {{v, loc}};
  std::vector<Item> out;
  if (v->is_list())
    for (const auto& e : v->list) out.push_back({&e, p.path.find('.') == std::string::npos ? e.loc : loc});
  else
    out.push_back({v, loc});
  return out;
}

bool matches(const Game& game, const Card& card, const Condition& cond) {
  auto vals = items(game, card, cond.path);
  if (cond.absent) return vals.empty();
  for (const auto& it : vals)
    if (std::find(cond.values.begin(), cond.values.end(), canonical(*it.value)) != cond.values.end()) return true;
  return false;
}

class Runner {
 public:
  Runner(const Game& game, const Check& c, Sink& sink) : game_(game), c_(c), sink_(sink) {
    hint_ = (c.message.empty() ? std::string() : c.message + "; ") + "check declared at " + c.loc.str();
    for (const auto& deck : game.decks) {
      if (c.deck && &deck != c.deck) continue;
      if (!c.deck && deck.product == model::Product::Board) continue;  // a board is not a card; only named, it counts
      for (const auto& card : deck.cards) {
        bool ok = true;
        for (const auto& cond : c.where) ok = ok && matches(game, card, cond);
        if (ok) cards_.push_back(&card);
      }
    }
  }

  void run() {
    if (c_.kind == "count")
      count();
    else if (c_.kind == "sum")
      sum();
    else if (c_.kind == "unique")
      unique();
    else if (c_.kind == "allowed")
      allowed();
    else if (c_.kind == "range")
      range();
    else if (c_.kind == "ref")
      ref();
    else if (c_.kind == "covers")
      covers();
  }

 private:
  void report(const SourceLoc& loc, const std::string& message, const std::string& card = {}) {
    sink_.add(c_.severity, loc, message, card, hint_);
  }

  // Where missing cards belong: the deck, or the game's list of decks.
  SourceLoc scope_loc() const {
    if (c_.deck) return c_.deck->loc;
    if (const Value* d = game_.info.find("decks")) return d->loc;
    return game_.loc;
  }

  // "deck 'playing'" or "the game"
  std::string scope_name() const { return c_.deck ? "deck '" + c_.deck->id + "'" : "the game"; }
  // " where kind=number" (conditions on grouped fields show in the group's label)
  std::string where_text() const {
    std::vector<std::string> conds;
    for (const auto& w : c_.where) {
      bool grouped = std::any_of(c_.per.begin(), c_.per.end(), [&](const Path& p) { return p.str() == w.path.str(); });
      if (!grouped) conds.push_back(w.path.str() + (w.absent ? " unset" : "=" + model::join_names(w.values)));
    }
    return conds.empty() ? std::string() : " where " + model::join_names(conds);
  }
  std::string scope() const { return scope_name() + where_text(); }

  // Groups of equal `per` values, in a stable order (table / allowed order for
  // enumerable fields, else first appearance). One group without `per`.
  struct Group {
    std::vector<std::string> key;
    std::vector<const Card*> cards;
  };

  std::vector<std::string> enumerable(const Path& p) const {
    const FieldSpec* spec = game_.card_field(p.path);
    if (!spec) return {};
    if (p.each && spec->type == FieldSpec::Type::List && !spec->element.empty()) spec = &spec->element.front();
    std::vector<std::string> domain;
    if (spec->type == FieldSpec::Type::Ref) {
      if (const Table* t = game_.table(spec->table))
        for (const auto& e : t->entries) domain.push_back(e.id);
    } else if (spec->type == FieldSpec::Type::Id) {
      domain = spec->allowed;
    }
    // `where:` on the same field narrows the groups to the values it admits.
    for (const auto& w : c_.where)
      if (w.path.path == p.path && !w.absent)
        std::erase_if(domain, [&](const std::string& v) {
          return std::find(w.values.begin(), w.values.end(), v) == w.values.end();
        });
    return domain;
  }

  std::vector<Group> groups() const {
    std::vector<Group> out;
    std::map<std::vector<std::string>, size_t> index;
    auto group_for = [&](const std::vector<std::string>& key) -> Group& {
      auto [it, inserted] = index.try_emplace(key, out.size());
      if (inserted) out.push_back({key, {}});
      return out[it->second];
    };
    if (c_.per.empty()) {
      group_for({}).cards = cards_;
      return out;
    }
    // Pre-create every group of enumerable fields, in declaration order.
    std::vector<std::vector<std::string>> domains;
    bool all_enumerable = true;
    for (const auto& p : c_.per) {
      domains.push_back(enumerable(p));
      all_enumerable = all_enumerable && !domains.back().empty();
    }
    if (all_enumerable) {
      std::vector<std::string> key(domains.size());
      std::function<void(size_t)> make = [&](size_t i) {
        if (i == domains.size()) {
          group_for(key);
          return;
        }
        for (const auto& v : domains[i]) {
          key[i] = v;
          make(i + 1);
        }
      };
      make(0);
    }
    for (const Card* card : cards_) {
      std::vector<std::vector<std::string>> choices;
      for (const auto& p : c_.per) {
        std::vector<std::string> vals;
        for (const auto& it : items(game_, *card, p)) vals.push_back(canonical(*it.value));
        choices.push_back(std::move(vals));
      }
      std::vector<std::string> key(choices.size());
      std::function<void(size_t)> add = [&](size_t i) {
        if (i == choices.size()) {
          group_for(key).cards.push_back(card);
          return;
        }
        for (const auto& v : choices[i]) {
          key[i] = v;
          add(i + 1);
        }
      };
      add(0);  // a card without a value for some `per` path joins no group
    }
    return out;
  }

  std::string label(const Group& g) const {
    std::vector<std::string> parts;
    for (size_t i = 0; i < g.key.size(); ++i) parts.push_back(c_.per[i].str() + "=" + g.key[i]);
    return model::join_names(parts);
  }

  void count() {
    for (const auto& g : groups()) {
      long long n = static_cast<long long>(g.cards.size());
      if (c_.expect.accepts(n)) continue;
      std::string what = g.key.empty() ? scope_name() + " has " + plural(n, "card", "cards") + where_text()
                                       : label(g) + " has " + plural(n, "card", "cards") + " in " + scope();
      what += ", expected " + c_.expect.str();
      if (n > c_.expect.max) {
        const Card* extra = g.cards[static_cast<size_t>(c_.expect.max)];
        report(extra->loc, what, extra->id);
      } else if (!g.cards.empty() && !g.key.empty() && std::all_of(g.cards.begin(), g.cards.end(), [&](const Card* c) {
                   return c->def_id == g.cards.front()->def_id;
                 })) {
        // Copies of one definition: the definition is where a copy is missing.
        report(g.cards.back()->loc, what, g.cards.back()->id);
      } else {
        report(scope_loc(), what);
      }
    }
  }

  void sum() {
    for (const auto& g : groups()) {
      double total = 0;
      for (const Card* card : g.cards)
        for (const auto& it : items(game_, *card, c_.field)) {
          if (auto d = it.value->as_number())
            total += *d;
          else
            report(it.loc, c_.field.str() + " is not a number: '" + canonical(*it.value) + "'", card->id);
        }
      if (std::floor(total) == total && c_.expect.accepts(static_cast<long long>(total))) continue;
      report(scope_loc(), "the sum of " + c_.field.str() + " over " + scope() +
                              (g.key.empty() ? "" : " for " + label(g)) + " is " + fmt::format("{:g}", total) +
                              ", expected " + c_.expect.str());
    }
  }

  void unique() {
    std::map<std::vector<std::string>, const Card*> seen;
    for (const Card* card : cards_) {
      std::vector<std::vector<std::string>> choices;
      for (const auto& p : c_.fields) {
        std::vector<std::string> vals;
        for (const auto& it : items(game_, *card, p)) vals.push_back(canonical(*it.value));
        if (vals.empty()) vals.emplace_back("");  // unset is a value too
        choices.push_back(std::move(vals));
      }
      std::vector<std::string> key(choices.size());
      std::function<void(size_t)> visit = [&](size_t i) {
        if (i == choices.size()) {
          auto [it, inserted] = seen.try_emplace(key, card);
          if (!inserted && it->second != card) {
            std::vector<std::string> parts;
            for (size_t k = 0; k < key.size(); ++k) parts.push_back(c_.fields[k].str() + "=" + key[k]);
            report(card->loc,
                   "cards " + it->second->id + " and " + card->id + " share " + model::join_names(parts) + " (in " +
                       scope() + ")",
                   card->id);
          }
          return;
        }
        for (const auto& v : choices[i]) {
          key[i] = v;
          visit(i + 1);
        }
      };
      visit(0);
    }
  }

  void allowed() {
    for (const Card* card : cards_) {
      auto vals = items(game_, *card, c_.field);
      if (vals.empty() && c_.required) report(card->loc, "card sets no " + c_.field.str(), card->id);
      for (const auto& it : vals) {
        std::string v = canonical(*it.value);
        if (std::find(c_.values.begin(), c_.values.end(), v) == c_.values.end())
          report(it.loc, c_.field.str() + " '" + v + "' is not allowed; allowed are " + model::join_names(c_.values),
                 card->id);
      }
    }
  }

  void range() {
    auto fmt = [](double d) { return fmt::format("{:g}", d); };
    for (const Card* card : cards_) {
      auto vals = items(game_, *card, c_.field);
      if (vals.empty() && c_.required) report(card->loc, "card sets no " + c_.field.str(), card->id);
      for (const auto& it : vals) {
        auto d = it.value->as_number();
        if (!d) {
          report(it.loc, c_.field.str() + " is not a number: '" + canonical(*it.value) + "'", card->id);
        } else if ((c_.min && *d < *c_.min) || (c_.max && *d > *c_.max)) {
          std::string bounds = c_.min && c_.max ? "from " + fmt(*c_.min) + " to " + fmt(*c_.max)
                               : c_.min         ? "at least " + fmt(*c_.min)
                                                : "at most " + fmt(*c_.max);
          report(it.loc, c_.field.str() + " is " + fmt(*d) + ", must be " + bounds, card->id);
        }
      }
    }
  }

  void ref() {
    std::map<std::string, const Card*> targets;
    for (const auto& deck : game_.decks) {
      if (c_.to && &deck != c_.to) continue;
      for (const auto& card : deck.cards) {
        targets.try_emplace(card.id, &card);
        targets.try_emplace(card.def_id, &card);
      }
    }
    std::string where = c_.to ? " of deck '" + c_.to->id + "'" : "";
    for (const Card* card : cards_)
      for (const auto& it : items(game_, *card, c_.field)) {
        std::string target = canonical(*it.value);
        auto t = targets.find(target);
        if (t == targets.end()) {
          report(it.loc, c_.field.str() + " '" + target + "' names no card" + where, card->id);
          continue;
        }
        for (const auto& p : c_.same) {
          const Value* a = field(game_, *card, p.path);
          const Value* b = field(game_, *t->second, p.path);
          std::string va = a ? canonical(*a) : "(unset)", vb = b ? canonical(*b) : "(unset)";
          if (va != vb)
            report(it.loc,
                   card->id + " and " + t->second->id + " (its " + c_.field.str() + ") differ in " + p.str() + ": " +
                       va + " vs " + vb,
                   card->id);
        }
      }
  }

  void covers() {
    if (!c_.table) return;
    std::map<std::string, std::vector<std::pair<const Card*, SourceLoc>>> by_entry;
    for (const Card* card : cards_)
      for (const auto& it : items(game_, *card, c_.field)) {
        std::string id = canonical(*it.value);
        if (!c_.table->find(id)) {
          report(it.loc, c_.field.str() + " '" + id + "' is not an entry of table '" + c_.table->id + "'", card->id);
          continue;
        }
        by_entry[id].emplace_back(card, it.loc);
      }
    for (const auto& entry : c_.table->entries) {
      const auto& named = by_entry[entry.id];
      long long n = static_cast<long long>(named.size());
      if (!c_.expect.accepts(n)) {
        std::string what = c_.table->id + " entry '" + entry.id + "' is named by " + plural(n, "card", "cards") +
                           " of " + scope() + ", expected " + c_.expect.str();
        if (n > c_.expect.max) {
          const auto& [card, loc] = named[static_cast<size_t>(c_.expect.max)];
          report(loc, what, card->id);
        } else {
          report(scope_loc(), what);
        }
      }
      for (const auto& [card, loc] : named)
        for (const auto& [cp, ep] : c_.match) {
          const Value* cv = field(game_, *card, cp.path);
          const Value* ev = ep.path == "id" ? nullptr : entry_field(entry, ep.path);
          std::string a = cv ? canonical(*cv) : "(unset)";
          std::string b = ep.path == "id" ? entry.id : ev ? canonical(*ev) : "(unset)";
          if (a != b)
            report(field_loc(game_, *card, cp.path),
                   cp.str() + " is '" + a + "', but " + c_.table->id + " entry '" + entry.id + "' has " + ep.path +
                       " '" + b + "'",
                   card->id);
        }
    }
  }

  const Game& game_;
  const Check& c_;
  Sink& sink_;
  std::string hint_;
  std::vector<const Card*> cards_;
};

}  // namespace

void run_declared_checks(const Game& game, Diagnostics& out) {
  const Value* checks = game.info.find("checks");
  if (!checks || checks->is_null()) return;
  Sink decl(out, game, "checks");
  if (!checks->is_list()) {
    decl.error(checks->loc, "'checks' must be a list of checks");
    return;
  }
  Parser parser(game, decl);
  for (const auto& v : checks->list) {
    auto check = parser.parse(v);
    if (!check) continue;
    Sink sink(out, game, check->label);
    Runner(game, *check, sink).run();
  }
}

void run_declared_check(const Game& game, const Value& declaration, Diagnostics& out) {
  Sink decl(out, game, "checks");
  Parser parser(game, decl);
  auto check = parser.parse(declaration);
  if (!check) return;
  Sink sink(out, game, check->label);
  Runner(game, *check, sink).run();
}

}  // namespace kw::rules
