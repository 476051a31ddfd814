#pragma once
// Running independent pieces of work on several cores: the cards of a build
// (print/products) and their layout (layout/game_layout).
#include <cstddef>
#include <functional>

namespace kw {

// All cores (std::thread::hardware_concurrency), at least 1.
int default_jobs();

// Runs task(0) ... task(n - 1) on up to `jobs` threads (the calling thread is
// one of them), handing out indices in order, so work that comes first
// starts first. When a task throws, no further task starts; the first
// exception is rethrown once the running tasks have ended.
void parallel_for(size_t n, int jobs, const std::function<void(size_t)>& task);

}  // namespace kw
