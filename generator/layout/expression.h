#pragma once
// The small expression language of layouts:
//   interpolation  "{{region.name}}", "Punkte: {{class.points}}",
//                  "{{points, plural, one {# Punkt} other {# Punkte}}}"
//   conditions     "special", "!evil", "class.points != 0", "a && b == 'x'",
//                  "space < 0", "i0 >= 2" (<, <=, >, >= compare numbers)
// Paths are resolved by a callback, so this module knows nothing of cards.
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace kw::layout {

// Resolves a path to its text; nullopt when the path is unknown (an error),
// an empty string when it is known but unset.
using Resolver = std::function<std::optional<std::string>(const std::string& path)>;

struct ExprResult {
  std::string value;
  std::string error;  // non-empty: what went wrong (e.g. "unknown field 'regon.name'")
  bool ok() const { return error.empty(); }
};

// Replaces every {{path}} in `text` with its value. A count's words follow
// it: {{path, plural, one {# card} other {# cards}}} takes the form of the
// value's CLDR plural category in `language` (BCP 47; zero, one, two, few,
// many, other, and =N for exactly N), `#` standing for the number; the text
// must give every category whole numbers take in that language.
ExprResult interpolate(const std::string& text, const Resolver& resolve, const std::string& language = {});

// A `when:` or `where:` condition, parsed once when its layout is read into a
// tree: alternatives (||) of conjunctions (&&) of terms, `a && b || c` being
// (a && b) || c; a term compares two operands (==, != as text; <, <=, >, >=
// as numbers) or tests one for being set (`special`, `!evil`). An operand is
// a 'quoted' or "quoted" text, a number, or a field path. Evaluating walks
// the tree for one card.
class Condition {
 public:
  struct Node {
    enum class Op { Or, And, Not, Equal, NotEqual, Less, LessEqual, Greater, GreaterEqual, Path, Literal };
    Op op = Op::Literal;
    std::string text;        // Path: the path; Literal: the text
    std::vector<Node> args;  // the operands of Or, And, Not and the comparisons
  };
  struct Result {
    bool value = false;
    std::string error;  // non-empty: a path is unknown, or an ordering compares text
    bool ok() const { return error.empty(); }
  };

  // The condition `text`; nullopt when it cannot be read, with `error` saying why.
  static std::optional<Condition> parse(const std::string& text, std::string& error);

  // Every term is evaluated, in order; the first error is the result's.
  Result evaluate(const Resolver& resolve) const;

  const std::string& text() const { return text_; }
  const Node& root() const { return root_; }

 private:
  Condition(std::string text, Node root) : text_(std::move(text)), root_(std::move(root)) {}
  std::string text_;
  Node root_;
};

// Rewrites the first segment of a path through aliases (`side` -> `good`).
std::string apply_aliases(const std::string& path, const std::map<std::string, std::string>& aliases);

}  // namespace kw::layout
