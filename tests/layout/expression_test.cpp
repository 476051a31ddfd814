// The layout expression language: interpolation and conditions.
#include <gtest/gtest.h>

#include "layout/expression.h"

namespace kw::layout {
namespace {

std::optional<std::string> fields(const std::string& path) {
  static const std::map<std::string, std::string> values = {{"region.name", "Gondor"}, {"class.points", "11"},
                                                            {"hobbit.points", "0"},    {"evil.name", "Grond"},
                                                            {"special", ""},           {"good.name", "Leuchtfeuer"}};
  auto it = values.find(path);
  if (it == values.end()) return std::nullopt;
  return it->second;
}

TEST(Expression, InterpolatesFieldsInText) {
  auto r = interpolate("{{region.name}}: {{ class.points }} Punkte", fields);
  ASSERT_TRUE(r.ok()) << r.error;
  EXPECT_EQ(r.value, "Gondor: 11 Punkte");
  EXPECT_EQ(interpolate("plain", fields).value, "plain");
}

TEST(Expression, UnknownFieldIsAnError) {
  auto r = interpolate("{{regon.name}}", fields);
  EXPECT_FALSE(r.ok());
  EXPECT_EQ(r.error, "unknown field 'regon.name'");
  EXPECT_FALSE(interpolate("{{region.name", fields).ok());
}

// A count takes the form its language's plural rules choose.
TEST(Expression, CountsTakeTheirLanguagesPluralForm) {
  auto counted = [](const std::string& n) {
    return [n](const std::string& path) -> std::optional<std::string> {
      if (path == "n") return n;
      if (path == "region.name") return std::string("Gondor");
      return std::nullopt;
    };
  };
  const std::string english = "{{n, plural, one {# point} other {# points}}} in {{region.name}}";
  EXPECT_EQ(interpolate(english, counted("1"), "en").value, "1 point in Gondor");
  EXPECT_EQ(interpolate(english, counted("11"), "en").value, "11 points in Gondor");
  EXPECT_EQ(interpolate(english, counted("0"), "en").value, "0 points in Gondor");
  // Polish needs more forms than English; 22 is "few", 25 "many".
  const std::string polish = "{{n, plural, one {# punkt} few {# punkty} many {# punktów} other {# punktu}}}";
  EXPECT_EQ(interpolate(polish, counted("1"), "pl").value, "1 punkt");
  EXPECT_EQ(interpolate(polish, counted("22"), "pl").value, "22 punkty");
  EXPECT_EQ(interpolate(polish, counted("25"), "pl").value, "25 punktów");
  // Exact numbers first; forms may hold placeholders of their own.
  const std::string exact = "{{n, plural, =0 {no card from {{region.name}}} one {# card} other {# cards}}}";
  EXPECT_EQ(interpolate(exact, counted("0"), "en").value, "no card from Gondor");
  EXPECT_EQ(interpolate(exact, counted("2"), "en").value, "2 cards");
}

TEST(Expression, ACountLackingItsLanguagesFormsIsAnError) {
  auto n = [](const std::string& path) -> std::optional<std::string> {
    if (path == "n") return std::string("3");
    if (path == "word") return std::string("drei");
    return std::nullopt;
  };
  // The English forms are not enough in Polish.
  auto r = interpolate("{{n, plural, one {# punkt} other {# punktów}}}", n, "pl");
  EXPECT_EQ(r.error, "'{{n, plural, …}}' lacks the forms few, many that counts take in pl");
  EXPECT_EQ(interpolate("{{n, plural, single {#} other {#}}}", n, "en").error,
            "'{{n, plural, …}}': 'single' is no plural form (zero, one, two, few, many, other, or =N for exactly N)");
  EXPECT_EQ(interpolate("{{word, plural, one {#} other {#}}}", n, "en").error,
            "'{{word, plural, …}}' needs a number, but word is 'drei'");
  EXPECT_FALSE(interpolate("{{n, plural, one {#} other {#}", n, "en").ok());
  EXPECT_FALSE(interpolate("{{n, gender, one {#} other {#}}}", n, "en").ok());
}

// Parses `text` (which must be readable) and evaluates it against `fields`.
Condition::Result evaluate(const std::string& text) {
  std::string error;
  auto c = Condition::parse(text, error);
  EXPECT_TRUE(c) << text << ": " << error;
  return c ? c->evaluate(fields) : Condition::Result{false, error};
}

bool is(const std::string& text) {
  auto r = evaluate(text);
  EXPECT_TRUE(r.ok()) << text << ": " << r.error;
  return r.value;
}

TEST(Expression, Conditions) {
  EXPECT_TRUE(is("evil.name"));
  EXPECT_FALSE(is("special"));
  EXPECT_TRUE(is("!special"));
  EXPECT_FALSE(is("!!special"));
  EXPECT_TRUE(is("class.points != 0"));
  EXPECT_FALSE(is("hobbit.points != 0"));
  EXPECT_TRUE(is("region.name == 'Gondor'"));
  EXPECT_FALSE(is("region.name == \"Rohan\""));
  EXPECT_FALSE(is("evil.name && special"));
  EXPECT_TRUE(is("special || evil.name"));
  EXPECT_TRUE(is("special && evil.name || class.points == 11"));  // (a && b) || c
  EXPECT_EQ(evaluate("nope == 1").error, "unknown field 'nope'");
}

TEST(Expression, OrderingComparesNumbers) {
  EXPECT_TRUE(is("class.points > 10"));
  EXPECT_TRUE(is("class.points >= 11"));
  EXPECT_FALSE(is("class.points < 9"));  // as numbers: 11 < 9 is false ("11" < "9" as text is not)
  EXPECT_TRUE(is("hobbit.points <= 0 && -1 < hobbit.points"));
  auto text = evaluate("region.name < 3");
  EXPECT_FALSE(text.ok());
  EXPECT_EQ(text.error, "cannot compare 'Gondor' < '3': both sides must be numbers");
}

TEST(Expression, ConditionsAreParsedOnceIntoATree) {
  std::string error;
  auto c = Condition::parse("special || !hobbit.points && class.points >= 11", error);
  ASSERT_TRUE(c) << error;
  using Op = Condition::Node::Op;
  const auto& root = c->root();
  ASSERT_EQ(root.op, Op::Or);
  ASSERT_EQ(root.args.size(), 2u);
  const auto& all = root.args[1];
  ASSERT_EQ(all.op, Op::And);
  ASSERT_EQ(all.args.size(), 2u);
  EXPECT_EQ(all.args[0].op, Op::Not);
  EXPECT_EQ(all.args[0].args[0].text, "hobbit.points");
  EXPECT_EQ(all.args[1].op, Op::GreaterEqual);
  EXPECT_EQ(all.args[1].args[1].op, Op::Literal);
  // Evaluating walks the tree: each card's values, no parsing.
  int lookups = 0;
  Resolver counting = [&](const std::string& path) {
    ++lookups;
    return fields(path);
  };
  EXPECT_TRUE(c->evaluate(counting).value);
  EXPECT_EQ(lookups, 3);  // special, hobbit.points, class.points: every term, no short cut
}

TEST(Expression, SyntaxErrorsAreFoundWhenParsing) {
  std::string error;
  EXPECT_FALSE(Condition::parse("region.name == Gon dor", error));
  EXPECT_EQ(error, "cannot read 'Gon dor' (expected a field path, a number or a 'quoted' text)");
  EXPECT_FALSE(Condition::parse("special ||", error));
  EXPECT_EQ(error, "cannot read '' (expected a field path, a number or a 'quoted' text)");
  EXPECT_FALSE(Condition::parse("a == b == c", error));
  EXPECT_TRUE(Condition::parse("nope == 1", error));  // unknown fields are a matter of the card
}

TEST(Expression, AliasesRewriteTheFirstSegment) {
  std::map<std::string, std::string> aliases = {{"side", "evil"}};
  EXPECT_EQ(apply_aliases("side.name", aliases), "evil.name");
  EXPECT_EQ(apply_aliases("side", aliases), "evil");
  EXPECT_EQ(apply_aliases("sidekick.name", aliases), "sidekick.name");
}

}  // namespace
}  // namespace kw::layout
