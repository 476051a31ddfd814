#include "core/ordered_output.h"

#include <streambuf>

namespace kw {

// Hands every write to OrderedOutput at once (unbuffered), so that the
// order of writes from several threads is the order they arrive in.
class OrderedOutput::Buffer : public std::streambuf {
 public:
  Buffer(OrderedOutput& owner, size_t job) : owner_(owner), job_(job) {}

 protected:
  int_type overflow(int_type c) override {
    if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
    const char ch = traits_type::to_char_type(c);
    owner_.write(job_, &ch, 1);
    return c;
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    owner_.write(job_, s, n);
    return n;
  }

 private:
  OrderedOutput& owner_;
  size_t job_;
};

OrderedOutput::OrderedOutput(std::ostream& target, size_t jobs) : target_(target), kept_(jobs), finished_(jobs, false) {
  for (size_t j = 0; j < jobs; ++j) {
    buffers_.push_back(std::make_unique<Buffer>(*this, j));
    streams_.push_back(std::make_unique<std::ostream>(buffers_.back().get()));
  }
}

OrderedOutput::~OrderedOutput() {
  // Jobs that never finished (a failed build) still have their say, in order.
  std::lock_guard lock(mutex_);
  for (size_t j = head_; j < kept_.size(); ++j) target_ << kept_[j];
  target_.flush();
}

std::ostream& OrderedOutput::stream(size_t job) { return *streams_.at(job); }

void OrderedOutput::write(size_t job, const char* s, std::streamsize n) {
  std::lock_guard lock(mutex_);
  if (job == head_)
    target_.write(s, n);
  else
    kept_.at(job).append(s, static_cast<size_t>(n));
}

void OrderedOutput::finish(size_t job) {
  std::lock_guard lock(mutex_);
  finished_.at(job) = true;
  // The next unfinished job becomes the head: first what it kept, then it
  // writes through.
  while (head_ < finished_.size() && finished_[head_]) {
    ++head_;
    if (head_ < kept_.size()) {
      target_ << kept_[head_];
      kept_[head_].clear();
      kept_[head_].shrink_to_fit();
    }
  }
  target_.flush();
}

}  // namespace kw
