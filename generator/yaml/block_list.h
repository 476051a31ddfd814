#pragma once
// Rewriting one block list of a YAML file in place (a deck's `cards:`), and
// writing the new items: everything outside the list, and every item that is
// kept, stays byte for byte as it was, comments included. Items are cut at
// line boundaries: an item is the comment and blank lines right above it
// (its lead) and its own lines.
#include <optional>
#include <string>
#include <vector>

#include "yaml/value.h"

namespace kw::yaml {

struct BlockList {
  struct Item {
    std::string lead;  // comment and blank lines above the item
    std::string body;  // "  - { id: a, ... }\n", "  a: { ... }\n", or the lines of a block item
  };
  std::string prefix;  // the file up to the first item's lead
  std::vector<Item> items;
  std::string suffix;  // the file after the last item (trailing comments included)
  std::string indent;  // the spaces before each item's "- " (or key)
  std::string text() const;
};

// Cuts `text`, the file that parsed into a document containing `list`, around
// `list`'s items. nullopt, with `why_not` set, when the list is not a block
// list with one "- " item per line start (a flow list "[...]", an empty list).
std::optional<BlockList> split_block_list(const std::string& text, const Value& list, std::string& why_not);
// The same for a block map (a table's `entries:`), an item per "key:" line.
std::optional<BlockList> split_block_map(const std::string& text, const Value& map, std::string& why_not);

// A value as YAML flow text on one line: { id: a, good: { name: Pippin }, defence: [1, 0] }.
// Scalars stay plain where YAML reads them back as the same text (and as a
// string when `quoted`), else they are double-quoted with escapes.
std::string flow(const Value& v);

// A list item holding the map `v`, written like `like` (an item's body as the
// file had it): a one-line "- { ... }" when `like` is one line or empty, else
// a block map, a key per line with each value in flow style. Ends in "\n".
std::string item(const Value& v, const std::string& indent, const std::string& like = {});
// A map entry "key: { ... }", or "key:" and a line per member when `like` is several lines.
std::string entry(const std::string& key, const Value& v, const std::string& indent, const std::string& like = {});

}  // namespace kw::yaml
