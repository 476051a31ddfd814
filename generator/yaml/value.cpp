#include "yaml/value.h"

#include <fmt/format.h>
#include <yaml.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <new>
#include <stdexcept>
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

// libyaml counts lines and columns from 0, and columns in characters, as
// people and editors do.
SourceLoc loc_of(const yaml_mark_t& m, const FileName& file) {
  return {file, static_cast<int>(m.line) + 1, static_cast<int>(m.column) + 1};
}

// The first character YAML does not allow in a stream (c-printable of YAML
// 1.2: no C0 control but tab, line feed and carriage return, no DEL, no C1
// control but NEL, no U+FFFE or U+FFFF), as a byte offset and its code
// point, in valid UTF-8 `text`. A NUL inside a value would end it for every
// C library it is handed to (a file name, a font name), so it is refused
// where it is, as the other controls are.
std::optional<std::pair<size_t, char32_t>> forbidden_character(std::string_view text) {
  for (size_t i = 0; i < text.size();) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (byte >= 0x20 && byte < 0x7F) {  // printable ASCII, most of a data file: no decoding
      ++i;
      continue;
    }
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

// libyaml reads YAML 1.1, whose line breaks include NEL, LS and PS (and a
// CR with no LF after it); YAML 1.2 and yaml-cpp, which the projects were
// written against, read those as text (a card text pasted from elsewhere
// may hold an LS). Before libyaml reads a document, each becomes a private
// use character the document does not hold (one character for one, so
// every line and column stays), and each value gets it back.
class TextBreaks {
 public:
  explicit TextBreaks(const std::string& text) {
    const std::pair<std::string_view, bool (*)(std::string_view, size_t)> kinds[] = {
        {"\xC2\x85", nullptr},
        {"\xE2\x80\xA8", nullptr},
        {"\xE2\x80\xA9", nullptr},
        {"\r", [](std::string_view t, size_t at) { return at + 1 == t.size() || t[at + 1] != '\n'; }}};
    char32_t candidate = 0xE000;
    for (const auto& [what, only_if] : kinds) {
      bool found = false;
      for (size_t at = text.find(what); at != std::string::npos && !found; at = text.find(what, at + 1))
        found = !only_if || only_if(text, at);
      if (!found) continue;
      std::string stand_in;
      do stand_in = utf8::encode(candidate++);
      while (text.find(stand_in) != std::string::npos && candidate <= 0xF8FF);
      swaps_.push_back({std::string(what), stand_in, only_if});
    }
    if (swaps_.empty()) return;
    text_ = text;
    for (const auto& swap : swaps_) {
      std::string out;
      for (size_t at = 0; at < text_.size();) {
        const size_t next = text_.find(swap.text, at);
        if (next == std::string::npos) {
          out.append(text_, at);
          break;
        }
        out.append(text_, at, next - at);
        out += !swap.only_if || swap.only_if(text_, next) ? swap.stand_in : swap.text;
        at = next + swap.text.size();
      }
      text_ = std::move(out);
    }
  }
  // The text for libyaml: `text` itself when it holds none of them.
  const std::string& text(const std::string& original) const { return swaps_.empty() ? original : text_; }
  // A value as written.
  void restore(std::string& value) const {
    for (const auto& swap : swaps_)
      for (size_t at = value.find(swap.stand_in); at != std::string::npos;
           at = value.find(swap.stand_in, at + swap.text.size()))
        value.replace(at, swap.stand_in.size(), swap.text);
  }

 private:
  struct Swap {
    std::string text, stand_in;
    bool (*only_if)(std::string_view, size_t);
  };
  std::vector<Swap> swaps_;
  std::string text_;
};

// Builds the Value tree from the parser's events rather than from a node
// graph: an alias there is the anchored node itself, so copying the graph
// into a tree would expand an alias bomb without limit, and only the
// anchor's place would be known. Here every alias is copied against a
// budget (limits(): values and depth) and reported at its own place; and all
// of a map's keys are seen, so a key given twice is an error.
//
// The events come from libyaml, a plain C parser that reads about eight
// times as fast as yaml-cpp 0.7 (10 ms against 85 ms for a 1.6 MB deck of
// 5000 cards); the tree is the one YAML::Load gave (tests/yaml/limits_test),
// line breaks included (TextBreaks). Where the two differ still, libyaml is
// the stricter: a tag handle no %TAG line declares (`!e!x`) and a %YAML
// version other than 1.x are errors, where yaml-cpp let them pass.
class Builder {
 public:
  Builder(FileName file, const TextBreaks& breaks, Diagnostics& diags) : file_(file), breaks_(breaks), diags_(diags) {}

  std::optional<Value> root;

  // Takes one event; false once the first document has ended (the rest of
  // the stream is never read, as YAML::Load read only the first document).
  bool take(const yaml_event_t& e) {
    switch (e.type) {
      case YAML_SCALAR_EVENT:
        scalar(e);
        return true;
      case YAML_ALIAS_EVENT:
        alias(e);
        return true;
      case YAML_SEQUENCE_START_EVENT:
        open(e.start_mark, anchor_of(e.data.sequence_start.anchor), Value::Kind::List);
        return true;
      case YAML_MAPPING_START_EVENT:
        open(e.start_mark, anchor_of(e.data.mapping_start.anchor), Value::Kind::Map);
        return true;
      case YAML_SEQUENCE_END_EVENT:
        close();
        return true;
      case YAML_MAPPING_END_EVENT:
        check_keys(stack_.back().sized.value);
        close();
        return true;
      case YAML_DOCUMENT_END_EVENT:
      case YAML_STREAM_END_EVENT:
        return false;
      default:  // stream and document start
        return true;
    }
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
    std::string anchor;
    std::optional<Value> key;
  };

  static std::string anchor_of(const yaml_char_t* anchor) {
    return anchor ? std::string(reinterpret_cast<const char*>(anchor)) : std::string();
  }

  // yaml-cpp's reading, which the projects were written against: a plain
  // scalar without a tag that reads "", "~" or null is nothing; one with a
  // tag is text, never a string "always" (only quotes, block scalars and the
  // non-specific tag "!" make one).
  void scalar(const yaml_event_t& e) {
    const auto& s = e.data.scalar;
    const std::string tag = s.tag ? reinterpret_cast<const char*>(s.tag) : "";
    const std::string_view text(reinterpret_cast<const char*>(s.value), s.length);
    const bool plain = s.style == YAML_PLAIN_SCALAR_STYLE || s.style == YAML_ANY_SCALAR_STYLE;
    Value v;
    v.loc = loc_of(e.start_mark, file_);
    const bool null =
        plain && tag.empty() && (text.empty() || text == "~" || text == "null" || text == "Null" || text == "NULL");
    if (!null) {
      v.kind = Value::Kind::Scalar;
      v.scalar = text;
      breaks_.restore(v.scalar);
      v.quoted = tag.empty() ? !plain : tag == "!";
      // "\0", "\x00", "\u0000" in a double-quoted scalar: see forbidden_character.
      if (v.scalar.find('\0') != std::string::npos)
        diags_.error(v.loc, "a NUL character (\\0) in a value: no name, text or path may hold one");
    }
    finish({std::move(v), 1, 0}, anchor_of(s.anchor), e.start_mark);
  }

  void alias(const yaml_event_t& e) {
    auto it = anchors_.find(anchor_of(e.data.alias.anchor));
    if (it == anchors_.end()) throw Stop{loc_of(e.start_mark, file_), "alias of an unknown anchor"};
    finish(it->second, {}, e.start_mark);  // copies: every use counts against the budget
  }

  void open(const yaml_mark_t& mark, std::string anchor, Value::Kind kind) {
    if (stack_.size() + 1 > limits().yaml_depth)
      throw Stop{loc_of(mark, file_), fmt::format("YAML nested deeper than the limit of {} levels (raise it with "
                                                  "--limit yaml-depth=N)",
                                                  limits().yaml_depth)};
    Frame f;
    f.sized.value.kind = kind;
    f.sized.value.loc = loc_of(mark, file_);
    f.anchor = std::move(anchor);
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
  // Taken by value: a scalar is moved in (a copy of each was a tenth of
  // reading a 5,000-card deck), an alias's anchored value copied.
  void finish(Sized sized, const std::string& anchor, const yaml_mark_t& mark) {
    if (stack_.size() + sized.height > limits().yaml_depth)
      throw Stop{loc_of(mark, file_), fmt::format("this alias nests the YAML deeper than the limit of {} levels "
                                                  "(raise it with --limit yaml-depth=N)",
                                                  limits().yaml_depth)};
    spend(sized.nodes, mark);
    remember(anchor, sized);
    add(std::move(sized));
  }

  void spend(std::uint64_t nodes, const yaml_mark_t& mark) {
    nodes_ += nodes;
    if (nodes_ > limits().yaml_nodes)
      throw Stop{loc_of(mark, file_), fmt::format("the YAML expands to more than the limit of {} values here "
                                                  "(aliases count each time they are used; raise it with --limit "
                                                  "yaml-nodes=N)",
                                                  limits().yaml_nodes)};
  }

  void remember(const std::string& anchor, const Sized& sized) {
    if (!anchor.empty()) anchors_[anchor] = sized;
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

  FileName file_;
  const TextBreaks& breaks_;
  Diagnostics& diags_;
  std::vector<Frame> stack_;
  std::map<std::string, Sized, std::less<>> anchors_;
  std::uint64_t nodes_ = 0;
};

// libyaml's words for what stopped it, with the place of the construct it
// was in ("did not find expected ',' or ']' (while parsing a flow sequence
// that starts at line 3, column 7)").
std::string syntax_error(const yaml_parser_t& parser) {
  if (parser.error == YAML_MEMORY_ERROR) return "out of memory";
  std::string message = parser.problem ? parser.problem : "unreadable";
  if (parser.context)
    message += fmt::format(" ({} that starts at line {}, column {})", parser.context, parser.context_mark.line + 1,
                           parser.context_mark.column + 1);
  return message;
}

// The parser and its current event, freed however reading ends.
struct Parser {
  yaml_parser_t parser{};
  yaml_event_t event{};
  bool has_event = false;
  explicit Parser(const std::string& text) {
    if (!yaml_parser_initialize(&parser)) throw std::bad_alloc();
    yaml_parser_set_input_string(&parser, reinterpret_cast<const unsigned char*>(text.data()), text.size());
    // The encoding is left to libyaml, which skips a byte order mark (a
    // UTF-16 one never comes here: readable() refuses what is not UTF-8).
  }
  ~Parser() {
    drop();
    yaml_parser_delete(&parser);
  }
  Parser(const Parser&) = delete;
  Parser& operator=(const Parser&) = delete;
  bool next() {
    drop();
    has_event = yaml_parser_parse(&parser, &event) != 0;
    return has_event;
  }
  void drop() {
    if (has_event) yaml_event_delete(&event);
    has_event = false;
  }
};

// The place of byte `offset` of `text`: lines end at a line feed, columns
// count characters (as the parser's places do).
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
  const FileName file(file_name);
  const size_t errors = diags.error_count();
  const TextBreaks breaks(text);
  Builder builder(file, breaks, diags);
  try {
    Parser parser(breaks.text(text));
    while (true) {
      if (!parser.next()) {
        diags.error(loc_of(parser.parser.problem_mark, file), "YAML syntax error: " + syntax_error(parser.parser));
        return std::nullopt;
      }
      if (!builder.take(parser.event)) break;
    }
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
