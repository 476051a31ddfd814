#include "core/clock.h"

#include <charconv>
#include <cstdlib>
#include <ctime>
#include <string_view>

namespace kw {

namespace {

// 9999-12-31T23:59:59Z: the last second a four-digit year writes.
constexpr std::int64_t kLastEpoch = 253402300799;

}  // namespace

std::optional<Clock> Clock::from_environment(std::string& problem) {
  const char* env = std::getenv("SOURCE_DATE_EPOCH");
  if (!env || !*env) return Clock{};
  const std::string_view text(env);
  std::int64_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value < 0 || value > kLastEpoch) {
    problem = "SOURCE_DATE_EPOCH='" + std::string(text) +
              "' is not a date: it must be whole seconds since 1970-01-01 (0 to 253402300799)";
    return std::nullopt;
  }
  return Clock{value};
}

std::string Clock::iso8601() const {
  const auto t = static_cast<std::time_t>(epoch_seconds);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%S", &tm);
  return buf;
}

}  // namespace kw
