#include "yaml/edit.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>

#include "yaml/block_list.h"

namespace kw::yaml {

namespace {

Value parse(const std::string& text, const std::string& file) {
  Diagnostics diags;
  auto root = parse_yaml_string(text, file, diags);
  if (!root || diags.has_errors()) {
    const std::string why = diags.empty() ? file + ": does not parse as YAML" : format_diagnostic(diags.items()[0]);
    throw EditError(why);
  }
  return std::move(*root);
}

// The byte offset of `loc` (line and column from 1, columns counting
// characters as value.cpp's Locator does) in `text`.
size_t offset_of(const std::string& text, const SourceLoc& loc) {
  size_t at = 0;
  for (int line = 1; line < loc.line; ++line) {
    const size_t nl = text.find('\n', at);
    if (nl == std::string::npos) throw EditError(loc.str() + ": no such line in the file");
    at = nl + 1;
  }
  for (int column = 1; column < loc.column && at < text.size() && text[at] != '\n';) {
    ++at;
    while (at < text.size() && (static_cast<unsigned char>(text[at]) & 0xC0) == 0x80) ++at;
    ++column;
  }
  return at;
}

size_t line_start(const std::string& text, size_t at) {
  const size_t nl = at == 0 ? std::string::npos : text.rfind('\n', at - 1);
  return nl == std::string::npos ? 0 : nl + 1;
}

size_t indent_at(const std::string& text, size_t start) {
  size_t i = start;
  while (i < text.size() && text[i] == ' ') ++i;
  return i - start;
}

struct Found {
  const Value* node = nullptr;
  bool in_flow = false;  // its parent is a flow collection
};

// The node at `path` and whether its parent is written in flow style.
Found walk(const std::string& text, const Value& root, const KeyPath& path) {
  Found f{&root, false};
  KeyPath done;
  for (const PathStep& step : path) {
    const Value& parent = *f.node;
    const Value* next = nullptr;
    if (const auto* key = std::get_if<std::string>(&step)) {
      if (parent.is_map()) next = parent.find(*key);
    } else if (parent.is_list() && std::get<size_t>(step) < parent.list.size()) {
      next = &parent.list[std::get<size_t>(step)];
    }
    done.push_back(step);
    if (!next) throw EditError(fmt::format("{}: no '{}' in the file", parent.loc.str(), path_text(done)));
    const size_t at = offset_of(text, parent.loc);
    f = {next, at < text.size() && (text[at] == '{' || text[at] == '[')};
  }
  return f;
}

// The end of a quoted scalar starting at `begin` (its closing quote included).
size_t quoted_end(const std::string& text, size_t begin) {
  const char quote = text[begin];
  for (size_t i = begin + 1; i < text.size(); ++i) {
    if (quote == '"' && text[i] == '\\') {
      ++i;
    } else if (text[i] == quote) {
      if (quote == '\'' && i + 1 < text.size() && text[i + 1] == '\'') {
        ++i;
        continue;
      }
      return i + 1;
    }
  }
  throw EditError("an unterminated quoted scalar");
}

// The end of a plain scalar on one line: before " #", the line's end, and in
// flow context before ',', ']' or '}'; trailing spaces left out.
size_t plain_end(const std::string& text, size_t begin, bool in_flow) {
  size_t i = begin;
  for (; i < text.size() && text[i] != '\n' && text[i] != '\r'; ++i) {
    if (text[i] == '#' && i > begin && (text[i - 1] == ' ' || text[i - 1] == '\t')) break;
    if (in_flow && (text[i] == ',' || text[i] == ']' || text[i] == '}')) break;
  }
  while (i > begin && (text[i - 1] == ' ' || text[i - 1] == '\t')) --i;
  return i;
}

// The end of a block scalar whose header starts at `begin`: its last
// content line's end (line break included), trailing blank lines left out.
// `indent`: in, the indentation of the header's line; out, that of the
// content (the first line that is not blank sets it, as YAML says).
size_t block_end(const std::string& text, size_t begin, size_t& indent) {
  size_t at = text.find('\n', begin);
  if (at == std::string::npos) return text.size();
  ++at;
  size_t end = at;
  std::optional<size_t> content;
  while (at < text.size()) {
    const size_t nl = text.find('\n', at);
    const size_t stop = nl == std::string::npos ? text.size() : nl + 1;
    const std::string_view line(text.data() + at, stop - at);
    const bool blank = line.find_first_not_of(" \r\n") == std::string_view::npos;
    if (!blank) {
      const size_t d = indent_at(text, at);
      if (!content) content = d;
      if (d <= indent || d < *content) break;
      end = stop;
    }
    at = stop;
  }
  indent = content && *content > indent ? *content : indent + 2;
  return end;
}

bool looks_like_number(const std::string& s) {
  if (s.empty()) return false;
  char* end = nullptr;
  std::strtod(s.c_str(), &end);
  return end == s.c_str() + s.size();
}

// Words YAML (1.1 and 1.2, as value.cpp and yaml-cpp read them) takes for
// something other than text.
bool special_word(const std::string& s) {
  static const char* const words[] = {"true", "false", "yes", "no",  "on",   "off",  "null",  "~",    "True", "False",
                                      "Yes",  "No",    "On",  "Off", "Null", "TRUE", "FALSE", "YES",  "NO",   "ON",
                                      "OFF",  "NULL",  "y",   "n",   "Y",    "N",    ".inf",  ".nan", "-.inf"};
  return std::any_of(std::begin(words), std::end(words), [&](const char* w) { return s == w; });
}

// Whether `s` can be written as a plain scalar in this context and read back
// as the same text.
bool plain_safe(const std::string& s, bool in_flow) {
  if (s.empty() || s.front() == ' ' || s.back() == ' ' || s.back() == ':') return false;
  if (std::string_view("?:,[]{}#&*!|>'\"%@`").find(s.front()) != std::string_view::npos) return false;
  if (s.front() == '-' && (s.size() == 1 || s[1] == ' ')) return false;
  if (s.find(": ") != std::string::npos || s.find(" #") != std::string::npos) return false;
  if (in_flow && s.find_first_of(",[]{}") != std::string::npos) return false;
  return std::all_of(s.begin(), s.end(), [](char c) { return static_cast<unsigned char>(c) >= 0x20 && c != 0x7F; });
}

std::string double_quoted(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (u < 0x20 || u == 0x7F) {
      out += fmt::format("\\x{:02x}", u);
    } else {
      out += c;
    }
  }
  return out + "\"";
}

std::string single_quoted(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("''") : std::string(1, c);
  return out + "'";
}

// A literal block ("|-" and its lines) holding `value`, lines indented
// `indent` spaces; nullopt when the value cannot be one (it starts with a
// space, which would need an indentation indicator, or holds a control).
std::optional<std::string> literal_block(const std::string& value, size_t indent, const char* marker) {
  if (value.empty() || value.front() == ' ' || value.front() == '\n') return std::nullopt;
  if (std::any_of(value.begin(), value.end(),
                  [](char c) { return static_cast<unsigned char>(c) < 0x20 && c != '\n' && c != '\t'; }))
    return std::nullopt;
  std::string body = value;
  size_t trailing = 0;
  while (!body.empty() && body.back() == '\n') {
    body.pop_back();
    ++trailing;
  }
  const char* chomp = trailing == 0 ? "-" : (trailing == 1 ? "" : "+");
  std::string out = std::string(marker) + chomp + "\n";
  const std::string pad(indent, ' ');
  size_t at = 0;
  for (;;) {
    const size_t nl = body.find('\n', at);
    const std::string line = body.substr(at, nl == std::string::npos ? std::string::npos : nl - at);
    out += (line.empty() ? "" : pad + line) + "\n";
    if (nl == std::string::npos) break;
    at = nl + 1;
  }
  for (size_t i = 1; i < trailing; ++i) out += "\n";
  return out;
}

// Where a node written in a flow collection ends: a quoted scalar at its
// closing quote, a nested "{...}" or "[...]" at its matching bracket (quotes
// and comments inside skipped), a plain scalar before ", ] }" or a comment.
size_t flow_node_end(const std::string& text, size_t begin) {
  const char first = text[begin];
  if (first == '"' || first == '\'') return quoted_end(text, begin);
  if (first != '{' && first != '[') return plain_end(text, begin, true);
  int depth = 0;
  char last = '\0';  // the last character that was not white space: a quote after "{[,:" opens a scalar
  for (size_t i = begin; i < text.size(); ++i) {
    const char c = text[i];
    if ((c == '"' || c == '\'') && (last == '{' || last == '[' || last == ',' || last == ':')) {
      i = quoted_end(text, i) - 1;
      last = c;
      continue;
    }
    if (c == '#' && i > 0 && (text[i - 1] == ' ' || text[i - 1] == '\t' || text[i - 1] == '\n')) {
      const size_t nl = text.find('\n', i);
      if (nl == std::string::npos) break;
      i = nl;
      continue;
    }
    if (c == '{' || c == '[') ++depth;
    if ((c == '}' || c == ']') && --depth == 0) return i + 1;
    if (c != ' ' && c != '\t' && c != '\n' && c != '\r') last = c;
  }
  throw EditError("an unterminated flow collection");
}

// A flow list "[a, b, c]" (on one line or several) cut around its items:
// each item's bytes [begin, end) in the text; between them the separators
// (", " or ",\n  "), which stay where they are when items move.
struct FlowList {
  std::vector<std::pair<size_t, size_t>> items;
  // The text with the items in `order` (a permutation of their indexes),
  // each put where the n-th item was: the separators, and any comment
  // among them, stay in their places.
  std::string text(const std::string& original, const std::vector<size_t>& order) const;
};

std::optional<FlowList> split_flow_list(const std::string& text, const Value& list) {
  const size_t at = offset_of(text, list.loc);
  if (!list.is_list() || list.list.empty() || at >= text.size() || text[at] != '[') return std::nullopt;
  FlowList out;
  for (const Value& item : list.list) {
    const size_t begin = offset_of(text, item.loc);
    out.items.emplace_back(begin, flow_node_end(text, begin));
  }
  return out;
}

std::string FlowList::text(const std::string& original, const std::vector<size_t>& order) const {
  std::string out = original.substr(0, items.front().first);
  for (size_t k = 0; k < order.size(); ++k) {
    if (k > 0) out += original.substr(items[k - 1].second, items[k].first - items[k - 1].second);
    out += original.substr(items[order[k]].first, items[order[k]].second - items[order[k]].first);
  }
  return out + original.substr(items.back().second);
}

// `item_text` written as a new item at place `place` of `list` (past the
// end: appended). It goes before the item at that place with a separator
// like the list's ("," and, in a list of one item per line, a line break
// and that item's indentation; no comment of the list is copied), so every
// byte of the list stays as it was.
std::string flow_insert(const std::string& text, const FlowList& list, size_t place, const std::string& item_text) {
  const auto& items = list.items;
  std::string sep = ", ";
  if (items.size() >= 2) {
    const size_t k = std::clamp<size_t>(place, 1, items.size() - 1);
    const std::string gap = text.substr(items[k - 1].second, items[k].first - items[k - 1].second);
    if (const size_t nl = gap.rfind('\n'); nl != std::string::npos) sep = ",\n" + gap.substr(nl + 1);
  }
  if (place >= items.size())
    return text.substr(0, items.back().second) + sep + item_text + text.substr(items.back().second);
  const size_t at = items[place].first;
  return text.substr(0, at) + item_text + sep + text.substr(at);
}

std::vector<size_t> identity(size_t n) {
  std::vector<size_t> out(n);
  for (size_t i = 0; i < n; ++i) out[i] = i;
  return out;
}

BlockList split_list(const std::string& text, const Value& root, const KeyPath& path, const Value*& list) {
  list = walk(text, root, path).node;
  std::string why_not;
  auto split = split_block_list(text, *list, why_not);
  if (!split)
    throw EditError(
        fmt::format("{}: '{}' cannot be edited item by item: {}", list->loc.str(), path_text(path), why_not));
  return std::move(*split);
}

void check_index(const Value& list, size_t index, size_t size, const KeyPath& path) {
  if (index >= size)
    throw EditError(fmt::format("{}: '{}' has {} items, no item {}", list.loc.str(), path_text(path), size, index));
}

}  // namespace

