#include "core/json_writer.h"

#include <charconv>

#include <nlohmann/json.hpp>

namespace kw {

void append_json_string(std::string& out, std::string_view s) {
  for (const char c : s) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 || byte == 0x7f || c == '"' || c == '\\' || byte >= 0x80) {
      // nlohmann-json's escapes and UTF-8 check, for the few strings that need them.
      out += nlohmann::json(std::string(s)).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
      return;
    }
  }
  out += '"';
  out += s;
  out += '"';
}

std::string json_number(double number) { return nlohmann::json(number).dump(); }

JsonWriter& JsonWriter::key(std::string_view name) {
  element();
  append_json_string(out_, name);
  out_ += ": ";
  after_key_ = true;
  return *this;
}

void JsonWriter::element() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (depth_ == 0) return;  // the document's one value
  if (!first_) out_ += ',';
  first_ = false;
  newline();
}

void JsonWriter::newline() {
  out_ += '\n';
  out_.append(static_cast<size_t>(depth_) * static_cast<size_t>(indent_), ' ');
}

JsonWriter& JsonWriter::open(char bracket) {
  element();
  out_ += bracket;
  ++depth_;
  first_ = true;
  return *this;
}

JsonWriter& JsonWriter::close(char bracket) {
  const bool empty = first_;
  --depth_;
  if (!empty) newline();  // an empty container stays "{}" or "[]"
  out_ += bracket;
  first_ = false;  // its parent holds at least this container
  return *this;
}

JsonWriter& JsonWriter::value(std::string_view s) {
  element();
  append_json_string(out_, s);
  return *this;
}

JsonWriter& JsonWriter::value(long long n) {
  element();
  char digits[24];
  out_.append(digits, std::to_chars(digits, digits + sizeof digits, n).ptr);
  return *this;
}

JsonWriter& JsonWriter::value(bool b) {
  element();
  out_ += b ? "true" : "false";
  return *this;
}

JsonWriter& JsonWriter::number_text(std::string_view text) {
  element();
  out_ += text;
  return *this;
}

}  // namespace kw
