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
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <variant>

#include <nlohmann/json.hpp>

namespace kw {

// Ends with a newline.
std::string json_text(const nlohmann::ordered_json& document);

// The same text for a top-level object, written a member at a time and an
// array member an element at a time, handed to `sink` in pieces of about
// kFlushBytes: a file of records is never held whole, as a tree or as one
// string (the manifest of 10,000 cards was both at once, 36 MB at the
// build's peak of memory).
class JsonTextWriter {
 public:
  static constexpr size_t kFlushBytes = 1 << 20;

  explicit JsonTextWriter(std::function<void(std::string_view)> sink);
  ~JsonTextWriter();
  JsonTextWriter(const JsonTextWriter&) = delete;
  JsonTextWriter& operator=(const JsonTextWriter&) = delete;

  void member(std::string_view key, const nlohmann::ordered_json& value);
  // An array member: begin_array, its elements, end_array.
  void begin_array(std::string_view key);
  void element(const nlohmann::ordered_json& value);
  // An element that is an object of strings, whole numbers and objects of
  // strings (a manifest's records): the text element() writes for it, with
  // no tree built (trees of 15,000 records were a third of writing a
  // 5,000-card game's manifest).
  struct Field {
    using Value = std::variant<std::string_view, std::uint64_t, const std::map<std::string, std::string>*>;
    std::string_view key;
    Value value;
  };
  void element(std::initializer_list<Field> record);
  // The text element(record) writes after its line break, appended to `out`:
  // records made side by side on several threads, then each written in
  // order by element_text().
  static void record_text(std::string& out, std::initializer_list<Field> record);
  void element_text(std::string_view record);
  void end_array();
  // Closes the object and hands on the rest.
  void finish();

 private:
  void key(std::string_view name);
  void flush(size_t at_least);
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace kw
