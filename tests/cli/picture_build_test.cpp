// End-to-end: the shipped variant with pictures (Monddämmerung "bilder")
// when one of its pictures is missing: a real build stops at the card's
// field and writes nothing; a draft builds, with a placeholder on that card.
#include <gtest/gtest.h>

#include <filesystem>

#include "support/project_copy.h"
#include "support/test_support.h"

namespace kw {
namespace {

namespace fs = std::filesystem;
using test::kartenwerk;
using test::quoted;

struct Broken {
  test::ProjectCopy project;
  test::TempDir out;
  Broken() {
    // The first patch of the variant names a file that is not there.
    std::string variant = project.read("data/variants/monddaemmerung/bilder.yaml");
    const auto at = variant.find("bilder/allmutter.jpg");
    EXPECT_NE(at, std::string::npos);
    variant.replace(at, 20, "bilder/allmuter.jpg");
    project.write("data/variants/monddaemmerung/bilder.yaml", variant);
  }
  test::Run build(const std::string& extra = "") const {
    return kartenwerk("--root " + quoted(project.dir.path()) + " build --game monddaemmerung --variant bilder --out " +
                      quoted(out.path()) + " " + extra);
  }
};

TEST(PictureBuild, MissingPictureStopsARealBuildAtTheCardsField) {
  Broken b;
  test::Run r = b.build();
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_NE(r.output.find("data/variants/monddaemmerung/bilder.yaml:14:"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("error: picture not found: templates/monddaemmerung/bilder/allmuter.jpg (card gelb-01)"),
            std::string::npos)
      << r.output;
  EXPECT_FALSE(fs::exists(b.out.path() / "monddaemmerung" / "bilder" / "manifest.json")) << "nothing written";
}

// Only the card that names the picture (--card): the other 64 cards of the
// variant have nothing to do with it and took seconds to render.
TEST(PictureBuild, MissingPictureIsAPlaceholderInADraft) {
  Broken b;
  test::Run r = b.build("--draft --card gelb-01");
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("warning: picture not found: templates/monddaemmerung/bilder/allmuter.jpg (drawn as a "
                          "placeholder: draft)"),
            std::string::npos)
      << r.output;
  EXPECT_TRUE(fs::exists(b.out.path() / "monddaemmerung" / "draft" / "bilder" / "cards" / "01-gelb-01.png"));
}

}  // namespace
}  // namespace kw
