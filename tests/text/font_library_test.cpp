#include "text/font_library.h"

#include <gtest/gtest.h>

#include "project/memory_project.h"
#include "support/test_support.h"
#include "text/font_face.h"

namespace kw::text {
namespace {

TEST(FontLibrary, LoadsBundledFonts) {
  Diagnostics diags;
  auto lib = FontLibrary::load(test::source_project(), diags);
  ASSERT_TRUE(lib);
  EXPECT_TRUE(diags.empty()) << format_diagnostics(diags);
  EXPECT_TRUE(lib->has_family("garamond"));
  EXPECT_TRUE(lib->has_style("junicode", "bold-italic"));
  EXPECT_FALSE(lib->has_style("garamond", "bold-italic"));
  const FontFace* f = lib->face("garamond", "regular");
  ASSERT_NE(f, nullptr);
  ASSERT_TRUE(f->input);
  EXPECT_TRUE(f->input->path().starts_with("fonts/")) << f->input->path();
  EXPECT_TRUE(f->input->path().ends_with("/EBGaramond12-Regular.otf")) << f->input->path();
  EXPECT_TRUE(f->covers(U'a'));
  EXPECT_GT(f->cap_height, 0.5);
  EXPECT_LT(f->cap_height, 0.8);
  EXPECT_GT(f->ascender, f->cap_height);
  EXPECT_LT(f->descender, 0);
  std::vector<std::string> expected{"garamond", "garamond-sc", "junicode", "cardo"};
  EXPECT_EQ(lib->families(), expected);
  auto chain = lib->fallback_chain("bold");
  ASSERT_EQ(chain.size(), 3u);
  EXPECT_EQ(chain[0]->family, "garamond");
  EXPECT_EQ(chain[0]->style, "bold");
  EXPECT_EQ(chain[2]->family, "cardo");
  EXPECT_EQ(lib->closest_face("garamond", "bold-italic")->style, "bold");
}

TEST(FontLibrary, ReportsMissingFileAndUnknownFallbackWithLocation) {
  Diagnostics diags;
  // The fixture names the bundled fonts outside its folder: allowed, as
  // --allow-read allows a shared font folder.
  project::DiskProject fixtures(test::fixtures() / "text", {test::source_root() / "fonts"});
  auto lib = FontLibrary::load(fixtures, diags, "bad-fonts");
  ASSERT_TRUE(lib);
  ASSERT_EQ(diags.error_count(), 3u) << format_diagnostics(diags);
  const auto& items = diags.items();
  // bad-fonts/fonts.yaml: line 4 names a file that does not exist, line 5 an
  // unknown style, line 6 lists an unknown family in the fallback.
  EXPECT_EQ(items[0].loc.file, "bad-fonts/fonts.yaml");
  EXPECT_EQ(items[0].loc.line, 4);
  EXPECT_EQ(items[0].loc.column, 13);
  EXPECT_NE(items[0].message.find("not found"), std::string::npos);
  EXPECT_EQ(items[1].loc.line, 5);
  EXPECT_NE(items[1].message.find("unknown style"), std::string::npos);
  EXPECT_EQ(items[2].loc.line, 6);
  EXPECT_EQ(items[2].loc.column, 18);
  EXPECT_NE(items[2].message.find("unknown family 'nosuch'"), std::string::npos);
  EXPECT_TRUE(lib->has_style("body", "regular"));
  EXPECT_EQ(lib->fallback_chain("regular").size(), 1u);
}

TEST(FontLibrary, MissingListIsAnErrorNotACrash) {
  Diagnostics diags;
  project::MemoryProject empty;
  auto lib = FontLibrary::load(empty, diags);
  ASSERT_TRUE(lib);
  EXPECT_TRUE(diags.has_errors());
  EXPECT_TRUE(lib->families().empty());
  EXPECT_EQ(lib->face("garamond", "regular"), nullptr);
}

}  // namespace
}  // namespace kw::text
