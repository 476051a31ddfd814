// build --png fast|small end to end: both write the very pixels drawn (PNG is
// lossless), small files are no larger, and neither mode's files are taken
// from the build cache for the other.
#include <gtest/gtest.h>

#include "core/files.h"
#include "render/png.h"
#include "support/mini_project.h"

namespace kw {
namespace {

namespace fs = std::filesystem;
using test::kartenwerk;
using test::quoted;

TEST(PngOption, SmallGivesTheSamePixelsInNoLargerFilesAndDoesNotReuseFastOnes) {
  test::MiniProject p;
  test::TempDir cache, fast, small;
  auto build = [&](const std::string& mode, const fs::path& out) {
    return kartenwerk("--root " + quoted(p.root()) + " build --format png --png " + mode + " --cache " +
                      quoted(cache.path()) + " --out " + quoted(out));
  };
  auto r = build("fast", fast.path());
  ASSERT_EQ(r.status, 0) << r.output;
  r = build("small", small.path());
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_EQ(r.output.find("from the cache"), std::string::npos) << r.output;  // other bytes: rendered again

  int files = 0;
  for (const auto& e : fs::recursive_directory_iterator(fast.path())) {
    if (e.path().extension() != ".png") continue;
    ++files;
    const fs::path other = small.path() / e.path().lexically_relative(fast.path());
    const std::string fast_png = *read_file(e.path());
    const std::string small_png = *read_file(other);
    EXPECT_LE(small_png.size(), fast_png.size()) << other;
    EXPECT_TRUE(render::decode_png(fast_png).rgba == render::decode_png(small_png).rgba) << other;
  }
  EXPECT_GE(files, 4);  // the cards and the overview
  EXPECT_NE(read_file(small.path() / "mini/manifest.json")->find("png=small"), std::string::npos);
  EXPECT_EQ(read_file(fast.path() / "mini/manifest.json")->find("png="), std::string::npos);
}

}  // namespace
}  // namespace kw
