#pragma once
// Reading a table entry by field path, for layouts that repeat over a table
// (`repeat` with `table:` binds each entry to a name): "colour" reads the
// entry's field, "colour.hex" follows the reference into its table, "id" (or
// nothing) is the entry's id. Paths are checked against the tables' schemas,
// as card paths are against the card schema.
#include <optional>
#include <string>

#include "model/model.h"

namespace kw::layout {

struct EntryRef {
  const model::Table* table = nullptr;
  const model::TableEntry* entry = nullptr;
};

// How a value reads in a layout: scalars as their text; a present record or
// list as "yes" (so `when: ring` asks whether there is one); nothing as "".
std::string value_text(const model::Value& v);

// The text at `path` (may be empty) inside `ref`'s entry; "" when the schema
// knows the field but the entry leaves it unset; nullopt when the schema has
// no such field.
std::optional<std::string> entry_value(const model::Game& game, EntryRef ref, const std::string& path);

}  // namespace kw::layout
