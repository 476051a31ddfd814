// The clock: SOURCE_DATE_EPOCH read once, strictly, and the date in the two
// forms the writers take.
#include "core/clock.h"

#include <gtest/gtest.h>

#include <cstdlib>

namespace kw {
namespace {

// Sets SOURCE_DATE_EPOCH (null: unsets it) and reads the clock.
std::optional<Clock> read_with(const char* value, std::string& problem) {
  const char* old = std::getenv("SOURCE_DATE_EPOCH");
  const std::optional<std::string> saved = old ? std::optional<std::string>(old) : std::nullopt;
  if (value)
    ::setenv("SOURCE_DATE_EPOCH", value, 1);
  else
    ::unsetenv("SOURCE_DATE_EPOCH");
  auto clock = Clock::from_environment(problem);
  if (saved)
    ::setenv("SOURCE_DATE_EPOCH", saved->c_str(), 1);
  else
    ::unsetenv("SOURCE_DATE_EPOCH");
  return clock;
}

TEST(Clock, WithoutSourceDateEpochTheFixedDate) {
  std::string problem;
  for (const char* value : {static_cast<const char*>(nullptr), ""}) {
    auto clock = read_with(value, problem);
    ASSERT_TRUE(clock);
    EXPECT_EQ(clock->epoch_seconds, Clock::kFixedEpoch);
    EXPECT_EQ(clock->iso8601(), "2025-01-01T00:00:00");
  }
  EXPECT_EQ(problem, "");
}

TEST(Clock, SourceDateEpochIsTheDate) {
  std::string problem;
  auto clock = read_with("1700000000", problem);
  ASSERT_TRUE(clock) << problem;
  EXPECT_EQ(clock->epoch_seconds, 1700000000);
  EXPECT_EQ(clock->iso8601(), "2023-11-14T22:13:20");
  EXPECT_EQ(clock->key(), "epoch 1700000000");
  EXPECT_NE(clock->key(), Clock{}.key());
  EXPECT_EQ(read_with("253402300799", problem)->iso8601(), "9999-12-31T23:59:59");
}

TEST(Clock, WhatIsNoDateIsRefused) {
  for (const char* bad :
       {"now", "-1", "+5", " 1700000000", "1700000000 ", "17e8", "0x10", "253402300800", "99999999999999999999"}) {
    std::string problem;
    EXPECT_FALSE(read_with(bad, problem)) << bad;
    EXPECT_NE(problem.find("SOURCE_DATE_EPOCH='" + std::string(bad) + "' is not a date"), std::string::npos) << problem;
  }
}

}  // namespace
}  // namespace kw
