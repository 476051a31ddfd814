#pragma once
// Running independent pieces of work on several cores: a build's games and
// languages (cli/build_command), the cards of a game (products/) and
// their layout (layout/game_layout).
#include <cstddef>
#include <functional>
#include <future>

namespace kw {

// All cores (std::thread::hardware_concurrency), at least 1.
int default_jobs();

// At most `threads` threads run parallel_for tasks at once, however the
// loops nest: every loop's extra threads come from one pool of threads - 1
// tokens (the idea of make's jobserver). A loop takes a free token before
// any of its tasks, so a core freed by one loop (a game finished) is picked
// up by another (the cards of the game still running) at its next task.
// Unlimited until set; set it before starting any loop.
void set_thread_limit(int threads);

// Runs task(0) ... task(n - 1) on up to `jobs` threads (the calling thread is
// one of them; the others as the thread limit allows), handing out indices
// in order, so work that comes first starts first. When a task throws, no
// further task starts; the first exception is rethrown once the running
// tasks have ended.
void parallel_for(size_t n, int jobs, const std::function<void(size_t)>& task);

// Starts `work` on a thread of its own, beside the caller's: a piece of work
// that overlaps what the caller does next (the fonts opened while the data
// loads), not a loop, so it takes no token of the thread limit. An empty
// future when no thread can be had: the caller then does the work itself.
// The future waits for the work when destroyed.
std::future<void> start_beside(std::function<void()> work);

}  // namespace kw
