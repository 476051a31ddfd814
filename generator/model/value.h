#pragma once
// The model's data is a located YAML tree (yaml/value.h): card fields, table
// entries and the game map keep their file:line:col.
#include "yaml/value.h"

namespace kw::model {

using yaml::parse_yaml_string;
using yaml::read_yaml;
using yaml::Value;

}  // namespace kw::model
