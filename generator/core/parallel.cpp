#include "core/parallel.h"

#include <algorithm>
#include <atomic>
#include <climits>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

namespace kw {

std::future<void> start_beside(std::function<void()> work) {
  try {
    return std::async(std::launch::async, std::move(work));
  } catch (const std::system_error&) {  // no thread to be had
    return {};
  }
}

namespace {

// Tokens for threads beyond the ones already running (each loop's calling
// thread runs without one: it is already counted by whoever started it).
// A caller waiting for its loop's helpers lends its own; taking it back goes
// before any new helper, so a waiting caller is never starved.
class Tokens {
 public:
  bool take() {
    std::lock_guard lock(mutex_);
    if (regaining_ > 0 || free_ <= 0) return false;
    --free_;
    return true;
  }
  void give() {
    {
      std::lock_guard lock(mutex_);
      ++free_;
    }
    freed_.notify_all();
  }
  // Waits for a token: only for a caller taking back the one it lent. Every
  // token is held by a helper running tasks to the end of its loop, and
  // those never wait for this caller, so the wait ends.
  void regain() {
    std::unique_lock lock(mutex_);
    ++regaining_;
    freed_.wait(lock, [this] { return free_ > 0; });
    --free_;
    --regaining_;
  }
  void set(int free) {
    std::lock_guard lock(mutex_);
    free_ = free;
  }

 private:
  std::mutex mutex_;
  std::condition_variable freed_;
  int free_ = INT_MAX / 2;  // unlimited until set_thread_limit
  int regaining_ = 0;
};

Tokens tokens;

}  // namespace

int default_jobs() {
  unsigned n = std::thread::hardware_concurrency();
  return n == 0 ? 1 : static_cast<int>(n);
}

void set_thread_limit(int threads) { tokens.set(std::max(0, threads - 1)); }

void parallel_for(size_t n, int jobs, const std::function<void(size_t)>& task) {
  if (n == 0) return;
  const size_t max_helpers = std::min(n, static_cast<size_t>(std::max(1, jobs))) - 1;
  std::atomic<size_t> next{0};
  std::atomic<bool> stop{false};
  std::exception_ptr error;
  std::mutex mutex;  // guards error and pool
  std::vector<std::thread> pool;
  pool.reserve(max_helpers);
  std::function<void()> worker;
  // Before each task, a thread with work left behind it adds a helper when
  // a token is free: whichever thread of the loop finishes a task first
  // picks up a core another loop gave back.
  auto add_helper = [&](size_t i) {
    if (i + 1 >= n) return;
    std::lock_guard lock(mutex);
    if (pool.size() >= max_helpers || stop.load() || !tokens.take()) return;
    try {
      pool.emplace_back([&] {
        worker();
        tokens.give();
      });
    } catch (...) {  // no more threads: carry on with those we have
      tokens.give();
    }
  };
  worker = [&] {
    for (;;) {
      if (stop.load()) return;
      size_t i = next.fetch_add(1);
      if (i >= n) return;
      add_helper(i);
      try {
        task(i);
      } catch (...) {
        std::lock_guard lock(mutex);
        if (!error) error = std::current_exception();
        stop = true;
        return;
      }
    }
  };
  worker();
  // Waiting for the helpers, this thread lends its own core to whoever can
  // use it (another loop's next task) and takes it back afterwards.
  {
    std::lock_guard lock(mutex);
    if (pool.empty()) {
      if (error) std::rethrow_exception(error);
      return;
    }
  }
  tokens.give();
  // The helpers are joined once no thread can add another: every index has
  // been handed out (or the loop stopped).
  for (;;) {
    std::thread helper;
    {
      std::lock_guard lock(mutex);
      for (auto& t : pool)
        if (t.joinable()) {
          helper = std::move(t);
          break;
        }
    }
    if (!helper.joinable()) break;
    helper.join();
  }
  tokens.regain();
  if (error) std::rethrow_exception(error);
}

}  // namespace kw