std::string path_text(const KeyPath& path) {
  std::string out;
  for (const PathStep& step : path) {
    if (const auto* key = std::get_if<std::string>(&step))
      out += (out.empty() ? "" : ".") + *key;
    else
      out += fmt::format("[{}]", std::get<size_t>(step));
  }
  return out;
}

ScalarSpan find_scalar(const std::string& text, const KeyPath& path, const std::string& file) {
  const Value root = parse(text, file);
  const Found found = walk(text, root, path);
  const Value& node = *found.node;
  if (!node.is_scalar())
    throw EditError(fmt::format("{}: '{}' is {}, not a single value", node.loc.str(), path_text(path),
                                node.is_null() ? "empty" : node.kind_name()));
  ScalarSpan span;
  span.begin = offset_of(text, node.loc);
  span.in_flow = found.in_flow;
  span.indent = indent_at(text, line_start(text, span.begin));
  const char first = span.begin < text.size() ? text[span.begin] : '\0';
  switch (first) {
    case '"':
    case '\'':
      span.style = first == '"' ? ScalarStyle::Double : ScalarStyle::Single;
      span.end = quoted_end(text, span.begin);
      break;
    case '|':
    case '>':
      span.style = first == '|' ? ScalarStyle::Literal : ScalarStyle::Folded;
      span.end = block_end(text, span.begin, span.indent);  // and the content's indent
      break;
    default:
      if (first == '!' || first == '&' || first == '*')
        throw EditError(
            fmt::format("{}: '{}' has a tag or an anchor; edit it in the file", node.loc.str(), path_text(path)));
      span.end = plain_end(text, span.begin, span.in_flow);
      // A plain scalar continued on the next lines would be cut: refuse it.
      if (span.end - span.begin < node.scalar.size() ||
          std::string_view(text).substr(span.begin, span.end - span.begin) != node.scalar)
        throw EditError(fmt::format("{}: '{}' is written over several lines; edit it in the file", node.loc.str(),
                                    path_text(path)));
  }
  return span;
}

