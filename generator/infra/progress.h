#pragma once
// How far a long job is, on a stream (stderr).
#include <atomic>
#include <chrono>
#include <cstddef>
#include <iosfwd>
#include <mutex>
#include <string>

namespace kw::infra {

// Progress of a long job on a stream (stderr). On a terminal a bar redrawn
// in place ("palantir [#########.........]  56/112"); otherwise plain lines,
// one per tenth of the way, so logs stay readable. Thread-safe; a null
// stream makes it silent.
class Progress {
 public:
  Progress(std::ostream* out, bool terminal, std::string label, size_t total);
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  void advance(size_t n = 1);
  // Completes the line (the bar at 100 %); called by the destructor if not before.
  void finish();
  size_t done() const { return done_.load(); }

 private:
  void draw(size_t done);
  std::ostream* out_;
  bool terminal_;
  std::string label_;
  size_t total_;
  std::atomic<size_t> done_{0};
  std::mutex mutex_;
  size_t last_step_ = 0;  // plain mode: tenths printed
  std::chrono::steady_clock::time_point last_draw_{};
  bool finished_ = false;
};

}  // namespace kw::infra
