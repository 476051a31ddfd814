#pragma once
// A YAML document as a plain tree that remembers where every node came from,
// so every later stage can point at file:line:col. Maps keep their order.
// It sits below every stage that reads YAML (the model of games, layouts,
// fonts, print settings); the model calls it model::Value.
#include <optional>
#include <string>
#include <vector>

#include "core/diagnostic.h"

namespace kw::project {
class Project;
}

namespace kw::yaml {

// One entry of a map: its key and its value. Declared before Value and
// defined after it: std::pair<std::string, Value> inside Value would need
// Value complete (clang rejects it; GCC happens to accept it).
struct Member;

struct Value {
  enum class Kind { Null, Scalar, Map, List };
  Kind kind = Kind::Null;
  // Next to `kind`, where it fills padding: 8 bytes less a value, which every
  // card field and the game's whole `info` tree hold (README: memory).
  bool quoted = false;      // "..." or '...' scalars are always strings
  std::string scalar;       // the text of a scalar, as written
  std::vector<Member> map;  // in file order
  std::vector<Value> list;
  SourceLoc loc;      // where the value starts
  SourceLoc key_loc;  // for map members: where the key starts

  bool is_null() const { return kind == Kind::Null; }
  bool is_scalar() const { return kind == Kind::Scalar; }
  bool is_map() const { return kind == Kind::Map; }
  bool is_list() const { return kind == Kind::List; }

  const Value* find(const std::string& key) const;
  Value* find(const std::string& key);
  // Sets or replaces a member, keeping order (used when merging per-copy fields).
  void set(const std::string& key, Value v);

  std::optional<double> as_number() const;
  std::optional<long long> as_int() const;
  std::optional<bool> as_bool() const;
  const char* kind_name() const;  // "text", "map", "list", "nothing"
};

struct Member {
  std::string key;
  Value value;
};

// Reads the YAML file `path` through `project` into a Value. A missing file or
// a syntax error becomes a diagnostic (with the parser's line and column); the
// result is then nullopt.
std::optional<Value> read_yaml(const project::Project& project, const std::string& path, Diagnostics& diags);
std::optional<Value> parse_yaml_string(const std::string& text, const std::string& file_name, Diagnostics& diags);

}  // namespace kw::yaml
