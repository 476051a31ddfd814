#include "core/json_text.h"

namespace kw {

namespace {

using Json = nlohmann::ordered_json;

std::string scalar(const Json& value) { return value.dump(-1, ' ', false, Json::error_handler_t::replace); }

// The column after `text`, which starts at `column`.
size_t column_after(const std::string& text, size_t column) {
  size_t newline = text.rfind('\n');
  return newline == std::string::npos ? column + text.size() : text.size() - newline - 1;
}

// `value` on one line (but for wrapped members), starting at `column`.
std::string one_line(const Json& value, size_t column) {
  std::string out;
  if (value.is_object()) {
    out = "{";
    bool first = true;
    for (const auto& [key, member] : value.items()) {
      if (!first) out += member.is_array() ? ",\n" + std::string(column + 1, ' ') : ", ";
      first = false;
      out += scalar(Json(key)) + ": ";
      out += one_line(member, column_after(out, column));
    }
    return out + "}";
  }
  if (value.is_array()) {
    out = "[";
    for (size_t i = 0; i < value.size(); ++i) {
      if (i) out += ", ";
      out += one_line(value[i], column_after(out, column));
    }
    return out + "]";
  }
  return scalar(value);
}

// A member of the top-level object, after its key.
std::string member_value(const Json& value, size_t column) {
  if (!value.is_array()) return one_line(value, column);
  std::string out = "[\n";
  for (size_t i = 0; i < value.size(); ++i)
    out += "    " + one_line(value[i], 4) + (i + 1 < value.size() ? ",\n" : "\n");
  return out + "  ]";
}

}  // namespace

std::string json_text(const nlohmann::ordered_json& document) {
  if (!document.is_object()) return one_line(document, 0) + "\n";
  std::string out = "{\n";
  size_t i = 0;
  for (const auto& [key, value] : document.items()) {
    std::string name = "  " + scalar(Json(key)) + ": ";
    out += name + member_value(value, name.size()) + (++i < document.size() ? ",\n" : "\n");
  }
  return out + "}\n";
}

}  // namespace kw
