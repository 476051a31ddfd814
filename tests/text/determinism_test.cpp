// Same input, same output: twice in a row, and from several threads at once
// on one Typesetter (the print stage sets cards in parallel).
#include <gtest/gtest.h>

#include <thread>

#include "text_fixture.h"

namespace kw::text {
namespace {

using test_util::fonts;

std::string dump(const SetText& t) {
  std::string s = "size " + std::to_string(t.size_pt) + "\n";
  char buf[128];
  for (const auto& run : t.runs) {
    s += run.font->path() + " " + run.text + "\n";
    for (const auto& g : run.glyphs) {
      std::snprintf(buf, sizeof buf, "  %u %.17g %.17g %u\n", g.id, g.x, g.y, g.cluster);
      s += buf;
    }
  }
  for (const auto& i : t.icons) {
    std::snprintf(buf, sizeof buf, "icon %s %.17g %.17g %.17g %.17g\n", i.name.c_str(), i.box.x, i.box.y, i.box.w,
                  i.box.h);
    s += buf;
  }
  return s;
}

struct Case {
  std::string text;
  TextStyle style;
  Size box;
};

std::vector<Case> cases() {
  std::vector<Case> out;
  TextStyle fit;
  fit.max_size_pt = 12;
  fit.min_size_pt = 6;
  fit.align = Align::Justify;
  out.push_back(
      {"Als die Gefährten die **Ringträgerversammlung** in *Bruchtal* verließen, lag der Schnee schon auf "
       "den Pässen des Nebelgebirges. Zahle :gold: für [sc]Gondor[/sc].",
       fit,
       {40, 30}});
  TextStyle en = fit;
  en.language = "en";
  en.align = Align::Center;
  en.family = "junicode";
  out.push_back({"In a hole in the ground there lived a hobbit.\nNot a nasty, dirty, wet hole.", en, {35, 25}});
  return out;
}

TEST(Determinism, SameInputTwiceGivesIdenticalGlyphs) {
  Typesetter ts(fonts(), [](const std::string&) { return std::optional<double>(1.5); });
  for (const Case& c : cases()) {
    SetResult a = ts.set(c.text, c.style, c.box);
    SetResult b = ts.set(c.text, c.style, c.box);
    ASSERT_TRUE(a.text && b.text) << a.error;
    EXPECT_EQ(dump(*a.text), dump(*b.text));
    // A fresh Typesetter too: nothing depends on what was set before.
    Typesetter other(fonts(), [](const std::string&) { return std::optional<double>(1.5); });
    SetResult c2 = other.set(c.text, c.style, c.box);
    EXPECT_EQ(dump(*a.text), dump(*c2.text));
  }
}

TEST(Determinism, ConcurrentSetsOnOneTypesetterMatchSerialOnes) {
  Typesetter ts(fonts(), [](const std::string&) { return std::optional<double>(1.5); });
  const auto all = cases();
  std::vector<std::string> expected;
  expected.reserve(all.size());
  for (const Case& c : all) expected.push_back(dump(*ts.set(c.text, c.style, c.box).text));
  constexpr int kThreads = 4, kRounds = 20;
  std::vector<std::vector<std::string>> got(kThreads);
  std::vector<std::thread> threads;
  threads.reserve(kThreads);
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      for (int round = 0; round < kRounds; ++round) {
        const Case& c = all[static_cast<std::size_t>(t + round) % all.size()];
        SetResult r = ts.set(c.text, c.style, c.box);
        got[static_cast<std::size_t>(t)].push_back(r.text ? dump(*r.text) : r.error);
      }
    });
  for (auto& th : threads) th.join();
  for (int t = 0; t < kThreads; ++t)
    for (int round = 0; round < kRounds; ++round)
      EXPECT_EQ(got[static_cast<std::size_t>(t)][static_cast<std::size_t>(round)],
                expected[static_cast<std::size_t>(t + round) % all.size()]);
}

}  // namespace
}  // namespace kw::text
