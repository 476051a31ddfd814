#include "yaml/value.h"

#include <fmt/format.h>
#include <yaml-cpp/anchor.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/parser.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <sstream>
#include <string_view>
#include <vector>

#include "core/limits.h"
#include "core/utf8.h"
#include "project/project.h"

namespace kw::yaml {

const Value* Value::find(const std::string& key) const {
  for (const auto& [k, v] : map)
    if (k == key) return &v;
  return nullptr;
}

Value* Value::find(const std::string& key) {
  for (auto& [k, v] : map)
    if (k == key) return &v;
  return nullptr;
}

void Value::set(const std::string& key, Value v) {
  if (Value* existing = find(key)) {
    *existing = std::move(v);
    return;
  }
  kind = Kind::Map;
  map.push_back({key, std::move(v)});
}

std::optional<double> Value::as_number() const {
  if (!is_scalar() || quoted || scalar.empty()) return std::nullopt;
  errno = 0;
  char* end = nullptr;
  double d = std::strtod(scalar.c_str(), &end);
  if (errno != 0 || end != scalar.c_str() + scalar.size() || !std::isfinite(d)) return std::nullopt;
  return d;
}

std::optional<long long> Value::as_int() const {
  auto d = as_number();
  // Beyond 2^53 a double holds no exact whole number (and beyond 2^63 the
  // conversion is undefined): no count a project gives is that large.
  if (!d || std::floor(*d) != *d || std::fabs(*d) > 9007199254740992.0) return std::nullopt;
  return static_cast<long long>(*d);
}

std::optional<bool> Value::as_bool() const {
  if (!is_scalar() || quoted) return std::nullopt;
  if (scalar == "true" || scalar == "yes") return true;
  if (scalar == "false" || scalar == "no") return false;
  return std::nullopt;
}

const char* Value::kind_name() const {
  switch (kind) {
    case Kind::Null:
      return "nothing";
    case Kind::Scalar:
      return as_number() ? "a number" : (as_bool() ? "a boolean" : "text");
    case Kind::Map:
      return "a map";
    case Kind::List:
      return "a list";
  }
  return "nothing";
}

namespace {

// yaml-cpp counts columns in bytes; people (and editors) count characters.
class Locator {
 public:
  // `text` must outlive it: its lines are views into it.
  Locator(std::string_view text, FileName file) : file_(file) {
    size_t start = 0;
    while (start <= text.size()) {
      size_t nl = text.find('\n', start);
      lines_.push_back(text.substr(start, nl == std::string_view::npos ? std::string_view::npos : nl - start));
      if (nl == std::string::npos) break;
      start = nl + 1;
    }
  }
  SourceLoc operator()(const YAML::Mark& m) const {
    if (m.line < 0) return {file_, 0, 0};
    int column = m.column + 1;
    if (static_cast<size_t>(m.line) < lines_.size()) {
      const std::string_view line = lines_[static_cast<size_t>(m.line)];
      column = 1;
      for (int i = 0; i < m.column && static_cast<size_t>(i) < line.size(); ++i)
        if ((static_cast<unsigned char>(line[static_cast<size_t>(i)]) & 0xC0) != 0x80) ++column;
    }
    return {file_, m.line + 1, column};
  }

 private:
  FileName file_;
  std::vector<std::string_view> lines_;
};

// The first character YAML does not allow in a stream (c-printable of YAML
// 1.2: no C0 control but tab, line feed and carriage return, no DEL, no C1
// control but NEL, no U+FFFE or U+FFFF), as a byte offset and its code
// point, in valid UTF-8 `text`. A NUL inside a value would end it for every
// C library it is handed to (a file name, a font name), so it is refused
// where it is, as the other controls are.
std::optional<std::pair<size_t, char32_t>> forbidden_character(std::string_view text) {
  for (size_t i = 0; i < text.size();) {
    const size_t at = i;
    const char32_t cp = utf8::next(text, i);
    if ((cp < 0x20 && cp != '\t' && cp != '\n' && cp != '\r') || (cp >= 0x7F && cp <= 0x9F && cp != 0x85) ||
        cp == 0xFFFE || cp == 0xFFFF)
      return std::pair{at, cp};
  }
  return std::nullopt;
}

// A problem that ends reading the document (a limit reached), at a place.
struct Stop {
  SourceLoc loc;
  std::string message;
};

// Builds the Value tree from the parser's events rather than from
// YAML::Load's node graph: an alias there is the anchored node itself, so
// copying the graph into a tree would expand an alias bomb without limit,
// and only the anchor's place would be known. Here every alias is copied
// against a budget (limits(): values and depth) and reported at its own
// place; and all of a map's keys are seen, so a key given twice is an error.
class Builder final : public YAML::EventHandler {
 public:
  Builder(const Locator& loc_of, Diagnostics& diags) : loc_of_(loc_of), diags_(diags) {}

