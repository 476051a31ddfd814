#pragma once
// What `kartenwerk simulate` asks of a game's rules module, and what it gets
// back. A module plays whole games from the loaded data (never from a deck
// built into the C++) by its game's rule text, checks its invariants on every
// step, and reports the figures a designer weighs a game by: win rates by seat
// or side, average points, how often each special card decides a game, game
// length. The CLI prints the report as text or JSON; the module's `check`
// may run a small simulation of its own for balance notes.
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/diagnostic.h"

namespace kw::rules {

struct SimulationOptions {
  uint64_t seed = 1;  // game i is played with a generator seeded from seed and i
  long games = 1000;  // per player count (or per contract/variant where the module splits them)
  int players = 0;    // 0: every player count the rules allow; else only this one
};

// One figure of a report: `key` is stable (JSON, scripts, notes), `label`
// is for people.
struct Figure {
  std::string key;    // e.g. "win_rate.seat_1", "decides.spiegel"
  std::string label;  // e.g. "wins, seat 1"
  double value = 0;
  std::string unit;  // "%", "points", "tricks", "turns", or "" (a count)
};

// Figures that belong together: one player count, one contract, the specials.
struct FigureGroup {
  std::string title;  // e.g. "4 players", "Scharfes Spiel", "special cards"
  std::vector<Figure> figures;
};

// One playable thing a module knows (a contract, a special card, a moon
// kind) and how often its simulation saw it: `check` warns when a change to
// the data leaves it unreachable in play (reach.h).
struct Occurrence {
  std::string key;       // stable, as the game's `reach:` names it: "contract.buendnis", "moon.blutmond"
  std::string what;      // for people: "contract Bündnis", "moon kind Blutmond"
  std::string event;     // what counted, as a past participle: "played", "declared", "laid down"
  long long count = 0;   // times it occurred (was played, declared, took effect)
  long long out_of = 0;  // of this many ...
  std::string per;       // ... "rounds", "games"
  SourceLoc loc;         // its data entry (card, table entry, fact); unknown: the game's `rules:`
};

struct SimulationReport {
  long games = 0;                             // games played in all
  long long steps = 0;                        // moves checked against the invariants
  long long violations = 0;                   // broken invariants: 0 when the model is sound
  std::vector<std::string> first_violations;  // up to 10, each naming the game's seed and the move
  std::vector<FigureGroup> groups;
  // Sentences for designers ("Seat 1 wins 31 % of 3-player games ..."),
  // derived from the figures.
  std::vector<std::string> notes;
  // Every playable thing the module tracks, in the module's order.
  std::vector<Occurrence> occurrences;
};

// Thrown by a module when the loaded data cannot be played (a card the rules
// need is missing): `kartenwerk simulate` reports it as an input error, with
// `check`'s findings being the place to learn why.
struct SimulationError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A share as a percentage figure (0 when `whole` is 0).
Figure percent_figure(std::string key, std::string label, double part, double whole);

// The player counts to simulate: every count from `min` to `max`, or only
// `requested` (0: all). Throws SimulationError naming `game` when
// `requested` is not among them.
std::vector<int> player_counts(const std::string& game, int min, int max, int requested);

}  // namespace kw::rules