std::string write_scalar(const std::string& value, const ScalarSpan& span, bool was_number) {
  switch (span.style) {
    case ScalarStyle::Literal:
    case ScalarStyle::Folded:
      // A folded block keeps its style only for text without line breaks
      // (folding would join the lines of anything else): else literal.
      if (auto block =
              literal_block(value, span.indent,
                            span.style == ScalarStyle::Folded && value.find('\n') == std::string::npos ? ">" : "|"))
        return *block;
      return double_quoted(value);
    case ScalarStyle::Plain:
      if (plain_safe(value, span.in_flow) && !special_word(value) && looks_like_number(value) == was_number)
        return value;
      return double_quoted(value);
    case ScalarStyle::Single:
      if (std::all_of(value.begin(), value.end(), [](char c) { return static_cast<unsigned char>(c) >= 0x20; }))
        return single_quoted(value);
      return double_quoted(value);
    case ScalarStyle::Double:
      return double_quoted(value);
  }
  return double_quoted(value);
}

namespace {

bool find_at(const Value& v, int line, int column, KeyPath& path, bool any = false) {
  if (v.is_scalar() || (any && !v.is_null() && !path.empty()))
    if (v.loc.line == line && v.loc.column == column) return true;
  if (v.is_scalar()) return false;
  if (v.is_map()) {
    for (const Member& m : v.map) {
      path.emplace_back(m.key);
      if (find_at(m.value, line, column, path, any)) return true;
      path.pop_back();
    }
  } else if (v.is_list()) {
    for (size_t i = 0; i < v.list.size(); ++i) {
      path.emplace_back(i);
      if (find_at(v.list[i], line, column, path, any)) return true;
      path.pop_back();
    }
  }
  return false;
}

}  // namespace

