// The timings recorder (build --timings, -v): spans from several threads,
// each recorded once, ordered by start with an enclosing span before the
// spans it holds, written as Chrome trace-event JSON. Nothing here asserts
// how long anything took.
#include "print/products/timings.h"

#include <gtest/gtest.h>

#include <latch>
#include <map>
#include <set>
#include <sstream>
#include <thread>
#include <vector>

#include "core/files.h"
#include "support/test_support.h"

namespace kw::print {
namespace {

TEST(Timings, NoRecorderNoSpan) {
  auto span = timed(nullptr, "render", "mini", "01-a");
  span.end();  // does nothing, and neither does the destructor
}

TEST(Timings, SpansFromSeveralThreadsAreEachRecordedOnceWithTheirThread) {
  Timings timings;
  constexpr int kThreads = 4, kCards = 25;
  std::latch all_running(kThreads);  // else a thread's id may be reused by the next
  std::vector<std::thread> threads;
  threads.reserve(kThreads);
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&timings, &all_running, t] {
      all_running.arrive_and_wait();
      for (int c = 0; c < kCards; ++c) {
        const std::string card = std::to_string(t) + "-" + std::to_string(c);
        auto outer = timings.span("render", "mini", card);
        auto inner = timed(&timings, "encode png", "mini", card);
      }
    });
  for (auto& t : threads) t.join();
  const auto events = timings.events();
  ASSERT_EQ(events.size(), size_t{2 * kThreads * kCards});
  std::map<std::string, std::set<std::string>> cards_per_stage;
  std::map<std::string, std::set<int>> threads_of_card;
  for (const auto& e : events) {
    EXPECT_GE(e.duration_us, 0);
    EXPECT_GE(e.start_us, 0);
    EXPECT_EQ(e.game, "mini");
    EXPECT_TRUE(cards_per_stage[e.name].insert(e.card).second) << e.name << " " << e.card << " twice";
    threads_of_card[e.card].insert(e.thread);
  }
  EXPECT_EQ(cards_per_stage["render"].size(), size_t{kThreads * kCards});
  EXPECT_EQ(cards_per_stage["encode png"].size(), size_t{kThreads * kCards});
  std::set<int> thread_numbers;
  for (const auto& [card, numbers] : threads_of_card) {
    EXPECT_EQ(numbers.size(), 1u) << card;  // both of its spans on the thread that made them
    thread_numbers.insert(numbers.begin(), numbers.end());
  }
  EXPECT_EQ(thread_numbers, (std::set<int>{1, 2, 3, 4}));
  for (size_t i = 1; i < events.size(); ++i) EXPECT_LE(events[i - 1].start_us, events[i].start_us);
}

TEST(Timings, AnEnclosingSpanComesFirstAndHoldsWhatItEncloses) {
  Timings timings;
  {
    auto game = timings.span("game pdf", "mini");
    { auto a = timings.span("render", "mini", "01-a"); }
    { auto b = timings.span("render", "mini", "02-b"); }
  }
  const auto events = timings.events();
  ASSERT_EQ(events.size(), 3u);
  EXPECT_EQ(events[0].name, "game pdf");
  EXPECT_EQ(events[1].card, "01-a");
  EXPECT_EQ(events[2].card, "02-b");
  for (size_t i = 1; i < 3; ++i) {
    EXPECT_GE(events[i].start_us, events[0].start_us);
    EXPECT_LE(events[i].start_us + events[i].duration_us, events[0].start_us + events[0].duration_us);
  }
  EXPECT_LE(events[1].start_us + events[1].duration_us, events[2].start_us);
}

TEST(Timings, AMovedSpanIsRecordedOnceAndEndIsFinal) {
  Timings timings;
  {
    auto a = timings.span("layout", "mini");
    Timings::Span b = std::move(a);
    a.end();  // NOLINT(bugprone-use-after-move): moved from, it records nothing
    b.end();
    b.end();  // twice: once
    b = timings.span("manifest", "mini");
  }
  const auto events = timings.events();
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(events[0].name, "layout");
  EXPECT_EQ(events[1].name, "manifest");
}

TEST(Timings, TraceIsChromeTraceEventJson) {
  Timings timings;
  { auto load = timings.span("load", "", "", "de"); }
  std::thread([&] { auto s = timings.span("render", "mini", "01-a"); }).join();
  { auto pnp = timings.span("pnp sheets", "mini", "", "a4"); }
  test::TempDir dir;
  const auto file = dir.path() / "sub" / "t.json";
  timings.write(file);
  const auto trace = nlohmann::json::parse(*read_file(file));  // throws on invalid JSON
  ASSERT_TRUE(trace["traceEvents"].is_array());
  std::map<std::string, nlohmann::json> complete;
  int metadata = 0;
  for (const auto& e : trace["traceEvents"]) {
    EXPECT_EQ(e["pid"], 1);
    EXPECT_TRUE(e["tid"].is_number_integer());
    if (e["ph"] == "M") {
      ++metadata;
      continue;
    }
    EXPECT_EQ(e["ph"], "X");
    EXPECT_TRUE(e["ts"].is_number_integer());
    EXPECT_GE(e["dur"].get<int64_t>(), 0);
    complete[e["name"].get<std::string>()] = e;
  }
  EXPECT_EQ(metadata, 3);  // the process's name, and the two threads'
  ASSERT_EQ(complete.size(), 3u);
  EXPECT_EQ(complete["load"]["cat"], "build");
  EXPECT_EQ(complete["load"]["args"], (nlohmann::json{{"item", "de"}}));
  EXPECT_EQ(complete["render"]["cat"], "card");
  EXPECT_EQ(complete["render"]["args"], (nlohmann::json{{"game", "mini"}, {"card", "01-a"}}));
  EXPECT_NE(complete["render"]["tid"], complete["load"]["tid"]);
  EXPECT_EQ(complete["pnp sheets"]["cat"], "game");
  EXPECT_EQ(complete["pnp sheets"]["args"], (nlohmann::json{{"game", "mini"}, {"item", "a4"}}));
}

TEST(Timings, SummaryHasARowPerStageInTheOrderTheyStarted) {
  Timings timings;
  { auto s = timings.span("load"); }
  for (const char* card : {"01-a", "02-b", "03-c"}) {
    auto s = timings.span("render", "mini", card);
  }
  const std::string summary = timings.summary();
  const auto header = summary.find("stage"), load = summary.find("\nload "), render = summary.find("\nrender "),
             wall = summary.find("\nwall ");
  ASSERT_NE(header, std::string::npos) << summary;
  ASSERT_NE(load, std::string::npos) << summary;
  ASSERT_NE(render, std::string::npos) << summary;
  ASSERT_NE(wall, std::string::npos) << summary;
  EXPECT_LT(header, load);
  EXPECT_LT(load, render);
  EXPECT_LT(render, wall);
  for (const char* column : {"count", "total ms", "mean ms", "share"})
    EXPECT_NE(summary.find(column), std::string::npos) << column;
  std::istringstream row(summary.substr(render + 1));
  std::string stage, count;
  row >> stage >> count;
  EXPECT_EQ(count, "3") << summary;
}

}  // namespace
}  // namespace kw::print
