// The World's fonts (engine/world.h): a build opens them on another core
// while the card database loads (World::open_fonts); what opening them found
// is said to the first fonts() call, once, whichever thread opened them.
#include "engine/world.h"

#include <gtest/gtest.h>

#include <thread>

#include "support/mini_project.h"

namespace kw::engine {
namespace {

TEST(World, FontsOpenedOnAnotherThreadAreTheOnesAskedFor) {
  test::MiniProject p;
  World world(p.project(), Clock{});
  std::thread early([&world] { world.open_fonts(); });
  early.join();
  Diagnostics first, second;
  const text::FontLibrary* fonts = world.fonts(first);
  ASSERT_NE(fonts, nullptr);
  EXPECT_EQ(world.fonts(second), fonts);
  EXPECT_FALSE(first.has_errors());
  EXPECT_TRUE(second.items().empty());
}

TEST(World, WhatOpeningTheFontsFoundIsSaidToTheFirstCallOnce) {
  test::MiniProject p;
  p.write("fonts/fonts.yaml", "families:\n  garamond:\n    regular: nowhere/None.otf\nfallback: [garamond]\n");
  World world(p.project(), Clock{});
  std::thread early([&world] { world.open_fonts(); });
  early.join();
  Diagnostics first, second;
  EXPECT_EQ(world.fonts(first), nullptr);
  EXPECT_TRUE(first.has_errors()) << "the findings of the early opening reach the build's own call";
  EXPECT_EQ(world.fonts(second), nullptr);
  EXPECT_TRUE(second.items().empty()) << "and are said once";
}

TEST(World, TwoThreadsAskingAtOnceGetOneLibraryAndTheFindingsOnce) {
  test::MiniProject p;
  p.write("fonts/fonts.yaml", "families:\n  garamond:\n    regular: nowhere/None.otf\nfallback: [garamond]\n");
  World world(p.project(), Clock{});
  Diagnostics early, late;
  std::thread other([&] {
    world.open_fonts();
    EXPECT_EQ(world.fonts(early), nullptr);
  });
  EXPECT_EQ(world.fonts(late), nullptr);
  other.join();
  EXPECT_NE(early.has_errors(), late.has_errors()) << "the findings go to exactly one of the two calls";
}

}  // namespace
}  // namespace kw::engine
