#pragma once
// Reading the small settings files of data/print/ with file:line:col
// diagnostics: a map's keys are checked against the known ones, values for
// their kind and range. Internal to the print stage.
#include <optional>
#include <string>
#include <vector>

#include "core/color.h"
#include "core/diagnostic.h"
#include "model/value.h"

namespace kw::print::detail {

class MapReader {
 public:
  // Reports `map` when it is not a map, and every key not in `known`.
  MapReader(const model::Value& map, std::string what, std::vector<std::string> known, Diagnostics& diags);

  bool ok() const { return ok_; }
  const model::Value& value() const { return map_; }
  const model::Value* find(const std::string& key) const;

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
  const model::Value* need(const std::string& key, bool required);
  const model::Value& map_;
  std::string what_;
  Diagnostics& diags_;
  bool ok_ = true;
};

// "%g" without a trailing ".0": 5, 0.25, 215.9.
std::string format_number(double v);

}  // namespace kw::print::detail
