// Dotted field paths are split the same way everywhere.
#include <gtest/gtest.h>

#include "model/field_path.h"

namespace kw::model {
namespace {

using Parts = std::vector<std::string>;

TEST(FieldPath, SplitsEveryPart) {
  EXPECT_EQ(split_path("name"), (Parts{"name"}));
  EXPECT_EQ(split_path("ring.name"), (Parts{"ring", "name"}));
  EXPECT_EQ(split_path("colours.0.hex"), (Parts{"colours", "0", "hex"}));
}

TEST(FieldPath, KeepsEmptyPartsSoTheyCanBeRejected) {
  EXPECT_EQ(split_path(""), (Parts{""}));
  EXPECT_EQ(split_path("a..b"), (Parts{"a", "", "b"}));
  EXPECT_EQ(split_path(".a"), (Parts{"", "a"}));
  EXPECT_EQ(split_path("a."), (Parts{"a", ""}));
}

TEST(FieldPath, SplitsTheHeadFromTheRest) {
  PathHead p = split_head("ring.name.de");
  EXPECT_EQ(p.head, "ring");
  EXPECT_EQ(p.rest, "name.de");

  p = split_head("ring");
  EXPECT_EQ(p.head, "ring");
  EXPECT_FALSE(p.rest.has_value());

  p = split_head("ring.");  // a dot with nothing after it still has a (empty) rest
  EXPECT_EQ(p.head, "ring");
  EXPECT_EQ(p.rest, "");

  p = split_head("");
  EXPECT_EQ(p.head, "");
  EXPECT_FALSE(p.rest.has_value());
}

}  // namespace
}  // namespace kw::model
