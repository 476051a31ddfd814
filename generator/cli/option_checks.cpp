#include "cli/option_checks.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <charconv>
#include <cmath>
#include <cstdint>
#include <utility>

#include "core/language.h"
#include "core/names.h"
#include "products/tabletop_options.h"

namespace kw::cli {

namespace {

// The whole of `text` as a T, or false.
template <class T>
bool parse_all(const std::string& text, T& value) {
  const char* end = text.data() + text.size();
  auto [stop, error] = std::from_chars(text.data(), end, value);
  return error == std::errc() && stop == end;
}

}  // namespace

CLI::Validator whole_number(long min, long max) {
  return CLI::Validator(
      [min, max](std::string& text) -> std::string {
        long value = 0;
        if (parse_all(text, value) && value >= min && value <= max) return {};
        return fmt::format("'{}' is not a whole number from {} to {}", text, min, max);
      },
      "");
}

CLI::Validator unsigned_64() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        std::uint64_t value = 0;
        const bool digits = !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
        if (digits && parse_all(text, value)) return {};
        return fmt::format("'{}' is not a whole number from 0 to 18446744073709551615", text);
      },
      "");
}

std::optional<std::pair<double, double>> number_pair(const std::string& text) {
  size_t comma = text.find(',');
  double x = 0, y = 0;
  if (comma == std::string::npos || !parse_all(text.substr(0, comma), x) || !parse_all(text.substr(comma + 1), y))
    return std::nullopt;
  return std::pair{x, y};
}

CLI::Validator number_pair_within(double limit) {
  return CLI::Validator(
      [limit](std::string& text) -> std::string {
        auto within = [limit](double v) { return std::isfinite(v) && std::abs(v) <= limit; };
        if (auto xy = number_pair(text); xy && within(xy->first) && within(xy->second)) return {};
        return fmt::format("'{}' is not X,Y: two numbers from {:g} to {:g}", text, -limit, limit);
      },
      "");
}

CLI::Validator one_of(std::vector<std::string> values) {
  return CLI::Validator(
      [values = std::move(values)](std::string& text) -> std::string {
        for (const auto& v : values)
          if (text == v) return {};
        return fmt::format("'{}' is not one of {}", text, fmt::join(values, ", "));
      },
      "");
}

CLI::Validator non_empty(std::string what) {
  return CLI::Validator(
      [what = std::move(what)](std::string& text) -> std::string {
        return text.empty() ? fmt::format("needs {}, not an empty word", what) : std::string();
      },
      "");
}

CLI::Validator plain_name() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        if (!text.empty() && text[0] != '.' && text.find_first_of("/\\") == std::string::npos) return {};
        return fmt::format("'{}' is not a name (no empty name, no '/', no leading '.')", text);
      },
      "");
}

CLI::Validator game_id() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        if (is_plain_id(text)) return {};
        return fmt::format("'{}' is not a game id (lower-case letters, digits and '-', not first; at most 64)", text);
      },
      "");
}

CLI::Validator language_or_all() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        if (text == "all") return {};
        const auto canonical = canonical_language(text);
        if (canonical && *canonical == text) return {};
        if (canonical) return fmt::format("'{}' is spelt '{}' (BCP 47)", text, *canonical);
        return fmt::format("'{}' is not a language tag (BCP 47: en, de-CH, fr, pt-BR, ...) or all", text);
      },
      "");
}

}  // namespace kw::cli

namespace kw::cli {

CLI::Validator language_tag() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        const auto canonical = canonical_language(text);
        if (canonical && *canonical == text) return {};
        if (canonical) return fmt::format("'{}' is spelt '{}' (BCP 47)", text, *canonical);
        return fmt::format("'{}' is not a language tag (BCP 47: en, de-CH, fr, pt-BR, ...)", text);
      },
      "");
}

std::vector<std::string> tabletop_names() {
  std::vector<std::string> names = all_names(products::kTabletopNames);
  names.emplace_back("none");
  return names;
}

CLI::Validator tts_url() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        std::string error;
        return products::checked_tts_url(text, error) ? std::string() : error;
      },
      "");
}

}  // namespace kw::cli
