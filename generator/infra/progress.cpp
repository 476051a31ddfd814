#include "infra/progress.h"

#include <algorithm>
#include <ostream>

namespace kw::infra {

Progress::Progress(std::ostream* out, bool terminal, std::string label, size_t total)
    : out_(out), terminal_(terminal), label_(std::move(label)), total_(std::max<size_t>(total, 1)) {
  if (out_ && terminal_) draw(0);
}

Progress::~Progress() { finish(); }

void Progress::advance(size_t n) {
  size_t done = done_.fetch_add(n) + n;
  if (out_) draw(std::min(done, total_));
}

void Progress::finish() {
  std::lock_guard lock(mutex_);
  if (finished_ || !out_) {
    finished_ = true;
    return;
  }
  finished_ = true;
  size_t done = std::min(done_.load(), total_);
  if (terminal_) {
    constexpr int width = 30;
    *out_ << "\r" << label_ << " [" << std::string(width, '#') << "] " << done << "/" << total_ << " done\x1b[K\n";
  } else if (last_step_ < 10) {
    *out_ << label_ << ": " << done << "/" << total_ << " (100%)\n";
  }
  out_->flush();
}

void Progress::draw(size_t done) {
  std::lock_guard lock(mutex_);
  if (finished_) return;
  if (terminal_) {
    // Redraw at most every 50 ms (and always at the end) so the terminal keeps up.
    auto now = std::chrono::steady_clock::now();
    if (done < total_ && done > 0 && now - last_draw_ < std::chrono::milliseconds(50)) return;
    last_draw_ = now;
    constexpr size_t width = 30;
    size_t filled = done * width / total_;
    *out_ << "\r" << label_ << " [" << std::string(filled, '#') << std::string(width - filled, '.') << "] " << done
          << "/" << total_ << "\x1b[K" << std::flush;
  } else {
    size_t step = done * 10 / total_;
    if (step <= last_step_) return;
    last_step_ = step;
    *out_ << label_ << ": " << done << "/" << total_ << " (" << step * 10 << "%)\n" << std::flush;
  }
}

}  // namespace kw::infra
