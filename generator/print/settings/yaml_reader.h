#pragma once
// Reading a settings map of data/print/ key by key, for the files that do
// not declare their keys as a table yet (profiles.yaml, read by preflight):
// a thin layer over yaml/reader.h, so problems are worded as everywhere
// else. New code declares a yaml::Schema and uses yaml::Reader. Internal to
// the print stage.
#include <optional>
#include <string>
#include <vector>

#include "core/color.h"
#include "core/diagnostic.h"
#include "model/value.h"
#include "yaml/reader.h"

namespace kw::print::detail {

class MapReader {
 public:
  // Reports `map` when it is not a map, and every key not in `known`.
  MapReader(const model::Value& map, const std::string& what, const std::vector<std::string>& known,
            Diagnostics& diags);
  // Reports `map` when it is not a map, every key `record` does not declare
  // and every declared one missing or not of its type (yaml::Reader).
  MapReader(const model::Value& map, std::string what, const yaml::Schema& record, Diagnostics& diags);
  MapReader(const MapReader&) = delete;  // its reader refers to its own schema
  MapReader& operator=(const MapReader&) = delete;

  bool ok() const { return ok_ && reader_.ok(); }
  const model::Value& value() const { return reader_.value(); }
  const model::Value* find(const std::string& key) const { return reader_.find(key); }

  // Each reports a wrong kind or range (and a missing key when required) and
  // returns nullopt then; an absent optional key also gives nullopt.
  std::optional<double> number(const std::string& key, double min, double max, bool required = false);
  std::optional<std::string> text(const std::string& key, bool required = false);
  std::optional<Color> color(const std::string& key, bool required = false);
  std::optional<bool> flag(const std::string& key);
  // One of `choices`.
  std::optional<std::string> choice(const std::string& key, const std::vector<std::string>& choices,
                                    bool required = false);
  // A list of exactly `count` numbers in [min, max].
  std::optional<std::vector<double>> numbers(const std::string& key, size_t count, double min, double max);
  // A list of scalars.
  std::optional<std::vector<std::string>> words(const std::string& key);

  void error(const model::Value& at, const std::string& message, const std::string& hint = {});

 private:
  // The member `key` when present and of `schema`; reports it otherwise.
  const model::Value* checked(const std::string& key, const yaml::Schema& schema, bool required);
  yaml::Schema schema_;  // `known`, each key of any type: the typed reads check them
  yaml::Reader reader_;
  Diagnostics& diags_;
  bool ok_ = true;
};

}  // namespace kw::print::detail
