#pragma once
// A loader table (yaml/schema.h) as JSON Schema (draft-07: the newest the
// YAML language server of editors fully supports), for editors and for
// validating files outside kartenwerk.
// The schema says what the loader's table says, no more: what the loader
// checks in code (a field path names a field, a layout names a font that
// exists) is found by `kartenwerk check`.
#include <nlohmann/json.hpp>

#include "docs/file_kinds.h"

namespace kw::docs {

// The JSON Schema of one file kind, with the named tables it refers to
// (layout elements, checks, cards, field declarations) under `definitions`.
nlohmann::ordered_json json_schema(const FileKind& kind);

}  // namespace kw::docs
