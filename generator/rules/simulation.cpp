#include "rules/simulation.h"

#include <fmt/format.h>

namespace kw::rules {

Figure percent_figure(std::string key, std::string label, double part, double whole) {
  return {std::move(key), std::move(label), whole > 0 ? 100.0 * part / whole : 0, "%"};
}

std::vector<int> player_counts(const std::string& game, int min, int max, int requested) {
  std::vector<int> counts;
  for (int n = min; n <= max; ++n)
    if (requested == 0 || requested == n) counts.push_back(n);
  if (counts.empty())
    throw SimulationError(min == max
                              ? fmt::format("{} is played by {} players, not {}", game, min, requested)
                              : fmt::format("{} is played by {} to {} players, not {}", game, min, max, requested));
  return counts;
}

}  // namespace kw::rules
