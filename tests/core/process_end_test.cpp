// Objects left to the end of the process (core/process_end.h): destroyed by
// their owner as usual unless the process ends after its command, and then
// kept, never destroyed. Each test runs in a process of its own (ctest), so
// the one that says the process ends leaves the others as they are.
#include <gtest/gtest.h>

#include <memory>

#include "core/process_end.h"

namespace kw {
namespace {

struct Holder {
  std::shared_ptr<int> held;
};

TEST(ProcessEnd, AnObjectIsLeftToItsOwnerUnlessTheProcessEndsAfterItsCommand) {
  ASSERT_FALSE(process_ends_after_command());
  std::weak_ptr<int> watched;
  {
    auto probe = std::make_shared<int>(7);
    watched = probe;
    Holder holder{std::move(probe)};
    keep_until_exit(std::move(holder));
  }
  EXPECT_TRUE(watched.expired());  // not taken: destroyed with its owner
}

TEST(ProcessEnd, WhenTheProcessEndsAfterItsCommandAnObjectIsKeptNotDestroyed) {
  set_process_ends_after_command();
  ASSERT_TRUE(process_ends_after_command());
  std::weak_ptr<int> watched;
  {
    auto probe = std::make_shared<int>(7);
    watched = probe;
    Holder holder{std::move(probe)};
    keep_until_exit(std::move(holder));
  }
  ASSERT_FALSE(watched.expired());
  EXPECT_EQ(*watched.lock(), 7);
}

}  // namespace
}  // namespace kw
