#include "core/limits.h"

#include <fmt/format.h>

#include <array>
#include <charconv>

namespace kw {

namespace {

Limits current;

struct Named {
  const char* name;
  std::uint64_t Limits::*field;
};

constexpr std::array<Named, 9> kNamed{{{"yaml-nodes", &Limits::yaml_nodes},
                                       {"yaml-depth", &Limits::yaml_depth},
                                       {"yaml-bytes", &Limits::yaml_bytes},
                                       {"file-bytes", &Limits::file_bytes},
                                       {"image-pixels", &Limits::image_pixels},
                                       {"page-pixels", &Limits::page_pixels},
                                       {"build-pixels", &Limits::build_pixels},
                                       {"pages", &Limits::pages},
                                       {"copies", &Limits::copies}}};

}  // namespace

const Limits& limits() { return current; }
void set_limits(const Limits& limits) { current = limits; }

std::optional<std::string> apply_limit(std::string_view setting, Limits& limits) {
  const auto eq = setting.find('=');
  const std::string_view name = setting.substr(0, eq);
  for (const auto& named : kNamed) {
    if (name != named.name) continue;
    const std::string_view number = eq == std::string_view::npos ? std::string_view() : setting.substr(eq + 1);
    std::uint64_t value = 0;
    auto [end, error] = std::from_chars(number.data(), number.data() + number.size(), value);
    if (number.empty() || error != std::errc() || end != number.data() + number.size() || value == 0)
      return fmt::format("'{}' is not {}=N with N a whole number above 0", setting, name);
    if (named.field == &Limits::yaml_depth && value > kMaxYamlDepth)
      return fmt::format("'{}': yaml-depth is at most {}", setting, kMaxYamlDepth);
    // Counted in ints where cards are made: far above any real game.
    if ((named.field == &Limits::copies || named.field == &Limits::pages) && value > kMaxCount)
      return fmt::format("'{}': {} is at most {}", setting, name, kMaxCount);
    limits.*named.field = value;
    return std::nullopt;
  }
  return fmt::format("'{}' names no limit (limits: {})", setting, limit_names());
}

std::string limit_names() {
  const Limits defaults;
  std::string out;
  for (const auto& named : kNamed)
    out += fmt::format("{}{}={}", out.empty() ? "" : ", ", named.name, defaults.*named.field);
  return out;
}

}  // namespace kw