std::string scalar_at(const std::string& text, const KeyPath& path, const std::string& file) {
  const Value root = parse(text, file);
  const Value& node = *walk(text, root, path).node;
  if (!node.is_scalar())
    throw EditError(fmt::format("{}: '{}' is {}, not a single value", node.loc.str(), path_text(path),
                                node.is_null() ? "empty" : node.kind_name()));
  return node.scalar;
}

KeyPath path_at(const std::string& text, int line, int column, const std::string& file) {
  const Value root = parse(text, file);
  KeyPath path;
  if (!find_at(root, line, column, path))
    throw EditError(fmt::format("{}:{}:{}: no value starts here (the file changed?)", file, line, column));
  return path;
}

KeyPath node_path_at(const std::string& text, int line, int column, const std::string& file) {
  const Value root = parse(text, file);
  KeyPath path;
  if (!find_at(root, line, column, path, true))
    throw EditError(fmt::format("{}:{}:{}: no value starts here (the file changed?)", file, line, column));
  return path;
}

std::string set_scalar(const std::string& text, const KeyPath& path, const std::string& value,
                       const std::string& file) {
  const ScalarSpan span = find_scalar(text, path, file);
  const std::string old = text.substr(span.begin, span.end - span.begin);
  const bool was_number = span.style == ScalarStyle::Plain && looks_like_number(old);
  std::string out = text.substr(0, span.begin) + write_scalar(value, span, was_number) + text.substr(span.end);
  // The new text must read back as `value` at the same place.
  const Value again = parse(out, file);
  const Value* node = walk(out, again, path).node;
  if (!node->is_scalar() || node->scalar != value)
    throw EditError(
        fmt::format("{}: '{}' cannot be written here without changing the file's structure", file, path_text(path)));
  return out;
}

