// The thread limit shared by nested loops (core/parallel.h): a build's games,
// each game's cards and their layout never run more threads than -j, and a
// thread one loop no longer needs goes to another.
#include "core/parallel.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <climits>
#include <mutex>
#include <set>
#include <thread>

namespace kw {
namespace {

// Sets the limit for one test and lifts it afterwards (the binary's tests
// may also run in one process).
struct ThreadLimit {
  explicit ThreadLimit(int threads) { set_thread_limit(threads); }
  ~ThreadLimit() { set_thread_limit(INT_MAX / 2); }
};

// How many tasks run at the same moment, at most.
struct Concurrency {
  std::atomic<int> now{0}, most{0};
  void enter() {
    int n = ++now;
    int m = most.load();
    while (n > m && !most.compare_exchange_weak(m, n)) {
    }
  }
  void leave() { --now; }
};

void busy(std::chrono::milliseconds ms) {
  const auto end = std::chrono::steady_clock::now() + ms;
  while (std::chrono::steady_clock::now() < end) std::this_thread::yield();
}

TEST(ThreadLimit, NestedLoopsNeverRunMoreThreadsThanTheLimit) {
  ThreadLimit limit(3);
  Concurrency c;
  std::atomic<int> done{0};
  // Four "games" at up to four threads, each with twenty "cards" at up to
  // four threads: without the shared limit this would run 16 at once.
  parallel_for(4, 4, [&](size_t) {
    parallel_for(20, 4, [&](size_t) {
      c.enter();
      busy(std::chrono::milliseconds(2));
      c.leave();
      ++done;
    });
  });
  EXPECT_EQ(done.load(), 80);
  EXPECT_LE(c.most.load(), 3);
  EXPECT_GE(c.most.load(), 2);
}

TEST(ThreadLimit, AThreadFreedByOneLoopIsTakenUpByAnother) {
  ThreadLimit limit(2);
  std::mutex m;
  std::set<std::thread::id> card_threads;
  // Two "games" on two threads: the first is over at once, so the second
  // game's cards, started on one thread, must get the other one too.
  parallel_for(2, 2, [&](size_t game) {
    if (game == 0) return;
    parallel_for(200, 2, [&](size_t) {
      busy(std::chrono::milliseconds(1));
      std::lock_guard lock(m);
      card_threads.insert(std::this_thread::get_id());
    });
  });
  EXPECT_EQ(card_threads.size(), 2u);
}

TEST(ThreadLimit, OneThreadRunsEverythingOnTheCaller) {
  ThreadLimit limit(1);
  const auto caller = std::this_thread::get_id();
  std::atomic<int> elsewhere{0};
  parallel_for(
      3, 4, [&](size_t) { parallel_for(10, 4, [&](size_t) { elsewhere += std::this_thread::get_id() != caller; }); });
  EXPECT_EQ(elsewhere.load(), 0);
}

TEST(ThreadLimit, AnErrorInANestedLoopReachesTheCaller) {
  ThreadLimit limit(2);
  EXPECT_THROW(parallel_for(3, 2,
                            [&](size_t game) {
                              parallel_for(10, 2, [&](size_t card) {
                                if (game == 1 && card == 4) throw std::runtime_error("card 4 of game 1");
                              });
                            }),
               std::runtime_error);
  // The tokens are all back: the next loop still gets its second thread.
  std::mutex m;
  std::set<std::thread::id> threads;
  parallel_for(200, 2, [&](size_t) {
    busy(std::chrono::milliseconds(1));
    std::lock_guard lock(m);
    threads.insert(std::this_thread::get_id());
  });
  EXPECT_EQ(threads.size(), 2u);
}

}  // namespace
}  // namespace kw
