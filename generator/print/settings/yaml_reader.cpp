#include "print/settings/yaml_reader.h"

#include <algorithm>
#include <cstdio>

namespace kw::print::detail {

namespace {

std::string join(const std::vector<std::string>& names) {
  std::string s;
  for (size_t i = 0; i < names.size(); ++i) s += (i ? ", " : "") + names[i];
  return s;
}

}  // namespace

std::string format_number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

MapReader::MapReader(const model::Value& map, std::string what, std::vector<std::string> known, Diagnostics& diags)
    : map_(map), what_(std::move(what)), diags_(diags) {
  if (!map.is_map()) {
    error(map, what_ + " must be a map, not " + map.kind_name());
    return;
  }
  for (const auto& [key, member] : map.map) {
    if (std::find(known.begin(), known.end(), key) == known.end()) {
      diags_.error(member.key_loc, "unknown key '" + key + "' in " + what_, {}, "known keys are " + join(known));
      ok_ = false;
    }
  }
}

void MapReader::error(const model::Value& at, const std::string& message, const std::string& hint) {
  diags_.error(at.loc, message, {}, hint);
  ok_ = false;
}

const model::Value* MapReader::find(const std::string& key) const { return map_.is_map() ? map_.find(key) : nullptr; }

const model::Value* MapReader::need(const std::string& key, bool required) {
  const model::Value* v = find(key);
  if (!v && required && map_.is_map()) error(map_, "missing key '" + key + "' in " + what_);
  return v;
}

std::optional<double> MapReader::number(const std::string& key, double min, double max, bool required) {
  const model::Value* v = need(key, required);
  if (!v) return std::nullopt;
  auto d = v->as_number();
  if (!d) {
    error(*v, "'" + key + "' must be a number, not " + v->kind_name());
    return std::nullopt;
  }
  if (*d < min || *d > max) {
    error(*v, "'" + key + "' must be between " + format_number(min) + " and " + format_number(max) + ", not " +
                  format_number(*d));
    return std::nullopt;
  }
  return d;
}

std::optional<std::string> MapReader::text(const std::string& key, bool required) {
  const model::Value* v = need(key, required);
  if (!v) return std::nullopt;
  if (!v->is_scalar()) {
    error(*v, "'" + key + "' must be text, not " + v->kind_name());
    return std::nullopt;
  }
  return v->scalar;
}

std::optional<Color> MapReader::color(const std::string& key, bool required) {
  auto t = text(key, required);
  if (!t) return std::nullopt;
  auto c = Color::parse(*t);
  if (!c) error(*find(key), "'" + key + "' must be a colour \"#rrggbb\", not '" + *t + "'");
  return c;
}

std::optional<bool> MapReader::flag(const std::string& key) {
  const model::Value* v = need(key, false);
  if (!v) return std::nullopt;
  auto b = v->as_bool();
  if (!b) error(*v, "'" + key + "' must be true or false, not " + v->kind_name());
  return b;
}

std::optional<std::string> MapReader::choice(const std::string& key, const std::vector<std::string>& choices,
                                             bool required) {
  auto t = text(key, required);
  if (!t) return std::nullopt;
  if (std::find(choices.begin(), choices.end(), *t) == choices.end()) {
    error(*find(key), "'" + key + "' cannot be '" + *t + "'", "choose one of " + join(choices));
    return std::nullopt;
  }
  return t;
}

std::optional<std::vector<double>> MapReader::numbers(const std::string& key, size_t count, double min, double max) {
  const model::Value* v = need(key, false);
  if (!v) return std::nullopt;
  if (!v->is_list() || v->list.size() != count) {
    error(*v, "'" + key + "' must be a list of " + std::to_string(count) + " numbers");
    return std::nullopt;
  }
  std::vector<double> out;
  for (const auto& e : v->list) {
    auto d = e.as_number();
    if (!d || *d < min || *d > max) {
      error(e, "'" + key + "' needs numbers between " + format_number(min) + " and " + format_number(max) + ", not '" +
                   e.scalar + "'");
      return std::nullopt;
    }
    out.push_back(*d);
  }
  return out;
}

std::optional<std::vector<std::string>> MapReader::words(const std::string& key) {
  const model::Value* v = need(key, false);
  if (!v) return std::nullopt;
  if (!v->is_list()) {
    error(*v, "'" + key + "' must be a list, not " + v->kind_name());
    return std::nullopt;
  }
  std::vector<std::string> out;
  for (const auto& e : v->list) {
    if (!e.is_scalar()) {
      error(e, "'" + key + "' must list names, not " + std::string(e.kind_name()));
      return std::nullopt;
    }
    out.push_back(e.scalar);
  }
  return out;
}

}  // namespace kw::print::detail
