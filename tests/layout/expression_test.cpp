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

TEST(Expression, Conditions) {
  auto is = [](const std::string& c) { return evaluate_condition(c, fields).value; };
  EXPECT_EQ(is("evil.name"), "true");
  EXPECT_EQ(is("special"), "false");
  EXPECT_EQ(is("!special"), "true");
  EXPECT_EQ(is("class.points != 0"), "true");
  EXPECT_EQ(is("hobbit.points != 0"), "false");
  EXPECT_EQ(is("region.name == 'Gondor'"), "true");
  EXPECT_EQ(is("region.name == \"Rohan\""), "false");
  EXPECT_EQ(is("evil.name && special"), "false");
  EXPECT_EQ(is("special || evil.name"), "true");
  EXPECT_FALSE(evaluate_condition("nope == 1", fields).ok());
}

TEST(Expression, OrderingComparesNumbers) {
  auto is = [](const std::string& c) { return evaluate_condition(c, fields).value; };
  EXPECT_EQ(is("class.points > 10"), "true");
  EXPECT_EQ(is("class.points >= 11"), "true");
  EXPECT_EQ(is("class.points < 9"), "false");  // as numbers: 11 < 9 is false ("11" < "9" as text is not)
  EXPECT_EQ(is("hobbit.points <= 0 && -1 < hobbit.points"), "true");
  auto text = evaluate_condition("region.name < 3", fields);
  EXPECT_FALSE(text.ok());
  EXPECT_EQ(text.error, "cannot compare 'Gondor' < '3': both sides must be numbers");
}

TEST(Expression, AliasesRewriteTheFirstSegment) {
  std::map<std::string, std::string> aliases = {{"side", "evil"}};
  EXPECT_EQ(apply_aliases("side.name", aliases), "evil.name");
  EXPECT_EQ(apply_aliases("side", aliases), "evil");
  EXPECT_EQ(apply_aliases("sidekick.name", aliases), "sidekick.name");
}

}  // namespace
}  // namespace kw::layout
