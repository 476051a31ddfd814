// Objects left to the end of the process (core/process_end.h): destroyed by
// their owner as usual unless the process ends after its command, and then
// kept, never destroyed.
#include <gtest/gtest.h>

#include <cstdlib>
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

// In a child process of its own (the flag is for the whole process), which
// says by its exit status whether the object outlived its owner.
TEST(ProcessEnd, WhenTheProcessEndsAfterItsCommandAnObjectIsKeptNotDestroyed) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(
      {
        set_process_ends_after_command();
        std::weak_ptr<int> watched;
        {
          auto probe = std::make_shared<int>(7);
          watched = probe;
          Holder holder{std::move(probe)};
          keep_until_exit(std::move(holder));
        }
        const auto kept = watched.lock();
        std::_Exit(process_ends_after_command() && kept && *kept == 7 ? 0 : 1);
      },
      ::testing::ExitedWithCode(0), "");
}

}  // namespace
}  // namespace kw
