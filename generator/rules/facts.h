#pragma once
// Rule facts: what a game's rule sentences state, declared as data in the
// game map (`facts:`), in a small vocabulary any game can use without C++:
//
//   facts:
//     nouns:   # what quantities count, in each language: "form|form|..."
//       koenig: { de: "König|Könige|Königen", en: "King|Kings" }
//     texts:   # where rules are printed (coverage, free-sentence warnings)
//       - { deck: reference, field: text }
//     rules:
//       kapitulation: { count: 5, compare: at_least, of: koenig }
//       blutbad:      { points: 40, compare: at_least }
//       cards:        { count: 48, of: karte, deck: playing }
//       players:      { players: [3, 5] }
//       deal:         { deal: 12, players: 4 }
//       trumps:       { ranking: [balrog, gondor-ringtraeger, ...], of: trumpf }
//       elrond:       { binding: Elrond, card: gondor-ringtraeger, field: good.name }
//       specials:     { effect: specials-count, applies_in: [standard], not_in: [solo] }
//       fessel:       { effect: the Fessel is broken, roles: { who: [vernio, sinhara] },
//                       sides: { open_hidden: open },
//                       say: { de: "{who} sprengen die Fessel", en: "{who} break the Fetter" } }
//
// An effect's structure is data too: `roles` names what it involves (cards,
// table entries, decks, bindings, terms), `sides` the side of a language's
// opposites it states, `say` its sentence in each language. A claim of an
// effect may name only what its roles name (a name swapped for another in
// the text and its claim alike is caught by the fact, not by the wording),
// and {{fact.<id>}} prints the sentence with the roles' names.
//
// Every fact has exactly one kind key (count, points, deal, players,
// ranking, binding, effect); the others qualify it. The rules module of the
// game checks the facts it models (its own ids); the checks that need no
// model (a count or a binding against the cards) run for every game
// (fact_checks.cpp). Texts print facts as {{fact.<id>}} (fact_text.h) or
// carry `claims: [{ fact: <id>, says: ... }]` (fact_claims.cpp).
//
// A variant inherits its base game's facts and changes them only by
// declaring so, under its `rules: { facts: { <id>: <fact> | removed } }`;
// a text that prints a removed fact is an error.
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "model/model.h"
#include "rules/support.h"

