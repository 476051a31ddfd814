#pragma once
// The one date a build writes into its files (PDF metadata, XMP, workbook
// properties). Read once, where a command starts (engine::World), and handed
// down; never read from the environment by the stage that writes it, so a
// cache key can name it (a build at another date is another build).
#include <cstdint>
#include <optional>
#include <string>

namespace kw {

struct Clock {
  // 2025-01-01T00:00:00Z: the date of every build not given one, so that the
  // same input always gives byte-identical files.
  static constexpr std::int64_t kFixedEpoch = 1735689600;

  std::int64_t epoch_seconds = kFixedEpoch;

  // SOURCE_DATE_EPOCH (reproducible-builds.org) when set, else kFixedEpoch.
  // A value that is not a whole number of seconds since 1970 (from 0 to the
  // year 9999) is refused with a message for `problem` and nullopt.
  static std::optional<Clock> from_environment(std::string& problem);

  // "2023-11-14T22:13:20" (UTC), as cairo and XMP take it.
  std::string iso8601() const;
  // The part of a cache key that this date decides ("epoch 1700000000").
  std::string key() const { return "epoch " + std::to_string(epoch_seconds); }
};

}  // namespace kw
