#include "layout/expression.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <optional>
#include <vector>

#include "core/language.h"
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

namespace {

// The index of the "}}" that closes the placeholder opened at `open`, the
// braces of a count's forms nested inside it; npos when it does not close.
size_t placeholder_end(const std::string& text, size_t open) {
  int depth = 0;
  for (size_t i = open + 2; i < text.size(); ++i) {
    if (text[i] == '{') {
      ++depth;
    } else if (text[i] == '}') {
      if (depth == 0) return text.compare(i, 2, "}}") == 0 ? i : std::string::npos;
      --depth;
    }
  }
  return std::string::npos;
}

const char* const kCategories[] = {"zero", "one", "two", "few", "many", "other"};

// "one {# point} other {# points} =0 {no points}": each key with its text.
std::optional<std::vector<std::pair<std::string, std::string>>> parse_forms(const std::string& s, std::string& error) {
  std::vector<std::pair<std::string, std::string>> forms;
  size_t i = 0;
  while (true) {
    while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
    if (i == s.size()) break;
    const size_t key_start = i;
    while (i < s.size() && s[i] != '{' && !std::isspace(static_cast<unsigned char>(s[i]))) ++i;
    const std::string key = s.substr(key_start, i - key_start);
    while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
    const bool exact = key.size() > 1 && key[0] == '=' && std::all_of(key.begin() + 1, key.end(), [](char c) {
                         return std::isdigit(static_cast<unsigned char>(c));
                       });
    if (!exact && std::find(std::begin(kCategories), std::end(kCategories), key) == std::end(kCategories)) {
      error = "'" + key + "' is no plural form (zero, one, two, few, many, other, or =N for exactly N)";
      return std::nullopt;
    }
    if (i == s.size() || s[i] != '{') {
      error = "the plural form '" + key + "' needs its text in { }";
      return std::nullopt;
    }
    int depth = 0;
    const size_t text_start = ++i;
    for (; i < s.size() && (s[i] != '}' || depth > 0); ++i) depth += s[i] == '{' ? 1 : s[i] == '}' ? -1 : 0;
    if (i == s.size()) {
      error = "the plural form '" + key + "' has no closing '}'";
      return std::nullopt;
    }
    forms.emplace_back(key, s.substr(text_start, i - text_start));
    ++i;
  }
  return forms;
}

}  // namespace

ExprResult interpolate(const std::string& text, const Resolver& resolve, const std::string& language) {
  std::string out;
  size_t pos = 0;
  while (true) {
    size_t open = text.find("{{", pos);
    if (open == std::string::npos) {
      out += text.substr(pos);
      return {out, {}};
    }
    size_t close = placeholder_end(text, open);
    if (close == std::string::npos) return {{}, "'{{' without closing '}}' in \"" + text + "\""};
    out += text.substr(pos, open - pos);
    const std::string inner = text.substr(open + 2, close - open - 2);
    pos = close + 2;
    const size_t comma = inner.find(',');
    std::string path = trim(inner.substr(0, comma));
    if (!is_path(path)) return {{}, "'" + path + "' is not a field path"};
    auto v = resolve(path);
    if (!v) return {{}, "unknown field '" + path + "'"};
    if (comma == std::string::npos) {
      out += *v;
      continue;
    }
    // {{count, plural, one {# card} other {# cards}}}: the form the count
    // takes in the text's language (CLDR's plural rules, through ICU).
    const std::string rest = trim(inner.substr(comma + 1));
    if (rest.rfind("plural", 0) != 0 || trim(rest.substr(6)).rfind(',', 0) != 0)
      return {{}, "'{{" + inner + "}}': after the field comes ', plural, <forms>' or nothing"};
    std::string error;
    auto forms = parse_forms(trim(trim(rest.substr(6)).substr(1)), error);
    if (!forms) return {{}, "'{{" + path + ", plural, …}}': " + error};
    char* end = nullptr;
    const double n = std::strtod(v->c_str(), &end);
    if (v->empty() || end != v->c_str() + v->size())
      return {{}, "'{{" + path + ", plural, …}}' needs a number, but " + path + " is '" + *v + "'"};
    std::vector<std::string> missing;
    for (const auto& category : plural_categories(language))
      if (std::none_of(forms->begin(), forms->end(), [&](const auto& f) { return f.first == category; }))
        missing.push_back(category);
    if (!missing.empty()) {
      std::string list;
      for (const auto& m : missing) list += (list.empty() ? "" : ", ") + m;
      return {{},
              "'{{" + path + ", plural, …}}' lacks the form" + (missing.size() > 1 ? "s " : " ") + list +
                  " that counts take in " + (language.empty() ? std::string("this language") : language)};
    }
    const std::string category = plural_category(language, n);
    const std::string* chosen = nullptr;
    for (const auto& [key, form] : *forms)
      if (key[0] == '=' && std::strtod(key.c_str() + 1, nullptr) == n) chosen = &form;
    for (const auto& [key, form] : *forms)
      if (!chosen && key == category) chosen = &form;
    std::string form = *chosen;  // `other` is there: plural_categories always asks for it
    for (size_t hash = form.find('#'); hash != std::string::npos; hash = form.find('#', hash + v->size()))
      form.replace(hash, 1, *v);
    auto nested = interpolate(form, resolve, language);
    if (!nested.ok()) return nested;
    out += nested.value;
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