namespace {

// The map at `path`, or an EditError naming what it is instead.
const Value& map_at(const Value& root, const std::string& text, const KeyPath& path) {
  const Value& node = *walk(text, root, path).node;
  if (!node.is_map())
    throw EditError(fmt::format("{}: '{}' is {}, not a map", node.loc.str(), path_text(path), node.kind_name()));
  return node;
}

// The offset of the `}` that closes the flow map starting at `open`.
size_t flow_close(const std::string& text, size_t open) {
  int depth = 0;
  for (size_t i = open; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '"' || c == '\'') {
      i = quoted_end(text, i) - 1;
    } else if (c == '{' || c == '[') {
      ++depth;
    } else if (c == '}' || c == ']') {
      if (--depth == 0) return i;
    }
  }
  throw EditError("a flow map without its closing brace");
}

size_t line_end(const std::string& text, size_t at) {
  const size_t nl = text.find('\n', at);
  return nl == std::string::npos ? text.size() : nl + 1;
}

}  // namespace

std::string set_key(const std::string& text, const KeyPath& path, const std::string& key, const std::string& value,
                    const std::string& file) {
  const Value root = parse(text, file);
  const Value& map = map_at(root, text, path);
  KeyPath key_path = path;
  key_path.emplace_back(key);
  if (map.find(key)) return set_scalar(text, key_path, value, file);
  std::string out;
  const size_t at = offset_of(text, map.loc);
  ScalarSpan span;
  if (at < text.size() && text[at] == '{') {
    span.in_flow = true;
    const size_t close = flow_close(text, at);
    size_t end = close;  // after the last member, before the spaces in front of `}`
    while (end > at + 1 && (text[end - 1] == ' ' || text[end - 1] == '\t')) --end;
    const bool empty = end == at + 1;
    out = text.substr(0, end) + (empty ? " " : ", ") + key + ": " +
          write_scalar(value, span, looks_like_number(value)) + text.substr(end);
  } else {
    if (map.map.empty())
      throw EditError(fmt::format("{}: '{}' has no keys to add one beside", map.loc.str(), path_text(path)));
    const Member* after = &map.map.front();
    for (const Member& m : map.map)
      if (m.key == "name") after = &m;
    if (!after->value.is_scalar() || after->value.loc.line != after->value.key_loc.line)
      throw EditError(fmt::format("{}: '{}' is not written on one line; add '{}' in the file",
                                  after->value.key_loc.str(), after->key, key));
    const size_t line = line_end(text, offset_of(text, after->value.loc));
    const std::string newline = line <= text.size() && line > 0 && text[line - 1] == '\n' ? "" : "\n";
    out = text.substr(0, line) + newline + std::string(static_cast<size_t>(after->value.key_loc.column - 1), ' ') +
          key + ": " + write_scalar(value, span, looks_like_number(value)) + "\n" + text.substr(line);
  }
  // The new text must read back with the key holding `value`.
  const Value again = parse(out, file);
  const Value* node = walk(out, again, key_path).node;
  if (!node->is_scalar() || node->scalar != value)
    throw EditError(
        fmt::format("{}: '{}' cannot be added here without changing the file's structure", file, path_text(key_path)));
  return out;
}

