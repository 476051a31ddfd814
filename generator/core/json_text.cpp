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

  size_t column() const { return flushed_ + out_.size() - line_start_; }

  // The text so far handed on: the string starts empty again.
  void flushed(size_t bytes) { flushed_ += bytes; }

  void text(std::string_view s) { out_ += s; }

  void newline(size_t indent) {
    out_ += '\n';
    line_start_ = flushed_ + out_.size();
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

  void string(std::string_view s) { append_json_string(out_, s); }

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

 private:
  std::string& out_;
  size_t flushed_ = 0;     // bytes handed on before out_
  size_t line_start_ = 0;  // of the whole text
};

// An object of strings, whole numbers and objects of strings on one line,
// as one_line() writes an object none of whose members is an array.
void write_record(Writer& w, std::initializer_list<JsonTextWriter::Field> record) {
  w.text("{");
  bool first = true;
  for (const JsonTextWriter::Field& f : record) {
    if (!first) w.text(", ");
    first = false;
    w.string(f.key);
    w.text(": ");
    if (const auto* s = std::get_if<std::string_view>(&f.value)) {
      w.string(*s);
    } else if (const auto* n = std::get_if<std::uint64_t>(&f.value)) {
      char digits[24];
      w.text(std::string_view(digits, std::to_chars(digits, digits + sizeof digits, *n).ptr));
    } else {
      w.text("{");
      bool first_entry = true;
      for (const auto& [key, value] : *std::get<const std::map<std::string, std::string>*>(f.value)) {
        if (!first_entry) w.text(", ");
        first_entry = false;
        w.string(key);
        w.text(": ");
        w.string(value);
      }
      w.text("}");
    }
  }
  w.text("}");
}

}  // namespace

struct JsonTextWriter::State {
  explicit State(std::function<void(std::string_view)> to) : sink(std::move(to)) {}
  std::function<void(std::string_view)> sink;
  std::string text;
  Writer writer{text};
  size_t members = 0;
  size_t elements = 0;
};

JsonTextWriter::JsonTextWriter(std::function<void(std::string_view)> sink)
    : state_(std::make_unique<State>(std::move(sink))) {
  state_->writer.text("{");
}

JsonTextWriter::~JsonTextWriter() = default;

void JsonTextWriter::key(std::string_view name) {
  Writer& w = state_->writer;
  if (state_->members++ > 0) w.text(",");
  w.newline(2);
  w.string(name);
  w.text(": ");
}

void JsonTextWriter::member(std::string_view name, const nlohmann::ordered_json& value) {
  if (value.is_array()) {
    begin_array(name);
    for (const auto& e : value) element(e);
    end_array();
    return;
  }
  key(name);
  state_->writer.one_line(value);
  flush(kFlushBytes);
}

void JsonTextWriter::begin_array(std::string_view name) {
  key(name);
  state_->writer.text("[");
  state_->elements = 0;
}

void JsonTextWriter::element(const nlohmann::ordered_json& value) {
  Writer& w = state_->writer;
  if (state_->elements++ > 0) w.text(",");
  w.newline(4);
  w.one_line(value);
  flush(kFlushBytes);
}

void JsonTextWriter::element(std::initializer_list<Field> record) {
  Writer& w = state_->writer;
  if (state_->elements++ > 0) w.text(",");
  w.newline(4);
  write_record(w, record);
  flush(kFlushBytes);
}

void JsonTextWriter::record_text(std::string& out, std::initializer_list<Field> record) {
  Writer w(out);
  write_record(w, record);
}

void JsonTextWriter::element_text(std::string_view record) {
  Writer& w = state_->writer;
  if (state_->elements++ > 0) w.text(",");
  w.newline(4);
  w.text(record);
  flush(kFlushBytes);
}

void JsonTextWriter::end_array() {
  state_->writer.newline(2);
  state_->writer.text("]");
}

void JsonTextWriter::finish() {
  state_->writer.newline(0);
  state_->writer.text("}\n");
  flush(0);
}

void JsonTextWriter::flush(size_t at_least) {
  if (state_->text.size() < at_least || state_->text.empty()) return;
  state_->sink(state_->text);
  state_->writer.flushed(state_->text.size());
  state_->text.clear();
}

std::string json_text(const nlohmann::ordered_json& document) {
  std::string out;
  if (!document.is_object()) {
    Writer w(out);
    w.one_line(document);
    return out + "\n";
  }
  JsonTextWriter writer([&out](std::string_view text) { out += text; });
  for (const auto& [key, value] : document.items()) writer.member(key, value);
  writer.finish();
  return out;
}

}  // namespace kw
