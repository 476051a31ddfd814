#include "yaml/block_list.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

namespace kw::yaml {

namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start < text.size()) {
    size_t nl = text.find('\n', start);
    size_t end = nl == std::string::npos ? text.size() : nl + 1;
    lines.push_back(text.substr(start, end - start));
    start = end;
  }
  return lines;
}

size_t indent_of(const std::string& line) { return line.find_first_not_of(' '); }

// A line holding nothing but a comment or white space.
bool is_filler(const std::string& line) {
  const size_t i = line.find_first_not_of(" \t\r\n");
  return i == std::string::npos || line[i] == '#';
}

std::string concat(const std::vector<std::string>& lines, size_t from, size_t to) {
  std::string out;
  for (size_t i = from; i < to; ++i) out += lines[i];
  return out;
}

}  // namespace

std::string BlockList::text() const {
  std::string out = prefix;
  for (const auto& item : items) out += item.lead + item.body;
  return out + suffix;
}

namespace {

// Cuts `lines` into items starting at `starts` (line indexes, ascending), each
// starting `indent` spaces in.
BlockList cut(const std::vector<std::string>& lines, const std::vector<size_t>& starts, size_t indent) {
  // The last item runs while lines are indented deeper than its start (or
  // are filler); trailing filler belongs to what follows.
  size_t end = starts.back() + 1;
  while (end < lines.size() && (is_filler(lines[end]) || indent_of(lines[end]) > indent)) ++end;
  while (end > starts.back() + 1 && is_filler(lines[end - 1])) --end;
  // An item's lead: the filler lines right above it.
  std::vector<size_t> leads;
  for (size_t i = 0; i < starts.size(); ++i) {
    size_t lead = starts[i];
    const size_t floor = i == 0 ? 0 : starts[i - 1] + 1;
    while (lead > floor && is_filler(lines[lead - 1])) --lead;
    leads.push_back(lead);
  }
  BlockList out;
  out.indent = std::string(indent, ' ');
  out.prefix = concat(lines, 0, leads.front());
  for (size_t i = 0; i < starts.size(); ++i)
    out.items.push_back(
        {concat(lines, leads[i], starts[i]), concat(lines, starts[i], i + 1 < starts.size() ? leads[i + 1] : end)});
  out.suffix = concat(lines, end, lines.size());
  if (!out.items.back().body.ends_with('\n')) out.items.back().body += '\n';  // the file ended in the item
  return out;
}

// The line index of `loc` when it starts a line `indent` spaces in with
// `marker` ("- " or "key:"), after `after`; else nullopt with `why_not` set.
std::optional<size_t> start_line(const std::vector<std::string>& lines, const SourceLoc& loc, const std::string& marker,
                                 size_t& indent, std::optional<size_t> after, std::string& why_not) {
  const size_t line = static_cast<size_t>(std::max(loc.line, 1)) - 1;
  if (loc.line < 1 || line >= lines.size()) {
    why_not = "an item has no place in the file";
    return std::nullopt;
  }
  const std::string& l = lines[line];
  const size_t d = indent_of(l);
  if (d == std::string::npos || l.compare(d, marker.size(), marker) != 0 ||
      (indent != std::string::npos && d != indent) || (after && line <= *after)) {
    why_not = fmt::format("line {} does not start an item of a block {} (one item per line start, same indent)",
                          line + 1, marker == "- " ? "list" : "map");
    return std::nullopt;
  }
  indent = d;
  return line;
}

}  // namespace

std::optional<BlockList> split_block_list(const std::string& text, const Value& list, std::string& why_not) {
  const std::vector<std::string> lines = lines_of(text);
  if (!list.is_list() || list.list.empty()) {
    why_not = "the list is empty or not a list";
    return std::nullopt;
  }
  std::vector<size_t> starts;
  size_t indent = std::string::npos;
  for (const auto& item : list.list) {
    auto line = start_line(lines, item.loc, "- ", indent,
                           starts.empty() ? std::nullopt : std::optional<size_t>(starts.back()), why_not);
    if (!line) return std::nullopt;
    starts.push_back(*line);
  }
  return cut(lines, starts, indent);
}

