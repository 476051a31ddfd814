#pragma once
// Where a build's time goes (build --timings FILE, build -v): spans of work,
// each a stage ("render", "game pdf") of one card or of a whole game, timed
// on a steady clock from whichever thread does the work. Written as a trace
// in the Chrome trace-event format (Perfetto, chrome://tracing) and summed
// up per stage for the terminal.
//
// A build without timings passes no recorder: timed() then returns a span
// that does nothing, and no clock is read.
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace kw::infra {

class Timings {
 public:
  // One finished span; times in microseconds since the recorder was made.
  struct Event {
    std::string name;  // the stage
    std::string game;  // "" for work of the whole build (loading the model)
    std::string card;  // the card's file stem; "" for work on a whole game
    std::string item;  // what else it was about (a sheet format); may be ""
    int64_t start_us = 0, duration_us = 0;
    int thread = 0;  // 1 for the first thread seen, 2 for the next...
    // The same in nanoseconds, for ordering: a span and one it encloses can
    // start and end within the same microsecond.
    int64_t start_ns = 0, end_ns = 0;
  };

  // Records on destruction (or end()); moves, never copies.
  class Span {
   public:
    Span() = default;
    Span(Span&& other) noexcept { *this = std::move(other); }
    Span& operator=(Span&& other) noexcept;
    ~Span() { end(); }
    void end();

   private:
    friend class Timings;
    Timings* owner_ = nullptr;
    Event event_;
    std::chrono::steady_clock::time_point start_;
    std::thread::id thread_;
  };

  Timings();
  Timings(const Timings&) = delete;
  Timings& operator=(const Timings&) = delete;

  // A span of `stage` for `game` (and `card`, `item`), from now until the
  // span ends. Thread-safe.
  Span span(std::string_view stage, std::string_view game = {}, std::string_view card = {}, std::string_view item = {});

  // Every span ended so far, by start time (an enclosing span before the
  // spans it holds).
  std::vector<Event> events() const;
  // Microseconds since the recorder was made.
  int64_t elapsed_us() const;

  // The trace: {"traceEvents": [...], "displayTimeUnit": "ms"}, a complete
  // ("X") event per span, with pid 1, the thread as tid, the stage as name,
  // "card" or "game" or "build" as cat, and args {game, card, item}; and
  // the process's and threads' names.
  nlohmann::ordered_json trace() const;
  // trace(), written to `file` atomically. Throws std::runtime_error.
  void write(const std::filesystem::path& file) const;
  // A table per stage, in the order the stages first started: how many
  // spans, their total and mean milliseconds and their share of the wall
  // time so far (stages that run on several threads at once add up to more
  // than 100%).
  std::string summary() const;

 private:
  void record(Event event, std::thread::id thread);

  const std::chrono::steady_clock::time_point start_;
  mutable std::mutex mutex_;
  std::vector<Event> events_;             // under mutex_
  std::vector<std::thread::id> threads_;  // under mutex_: index + 1 is the number
};

// recorder->span(...), or a span that does nothing when there is no recorder.
inline Timings::Span timed(Timings* recorder, std::string_view stage, std::string_view game = {},
                           std::string_view card = {}, std::string_view item = {}) {
  if (!recorder) return {};
  return recorder->span(stage, game, card, item);
}

}  // namespace kw::infra
