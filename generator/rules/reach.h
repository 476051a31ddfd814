#pragma once
// Play-only mistakes: a change to the data that leaves a contract, a special
// card or a moon kind unreachable in play. No rule a module checks needs to
// break for that (remove the cards a contract needs, and every remaining
// card is still right), so `check` asks the module's short, fixed-seed
// simulation (the one its balance note comes from) how often each playable
// thing occurred (SimulationReport::occurrences) and warns at the thing's
// data entry when it occurred fewer times than expected.
//
// Expected: at least once, unless the game map's `reach:` declares another
// minimum for its key (things rare by design, or chosen so seldom by the
// simulator's simple players that a short simulation may miss them):
//   reach:
//     contract.regionen-solo-gondor: 0
// A variant may declare its own under its `rules:` (`rules: { reach: ... }`);
// its entries replace the base game's for the same key. No game knowledge here.
#include "rules/simulation.h"
#include "rules/support.h"

namespace kw::rules {

// Warnings (check "reach", under `sink`'s game) for every occurrence of
// `report` below its minimum, and for `reach:` keys the module does not
// report. `seed` is the simulation's, for the message.
void check_reach(const Sink& sink, const model::Game& game, const SimulationReport& report, uint64_t seed);

}  // namespace kw::rules