std::optional<BlockList> split_block_map(const std::string& text, const Value& map, std::string& why_not) {
  const std::vector<std::string> lines = lines_of(text);
  if (!map.is_map() || map.map.empty()) {
    why_not = "the map is empty or not a map";
    return std::nullopt;
  }
  std::vector<size_t> starts;
  size_t indent = std::string::npos;
  for (const auto& member : map.map) {
    auto line = start_line(lines, member.value.key_loc, member.key + ":", indent,
                           starts.empty() ? std::nullopt : std::optional<size_t>(starts.back()), why_not);
    if (!line) return std::nullopt;
    starts.push_back(*line);
  }
  return cut(lines, starts, indent);
}

namespace {

bool is_plain_safe(const std::string& s, bool quoted) {
  if (s.empty()) return false;
  const auto first = static_cast<unsigned char>(s.front());
  if (!(std::isalnum(first) || first >= 0x80 || (!quoted && (s.front() == '-' || s.front() == '.')))) return false;
  for (unsigned char c : s)
    if (!(std::isalnum(c) || c >= 0x80 || c == ' ' || c == '.' || c == '-' || c == '_' || c == '/' || c == '(' ||
          c == ')' || c == '\'' || c == '!' || c == '&' || c == '+' || c == '?'))
      return false;
  if (s.back() == ' ') return false;
  if (!quoted) return true;
  // A string must not read back as a number, a boolean or null.
  Value probe;
  probe.kind = Value::Kind::Scalar;
  probe.scalar = s;
  static const char* kSpecial[] = {"true",  "false", "yes", "no",   "null", "on",   "off",   "y",  "n",  "True",
                                   "False", "Yes",   "No",  "Null", "NULL", "TRUE", "FALSE", "On", "Off"};
  for (const char* w : kSpecial)
    if (s == w) return false;
  if (std::isdigit(first) || s.front() == '-' || s.front() == '.' || s.front() == '+')
    return !probe.as_number() && s.find_first_not_of("0123456789.-+eExXoO_:") != std::string::npos;
  return true;
}

std::string double_quoted(const std::string& s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    if (c == '"')
      out += "\\\"";
    else if (c == '\\')
      out += "\\\\";
    else if (c == '\n')
      out += "\\n";
    else if (c == '\t')
      out += "\\t";
    else if (c == '\r')
      out += "\\r";
    else if (c < 0x20 || c == 0x7f)
      out += fmt::format("\\x{:02x}", c);
    else
      out += static_cast<char>(c);
  }
  return out + "\"";
}

}  // namespace

std::string flow(const Value& v) {
  switch (v.kind) {
    case Value::Kind::Null:
      return "~";
    case Value::Kind::Scalar:
      return is_plain_safe(v.scalar, v.quoted) ? v.scalar : double_quoted(v.scalar);
    case Value::Kind::List: {
      std::string out = "[";
      for (size_t i = 0; i < v.list.size(); ++i) out += (i ? ", " : "") + flow(v.list[i]);
      return out + "]";
    }
    case Value::Kind::Map: {
      if (v.map.empty()) return "{}";
      std::string out = "{ ";
      for (size_t i = 0; i < v.map.size(); ++i) out += (i ? ", " : "") + v.map[i].key + ": " + flow(v.map[i].value);
      return out + " }";
    }
  }
  return "~";
}

namespace {

// Whether `like` (an item as the file had it) spans several lines.
bool block_style(const Value& v, const std::string& like) {
  const size_t nl = like.find('\n');
  return v.is_map() && !v.map.empty() && nl != std::string::npos && nl + 1 < like.size();
}

}  // namespace

std::string item(const Value& v, const std::string& indent, const std::string& like) {
  if (!block_style(v, like)) return indent + "- " + flow(v) + "\n";
  std::string out;
  for (size_t i = 0; i < v.map.size(); ++i)
    out += (i == 0 ? indent + "- " : indent + "  ") + v.map[i].key + ": " + flow(v.map[i].value) + "\n";
  return out;
}

std::string entry(const std::string& key, const Value& v, const std::string& indent, const std::string& like) {
  if (!block_style(v, like)) return indent + key + ": " + flow(v) + "\n";
  std::string out = indent + key + ":\n";
  for (const auto& m : v.map) out += indent + "  " + m.key + ": " + flow(m.value) + "\n";
  return out;
}

}  // namespace kw::yaml
