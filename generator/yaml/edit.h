#pragma once
// Minimal text edits of a YAML file: one scalar changed where it is written,
// or one item of a list (block or flow) added, removed, duplicated or moved.
// Every byte outside the edited span stays as it was: comments, key order,
// flow or block style, indentation, the other values' quoting. The editor of
// the studio writes through here, so a `git diff` after an edit on the page
// shows only what the designer changed.
//
// Hand-written on the located tree of yaml/value.h (libyaml's marks) rather
// than on a YAML emitter: no emitter in Debian (yaml-cpp's, libyaml's)
// round-trips comments and styles, so re-emitting a document would rewrite
// the whole file.
#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include "yaml/value.h"

namespace kw::yaml {

// A step of a key path: a map key or a list index (from 0).
using PathStep = std::variant<std::string, size_t>;
using KeyPath = std::vector<PathStep>;

// "game.decks[0].cards[3].good.name": how messages name a path.
std::string path_text(const KeyPath& path);

// An edit that cannot be made (a path the file does not have, a value that
// is no scalar, a file that does not parse): the message names the file,
// line and column where it can.
struct EditError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// How a scalar is written.
enum class ScalarStyle { Plain, Single, Double, Literal, Folded };

// Where a scalar is written in the text: bytes [begin, end), and how.
struct ScalarSpan {
  size_t begin = 0;
  size_t end = 0;
  ScalarStyle style = ScalarStyle::Plain;
  bool in_flow = false;  // inside [...] or {...}: ", ] }" end a plain scalar there
  size_t indent = 0;     // the indentation of the node's line; of a block scalar, of its content
};

// The scalar at `path` in `text` (parsed as `file` for messages).
ScalarSpan find_scalar(const std::string& text, const KeyPath& path, const std::string& file);

// `value` as a YAML scalar written in place of one of `style`: kept plain
// when YAML reads it back as the same text of the same kind (a number stays
// a number only where one was: `was_number`), else quoted (single quotes
// kept where they were and can hold the value, else double quotes with
// escapes); a literal or folded block keeps its style and indentation.
std::string write_scalar(const std::string& value, const ScalarSpan& span, bool was_number);

// The key path of the scalar written at `line`:`column` (from 1, columns
// counting characters, as SourceLoc does); EditError when none starts there.
KeyPath path_at(const std::string& text, int line, int column, const std::string& file);

// The text of the scalar at `path`.
std::string scalar_at(const std::string& text, const KeyPath& path, const std::string& file);

// The key path of the value of any kind (a map: a card's entry) that starts
// at `line`:`column`, the outermost one when several start there.
KeyPath node_path_at(const std::string& text, int line, int column, const std::string& file);

// `text` with the scalar at `path` set to `value`.
std::string set_scalar(const std::string& text, const KeyPath& path, const std::string& value, const std::string& file);

// The map at `path` with its scalar `key` set to `value`: changed in place
// when the key is there (set_scalar), else added — in a block map as a line
// of its own right after the line of its `name:` (else of its first key), at
// the keys' indentation; in a flow map `{ ... }` before its closing brace.
std::string set_key(const std::string& text, const KeyPath& path, const std::string& key, const std::string& value,
                    const std::string& file);
// The map at `path` without its `key` (a block map's line `key: value`;
// nothing when it has no such key). A key in a flow map, or whose value
// spans lines, is refused.
std::string remove_key(const std::string& text, const KeyPath& path, const std::string& key, const std::string& file);

// The block map at `path` with a new member `key` whose value is a block
// map of the scalars `members` (in their order; a locale file's new string:
// `"card.x.name": { de: …, text: … }` written as lines). It goes right after
// the last member whose key sorts before `key` (before the first member when
// none does), as `kartenwerk i18n import` places a new string, indented as
// the members are, the key quoted as theirs are, every value double-quoted.
// EditError when the map has `key` already, has no member, or is a flow map.
std::string add_entry(const std::string& text, const KeyPath& path, const std::string& key,
                      const std::vector<std::pair<std::string, std::string>>& members, const std::string& file);

// Edits of the list at `path` (a deck's `cards:`); indexes from 0. In a
// block list of maps an item is its own lines and the comment lines right
// above it. In a flow list `[...]` an item is its own bytes: a new one goes
// before the item at its place with a separator like the list's (", ", or a
// line break and the items' indentation), a removed one takes one
// separator with it, and moved items change places while the separators
// (with any comment among them) stay where they are.
std::string remove_item(const std::string& text, const KeyPath& path, size_t index, const std::string& file);
// Item `index` copied right after itself; then, when `key` is given, the
// copy's `key` (its id) set to `value`.
std::string duplicate_item(const std::string& text, const KeyPath& path, size_t index, const std::string& file,
                           const std::optional<std::pair<std::string, std::string>>& set_key = std::nullopt);
// Item `from` moved to position `to` (the others keep their order).
std::string move_item(const std::string& text, const KeyPath& path, size_t from, size_t to, const std::string& file);
// `item_value` (a map) written as a new item before `index` (past the end:
// appended), styled like its neighbour (one-line flow or block).
std::string insert_item(const std::string& text, const KeyPath& path, size_t index, const Value& item_value,
                        const std::string& file);

}  // namespace kw::yaml
