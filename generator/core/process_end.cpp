#include "core/process_end.h"

#include <atomic>
#include <mutex>
#include <vector>

namespace kw {

namespace {

std::atomic<bool> g_ends_after_command{false};

}  // namespace

void set_process_ends_after_command() { g_ends_after_command.store(true); }

bool process_ends_after_command() { return g_ends_after_command.load(); }

void detail::keep_until_exit(std::shared_ptr<const void> object) {
  static std::mutex mutex;
  // Made once and never destroyed: what it holds stays reachable until
  // the process ends.
  static auto* const kept = new std::vector<std::shared_ptr<const void>>();
  std::lock_guard lock(mutex);
  kept->push_back(std::move(object));
}

}  // namespace kw
