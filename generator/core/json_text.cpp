#include "core/json_text.h"

#include <charconv>

#include "core/json_writer.h"

namespace kw {

namespace {

using Json = nlohmann::ordered_json;

// Appends to one string, knowing the column it is at. (Each value returned
// as a string of its own and joined, with a serializer per scalar, made the
// manifest of a 5,000-card game cost 30 ms more.)
class Writer {
 public:
  explicit Writer(std::string& out) : out_(out) {}

  size_t column() const { return out_.size() - line_start_; }

  void text(std::string_view s) { out_ += s; }

  void newline(size_t indent) {
    out_ += '\n';
    line_start_ = out_.size();
    out_.append(indent, ' ');
  }

  // What nlohmann-json writes for a scalar; the common cases (a string that
  // needs no escape, an integer) without it.
  void scalar(const Json& value) {
    if (value.is_string()) return string(value.get_ref<const std::string&>());
    if (value.is_number_integer()) {
      char digits[24];
      const auto end = value.is_number_unsigned()
                           ? std::to_chars(digits, digits + sizeof digits, value.get<uint64_t>()).ptr
                           : std::to_chars(digits, digits + sizeof digits, value.get<int64_t>()).ptr;
      out_.append(digits, end);
      return;
    }
    out_ += value.dump(-1, ' ', false, Json::error_handler_t::replace);
  }

  void string(const std::string& s) { append_json_string(out_, s); }

  // `value` on one line (but for wrapped members).
  void one_line(const Json& value) {
    const size_t start = column();
    if (value.is_object()) {
      out_ += '{';
      bool first = true;
      for (const auto& [key, member] : value.items()) {
        if (!first) {
          out_ += ',';
          if (member.is_array())
            newline(start + 1);
          else
            out_ += ' ';
        }
        first = false;
        string(key);
        out_ += ": ";
        one_line(member);
      }
      out_ += '}';
      return;
    }
    if (value.is_array()) {
      out_ += '[';
      for (size_t i = 0; i < value.size(); ++i) {
        if (i) out_ += ", ";
        one_line(value[i]);
      }
      out_ += ']';
      return;
    }
    scalar(value);
  }

  // A member of the top-level object, after its key.
  void member_value(const Json& value) {
    if (!value.is_array()) return one_line(value);
    out_ += '[';
    for (size_t i = 0; i < value.size(); ++i) {
      newline(4);
      one_line(value[i]);
      if (i + 1 < value.size()) out_ += ',';
    }
    newline(2);
    out_ += ']';
  }

 private:
  std::string& out_;
  size_t line_start_ = 0;
};

}  // namespace

std::string json_text(const nlohmann::ordered_json& document) {
  std::string out;
  Writer w(out);
  if (!document.is_object()) {
    w.one_line(document);
    return out + "\n";
  }
  w.text("{");
  size_t i = 0;
  for (const auto& [key, value] : document.items()) {
    w.newline(2);
    w.string(key);
    w.text(": ");
    w.member_value(value);
    if (++i < document.size()) w.text(",");
  }
  w.newline(0);
  w.text("}\n");
  return out;
}

}  // namespace kw
