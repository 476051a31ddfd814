#pragma once
// JSON text written as its values come, in the layout of nlohmann-json's
// dump(indent): every member and element on a line of its own, an empty
// object or array written "{}" or "[]". It gives the bytes a dump of the
// same tree gives, without building the tree: the Tabletop Simulator deck of
// 10,000 cards held 32 MB of nlohmann objects and grew its text by doubling
// (heaptrack), the largest part of the build's peak memory.
#include <string>
#include <string_view>

namespace kw {

// Appends `s` as a JSON string: quoted and escaped as nlohmann-json's dump
// with ensure_ascii off does it, bytes that are not UTF-8 replaced by U+FFFD.
void append_json_string(std::string& out, std::string_view s);

// The text nlohmann-json writes for `number` (shortest round-trip form, a
// whole number with ".0").
std::string json_number(double number);

class JsonWriter {
 public:
  // Appends to `out`, indenting each level by `indent` spaces.
  explicit JsonWriter(std::string& out, int indent = 2) : out_(out), indent_(indent) {}

  // Containers: in an object, a member's key() first.
  JsonWriter& begin_object() { return open('{'); }
  JsonWriter& end_object() { return close('}'); }
  JsonWriter& begin_array() { return open('['); }
  JsonWriter& end_array() { return close(']'); }

  // The next member's key (inside an object).
  JsonWriter& key(std::string_view name);

  JsonWriter& value(std::string_view s);
  JsonWriter& value(const char* s) { return value(std::string_view(s)); }
  JsonWriter& value(const std::string& s) { return value(std::string_view(s)); }
  JsonWriter& value(long long n);
  JsonWriter& value(int n) { return value(static_cast<long long>(n)); }
  JsonWriter& value(bool b);
  // A number already in JSON's form (json_number()): constants are
  // formatted once, not for every card.
  JsonWriter& number_text(std::string_view text);

 private:
  JsonWriter& open(char bracket);
  JsonWriter& close(char bracket);
  // Before a value: after a key, nothing more; else the comma and the line
  // of the container's next element.
  void element();
  void newline();

  std::string& out_;
  int indent_;
  int depth_ = 0;
  bool first_ = true;       // nothing written yet in the innermost open container
  bool after_key_ = false;  // a key was written: its value follows on the same line
};

}  // namespace kw
