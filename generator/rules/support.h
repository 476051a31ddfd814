#pragma once
// Helpers shared by the generic checks and the game modules: collecting
// findings, reading card and table fields with their source locations, and
// a seeded random source that gives the same numbers with every standard
// library. No game knowledge here.
#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "model/model.h"
#include "model/schema.h"  // join_names
#include "rules/rules.h"
#include "rules/simulation.h"

namespace kw::rules {

// Adds findings (Diagnostics naming the game and the check) for one game
// under one check name.
class Sink {
 public:
  Sink(Diagnostics& out, const model::Game& game, std::string check)
      : out_(out), game_(game), check_(std::move(check)) {}

  void add(Severity s, const SourceLoc& loc, std::string message, std::string card = {}, std::string hint = {});
  void error(const SourceLoc& loc, std::string message, std::string card = {}, std::string hint = {}) {
    add(Severity::Error, loc, std::move(message), std::move(card), std::move(hint));
  }
  void warning(const SourceLoc& loc, std::string message, std::string card = {}, std::string hint = {}) {
    add(Severity::Warning, loc, std::move(message), std::move(card), std::move(hint));
  }
  void note(const SourceLoc& loc, std::string message, std::string card = {}, std::string hint = {}) {
    add(Severity::Note, loc, std::move(message), std::move(card), std::move(hint));
  }
  // The same sink under another check name.
  Sink with_check(std::string check) const { return Sink(out_, game_, std::move(check)); }
  const model::Game& game() const { return game_; }
  size_t errors() const;  // error findings of this game so far (all checks)

 private:
  Diagnostics& out_;
  const model::Game& game_;
  std::string check_;
};

// A card field by path ("region", "class.points", "ring.half"), via model::lookup.
const model::Value* field(const model::Game& game, const model::Card& card, const std::string& path);
// Its scalar text, or "" when absent or not a scalar.
std::string text(const model::Game& game, const model::Card& card, const std::string& path);
std::optional<long long> integer(const model::Game& game, const model::Card& card, const std::string& path);
// Where the card itself writes `path`: the value inside the card definition
// (or its per-copy patch) for the path's part before any reference is followed;
// the card definition when the card does not write it.
SourceLoc field_loc(const model::Game& game, const model::Card& card, const std::string& path);

// A table entry's member by (dotted) name, or nullptr.
const model::Value* entry_field(const model::TableEntry& entry, const std::string& path);
std::string entry_text(const model::TableEntry& entry, const std::string& path);
// A member of the game's `game:` map by dotted path ("meta.board.energy_start").
const model::Value* info(const model::Game& game, const std::string& path);
// Where the game map writes `key` (its value), else the game's location.
SourceLoc info_loc(const model::Game& game, const std::string& key);

// A value as text for messages and comparisons: scalars as written, lists as
// "[a, b]", maps as "{k: v}", nothing as "".
std::string canonical(const model::Value& v);

// Plays `games` games of `game` per player count with a module's simulator
// and adds its notes as balance notes (broken invariants and unplayable data
// as errors) to `balance`: the check of a game that `kartenwerk simulate`
// plays at length. `played` names what a game is ("games", "rounds"). The
// same games feed the play-only warnings (reach.h).
void note_balance(Sink balance, const model::Model& model, const model::Game& game,
                  SimulationReport (*simulate)(const model::Model&, const model::Game&, const SimulationOptions&),
                  long games, const std::string& played);

// The whole numbers a text prints, in order ("3 freie Felder" -> 3); a run
// of more than 9 digits is no number a rule states and is skipped.
std::vector<int> numbers_in(std::string_view text);
// Is `part` what is left of `whole` with some of its items left out (the
// numbers a text states, in the order its rule has them)?
bool in_order_within(const std::vector<int>& part, const std::vector<int>& whole);

// "a, b and c"
std::string join_and(const std::vector<std::string>& items);
std::string plural(long long n, const std::string& one, const std::string& many);

// Uniform integer in [0, n) from a 64-bit engine by rejection sampling, so a
// seed gives the same sequence with every standard library (unlike
// std::uniform_int_distribution). n must be > 0.
uint64_t random_below(std::mt19937_64& rng, uint64_t n);
template <class T>
void shuffle(std::vector<T>& v, std::mt19937_64& rng) {
  for (size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[static_cast<size_t>(random_below(rng, i))]);
}

}  // namespace kw::rules
