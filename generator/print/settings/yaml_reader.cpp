#include "print/settings/yaml_reader.h"

#include <utility>

namespace kw::print::detail {

namespace {

yaml::Schema any_keys(const std::string& what, const std::vector<std::string>& known) {
  std::vector<yaml::Key> keys;
  keys.reserve(known.size());
  for (const auto& k : known) keys.push_back(yaml::key(k, yaml::any(), {}));
  return yaml::record(what, std::move(keys));
}

}  // namespace

MapReader::MapReader(const model::Value& map, const std::string& what, const std::vector<std::string>& known,
                     Diagnostics& diags)
    : schema_(any_keys(what, known)), reader_(map, schema_, diags), diags_(diags) {}

MapReader::MapReader(const model::Value& map, std::string what, const yaml::Schema& record, Diagnostics& diags)
    : schema_(record), reader_(map, schema_, diags, {std::move(what), {}, {}}), diags_(diags) {}

void MapReader::error(const model::Value& at, const std::string& message, const std::string& hint) {
  reader_.error(at.loc, message, hint);
}

const model::Value* MapReader::checked(const std::string& key, const yaml::Schema& schema, bool required) {
  const model::Value* v = find(key);
  if (!v) {
    // A key the schema requires was reported missing by the reader already.
    const yaml::Key* declared = yaml::find_key(schema_, key);
    if (required && value().is_map() && !(declared && declared->required))
      reader_.error(value().loc, reader_.context().subject + " needs '" + key + ":'");
    return nullptr;
  }
  if (yaml::check_value(*v, schema, yaml::Label::of_key(key), diags_)) return v;
  ok_ = false;
  return nullptr;
}

std::optional<double> MapReader::number(const std::string& key, double min, double max, bool required) {
  const model::Value* v = checked(key, yaml::number(min, max), required);
  return v ? v->as_number() : std::nullopt;
}

std::optional<std::string> MapReader::text(const std::string& key, bool required) {
  const model::Value* v = checked(key, yaml::text(), required);
  return v ? std::optional(v->scalar) : std::nullopt;
}

std::optional<Color> MapReader::color(const std::string& key, bool required) {
  const model::Value* v = checked(key, yaml::colour(), required);
  return v ? Color::parse(v->scalar) : std::nullopt;
}

std::optional<bool> MapReader::flag(const std::string& key) {
  const model::Value* v = checked(key, yaml::boolean(), false);
  return v ? v->as_bool() : std::nullopt;
}

std::optional<std::string> MapReader::choice(const std::string& key, const std::vector<std::string>& choices,
                                             bool required) {
  const model::Value* v = checked(key, yaml::choice(choices), required);
  return v ? std::optional(v->scalar) : std::nullopt;
}

std::optional<std::vector<double>> MapReader::numbers(const std::string& key, size_t count, double min, double max) {
  const model::Value* v = checked(key, yaml::numbers(std::vector<std::string>(count, "number"), min, max), false);
  if (!v) return std::nullopt;
  std::vector<double> out;
  for (const auto& e : v->list) out.push_back(*e.as_number());
  return out;
}

std::optional<std::vector<std::string>> MapReader::words(const std::string& key) {
  const model::Value* v = checked(key, yaml::list_of(yaml::text()), false);
  if (!v) return std::nullopt;
  std::vector<std::string> out;
  for (const auto& e : v->list) out.push_back(e.scalar);
  return out;
}

}  // namespace kw::print::detail
