// The work pool and the progress display.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <set>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "infra/progress.h"
#include "products/parallel.h"

namespace kw::products {
namespace {

TEST(Parallel, RunsEveryTaskOnceOnSeveralThreads) {
  constexpr size_t n = 200;
  std::vector<std::atomic<int>> runs(n);
  std::mutex m;
  std::set<std::thread::id> threads;
  parallel_for(n, 4, [&](size_t i) {
    runs[i]++;
    std::this_thread::sleep_for(std::chrono::microseconds(200));
    std::lock_guard lock(m);
    threads.insert(std::this_thread::get_id());
  });
  for (size_t i = 0; i < n; ++i) EXPECT_EQ(runs[i].load(), 1) << i;
  EXPECT_GT(threads.size(), 1u);
  EXPECT_LE(threads.size(), 4u);
  EXPECT_GE(default_jobs(), 1);
}

TEST(Parallel, OneJobRunsInOrderOnTheCallingThread) {
  std::vector<size_t> seen;
  auto caller = std::this_thread::get_id();
  parallel_for(5, 1, [&](size_t i) {
    EXPECT_EQ(std::this_thread::get_id(), caller);
    seen.push_back(i);
  });
  EXPECT_EQ(seen, (std::vector<size_t>{0, 1, 2, 3, 4}));
  parallel_for(0, 4, [](size_t) { FAIL(); });
}

TEST(Parallel, TheFirstErrorStopsTheRestAndIsRethrown) {
  std::atomic<size_t> started{0};
  // The other items take a moment, as cards do: with empty items the second
  // worker could run through all 1000 before the first one reaches card 3
  // and throws (this failed under load), so nothing would be left to stop.
  EXPECT_THROW(parallel_for(1000, 2,
                            [&](size_t i) {
                              started++;
                              if (i == 3) throw std::runtime_error("card 3 failed");
                              std::this_thread::sleep_for(std::chrono::milliseconds(2));
                            }),
               std::runtime_error);
  EXPECT_LT(started.load(), 1000u);
}

TEST(Progress, PlainLinesWhenNotATerminal) {
  std::ostringstream out;
  {
    infra::Progress p(&out, false, "palantir", 20);
    parallel_for(20, 3, [&](size_t) { p.advance(); });
  }
  std::string s = out.str();
  EXPECT_NE(s.find("palantir: 2/20 (10%)\n"), std::string::npos) << s;
  EXPECT_NE(s.find("palantir: 20/20 (100%)\n"), std::string::npos) << s;
  EXPECT_EQ(s.find('\r'), std::string::npos);
  EXPECT_EQ(std::count(s.begin(), s.end(), '\n'), 10);
}

TEST(Progress, ABarRedrawnInPlaceOnATerminal) {
  std::ostringstream out;
  infra::Progress p(&out, true, "duell", 4);
  for (int i = 0; i < 4; ++i) p.advance();
  p.finish();
  std::string s = out.str();
  EXPECT_EQ(s.rfind("\rduell [", 0), 0u) << s;
  EXPECT_NE(s.find("[##############################] 4/4 done"), std::string::npos) << s;
  EXPECT_EQ(std::count(s.begin(), s.end(), '\n'), 1);
  infra::Progress quiet(nullptr, true, "x", 3);
  quiet.advance(3);
}

}  // namespace
}  // namespace kw::products
