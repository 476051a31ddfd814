#pragma once
// Which table each kind of project file is read with: the one list from
// which `kartenwerk schema` writes schema/<kind>.schema.json and the file
// reference of docs/reference.md. A key a loader table gains shows up in
// both at the next `make schema`.
#include <string>
#include <vector>

#include "yaml/schema.h"

namespace kw::docs {

struct FileKind {
  std::string id;                  // names schema/<id>.schema.json
  std::string title;               // "Layout"
  std::vector<std::string> files;  // project paths it describes, with '*' for any name
  const yaml::Schema* schema;      // the loader's table of the file's top level
  std::string doc;                 // one line: what the files hold
};

// A table that a file's key refers to by name (yaml::Schema::defined_by):
// the element kinds of a layout, the kinds of declared checks, a card, a
// field declaration.
struct NamedTable {
  std::string name;
  const yaml::Schema* schema;
  // Keys it does not declare are allowed (a card's fields are declared by
  // its game's card_fields, which no fixed schema knows).
  bool open = false;
  std::string doc;
};

const std::vector<FileKind>& file_kinds();
const std::vector<NamedTable>& named_tables();
// The named table `name`; throws std::logic_error for a name no table has
// (a table refers to one that is not listed here: a bug).
const NamedTable& named_table(const std::string& name);

}  // namespace kw::docs
