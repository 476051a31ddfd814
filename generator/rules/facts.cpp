// Reading the `facts:` of a game and the checks of them that need no rules
// model (see facts.h for the vocabulary).
#include "rules/facts.h"

#include <algorithm>
#include <array>
#include <set>
#include <utility>

#include "core/language.h"
#include "model/database_schema.h"
#include "rules/generic_checks.h"
#include "yaml/reader.h"

namespace kw::rules {

namespace {

struct CompareName {
  Compare compare;
  const char* id;
};
constexpr std::array<CompareName, 5> kCompares = {{{Compare::Exactly, "exactly"},
                                                   {Compare::AtLeast, "at_least"},
                                                   {Compare::MoreThan, "more_than"},
                                                   {Compare::AtMost, "at_most"},
                                                   {Compare::FewerThan, "fewer_than"}}};

struct KindName {
  FactKind kind;
  const char* key;
};
constexpr std::array<KindName, 7> kKinds = {{{FactKind::Count, "count"},
                                             {FactKind::Points, "points"},
                                             {FactKind::Deal, "deal"},
                                             {FactKind::Players, "players"},
                                             {FactKind::Ranking, "ranking"},
                                             {FactKind::Binding, "binding"},
                                             {FactKind::Effect, "effect"}}};

std::string kind_list() {
  std::string out;
  for (const auto& k : kKinds) out += (out.empty() ? "" : ", ") + std::string(k.key);
  return out;
}

std::vector<std::string> ids_of(const model::Value* v) {
  std::vector<std::string> out;
  if (!v) return out;
  if (v->is_scalar()) out.push_back(v->scalar);
  for (const auto& item : v->list) out.push_back(item.scalar);
  return out;
}

// An effect's structure (facts.h): `roles` a map of id lists, `sides` a
// map of opposite key to side, `say` a map of language to sentence. False
// (reported) when malformed.
template <typename Fail>
bool read_structure(Fact& f, const model::Value& v, Fail& fail) {
  const model::Value* roles = v.find("roles");
  const model::Value* sides = v.find("sides");
  const model::Value* say = v.find("say");
  const model::Value* rank = v.find("rank");
  const model::Value* negated = v.find("negated");
  auto bad = [&](const SourceLoc& at, const std::string& message) {
    fail(at, message);
    return false;
  };
  for (const model::Value* part : {roles, sides, say, rank, negated})
    if (part && f.kind != FactKind::Effect)
      return bad(part->loc, "roles, sides, rank, negated and say belong to an effect");
  if (rank) {
    if (!rank->is_map()) return bad(rank->loc, "rank is a map: end -> place (highest: 1)");
    for (const auto& [end, place] : rank->map) {
      const auto n = place.as_int();
      if (!n || *n < 1 || *n > 100) return bad(place.loc, "the place from the " + end + " is a whole number from 1");
      f.ranks.emplace_back(end, static_cast<int>(*n));
    }
  }
  if (negated) {
    f.negated = negated->as_bool();
    if (!f.negated) return bad(negated->loc, "negated is true or false");
  }
  if (roles) {
    if (!roles->is_map()) return bad(roles->loc, "roles is a map: role -> [ids]");
    for (const auto& [role, ids] : roles->map) {
      std::vector<std::string> items = ids_of(&ids);
      if (items.empty() || std::any_of(items.begin(), items.end(), [](const std::string& i) { return i.empty(); }))
        return bad(ids.loc, "role '" + role + "' names no id");
      f.roles.emplace_back(role, std::move(items));
    }
  }
  if (sides) {
    if (!sides->is_map()) return bad(sides->loc, "sides is a map: opposite -> side (open_hidden: open)");
    for (const auto& [key, side] : sides->map) {
      if (!side.is_scalar()) return bad(side.loc, "the side of '" + key + "' is one word of it");
      f.sides.emplace_back(key, side.scalar);
    }
  }
  if (say) {
    if (!say->is_map()) return bad(say->loc, "say is a map: language -> sentence (or name -> { language: sentence })");
    // A malformed sentence is reported and left out; the fact and its
    // other sentences stay, so the texts that print them are not wrong too.
    for (const auto& [key, value] : say->map) {
      if (value.is_map()) {
        for (const auto& m : value.map)
          if (!m.value.is_scalar())
            fail(m.value.loc, "say: '" + key + "' is a sentence in each language: { de: ..., en: ... }");
      } else if (!value.is_scalar()) {
        fail(value.loc, "say: '" + key + "' is one sentence, or a sentence in each language");
      }
    }
    f.say = say;
    for (const SaySentence& s : say_sentences(f))
      // Every {slot} is a role: a slot no role fills would print as written.
      // Reported, and the fact kept: the slot prints as written, so the
      // texts that print the fact are not unknown fields as well.
      for (const SaySlot& slot : say_slots(s.sentence->scalar))
        if (std::none_of(f.roles.begin(), f.roles.end(), [&](const auto& r) { return r.first == slot.role; }))
          fail(s.sentence->loc, "say: '" + s.language + "' has the slot {" + slot.role + "}, which no role fills");
  }
  return true;
}

// One fact from its map; nullopt (reported) when it has no single kind.
std::optional<Fact> read_fact(const std::string& fact_id, const model::Value& v, const SourceLoc& key_loc, Sink* sink) {
  auto fail = [&](const SourceLoc& at, const std::string& message, const std::string& hint = {}) {
    if (sink) sink->error(at, "fact '" + fact_id + "': " + message, {}, hint);
    return std::nullopt;
  };
  if (!v.is_map()) return fail(v.loc, "a fact is a map with one of " + kind_list());
  Fact f;
  f.id = fact_id;
  f.source = &v;
  f.loc = key_loc;
  int kinds = 0;
  for (const auto& k : kKinds)
    if (v.find(k.key)) {
      // `players` qualifies a deal ("12 cards for 4 players"), so a deal
      // with players is one kind.
      if (k.kind == FactKind::Players && v.find("deal")) continue;
      f.kind = k.kind;
      ++kinds;
    }
  if (kinds != 1)
    return fail(v.loc, kinds == 0 ? "it states nothing" : "it states more than one thing",
                "a fact has exactly one of " + kind_list());
  auto number = [&](const char* key) -> std::optional<long long> {
    const model::Value* n = v.find(key);
    if (!n) return std::nullopt;
    auto i = n->as_int();
    if (!i) fail(n->loc, std::string("'") + key + "' must be a whole number, not '" + n->scalar + "'");
    return i;
  };
  switch (f.kind) {
    case FactKind::Count:
    case FactKind::Points:
      f.value = number(f.kind == FactKind::Count ? "count" : "points");
      if (!f.value) return std::nullopt;
      break;
    case FactKind::Deal:
      f.value = number("deal");
      f.players = number("players");
      if (!f.value) return std::nullopt;
      break;
    case FactKind::Players: {
      const model::Value* p = v.find("players");
      if (p->is_list() && p->list.size() == 2) {
        f.min = p->list[0].as_int();
        f.max = p->list[1].as_int();
      } else {
        f.min = f.max = p->as_int();
      }
      if (!f.min || !f.max || *f.min > *f.max) return fail(p->loc, "players is N or [min, max] with min <= max");
      break;
    }
    case FactKind::Ranking:
      f.order = ids_of(v.find("ranking"));
      if (f.order.size() < 2) return fail(v.find("ranking")->loc, "a ranking lists at least two ids, highest first");
      break;
    case FactKind::Binding:
      f.name = v.find("binding")->scalar;
      if (f.name.empty()) return fail(v.find("binding")->loc, "a binding names a name");
      break;
    case FactKind::Effect:
      f.effect = v.find("effect")->scalar;
      break;
  }
  if (const model::Value* c = v.find("compare")) {
    auto cmp = compare_from_id(c->scalar);
    if (!cmp) {
      std::string known;
      for (const auto& n : kCompares) known += (known.empty() ? "" : ", ") + std::string(n.id);
      return fail(c->loc, "unknown comparison '" + c->scalar + "'", "comparisons: " + known);
    }
    f.compare = *cmp;
  }
  if (const model::Value* o = v.find("of")) f.of = o->scalar;
  f.applies_in = ids_of(v.find("applies_in"));
  f.not_in = ids_of(v.find("not_in"));
  if (!read_structure(f, v, fail)) return std::nullopt;
  return f;
}

}  // namespace

std::optional<Compare> compare_from_id(const std::string& name) {
  for (const auto& c : kCompares)
    if (name == c.id) return c.compare;
  return std::nullopt;
}

const char* id(Compare c) {
  for (const auto& n : kCompares)
    if (n.compare == c) return n.id;
  return "exactly";
}

const char* id(FactKind k) {
  for (const auto& n : kKinds)
    if (n.kind == k) return n.key;
  return "count";
}

std::pair<long long, Compare> closed_bound(long long n, Compare c) {
  if (c == Compare::MoreThan) return {n + 1, Compare::AtLeast};
  if (c == Compare::FewerThan) return {n - 1, Compare::AtMost};
  return {n, c};
}

bool satisfies(long long n, Compare c, long long bound) {
  switch (c) {
    case Compare::Exactly:
      return n == bound;
    case Compare::AtLeast:
      return n >= bound;
    case Compare::MoreThan:
      return n > bound;
    case Compare::AtMost:
      return n <= bound;
    case Compare::FewerThan:
      return n < bound;
  }
  return false;
}

const Fact* FactSet::find(const std::string& fact_id) const {
  for (const auto& f : facts)
    if (f.id == fact_id) return &f;
  return nullptr;
}

namespace {

// The forms `forms` ({ de: "König|Könige" }) gives in `language` or the
// nearest language that gives any ("de-CH", then "de"), as declared:
// König first, for printing.
std::vector<std::string> declared_forms(const model::Value* forms, const std::string& language) {
  std::vector<std::string> out;
  if (!forms || !forms->is_map()) return out;
  for (std::string tag = language; !tag.empty(); tag = parent_language(tag))
    if (const model::Value* f = forms->find(tag); f && f->is_scalar()) {
      std::string rest = f->scalar + "|";
      for (size_t bar; (bar = rest.find('|')) != std::string::npos; rest.erase(0, bar + 1))
        if (bar > 0) out.push_back(rest.substr(0, bar));
      break;
    }
  return out;
}

// The same, longest first: for reading, a longer form before its prefix.
std::vector<std::string> forms_in(const model::Value* forms, const std::string& language) {
  std::vector<std::string> out = declared_forms(forms, language);
  std::stable_sort(out.begin(), out.end(),
                   [](const std::string& a, const std::string& b) { return a.size() > b.size(); });
  return out;
}

}  // namespace

std::vector<std::string> FactSet::noun_forms(const std::string& noun, const std::string& language) const {
  return forms_in(nouns ? nouns->find(noun) : nullptr, language);
}

std::vector<std::pair<std::string, std::vector<std::string>>> FactSet::term_forms(const std::string& language) const {
  std::vector<std::pair<std::string, std::vector<std::string>>> out;
  for (const model::Value* list : {nouns, terms})
    if (list && list->is_map())
      for (const auto& [term, forms] : list->map)
        if (auto f = forms_in(&forms, language); !f.empty()) out.emplace_back(term, std::move(f));
  return out;
}

// Every name a card gives itself: its `name` and the names of its parts
// (a Palantír card's `good: { name: Elrond }` and `evil: { name: … }`), in
// file order.
std::vector<std::string> card_names(const model::Value& fields) {
  std::vector<std::string> out;
  if (!fields.is_map()) return out;
  for (const auto& m : fields.map) {
    if (m.key == "name" && m.value.is_scalar() && !m.value.scalar.empty()) out.push_back(m.value.scalar);
    if (m.value.is_map())
      for (std::string& n : card_names(m.value)) out.push_back(std::move(n));
  }
  return out;
}

namespace {

const model::TableEntry* entry_named(const model::Game& game, const std::string& ref) {
  if (const auto dot = ref.find('.'); dot != std::string::npos) {
    const model::Table* t = game.table(ref.substr(0, dot));
    return t ? t->find(ref.substr(dot + 1)) : nullptr;
  }
  // A bare entry id, when one table has it: "vollmond" of the moons.
  const model::TableEntry* found = nullptr;
  for (const model::Table& t : game.tables)
    if (const model::TableEntry* e = t.find(ref)) {
      if (found) return nullptr;
      found = e;
    }
  return found;
}

}  // namespace

std::optional<RoleItem> role_item(const model::Game& game, const FactSet& facts, const std::string& item_id) {
  RoleItem item;
  item.id = item_id;
  // The first of these that gives the id a name: an id may be a table entry
  // without a name (a contract) and a term with forms alike.
  if (const model::Card* card = game.card_definition(item_id)) item.names = card_names(card->fields);
  if (const model::TableEntry* entry = entry_named(game, item_id); entry && item.names.empty())
    if (std::string name = entry_text(*entry, "name"); !name.empty()) item.names.push_back(std::move(name));
  if (const model::Deck* deck = game.deck(item_id); deck && item.names.empty()) item.names.push_back(deck->name);
  if (const Fact* bound = facts.find(item_id); bound && bound->kind == FactKind::Binding && item.names.empty()) {
    // Its name as the game (in its language) gives it: the bound field.
    const model::Value* field_v = bound->get("field");
    const std::string path = field_v ? field_v->scalar : std::string("name");
    std::string name = bound->name;
    if (const model::Value* c = bound->get("card"))
      if (const model::Card* bound_card = game.card_definition(c->scalar)) name = text(game, *bound_card, path);
    if (const model::Value* e = bound->get("entry"))
      if (const model::TableEntry* bound_entry = entry_named(game, e->scalar)) name = entry_text(*bound_entry, path);
    if (const model::Value* d = bound->get("deck"))
      if (const model::Deck* bound_deck = game.deck(d->scalar)) name = bound_deck->name;
    item.names.push_back(name);
  }
  if (!item.names.empty()) return item;
  for (const model::Value* list : {facts.terms, facts.nouns})
    if (list && list->find(item_id)) {
      item.term = item_id;
      item.names = declared_forms(list->find(item_id), game.language);
      return item;
    }
  return std::nullopt;
}

std::vector<SaySlot> say_slots(const std::string& sentence) {
  std::vector<SaySlot> out;
  for (size_t open = sentence.find('{'); open != std::string::npos; open = sentence.find('{', open + 1)) {
    const size_t close = sentence.find('}', open);
    if (close == std::string::npos) break;
    SaySlot slot;
    slot.role = sentence.substr(open + 1, close - open - 1);
    if (const size_t colon = slot.role.find(':'); colon != std::string::npos) {
      slot.grammatical_case = slot.role.substr(colon + 1);
      slot.role.resize(colon);
    }
    slot.begin = open;
    slot.end = close + 1;
    out.push_back(std::move(slot));
  }
  return out;
}

std::vector<SaySentence> say_sentences(const Fact& f) {
  std::vector<SaySentence> out;
  if (!f.say || !f.say->is_map()) return out;
  for (const auto& [key, value] : f.say->map) {
    if (value.is_scalar()) out.push_back({"", key, &value});
    if (value.is_map())
      for (const auto& [lang, sentence] : value.map)
        if (sentence.is_scalar()) out.push_back({key, lang, &sentence});
  }
  return out;
}

std::optional<std::string> case_form(const FactSet& facts, const std::string& item_id, const std::string& language,
                                     const std::string& grammatical_case) {
  const model::Value* item = facts.cases ? facts.cases->find(item_id) : nullptr;
  if (!item) return std::nullopt;
  for (std::string tag = language; !tag.empty(); tag = parent_language(tag))
    if (const model::Value* forms = item->find(tag); forms && forms->is_map()) {
      const model::Value* form = forms->find(grammatical_case);
      return form && form->is_scalar() ? form->scalar : std::string();
    }
  return std::nullopt;
}

FactSet read_facts(const model::Game& game, Sink* sink) {
  FactSet set;
  const model::Value* root = game.info.find("facts");
  if (root && root->is_map()) {
    set.nouns = root->find("nouns");
    set.terms = root->find("terms");
    set.texts = root->find("texts");
    set.cases = root->find("cases");
    if (const model::Value* rules = root->find("rules"); rules && rules->is_map())
      for (const auto& [fact_id, v] : rules->map)
        if (auto f = read_fact(fact_id, v, v.key_loc, sink)) set.facts.push_back(std::move(*f));
  }
  // The variant's declared changes: a fact replaced, added or removed.
  const model::Value* changes = game.variant_rules.is_map() ? game.variant_rules.find("facts") : nullptr;
  if (changes && changes->is_map())
    for (const auto& [fact_id, v] : changes->map) {
      const std::string& changed = fact_id;  // a lambda cannot capture a structured binding (C++20)
      auto existing =
          std::find_if(set.facts.begin(), set.facts.end(), [&changed](const Fact& f) { return f.id == changed; });
      if (v.is_scalar() && v.scalar == "removed") {
        if (existing == set.facts.end()) {
          if (sink)
            sink->error(v.loc, "the variant removes fact '" + fact_id + "', which the base game does not state");
          continue;
        }
        set.facts.erase(existing);
        set.removed[fact_id] = v.loc;
        continue;
      }
      auto f = read_fact(fact_id, v, v.key_loc, sink);
      if (!f) continue;
      f->changed_by_variant = true;
      if (existing != set.facts.end())
        *existing = std::move(*f);
      else
        set.facts.push_back(std::move(*f));
    }
  return set;
}

void expect_fact_number(const FactSet& facts, const std::string& fact_id, long long want,
                        std::optional<Compare> compare, const std::string& why, Sink& sink, const model::Game& game,
                        bool required) {
  const Fact* f = facts.find(fact_id);
  if (!f) {
    if (required && !facts.removed.count(fact_id))
      sink.error(info_loc(game, "facts"), "the facts do not state '" + fact_id + "' (" + why + ")", {},
                 "add it under facts: rules:");
    return;
  }
  // At the number of its kind: a deal also names `players`, which is not it.
  const model::Value* at = f->source;
  for (const auto& k : kKinds)
    if (const model::Value* v = f->get(k.key); v && k.kind == f->kind) at = v;
  if (f->value && *f->value != want)
    sink.error(at->loc, "fact '" + fact_id + "' says " + std::to_string(*f->value) + ", the rules " +
                            std::to_string(want) + " (" + why + ")");
  if (compare && f->compare != *compare) {
    const model::Value* c = f->get("compare");
    sink.error(c ? c->loc : f->loc,
               "fact '" + fact_id + "' compares " + id(f->compare) + ", the rules " + id(*compare) + " (" + why + ")");
  }
}

void expect_fact_roles(const FactSet& facts, const std::string& fact_id, const std::string& role,
                       std::vector<std::string> want, const std::string& why, Sink& sink) {
  const Fact* f = facts.find(fact_id);
  if (!f) return;
  const auto declared = std::find_if(f->roles.begin(), f->roles.end(), [&](const auto& r) { return r.first == role; });
  if (declared == f->roles.end()) return;
  // "moons.vollmond" and "vollmond" name the same entry.
  auto bare = [](std::vector<std::string> ids) {
    for (std::string& id : ids) id.erase(0, id.find('.') == std::string::npos ? 0 : id.find('.') + 1);
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    return ids;
  };
  const std::vector<std::string> have = bare(declared->second);
  want = bare(std::move(want));
  if (have == want) return;
  auto listed = [](const std::vector<std::string>& ids) {
    std::string out;
    for (const std::string& id : ids) out += (out.empty() ? "" : ", ") + id;
    return "[" + out + "]";
  };
  const model::Value* roles = f->get("roles");
  const model::Value* at = roles ? roles->find(role) : nullptr;
  sink.error(at ? at->loc : f->loc, "fact '" + fact_id + "': role '" + role + "' names " + listed(have) +
                                        ", the rules " + listed(want) + " (" + why + ")");
}

namespace {

// A count fact that names a deck (and where:) counts those cards: the
// declared check `count` does it, with the fact's comparison.
void check_count(const model::Game& game, const Fact& f, Sink& sink, Diagnostics& out) {
  // A count of a table's entries ("four regions").
  if (const model::Value* t = f.get("table")) {
    const model::Table* table = game.table(t->scalar);
    if (!table) {
      sink.error(t->loc, "fact '" + f.id + "': no table '" + t->scalar + "'");
    } else if (!satisfies(static_cast<long long>(table->entries.size()), f.compare, *f.value)) {
      sink.error(f.get("count")->loc, "fact '" + f.id + "' counts " + std::to_string(*f.value) + " entries of " +
                                          t->scalar + ", the table has " + std::to_string(table->entries.size()));
    }
    return;
  }
  if (!f.get("deck") && !f.get("where")) return;
  model::Value decl;
  decl.kind = model::Value::Kind::Map;
  decl.loc = f.source->loc;
  auto scalar = [&](const std::string& text) {
    model::Value s;
    s.kind = model::Value::Kind::Scalar;
    s.scalar = text;
    s.loc = f.get("count")->loc;
    return s;
  };
  decl.set("check", scalar("count"));
  if (const model::Value* d = f.get("deck")) decl.set("deck", *d);
  if (const model::Value* w = f.get("where")) decl.set("where", *w);
  const long long n = *f.value;
  model::Value expect;
  switch (f.compare) {
    case Compare::Exactly:
      expect = scalar(std::to_string(n));
      break;
    case Compare::AtLeast:
    case Compare::MoreThan:
      expect.kind = model::Value::Kind::Map;
      expect.set("min", scalar(std::to_string(f.compare == Compare::AtLeast ? n : n + 1)));
      break;
    case Compare::AtMost:
    case Compare::FewerThan:
      expect.kind = model::Value::Kind::Map;
      expect.set("max", scalar(std::to_string(f.compare == Compare::AtMost ? n : n - 1)));
      break;
  }
  decl.set("expect", expect);
  decl.set("id", scalar("fact " + f.id));
  run_declared_check(game, decl, out);
}

// A binding ties a name to a card's field, a table entry's field or a deck's name.
void check_binding(const model::Game& game, const Fact& f, Sink& sink) {
  const model::Value* field_v = f.get("field");
  const std::string path = field_v ? field_v->scalar : std::string("name");
  if (const model::Value* c = f.get("card")) {
    const model::Card* card = game.card_definition(c->scalar);
    if (!card) {
      sink.error(c->loc, "fact '" + f.id + "': no card '" + c->scalar + "'");
      return;
    }
    const std::string value = text(game, *card, path);
    if (value != f.name)
      sink.error(field_loc(game, *card, path),
                 "card " + card->def_id + " gives " + path + " '" + value + "', the fact '" + f.id + "' binds '" +
                     f.name + "' to it",
                 card->id, "the fact is at " + f.loc.str());
  } else if (const model::Value* e = f.get("entry")) {
    // "table.entry"
    const std::string& ref = e->scalar;
    const auto dot = ref.find('.');
    const model::Table* table = dot == std::string::npos ? nullptr : game.table(ref.substr(0, dot));
    const model::TableEntry* entry = table ? table->find(ref.substr(dot + 1)) : nullptr;
    if (!entry) {
      sink.error(e->loc, "fact '" + f.id + "': no table entry '" + ref + "' (write table.entry)");
      return;
    }
    const model::Value* v = entry_field(*entry, path);
    if (!v || v->scalar != f.name)
      sink.error(v ? v->loc : e->loc,
                 "table entry " + ref + " gives " + path + " '" + (v ? v->scalar : std::string()) + "', the fact '" +
                     f.id + "' binds '" + f.name + "' to it",
                 {}, "the fact is at " + f.loc.str());
  } else if (const model::Value* d = f.get("deck")) {
    const model::Deck* deck = game.deck(d->scalar);
    if (!deck)
      sink.error(d->loc, "fact '" + f.id + "': no deck '" + d->scalar + "'");
    else if (deck->name != f.name)
      sink.error(deck->name_loc,
                 "deck " + deck->id + " is named '" + deck->name + "', the fact '" + f.id + "' binds '" + f.name + "'",
                 {}, "the fact is at " + f.loc.str());
  }
}

// A ranking over a table: every id is an entry of it, none twice.
void check_ranking(const model::Game& game, const Fact& f, Sink& sink) {
  const model::Value* t = f.get("table");
  const model::Value* list = f.get("ranking");
  for (size_t i = 0; i < f.order.size(); ++i) {
    const SourceLoc at = i < list->list.size() ? list->list[i].loc : list->loc;
    if (std::find(f.order.begin(), f.order.begin() + static_cast<long>(i), f.order[i]) !=
        f.order.begin() + static_cast<long>(i))
      sink.error(at, "fact '" + f.id + "' ranks '" + f.order[i] + "' twice");
    if (!t) continue;
    const model::Table* table = game.table(t->scalar);
    if (!table) {
      sink.error(t->loc, "fact '" + f.id + "': no table '" + t->scalar + "'");
      return;
    }
    if (!table->find(f.order[i]))
      sink.error(at, "fact '" + f.id + "': '" + f.order[i] + "' is no entry of " + t->scalar);
  }
}

}  // namespace

namespace {

// The declarations' form, key by key (a record's reader checks one level).
void check_form(const model::Game& game, Sink& sink) {
  Diagnostics form;
  auto read = [&](const model::Value& v, const yaml::Schema& schema, const std::string& subject) {
    if (v.is_map()) yaml::Reader(v, schema, form, {subject, "in " + subject, {}});
  };
  if (const model::Value* root = game.info.find("facts")) {
    read(*root, model::facts_schema(), "facts");
    if (const model::Value* rules = root->find("rules"); rules && rules->is_map())
      for (const auto& [fact_id, v] : rules->map) read(v, model::fact_schema(), "fact '" + fact_id + "'");
    if (const model::Value* texts = root->find("texts"); texts && texts->is_list())
      for (const auto& t : texts->list) read(t, model::rule_text_schema(), "a rule text");
    // Case forms three levels down: id -> language -> case -> form.
    if (const model::Value* cases = root->find("cases"); cases && cases->is_map())
      for (const auto& [item, languages] : cases->map) {
        bool good = languages.is_map();
        for (const auto& l : languages.map)
          good = good && l.value.is_map() && std::all_of(l.value.map.begin(), l.value.map.end(), [](const auto& c) {
                   return c.value.is_scalar() && !c.value.scalar.empty();
                 });
        if (!good)
          form.error(languages.loc, "cases: '" + item + "' gives no forms by language and case", "",
                     "write { de: { nom: \"der Tod\", acc: \"den Tod\" } }: each language's form of each case");
      }
    // Nouns and terms one level further down: each a map of a language to
    // its forms ("form|form").
    for (const char* list : {"nouns", "terms"})
      if (const model::Value* words = root->find(list); words && words->is_map())
        for (const auto& [word, forms] : words->map) {
          const bool by_language = forms.is_map() && std::all_of(forms.map.begin(), forms.map.end(), [](const auto& f) {
                                     return f.value.is_scalar() && !f.value.scalar.empty();
                                   });
          if (!by_language)
            form.error(forms.loc, std::string(list) + ": '" + word + "' gives no forms by language", "",
                       "write { de: \"Brücke\", en: \"bridge|bridges\" }: each language's forms, '|' between");
        }
  }
  if (const model::Value* changes = game.variant_rules.is_map() ? game.variant_rules.find("facts") : nullptr;
      changes && changes->is_map())
    for (const auto& [fact_id, v] : changes->map) read(v, model::fact_schema(), "fact '" + fact_id + "'");
  for (const Diagnostic& d : form) sink.add(d.severity, d.loc, d.message, {}, d.hint);
}

// A top-level text field of `fields`, or nullptr.
const model::FieldSpec* text_field(const std::vector<model::FieldSpec>& fields, const std::string& name) {
  for (const auto& f : fields)
    if (f.name == name) return &f;
  return nullptr;
}

// `texts:` names real text fields, and every claim of a fact is on one of
// them: a claim elsewhere would never be read, so a typo there must not
// silently switch the checks off.
void check_places(const model::Game& game, const FactSet& set, Sink& sink) {
  std::set<std::string> decks;
  if (set.texts && set.texts->is_list())
    for (const auto& place : set.texts->list) {
      const model::Value* field_v = place.find("field");
      if (!field_v) continue;
      const model::Value* d = place.find("deck");
      const model::Value* t = place.find("table");
      const model::FieldSpec* spec = nullptr;
      if (d) {
        const model::Deck* deck = game.deck(d->scalar);
        if (!deck) {
          sink.error(d->loc, "facts: texts: no deck '" + d->scalar + "' in game " + game.id);
          continue;
        }
        decks.insert(deck->id);
        spec = text_field(game.fields_of(deck->id), field_v->scalar);
      } else if (t) {
        const model::Table* table = game.table(t->scalar);
        if (!table) {
          sink.error(t->loc, "facts: texts: no table '" + t->scalar + "' in game " + game.id);
          continue;
        }
        spec = text_field(table->fields, field_v->scalar);
      } else {
        sink.error(place.loc, "a rule text names its deck or table: { deck: <id>, field: <text field> }");
        continue;
      }
      if (!spec || spec->type != model::FieldSpec::Type::Text)
        sink.error(field_v->loc, "facts: texts: '" + field_v->scalar + "' is no text field of " +
                                     (d ? "deck " + d->scalar : "table " + t->scalar));
    }
  for (const auto& deck : game.decks) {
    if (decks.count(deck.id)) continue;
    for (const auto& card : deck.cards) {
      if (card.copy > 1) continue;
      const model::Value* claims = field(game, card, "claims");
      if (!claims || !claims->is_list()) continue;
      for (const auto& claim : claims->list)
        if (const model::Value* f = claim.find("fact")) {
          sink.error(f->loc,
                     "this claim is never read: deck " + deck.id + " is not among the rule texts (facts: texts:)",
                     card.id, "add { deck: " + deck.id + ", field: <its text field> } under facts: texts:");
          break;
        }
    }
  }
}

}  // namespace

namespace {

// Every id a role may name, for a hint.
std::vector<std::string> role_ids(const model::Game& game, const FactSet& set) {
  std::vector<std::string> ids;
  for (const model::Deck& deck : game.decks) {
    ids.push_back(deck.id);
    for (const model::Card& card : deck.cards) ids.push_back(card.def_id);
  }
  for (const model::Table& table : game.tables)
    for (const model::TableEntry& entry : table.entries) ids.push_back(table.id + "." + entry.id);
  for (const Fact& f : set.facts)
    if (f.kind == FactKind::Binding) ids.push_back(f.id);
  for (const model::Value* list : {set.terms, set.nouns})
    if (list && list->is_map())
      for (const auto& m : list->map) ids.push_back(m.key);
  return ids;
}

// Every id an effect's roles name is a thing of the game: a card, a table
// entry, a deck, a binding or a term (a typo would silently allow nothing).
void check_roles(const model::Game& game, const FactSet& set, const Fact& f, Sink& sink) {
  const model::Value* roles = f.get("roles");
  for (const auto& [role, items] : f.roles) {
    const model::Value* listed = roles ? roles->find(role) : nullptr;
    for (size_t i = 0; i < items.size(); ++i) {
      if (role_item(game, set, items[i])) continue;
      const SourceLoc at = listed && listed->is_list() && i < listed->list.size() ? listed->list[i].loc
                           : listed                                               ? listed->loc
                                                                                  : f.loc;
      const std::string near = yaml::closest_name(items[i], role_ids(game, set));
      sink.error(at,
                 "fact '" + f.id + "': role '" + role + "' names '" + items[i] +
                     "', which is no card, table entry, deck, binding or term of the game",
                 {},
                 (near.empty() ? "" : "did you mean '" + near + "'? Or ") +
                     "declare a word of the game under facts: terms: { " + items[i] + ": { <lang>: \"form|forms\" } }");
    }
  }
}

// A slot with a case ("{except:acc}") prints each name of its role in that
// case where facts: cases: gives the name forms in the sentence's language;
// a name given forms there but not that case would print in the wrong case.
void check_say_cases(const FactSet& set, const Fact& f, Sink& sink) {
  for (const SaySentence& s : say_sentences(f))
    for (const SaySlot& slot : say_slots(s.sentence->scalar)) {
      if (slot.grammatical_case.empty()) continue;
      for (const auto& [role, items] : f.roles) {
        if (role != slot.role) continue;
        for (const std::string& item : items) {
          const std::optional<std::string> form = case_form(set, item, s.language, slot.grammatical_case);
          if (!form || !form->empty()) continue;
          std::string declared;
          for (std::string tag = s.language; !tag.empty() && declared.empty(); tag = parent_language(tag))
            if (const model::Value* forms = set.cases->find(item)->find(tag); forms && forms->is_map())
              for (const auto& m : forms->map) declared += (declared.empty() ? "" : ", ") + m.key;
          sink.error(s.sentence->loc,
                     "fact '" + f.id + "': say: '" + s.language + "' writes {" + slot.role + ":" +
                         slot.grammatical_case + "}, but facts: cases: gives '" + item + "' no '" +
                         slot.grammatical_case + "' form in " + s.language + " (it gives: " + declared + ")",
                     {},
                     "add " + slot.grammatical_case + ": \"<form>\" under facts: cases: " + item + ": " + s.language);
        }
      }
    }
}

// Every id facts: cases: gives forms is a thing a role may name.
void check_case_ids(const model::Game& game, const FactSet& set, Sink& sink) {
  if (!set.cases || !set.cases->is_map()) return;
  for (const auto& [item, forms] : set.cases->map) {
    if (role_item(game, set, item)) continue;
    const std::string near = yaml::closest_name(item, role_ids(game, set));
    sink.error(forms.key_loc, "facts: cases: '" + item + "' is no card, table entry, deck, binding or term of the game",
               {}, near.empty() ? std::string() : "did you mean '" + near + "'?");
  }
}

}  // namespace

void check_facts(const model::Game& game, Diagnostics& out) {
  Sink sink(out, game, "facts");
  check_form(game, sink);
  const FactSet set = read_facts(game, &sink);
  check_places(game, set, sink);
  check_case_ids(game, set, sink);
  for (const Fact& f : set.facts) {
    if (!f.of.empty() && (!set.nouns || !set.nouns->find(f.of)))
      sink.error(f.get("of")->loc, "fact '" + f.id + "' counts '" + f.of + "', which facts: nouns: does not declare",
                 {}, "declare its forms in each language: nouns: { " + f.of + ": { <lang>: \"form|forms\" } }");
    switch (f.kind) {
      case FactKind::Count:
        check_count(game, f, sink, out);
        break;
      case FactKind::Binding:
        check_binding(game, f, sink);
        break;
      case FactKind::Ranking:
        check_ranking(game, f, sink);
        break;
      default:
        break;
    }
    check_roles(game, set, f, sink);
    check_say_cases(set, f, sink);
  }
}

}  // namespace kw::rules
