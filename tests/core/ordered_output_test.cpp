// Jobs that run at once say what they say in job order (core/ordered_output.h).
#include "core/ordered_output.h"

#include <gtest/gtest.h>

#include <sstream>
#include <thread>
#include <vector>

namespace kw {
namespace {

TEST(OrderedOutput, TheFirstJobWritesThroughTheOthersWaitTheirTurn) {
  std::ostringstream target;
  {
    OrderedOutput out(target, 3);
    out.stream(2) << "third\n";
    out.stream(0) << "first ";
    EXPECT_EQ(target.str(), "first ");  // live: a progress bar is seen as it moves
    out.stream(1) << "second\n";
    out.finish(2);
    EXPECT_EQ(target.str(), "first ");  // the third waits for the second
    out.stream(0) << "done\n";
    out.finish(0);
    EXPECT_EQ(target.str(), "first done\nsecond\n");
    out.stream(1) << "more\n";  // now the head: straight through
    EXPECT_EQ(target.str(), "first done\nsecond\nmore\n");
    out.finish(1);
    EXPECT_EQ(target.str(), "first done\nsecond\nmore\nthird\n");
  }
}

TEST(OrderedOutput, JobsThatNeverFinishStillHaveTheirSayAtTheEnd) {
  std::ostringstream target;
  {
    OrderedOutput out(target, 3);
    out.stream(1) << "b";
    out.stream(2) << "c";
    out.stream(0) << "a";
  }
  EXPECT_EQ(target.str(), "abc");
}

TEST(OrderedOutput, ManyThreadsWritingKeepEachJobsTextTogether) {
  std::ostringstream target;
  constexpr size_t jobs = 8;
  {
    OrderedOutput out(target, jobs);
    std::vector<std::thread> threads;
    for (size_t j = jobs; j-- > 0;)
      threads.emplace_back([&out, j] {
        for (int line = 0; line < 100; ++line) out.stream(j) << "job " << j << " line " << line << "\n";
        out.finish(j);
      });
    for (auto& t : threads) t.join();
  }
  std::ostringstream expected;
  for (size_t j = 0; j < jobs; ++j)
    for (int line = 0; line < 100; ++line) expected << "job " << j << " line " << line << "\n";
  EXPECT_EQ(target.str(), expected.str());
}

}  // namespace
}  // namespace kw
