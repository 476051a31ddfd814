#pragma once
// Field declarations (schemas) and validation of YAML values against them:
// the card and table fields that each game declares in its data. (The
// structure of the database files themselves is declared in
// database_schema.h and read with yaml/reader.h.)
#include <string>
#include <utility>
#include <vector>

#include "core/diagnostic.h"
#include "model/model.h"
#include "model/value.h"
#include "yaml/reader.h"

namespace kw::model {

// Parses a `card_fields:` / `fields:` map of a game into specs.
std::vector<FieldSpec> parse_field_specs(const Value& map, Diagnostics& diags);

struct ValidationContext {
  const Game* game = nullptr;                 // for Ref fields: the game's tables
  const project::Project* project = nullptr;  // for Art fields: files under templates/ must exist
  std::string card_id;                        // attached to diagnostics
  bool partial = false;                       // per-copy patches: required fields may be absent
};

// Checks `value` (a map) against `specs`: unknown fields, missing required
// fields, wrong types, unknown references, missing art files. Every problem
// is reported; returns true when there were none.
bool validate_fields(const Value& value, const std::vector<FieldSpec>& specs, const ValidationContext& ctx,
                     Diagnostics& diags);

// The names of the field types ("text", "id", ...), as declarations write them.
std::vector<std::string> field_type_names();
// Each field type's name and what a value of it is, for the reference.
std::vector<std::pair<std::string, std::string>> field_type_docs();

// "a, b, c" — for hints listing known names.
using yaml::join_names;

}  // namespace kw::model
