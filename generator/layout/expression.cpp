#include "layout/expression.h"

#include <cctype>
#include <cstdlib>
#include <optional>
#include <vector>

#include "model/field_path.h"

namespace kw::layout {

namespace {

std::string trim(const std::string& s) {
  size_t b = s.find_first_not_of(" \t");
  if (b == std::string::npos) return {};
  size_t e = s.find_last_not_of(" \t");
  return s.substr(b, e - b + 1);
}

bool is_path(const std::string& s) {
  if (s.empty()) return false;
  for (char c : s)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '-')) return false;
  return std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_';
}

bool truthy(const std::string& v) { return !v.empty() && v != "0" && v != "false" && v != "no"; }

std::vector<std::string> split_on(const std::string& s, const std::string& sep) {
  std::vector<std::string> parts;
  size_t start = 0;
  while (true) {
    size_t pos = s.find(sep, start);
    parts.push_back(s.substr(start, pos == std::string::npos ? std::string::npos : pos - start));
    if (pos == std::string::npos) break;
    start = pos + sep.size();
  }
  return parts;
}

// An operand: a quoted literal, a number, or a path.
ExprResult operand(const std::string& raw, const Resolver& resolve) {
  std::string t = trim(raw);
  if (t.size() >= 2 && (t.front() == '\'' || t.front() == '"') && t.back() == t.front())
    return {t.substr(1, t.size() - 2), {}};
  if (!t.empty() && (std::isdigit(static_cast<unsigned char>(t[0])) || t[0] == '-')) return {t, {}};
  if (!is_path(t)) return {{}, "cannot read '" + t + "' (expected a field path, a number or a 'quoted' text)"};
  auto v = resolve(t);
  if (!v) return {{}, "unknown field '" + t + "'"};
  return {*v, {}};
}

std::optional<double> as_number(const std::string& s) {
  std::string t = trim(s);
  if (t.empty()) return std::nullopt;
  char* end = nullptr;
  double v = std::strtod(t.c_str(), &end);
  if (end != t.c_str() + t.size()) return std::nullopt;
  return v;
}

// Two-character operators first, so "<=" is not read as "<".
ExprResult term(const std::string& raw, const Resolver& resolve) {
  std::string t = trim(raw);
  for (std::string op : {"==", "!=", "<=", ">=", "<", ">"}) {
    size_t pos = t.find(op);
    if (pos == std::string::npos) continue;
    auto lhs = operand(t.substr(0, pos), resolve);
    if (!lhs.ok()) return lhs;
    auto rhs = operand(t.substr(pos + op.size()), resolve);
    if (!rhs.ok()) return rhs;
    if (op == "==" || op == "!=") return {(op == "==") == (lhs.value == rhs.value) ? "true" : "false", {}};
    // Ordering compares numbers only: "10" < "9" as text would silently mislead.
    auto a = as_number(lhs.value), b = as_number(rhs.value);
    if (!a || !b)
      return {{}, "cannot compare '" + lhs.value + "' " + op + " '" + rhs.value + "': both sides must be numbers"};
    bool r = op == "<" ? *a < *b : op == ">" ? *a > *b : op == "<=" ? *a <= *b : *a >= *b;
    return {r ? "true" : "false", {}};
  }
  bool negate = false;
  while (!t.empty() && t[0] == '!') {
    negate = !negate;
    t = trim(t.substr(1));
  }
  auto v = operand(t, resolve);
  if (!v.ok()) return v;
  return {truthy(v.value) != negate ? "true" : "false", {}};
}

}  // namespace

ExprResult interpolate(const std::string& text, const Resolver& resolve) {
  std::string out;
  size_t pos = 0;
  while (true) {
    size_t open = text.find("{{", pos);
    if (open == std::string::npos) {
      out += text.substr(pos);
      return {out, {}};
    }
    size_t close = text.find("}}", open + 2);
    if (close == std::string::npos) return {{}, "'{{' without closing '}}' in \"" + text + "\""};
    out += text.substr(pos, open - pos);
    std::string path = trim(text.substr(open + 2, close - open - 2));
    if (!is_path(path)) return {{}, "'" + path + "' is not a field path"};
    auto v = resolve(path);
    if (!v) return {{}, "unknown field '" + path + "'"};
    out += *v;
    pos = close + 2;
  }
}

ExprResult evaluate_condition(const std::string& condition, const Resolver& resolve) {
  // Disjunction of conjunctions: "a && b || c" = (a && b) || c.
  bool any = false;
  for (const auto& alternative : split_on(condition, "||")) {
    bool all = true;
    for (const auto& t : split_on(alternative, "&&")) {
      auto r = term(t, resolve);
      if (!r.ok()) return r;
      all = all && r.value == "true";
    }
    any = any || all;
  }
  return {any ? "true" : "false", {}};
}

std::string apply_aliases(const std::string& path, const std::map<std::string, std::string>& aliases) {
  const model::PathHead split = model::split_head(path);
  auto it = aliases.find(split.head);
  if (it == aliases.end()) return path;
  return split.rest ? it->second + "." + *split.rest : it->second;
}

}  // namespace kw::layout