  std::optional<Value> root;

  void OnDocumentStart(const YAML::Mark&) override {}
  void OnDocumentEnd() override {}

  void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    Value v;
    v.loc = loc_of_(mark);
    finish({std::move(v), 1, 0}, anchor, mark);
  }

  void OnScalar(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                const std::string& value) override {
    Value v;
    v.kind = Value::Kind::Scalar;
    v.loc = loc_of_(mark);
    v.scalar = value;
    v.quoted = tag == "!";  // yaml-cpp tags plain scalars "?" and quoted ones "!"
    // "\0", "\x00", "\u0000" in a double-quoted scalar: see forbidden_character.
    if (value.find('\0') != std::string::npos)
      diags_.error(v.loc, "a NUL character (\\0) in a value: no name, text or path may hold one");
    finish({std::move(v), 1, 0}, anchor, mark);
  }

  void OnAlias(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    auto it = anchors_.find(anchor);
    if (it == anchors_.end()) throw Stop{loc_of_(mark), "alias of an unknown anchor"};
    finish(it->second, YAML::NullAnchor, mark);  // copies: every use counts against the budget
  }

  void OnSequenceStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                       YAML::EmitterStyle::value) override {
    open(mark, anchor, Value::Kind::List);
  }
  void OnSequenceEnd() override { close(); }

  void OnMapStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                  YAML::EmitterStyle::value) override {
    open(mark, anchor, Value::Kind::Map);
  }
  void OnMapEnd() override {
    check_keys(stack_.back().sized.value);
    close();
  }

 private:
  // A finished value with its size: values in it, and levels below it.
  struct Sized {
    Value value;
    std::uint64_t nodes = 1;
    std::uint64_t height = 0;
  };
  // A list or map being read: its anchor, and for a map the key read last.
  struct Frame {
    Sized sized;
    YAML::anchor_t anchor = YAML::NullAnchor;
    std::optional<Value> key;
  };

  void open(const YAML::Mark& mark, YAML::anchor_t anchor, Value::Kind kind) {
    if (stack_.size() + 1 > limits().yaml_depth)
      throw Stop{loc_of_(mark), fmt::format("YAML nested deeper than the limit of {} levels (raise it with --limit "
                                            "yaml-depth=N)",
                                            limits().yaml_depth)};
    Frame f;
    f.sized.value.kind = kind;
    f.sized.value.loc = loc_of_(mark);
    f.anchor = anchor;
    stack_.push_back(std::move(f));
    spend(1, mark);
  }

  void close() {
    Frame f = std::move(stack_.back());
    stack_.pop_back();
    remember(f.anchor, f.sized);
    add(std::move(f.sized));
  }

  // A scalar, null or alias read at `mark`: counted, remembered, added.
  void finish(const Sized& sized, YAML::anchor_t anchor, const YAML::Mark& mark) {
    if (stack_.size() + sized.height > limits().yaml_depth)
      throw Stop{loc_of_(mark), fmt::format("this alias nests the YAML deeper than the limit of {} levels (raise it "
                                            "with --limit yaml-depth=N)",
                                            limits().yaml_depth)};
    spend(sized.nodes, mark);
    remember(anchor, sized);
    add(Sized(sized));
  }

  void spend(std::uint64_t nodes, const YAML::Mark& mark) {
    nodes_ += nodes;
    if (nodes_ > limits().yaml_nodes)
      throw Stop{loc_of_(mark), fmt::format("the YAML expands to more than the limit of {} values here (aliases "
                                            "count each time they are used; raise it with --limit yaml-nodes=N)",
                                            limits().yaml_nodes)};
  }

  void remember(YAML::anchor_t anchor, const Sized& sized) {
    if (anchor != YAML::NullAnchor) anchors_[anchor] = sized;
  }

  void add(Sized child) {
    if (stack_.empty()) {
      root = std::move(child.value);
      return;
    }
    Frame& parent = stack_.back();
    parent.sized.nodes += child.nodes;
    parent.sized.height = std::max(parent.sized.height, child.height + 1);
    Value& into = parent.sized.value;
    if (into.is_list()) {
      into.list.push_back(std::move(child.value));
    } else if (!parent.key) {
      parent.key = std::move(child.value);
    } else {
      Value value = std::move(child.value);
      value.key_loc = parent.key->loc;
      if (value.is_null()) value.loc = value.key_loc;
      into.map.push_back({parent.key->is_scalar() ? parent.key->scalar : std::string(), std::move(value)});
      parent.key.reset();
    }
  }

  // Two members with one key: YAML forbids it, and a reader would see only
  // the first, so the second would be ignored without a word.
  void check_keys(const Value& map) {
    std::map<std::string_view, const SourceLoc*> seen;
    for (const auto& member : map.map) {
      auto [it, fresh] = seen.try_emplace(member.key, &member.value.key_loc);
      if (!fresh)
        diags_.error(member.value.key_loc, fmt::format("key '{}' appears twice in this map (first at line {})",
                                                       member.key, it->second->line));
    }
  }

  const Locator& loc_of_;
  Diagnostics& diags_;
  std::vector<Frame> stack_;
  std::map<YAML::anchor_t, Sized> anchors_;
  std::uint64_t nodes_ = 0;
};