std::string remove_key(const std::string& text, const KeyPath& path, const std::string& key, const std::string& file) {
  const Value root = parse(text, file);
  const Value& map = map_at(root, text, path);
  const Member* member = nullptr;
  for (const Member& m : map.map)
    if (m.key == key) member = &m;
  if (!member) return text;
  const size_t at = offset_of(text, map.loc);
  if (at < text.size() && text[at] == '{')
    throw EditError(
        fmt::format("{}: '{}' is in a flow map {{ ... }}; remove it in the file", member->value.key_loc.str(), key));
  if (!member->value.is_scalar() || member->value.loc.line != member->value.key_loc.line)
    throw EditError(
        fmt::format("{}: '{}' is not written on one line; remove it in the file", member->value.key_loc.str(), key));
  const size_t begin = line_start(text, offset_of(text, member->value.key_loc));
  if (text.substr(begin, offset_of(text, member->value.key_loc) - begin).find_first_not_of(' ') != std::string::npos)
    throw EditError(fmt::format("{}: '{}' shares its line with another key; remove it in the file",
                                member->value.key_loc.str(), key));
  return text.substr(0, begin) + text.substr(line_end(text, begin));
}

namespace {

// Where the lines of the block map member whose key is at `key_at` end: the
// start of the first line after it that is written at the key's indentation
// or less, with the comment and blank lines right above that one left to
// what follows.
size_t member_end(const std::string& text, size_t key_at) {
  const size_t column = key_at - line_start(text, key_at);
  size_t at = line_end(text, key_at), end = at;
  while (at < text.size()) {
    const size_t indent = indent_at(text, at);
    const char c = at + indent < text.size() ? text[at + indent] : '\n';
    if (c == '\n' || c == '\r' || c == '#') {
      at = line_end(text, at);
      continue;
    }
    if (indent <= column) break;
    at = line_end(text, at);
    end = at;
  }
  return end;
}

}  // namespace

std::string add_entry(const std::string& text, const KeyPath& path, const std::string& key,
                      const std::vector<std::pair<std::string, std::string>>& members, const std::string& file) {
  const Value root = parse(text, file);
  const Value& map = map_at(root, text, path);
  KeyPath key_path = path;
  key_path.emplace_back(key);
  if (map.find(key)) throw EditError(fmt::format("{}: '{}' is there already", map.loc.str(), path_text(key_path)));
  if (map.map.empty() || members.empty())
    throw EditError(fmt::format("{}: '{}' has no members to add one beside", map.loc.str(), path_text(path)));
  const size_t map_at_offset = offset_of(text, map.loc);
  if (map_at_offset < text.size() && text[map_at_offset] == '{')
    throw EditError(
        fmt::format("{}: '{}' is a flow map {{ ... }}; add '{}' in the file", map.loc.str(), path_text(path), key));
  const Member* after = nullptr;
  for (const Member& m : map.map)
    if (m.key < key) after = &m;
  const Member& like = after ? *after : map.map.front();
  const size_t like_key = offset_of(text, like.value.key_loc);
  const size_t indent = like_key - line_start(text, like_key);
  size_t inner = indent + 2;
  if (like.value.is_map() && !like.value.map.empty()) {
    const size_t first = offset_of(text, like.value.map.front().value.key_loc);
    if (first - line_start(text, first) > indent) inner = first - line_start(text, first);
  }
  const bool quote_key = text[like_key] == '"' || !plain_safe(key, false) || key.find(':') != std::string::npos;
  std::string lines = std::string(indent, ' ') + (quote_key ? double_quoted(key) : key) + ":\n";
  for (const auto& [k, v] : members) lines += std::string(inner, ' ') + k + ": " + double_quoted(v) + "\n";
  const size_t at = after ? member_end(text, like_key) : line_start(text, like_key);
  std::string out = text.substr(0, at);
  if (!out.empty() && out.back() != '\n') out += '\n';
  out += lines + text.substr(at);
  // The new text must read back with the member holding exactly `members`.
  const Value again = parse(out, file);
  const Value* node = walk(out, again, key_path).node;
  bool same = node->is_map() && node->map.size() == members.size();
  for (size_t i = 0; same && i < members.size(); ++i)
    same = node->map[i].key == members[i].first && node->map[i].value.is_scalar() &&
           node->map[i].value.scalar == members[i].second;
  if (!same)
    throw EditError(
        fmt::format("{}: '{}' cannot be added here without changing the file's structure", file, path_text(key_path)));
  return out;
}

