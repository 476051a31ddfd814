#include "rules/reach.h"

#include <fmt/format.h>

#include <map>
#include <set>
#include <string>
#include <vector>

namespace kw::rules {

namespace {

struct Minimum {
  long long at_least = 1;
  SourceLoc loc;  // where the data declares it (unknown: the default)
};

// The declared minimums of one `reach:` map into `out`; a value that is not
// a whole number >= 0 is an error at it (the base game's map is also checked
// by the schema; a variant's `rules:` is free-form).
void read_minimums(Sink sink, const model::Value* reach, std::map<std::string, Minimum>& out) {
  if (!reach) return;
  if (!reach->is_map()) {
    sink.error(reach->loc, "`reach:` must map playable things to their minimum count", {},
               "e.g. reach: { contract.fehl-solo: 0 }");
    return;
  }
  for (const auto& m : reach->map) {
    const auto n = m.value.as_int();
    if (!n || *n < 0) {
      sink.error(
          m.value.loc.known() ? m.value.loc : m.value.key_loc,
          "reach." + m.key + " must be a whole number of occurrences (0 or more), not '" + canonical(m.value) + "'");
      continue;
    }
    out[m.key] = {*n, m.value.key_loc};
  }
}

std::string times(long long n) { return n == 1 ? "once" : fmt::format("{} times", n); }

}  // namespace

void check_reach(const Sink& sink_in, const model::Game& game, const SimulationReport& report, uint64_t seed) {
  Sink sink = sink_in.with_check("reach");
  std::map<std::string, Minimum> minimum;
  read_minimums(sink, game.info.find("reach"), minimum);
  if (game.variant_rules.is_map()) read_minimums(sink, game.variant_rules.find("reach"), minimum);

  const std::string simulate =
      "kartenwerk simulate --game " + game.id + (game.variant.empty() ? "" : " --variant " + game.variant);
  std::set<std::string> known;
  for (const Occurrence& o : report.occurrences) {
    known.insert(o.key);
    const auto declared = minimum.find(o.key);
    const Minimum want = declared == minimum.end() ? Minimum{} : declared->second;
    if (o.count >= want.at_least) continue;
    const std::string measured = fmt::format("in {} simulated {} (seed {})", o.out_of, o.per, seed);
    const SourceLoc at = o.loc.known() ? o.loc : info_loc(game, "rules");
    const std::string seen = o.count == 0 ? "was never " + o.event : "was " + o.event + " only " + times(o.count);
    if (want.loc.known())
      sink.warning(at,
                   fmt::format("{} {} {}; the game's `reach:` ({}) expects at least {}", o.what, seen, measured,
                               want.loc.str(), times(want.at_least)),
                   {}, "a change to the data makes it rare in play; " + simulate + " gives every figure");
    else
      sink.warning(at, fmt::format("{} {} {}", o.what, seen, measured), {},
                   "a change to the data may have made it impossible or unreachable in play (the simulator's players "
                   "follow simple strategies); if it is rare by design, declare `reach: { " +
                       o.key + ": 0 }` in the game; " + simulate + " gives every figure");
  }
  for (const auto& [key, want] : minimum)
    if (!known.contains(key) && want.loc.known()) {
      std::vector<std::string> keys(known.begin(), known.end());
      sink.warning(want.loc, "reach." + key + " names nothing the simulator of '" + game.rules + "' reports", {},
                   keys.empty() ? "it reports nothing playable" : "it reports " + model::join_names(keys));
    }
}

}  // namespace kw::rules