namespace kw::rules {

enum class Compare { Exactly, AtLeast, MoreThan, AtMost, FewerThan };
std::optional<Compare> compare_from_id(const std::string& id);
const char* id(Compare c);
// Does `n` satisfy "<compare> <bound>"?
bool satisfies(long long n, Compare c, long long bound);
// Counts and points are whole numbers, so "more than 6" is "at least 7" and
// "fewer than 3" is "at most 2": a bound in its closed form.
std::pair<long long, Compare> closed_bound(long long n, Compare c);

enum class FactKind { Count, Points, Deal, Players, Ranking, Binding, Effect };
const char* id(FactKind k);

struct Fact {
  std::string id;
  FactKind kind = FactKind::Count;
  std::optional<long long> value;  // count, points, deal: the number
  Compare compare = Compare::Exactly;
  std::optional<long long> min, max;  // players: [min, max] (one number: both)
  std::optional<long long> players;   // deal: for this many players
  std::string of;                     // the noun it counts (facts.nouns)
  std::vector<std::string> order;     // ranking: ids, highest first
  std::string name;                   // binding: the name bound
  std::string effect;                 // effect: what it is
  std::vector<std::string> applies_in, not_in;
  // effect: what it involves, by role ("who" -> [vernio, sinhara]), in
  // declaration order; the sides of opposites it states ("open_hidden" ->
  // "open"); its sentence in each language ({ de: "{who} ..." }).
  std::vector<std::pair<std::string, std::vector<std::string>>> roles;
  std::vector<std::pair<std::string, std::string>> sides;
  std::vector<std::pair<std::string, int>> ranks;  // effect: ordinal places it states ("highest" -> 1)
  std::optional<bool> negated;                     // effect: its claims state it negated ("takes no trick")
  const model::Value* say = nullptr;
  const model::Value* source = nullptr;  // its map in the game (or variant)
  SourceLoc loc;                         // its key
  bool changed_by_variant = false;
  const model::Value* get(const std::string& key) const { return source ? source->find(key) : nullptr; }
};

struct FactSet {
  std::vector<Fact> facts;                   // in declaration order
  std::map<std::string, SourceLoc> removed;  // removed by the variant: id -> where
  const model::Value* nouns = nullptr;
  const model::Value* terms = nullptr;  // the game's words for its things (facts: terms:)
  const model::Value* texts = nullptr;
  const model::Value* cases = nullptr;  // how names read in a case (facts: cases:)
  const Fact* find(const std::string& fact_id) const;
  // The forms of noun `noun` in `language` (or its base language, "de" for
  // "de-CH"), longest first; empty when not declared.
  std::vector<std::string> noun_forms(const std::string& noun, const std::string& language) const;
  // The terms a rewording or a translation may not swap: every noun and
  // every declared term, each with its forms in `language`, longest first.
  std::vector<std::pair<std::string, std::vector<std::string>>> term_forms(const std::string& language) const;
  bool empty() const { return facts.empty() && !texts; }
};

// What a role of an effect names (facts.h): a card definition, a table
// entry ("table.entry", or an entry id no other table has), a deck, a
// binding fact (its name) or a term or noun of the facts. `names`: its
// name in the game's language (a term: its forms, declared first first).
struct RoleItem {
  std::string id;
  std::vector<std::string> names;
  std::string term;  // the term's or noun's key, when it is one
};
std::optional<RoleItem> role_item(const model::Game& game, const FactSet& facts, const std::string& item_id);
// Every name a card definition's fields give it: `name` and any part's
// `name` (good.name, evil.name), in file order.
std::vector<std::string> card_names(const model::Value& fields);

// A {slot} of an effect's say: sentence: the role it prints and, after a
// colon, the grammatical case its names take ("{except:acc}").
struct SaySlot {
  std::string role, grammatical_case;
  size_t begin = 0, end = 0;  // the slot's bytes, braces included
};
std::vector<SaySlot> say_slots(const std::string& sentence);
// The sentences of an effect's say:, each as (name, language, sentence):
// the default sentence has the empty name.
struct SaySentence {
  std::string name, language;
  const model::Value* sentence = nullptr;
};
std::vector<SaySentence> say_sentences(const Fact& f);
// The form of role item `item_id` in `grammatical_case` in `language` (or
// its nearest more general language), as facts: cases: declares it;
// nullopt when the item declares no forms in that language, an empty
// string when it declares some but not that case.
std::optional<std::string> case_form(const FactSet& facts, const std::string& item_id, const std::string& language,
                                     const std::string& grammatical_case);

// The game's facts, with its variant's declared changes applied. Malformed
// declarations are reported to `sink` (when given) at their key or value.
FactSet read_facts(const model::Game& game, Sink* sink = nullptr);

// The generic checks of the facts (no model): their form, counts against the
// cards, bindings against the cards and tables, rankings against tables.
void check_facts(const model::Game& game, Diagnostics& out);

// For rules modules: the fact `fact_id` must state `want` (its number);
// reports where it does not, or that it is missing when `required`.
void expect_fact_number(const FactSet& facts, const std::string& fact_id, long long want,
                        std::optional<Compare> compare, const std::string& why, Sink& sink, const model::Game& game,
                        bool required = false);

// For rules modules: the role `role` of effect `fact_id`, where the fact
// declares it, names exactly `want` (ids; "table.entry" and "entry" are the
// same); reports where it does not. A fact or role not declared is not
// checked: roles are optional.
void expect_fact_roles(const FactSet& facts, const std::string& fact_id, const std::string& role,
                       std::vector<std::string> want, const std::string& why, Sink& sink);

}  // namespace kw::rules
