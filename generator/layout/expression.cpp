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

using Node = Condition::Node;
using Op = Node::Op;

// An operand: a quoted literal, a number, or a path.
std::optional<Node> parse_operand(const std::string& raw, std::string& error) {
  std::string t = trim(raw);
  if (t.size() >= 2 && (t.front() == '\'' || t.front() == '"') && t.back() == t.front())
    return Node{Op::Literal, t.substr(1, t.size() - 2), {}};
  if (!t.empty() && (std::isdigit(static_cast<unsigned char>(t[0])) || t[0] == '-')) return Node{Op::Literal, t, {}};
  if (!is_path(t)) {
    error = "cannot read '" + t + "' (expected a field path, a number or a 'quoted' text)";
    return std::nullopt;
  }
  return Node{Op::Path, t, {}};
}

// Two-character operators first, so "<=" is not read as "<".
const std::pair<const char*, Op> kComparisons[] = {{"==", Op::Equal},     {"!=", Op::NotEqual},
                                                   {"<=", Op::LessEqual}, {">=", Op::GreaterEqual},
                                                   {"<", Op::Less},       {">", Op::Greater}};

std::optional<Node> parse_term(const std::string& raw, std::string& error) {
  std::string t = trim(raw);
  for (const auto& [symbol, op] : kComparisons) {
    size_t pos = t.find(symbol);
    if (pos == std::string::npos) continue;
    auto lhs = parse_operand(t.substr(0, pos), error);
    if (!lhs) return std::nullopt;
    auto rhs = parse_operand(t.substr(pos + std::string(symbol).size()), error);
    if (!rhs) return std::nullopt;
    return Node{op, symbol, {std::move(*lhs), std::move(*rhs)}};
  }
  bool negate = false;
  while (!t.empty() && t[0] == '!') {
    negate = !negate;
    t = trim(t.substr(1));
  }
  auto operand = parse_operand(t, error);
  if (!operand || !negate) return operand;
  return Node{Op::Not, "!", {std::move(*operand)}};
}

// The text of an operand for this card.
std::optional<std::string> operand_value(const Node& n, const Resolver& resolve, std::string& error) {
  if (n.op == Op::Literal) return n.text;
  auto v = resolve(n.text);
  if (!v) error = "unknown field '" + n.text + "'";
  return v;
}

std::optional<double> as_number(const std::string& s) {
  std::string t = trim(s);
  if (t.empty()) return std::nullopt;
  char* end = nullptr;
  double v = std::strtod(t.c_str(), &end);
  if (end != t.c_str() + t.size()) return std::nullopt;
  return v;
}

Condition::Result compare(const Node& n, const Resolver& resolve) {
  Condition::Result r;
  auto lhs = operand_value(n.args[0], resolve, r.error);
  if (!lhs) return r;
  auto rhs = operand_value(n.args[1], resolve, r.error);
  if (!rhs) return r;
  if (n.op == Op::Equal || n.op == Op::NotEqual) {
    r.value = (n.op == Op::Equal) == (*lhs == *rhs);
    return r;
  }
  // Ordering compares numbers only: "10" < "9" as text would silently mislead.
  auto a = as_number(*lhs), b = as_number(*rhs);
  if (!a || !b) {
    r.error = "cannot compare '" + *lhs + "' " + n.text + " '" + *rhs + "': both sides must be numbers";
    return r;
  }
  r.value = n.op == Op::Less ? *a < *b : n.op == Op::Greater ? *a > *b : n.op == Op::LessEqual ? *a <= *b : *a >= *b;
  return r;
}

Condition::Result truth(const Node& n, const Resolver& resolve) {
  Condition::Result r;
  switch (n.op) {
    case Op::Or:
    case Op::And: {
      // Every term is evaluated (no short cut), so an unknown field is
      // reported whatever the other terms say.
      r.value = n.op == Op::And;
      for (const Node& arg : n.args) {
        auto a = truth(arg, resolve);
        if (!a.ok()) return a;
        r.value = n.op == Op::And ? r.value && a.value : r.value || a.value;
      }
      return r;
    }
    case Op::Not: {
      r = truth(n.args[0], resolve);
      r.value = !r.value;
      return r;
    }
    case Op::Path:
    case Op::Literal: {
      auto v = operand_value(n, resolve, r.error);
      r.value = v && truthy(*v);
      return r;
    }
    default:
      return compare(n, resolve);
  }
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

std::optional<Condition> Condition::parse(const std::string& text, std::string& error) {
  Node any{Op::Or, "||", {}};
  for (const auto& alternative : split_on(text, "||")) {
    Node all{Op::And, "&&", {}};
    for (const auto& t : split_on(alternative, "&&")) {
      auto term = parse_term(t, error);
      if (!term) return std::nullopt;
      all.args.push_back(std::move(*term));
    }
    any.args.push_back(std::move(all));
  }
  return Condition(text, std::move(any));
}

Condition::Result Condition::evaluate(const Resolver& resolve) const { return truth(root_, resolve); }

std::string apply_aliases(const std::string& path, const std::map<std::string, std::string>& aliases) {
  const model::PathHead split = model::split_head(path);
  auto it = aliases.find(split.head);
  if (it == aliases.end()) return path;
  return split.rest ? it->second + "." + *split.rest : it->second;
}

}  // namespace kw::layout
