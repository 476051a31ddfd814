#include "infra/timings.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "core/json_text.h"
#include "core/output_files.h"

namespace kw::infra {

namespace {

using Clock = std::chrono::steady_clock;

int64_t micros(Clock::duration d) { return std::chrono::duration_cast<std::chrono::microseconds>(d).count(); }

}  // namespace

Timings::Span& Timings::Span::operator=(Span&& other) noexcept {
  if (this != &other) {
    end();
    owner_ = std::exchange(other.owner_, nullptr);
    event_ = std::move(other.event_);
    start_ = other.start_;
    thread_ = other.thread_;
  }
  return *this;
}

void Timings::Span::end() {
  if (!owner_) return;
  Timings* owner = std::exchange(owner_, nullptr);
  const auto now = Clock::now();
  event_.start_us = micros(start_ - owner->start_);
  event_.duration_us = std::max<int64_t>(0, micros(now - owner->start_) - event_.start_us);
  event_.start_ns = std::chrono::duration_cast<std::chrono::nanoseconds>(start_ - owner->start_).count();
  event_.end_ns = std::chrono::duration_cast<std::chrono::nanoseconds>(now - owner->start_).count();
  try {
    owner->record(std::move(event_), thread_);
  } catch (...) {  // out of memory: the span is lost, the build goes on
  }
}

Timings::Timings() : start_(Clock::now()) {}

Timings::Span Timings::span(std::string_view stage, std::string_view game, std::string_view card,
                            std::string_view item) {
  Span s;
  s.owner_ = this;
  s.event_.name = stage;
  s.event_.game = game;
  s.event_.card = card;
  s.event_.item = item;
  s.thread_ = std::this_thread::get_id();
  s.start_ = Clock::now();
  return s;
}

void Timings::record(Event event, std::thread::id thread) {
  std::lock_guard lock(mutex_);
  auto at = std::find(threads_.begin(), threads_.end(), thread);
  if (at == threads_.end()) at = threads_.insert(threads_.end(), thread);
  event.thread = static_cast<int>(at - threads_.begin()) + 1;
  events_.push_back(std::move(event));
}

std::vector<Timings::Event> Timings::events() const {
  std::vector<Event> events;
  {
    std::lock_guard lock(mutex_);
    events = events_;
  }
  // By start; of two that start together, the one ending later (enclosing)
  // first. Nanoseconds, since microseconds make a short span and the one
  // enclosing it look alike.
  std::stable_sort(events.begin(), events.end(), [](const Event& a, const Event& b) {
    if (a.start_ns != b.start_ns) return a.start_ns < b.start_ns;
    return a.end_ns > b.end_ns;
  });
  return events;
}

int64_t Timings::elapsed_us() const { return micros(Clock::now() - start_); }

nlohmann::ordered_json Timings::trace() const {
  const std::vector<Event> events = this->events();
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  list.push_back(
      {{"name", "process_name"}, {"ph", "M"}, {"pid", 1}, {"tid", 1}, {"args", {{"name", "kartenwerk build"}}}});
  int threads = 0;
  for (const auto& e : events) threads = std::max(threads, e.thread);
  for (int t = 1; t <= threads; ++t)
    list.push_back({{"name", "thread_name"},
                    {"ph", "M"},
                    {"pid", 1},
                    {"tid", t},
                    {"args", {{"name", t == 1 ? std::string("main") : fmt::format("worker {}", t - 1)}}}});
  for (const auto& e : events) {
    nlohmann::ordered_json args = nlohmann::ordered_json::object();
    if (!e.game.empty()) args["game"] = e.game;
    if (!e.card.empty()) args["card"] = e.card;
    if (!e.item.empty()) args["item"] = e.item;
    list.push_back({{"name", e.name},
                    {"cat", !e.card.empty()   ? "card"
                            : !e.game.empty() ? "game"
                                              : "build"},
                    {"ph", "X"},
                    {"ts", e.start_us},
                    {"dur", e.duration_us},
                    {"pid", 1},
                    {"tid", e.thread},
                    {"args", args}});
  }
  nlohmann::ordered_json trace;
  trace["traceEvents"] = std::move(list);
  trace["displayTimeUnit"] = "ms";
  return trace;
}

void Timings::write(const std::filesystem::path& file) const { write_output(file, json_text(trace())); }

std::string Timings::summary() const {
  const std::vector<Event> events = this->events();
  const double wall_ms = static_cast<double>(elapsed_us()) / 1000;
  struct Stage {
    size_t count = 0;
    int64_t total_us = 0;
  };
  std::vector<std::string> order;
  std::map<std::string, Stage> stages;
  for (const auto& e : events) {
    auto [at, added] = stages.try_emplace(e.name);
    if (added) order.push_back(e.name);
    ++at->second.count;
    at->second.total_us += e.duration_us;
  }
  size_t width = 5;
  for (const auto& name : order) width = std::max(width, name.size());
  std::string text =
      fmt::format("{:<{}}  {:>6}  {:>10}  {:>9}  {:>7}\n", "stage", width, "count", "total ms", "mean ms", "share");
  for (const auto& name : order) {
    const Stage& s = stages[name];
    const double total_ms = static_cast<double>(s.total_us) / 1000;
    text += fmt::format("{:<{}}  {:>6}  {:>10.1f}  {:>9.2f}  {:>6.0f}%\n", name, width, s.count, total_ms,
                        total_ms / static_cast<double>(s.count), wall_ms > 0 ? 100 * total_ms / wall_ms : 0.0);
  }
  text += fmt::format("{:<{}}  {:>6}  {:>10.1f}\n", "wall", width, "", wall_ms);
  return text;
}

}  // namespace kw::infra
