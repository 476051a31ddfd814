#pragma once
// The text of the JSON files print writes (manifest.json, the TTS deck
// description), laid out as tables: one record per line.
//
// nlohmann-json builds and escapes the values; only the line breaks are ours.
// Its dump(2) gives every member of every object a line of its own, which
// would turn a manifest of 300 files into 1500 lines; here
//   - the top-level object has one member per line (indented by 2),
//   - an array that is a member of it has one element per line (by 4),
//     an empty one written "[" and "]" on two lines,
//   - everything deeper is written on one line ({"a": 1, "b": [2, 3]}), except
//     that a member holding an array starts a new line, under the first member.
// Strings that are not UTF-8 get U+FFFD for their bad bytes.
#include <string>

#include <nlohmann/json.hpp>

namespace kw {

// Ends with a newline.
std::string json_text(const nlohmann::ordered_json& document);

}  // namespace kw