std::string remove_item(const std::string& text, const KeyPath& path, size_t index, const std::string& file) {
  const Value root = parse(text, file);
  if (const Value* node = walk(text, root, path).node; auto flow_list = split_flow_list(text, *node)) {
    const size_t n = flow_list->items.size();
    check_index(*node, index, n, path);
    if (n == 1)
      throw EditError(fmt::format("{}: '{}' would be empty; keep one item", node->loc.str(), path_text(path)));
    // The item and the separator after it (the last: the one before it).
    const auto& items = flow_list->items;
    const size_t from = index + 1 < n ? items[index].first : items[index - 1].second;
    const size_t to = index + 1 < n ? items[index + 1].first : items[index].second;
    return text.substr(0, from) + text.substr(to);
  }
  const Value* list = nullptr;
  BlockList split = split_list(text, root, path, list);
  check_index(*list, index, split.items.size(), path);
  if (split.items.size() == 1)
    throw EditError(fmt::format("{}: '{}' would be empty; keep one item", list->loc.str(), path_text(path)));
  split.items.erase(split.items.begin() + static_cast<std::ptrdiff_t>(index));
  return split.text();
}

std::string duplicate_item(const std::string& text, const KeyPath& path, size_t index, const std::string& file,
                           const std::optional<std::pair<std::string, std::string>>& set_key) {
  const Value root = parse(text, file);
  std::string out;
  if (const Value* node = walk(text, root, path).node; auto flow_list = split_flow_list(text, *node)) {
    const size_t n = flow_list->items.size();
    check_index(*node, index, n, path);
    const auto& [begin, end] = flow_list->items[index];
    out = flow_insert(text, *flow_list, index + 1, text.substr(begin, end - begin));
  } else {
    const Value* list = nullptr;
    BlockList split = split_list(text, root, path, list);
    check_index(*list, index, split.items.size(), path);
    // The copy without the comment above the original: that one says what follows.
    BlockList::Item copy{"", split.items[index].body};
    split.items.insert(split.items.begin() + static_cast<std::ptrdiff_t>(index) + 1, copy);
    out = split.text();
  }
  if (!set_key) return out;
  KeyPath key_path = path;
  key_path.emplace_back(index + 1);
  key_path.emplace_back(set_key->first);
  return set_scalar(out, key_path, set_key->second, file);
}

std::string move_item(const std::string& text, const KeyPath& path, size_t from, size_t to, const std::string& file) {
  const Value root = parse(text, file);
  if (const Value* node = walk(text, root, path).node; auto flow_list = split_flow_list(text, *node)) {
    const size_t n = flow_list->items.size();
    check_index(*node, from, n, path);
    check_index(*node, to, n, path);
    // The items change places; the separators stay where they are.
    std::vector<size_t> order = identity(n);
    order.erase(order.begin() + static_cast<std::ptrdiff_t>(from));
    order.insert(order.begin() + static_cast<std::ptrdiff_t>(to), from);
    return flow_list->text(text, order);
  }
  const Value* list = nullptr;
  BlockList split = split_list(text, root, path, list);
  check_index(*list, from, split.items.size(), path);
  check_index(*list, to, split.items.size(), path);
  BlockList::Item item = split.items[from];
  split.items.erase(split.items.begin() + static_cast<std::ptrdiff_t>(from));
  split.items.insert(split.items.begin() + static_cast<std::ptrdiff_t>(to), std::move(item));
  return split.text();
}

std::string insert_item(const std::string& text, const KeyPath& path, size_t index, const Value& item_value,
                        const std::string& file) {
  const Value root = parse(text, file);
  if (const Value* node = walk(text, root, path).node; auto flow_list = split_flow_list(text, *node)) {
    const size_t n = flow_list->items.size();
    return flow_insert(text, *flow_list, std::min(index, n), flow(item_value));
  }
  const Value* list = nullptr;
  BlockList split = split_list(text, root, path, list);
  (void)list;
  index = std::min(index, split.items.size());
  const BlockList::Item& like = split.items[std::min(index, split.items.size() - 1)];
  split.items.insert(split.items.begin() + static_cast<std::ptrdiff_t>(index),
                     {"", item(item_value, split.indent, like.body)});
  return split.text();
}

}  // namespace kw::yaml
