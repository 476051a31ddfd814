// FileName: a place's file name, stored once per name and read as a string.
#include "core/file_name.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include "core/diagnostic.h"

namespace kw {
namespace {

TEST(FileName, TheSameNameIsOneStoredString) {
  const std::string text = "data/games/a-file-name-longer-than-sso.yaml";
  const FileName a(text), b{std::string_view(text)}, c(text.c_str());
  EXPECT_EQ(&a.str(), &b.str());
  EXPECT_EQ(&a.str(), &c.str());
  EXPECT_EQ(a, b);
  EXPECT_EQ(a, text);
  EXPECT_EQ(a.str(), text);
  const FileName other("data/games/another.yaml");
  EXPECT_NE(a, other);
  EXPECT_NE(&a.str(), &other.str());
}

TEST(FileName, NoNameIsTheEmptyString) {
  const FileName none, empty(""), text(std::string{});
  EXPECT_TRUE(none.empty());
  EXPECT_EQ(none, empty);
  EXPECT_EQ(none, text);
  EXPECT_EQ(none.str(), "");
  EXPECT_FALSE(SourceLoc{}.known());
  EXPECT_TRUE((SourceLoc{"x.yaml", 1, 1}).known());
}

TEST(FileName, OrderIsTheNamesNotWhereTheyAreStored) {
  // Stored in the opposite order to their names' order.
  const FileName z("order-test/zz.yaml"), m("order-test/mm.yaml"), a("order-test/aa.yaml");
  std::vector<FileName> names{z, m, a};
  std::sort(names.begin(), names.end());
  EXPECT_EQ(names, (std::vector<FileName>{a, m, z}));
  EXPECT_LT(a, std::string_view("order-test/ab.yaml"));
  std::map<FileName, int> by_name{{z, 1}, {a, 2}};
  EXPECT_EQ(by_name.begin()->first, "order-test/aa.yaml");
}

TEST(FileName, ReadsAsTheStringItNames) {
  const FileName f("layouts/palantir/card.yaml");
  EXPECT_TRUE(f.starts_with("layouts/"));
  EXPECT_TRUE(f.ends_with(".yaml"));
  EXPECT_EQ(f.find("palantir"), 8u);
  EXPECT_EQ(f + ":3", "layouts/palantir/card.yaml:3");
  EXPECT_EQ("at " + f, "at layouts/palantir/card.yaml");
  EXPECT_EQ(fmt::format("[{}]", f), "[layouts/palantir/card.yaml]");
  const std::string& as_string = f;
  EXPECT_EQ(as_string, "layouts/palantir/card.yaml");
  EXPECT_EQ((SourceLoc{f, 3, 7}).str(), "layouts/palantir/card.yaml:3:7");
}

TEST(FileName, ThreadsAskingForTheSameNamesGetTheSameStrings) {
  constexpr int kThreads = 4, kNames = 200;
  std::vector<std::vector<const std::string*>> got(kThreads);
  std::vector<std::thread> threads;
  threads.reserve(kThreads);
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([t, &got] {
      for (int i = 0; i < kNames; ++i) {
        // Each thread in its own order, so that they race on new names.
        const int n = (t % 2 == 0) ? i : kNames - 1 - i;
        got[static_cast<size_t>(t)].push_back(&FileName("threads/" + std::to_string(n) + ".yaml").str());
      }
    });
  for (auto& thread : threads) thread.join();
  for (int t = 1; t < kThreads; ++t)
    for (int i = 0; i < kNames; ++i) {
      const int n = (t % 2 == 0) ? i : kNames - 1 - i;  // thread 0 asked for name n at position n
      EXPECT_EQ(got[static_cast<size_t>(t)][static_cast<size_t>(i)], got[0][static_cast<size_t>(n)]);
    }
}

// Why it exists: a place in a file is small enough to be in every node of
// a parsed 10,000-card deck (a std::string and its heap block before).
static_assert(sizeof(SourceLoc) <= 16);

}  // namespace
}  // namespace kw