// The place of byte `offset` of `text` (column in characters, as Locator).
SourceLoc place_of(std::string_view text, size_t offset, const std::string& file) {
  const size_t line_start = text.rfind('\n', offset == 0 ? 0 : offset - 1);
  const size_t from = line_start == std::string_view::npos || offset == 0 ? 0 : line_start + 1;
  int column = 1;
  for (size_t i = from; i < offset; ++i)
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) ++column;
  const auto line = 1 + std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(offset), '\n');
  return {file, static_cast<int>(line), column};
}

// What keeps `text` from being read at all: too large, or not UTF-8.
bool readable(std::string_view text, const std::string& file_name, Diagnostics& diags) {
  if (text.size() > limits().yaml_bytes) {
    diags.error({file_name, 1, 1}, fmt::format("the file has {} bytes, more than the limit of {} for YAML (raise it "
                                               "with --limit yaml-bytes=N)",
                                               text.size(), limits().yaml_bytes));
    return false;
  }
  if (const size_t bad = utf8::first_invalid(text); bad != std::string_view::npos) {
    diags.error(place_of(text, bad, file_name), fmt::format("invalid UTF-8 at byte offset {}", bad));
    return false;
  }
  if (auto bad = forbidden_character(text)) {
    diags.error(place_of(text, bad->first, file_name),
                fmt::format("the control character U+{:04X}{} is not allowed in YAML (byte offset {})",
                            static_cast<std::uint32_t>(bad->second), bad->second == 0 ? " (NUL)" : "", bad->first));
    return false;
  }
  return true;
}

}  // namespace

std::optional<Value> parse_yaml_string(const std::string& text, const std::string& file_name, Diagnostics& diags) {
  if (!readable(text, file_name, diags)) return std::nullopt;
  Locator locator(text, file_name);
  const size_t errors = diags.error_count();
  Builder builder(locator, diags);
  try {
    std::istringstream in(text);
    YAML::Parser parser(in);
    parser.HandleNextDocument(builder);  // the first document, as YAML::Load
  } catch (const YAML::Exception& e) {
    diags.error(locator(e.mark), "YAML syntax error: " + e.msg);
    return std::nullopt;
  } catch (const Stop& stop) {
    diags.error(stop.loc, stop.message);
    return std::nullopt;
  }
  if (diags.error_count() > errors) return std::nullopt;
  Value v = builder.root ? std::move(*builder.root) : Value();
  if (v.loc.line == 0) v.loc = {file_name, 1, 1};
  return v;
}

std::optional<Value> read_yaml(const project::Project& project, const std::string& path, Diagnostics& diags) {
  project::InputPtr input = project.read(path);
  if (!input) {
    auto why = project.refusal(path);
    diags.error({path, 0, 0}, why ? "cannot read " + *why : "cannot read file");
    return std::nullopt;
  }
  return parse_yaml_string(input->text(), input->path(), diags);
}

}  // namespace kw::yaml
