#pragma once
// The output of jobs that run at once, in job order, as if they had run one
// after the other: what the first unfinished job writes goes straight
// through (a progress bar stays live), what later jobs write is kept until
// every job before them has finished. Like ninja's buffering of concurrent
// commands' output, but the order is the jobs' order, not the finishing one.
#include <cstddef>
#include <memory>
#include <mutex>
#include <ostream>
#include <string>
#include <vector>

namespace kw {

class OrderedOutput {
 public:
  OrderedOutput(std::ostream& target, size_t jobs);
  ~OrderedOutput();
  OrderedOutput(const OrderedOutput&) = delete;
  OrderedOutput& operator=(const OrderedOutput&) = delete;

  // Job `job`'s stream; it may be written from several threads at once.
  std::ostream& stream(size_t job);
  // Job `job` wrote its last; what the jobs after it kept may now follow.
  void finish(size_t job);

 private:
  class Buffer;
  friend class Buffer;
  void write(size_t job, const char* s, std::streamsize n);

  std::ostream& target_;
  std::mutex mutex_;
  size_t head_ = 0;                // the first unfinished job: it writes through
  std::vector<std::string> kept_;  // per job, what it wrote while not the head
  std::vector<bool> finished_;
  std::vector<std::unique_ptr<Buffer>> buffers_;
  std::vector<std::unique_ptr<std::ostream>> streams_;
};

}  // namespace kw
