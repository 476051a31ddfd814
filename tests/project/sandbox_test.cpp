// The project folder as a sandbox: DiskProject refuses every path that
// leaves it after resolving "..", absolute paths and symbolic links, unless
// the path lies in an allowed folder; a refused file is never read.
#include <gtest/gtest.h>

#include <fstream>

#include "core/confine.h"
#include "core/limits.h"
#include "core/names.h"
#include "project/disk_project.h"
#include "project/sandbox.h"
#include "support/test_support.h"

namespace kw::project {
namespace {

namespace fs = std::filesystem;

struct Folders {
  test::TempDir root, outside;
  Folders() {
    fs::create_directories(root.path() / "data");
    std::ofstream(root.path() / "data/in.yaml") << "inside";
    std::ofstream(outside.path() / "secret.txt") << "secret";
  }
  std::string up() const { return fs::relative(outside.path(), root.path()).generic_string(); }
};

TEST(Sandbox, InsideIsRead) {
  Folders f;
  DiskProject p(f.root.path());
  EXPECT_FALSE(p.refusal("data/in.yaml"));
  EXPECT_FALSE(p.refusal("data/../data/in.yaml"));
  ASSERT_TRUE(p.read("data/in.yaml"));
  EXPECT_EQ(p.read("data/in.yaml")->text(), "inside");
}

TEST(Sandbox, EveryWayOutIsRefused) {
  Folders f;
  fs::create_symlink(f.outside.path() / "secret.txt", f.root.path() / "data/link.txt");
  fs::create_directory_symlink(f.outside.path(), f.root.path() / "data/dir");
  DiskProject p(f.root.path());
  const std::string absolute = (f.outside.path() / "secret.txt").string();
  for (const std::string& path :
       {f.up() + "/secret.txt", std::string("data/../../x"), absolute, std::string("data/link.txt"),
        std::string("data/dir/secret.txt"), std::string("data/dir")}) {
    auto why = p.refusal(path);
    ASSERT_TRUE(why) << path;
    EXPECT_NE(why->find("'" + path + "'"), std::string::npos) << *why;  // names the path
    EXPECT_EQ(why->find("secret\n"), std::string::npos);
    EXPECT_FALSE(p.read(path)) << path;
    EXPECT_FALSE(p.exists(path)) << path;
    EXPECT_FALSE(p.file_on_disk(path)) << path;
  }
  EXPECT_TRUE(p.list("data/dir").empty());
  EXPECT_NE(p.refusal(absolute)->find("is an absolute path outside"), std::string::npos);
  EXPECT_NE(p.refusal("data/link.txt")->find("through a symbolic link"), std::string::npos);
  EXPECT_NE(p.refusal(f.up() + "/secret.txt")->find("leaves the project folder"), std::string::npos);
  EXPECT_NE(not_read(p, "data/link.txt", "font file").find("cannot read font file: 'data/link.txt' leads"),
            std::string::npos);
  EXPECT_EQ(not_read(p, "data/none.ttf", "font file"), "font file not found: data/none.ttf");
  // A diagnostic pointing into the outside file quotes nothing.
  EXPECT_FALSE(p.source_text(absolute));
  EXPECT_FALSE(p.source_text("data/link.txt"));
}

TEST(Sandbox, AllowedFolderIsRead) {
  Folders f;
  fs::create_directory_symlink(f.outside.path(), f.root.path() / "data/dir");
  DiskProject p(f.root.path(), {f.outside.path()});
  EXPECT_FALSE(p.refusal(f.up() + "/secret.txt"));
  EXPECT_FALSE(p.refusal((f.outside.path() / "secret.txt").string()));
  ASSERT_TRUE(p.read("data/dir/secret.txt"));
  EXPECT_EQ(p.read("data/dir/secret.txt")->text(), "secret");
}

TEST(Sandbox, LargeFileIsRefused) {
  Folders f;
  DiskProject p(f.root.path());
  const Limits saved = limits();
  Limits tiny;
  tiny.file_bytes = 3;
  set_limits(tiny);
  auto why = p.refusal("data/in.yaml");
  set_limits(saved);
  ASSERT_TRUE(why);
  EXPECT_NE(why->find("has 6 bytes, more than the limit of 3 (raise it with --limit file-bytes=N)"), std::string::npos);
}

TEST(Confined, WritesStayInTheirFolder) {
  Folders f;
  fs::create_directory_symlink(f.outside.path(), f.root.path() / "out");
  EXPECT_TRUE(confined(f.root.path(), "data/locales/en/x.yaml"));
  EXPECT_FALSE(confined(f.root.path(), "../x"));
  EXPECT_FALSE(confined(f.root.path(), "data/../../x"));
  EXPECT_FALSE(confined(f.root.path(), "/tmp/x"));
  EXPECT_FALSE(confined(f.root.path(), "out/x"));  // through a symbolic link
  EXPECT_FALSE(confined(f.root.path(), "."));
}

TEST(Confined, BelowIsInsideAndNotTheFolderItself) {
  EXPECT_TRUE(path_below("/a/b", "/a/b/c"));
  EXPECT_TRUE(path_below("/a/b/", "/a/b/c/d"));
  EXPECT_FALSE(path_below("/a/b", "/a/b"));
  EXPECT_FALSE(path_below("/a/b/", "/a/b"));  // a trailing slash makes no other folder
  EXPECT_FALSE(path_below("/a/b", "/a/b/"));
  EXPECT_FALSE(path_below("/a/b", "/a/bc/d"));  // a neighbour with the same prefix
  EXPECT_FALSE(path_below("/a/b", "/a"));
}

TEST(Names, IdsAndLanguageCodes) {
  for (const char* ok : {"palantir", "hoher-rat", "07", "a"}) EXPECT_TRUE(is_plain_id(ok)) << ok;
  for (const char* bad : {"", "-x", "../x", "a/b", "A", "a_b", ".x", "a.b"}) EXPECT_FALSE(is_plain_id(bad)) << bad;
  EXPECT_FALSE(is_plain_id(std::string(65, 'a')));
  for (const char* ok : {"de", "en", "pt-BR", "zh_Hant", "all"}) EXPECT_TRUE(is_language_code(ok)) << ok;
  for (const char* bad : {"", "x", "de-", "../x", "e n", "de/x", "..", "de-BR-"})
    EXPECT_FALSE(is_language_code(bad)) << bad;
}

// The file names a print profile may give (data/print/profiles.yaml).
TEST(Names, FileNamesAProjectMayGive) {
  for (const char* ok : {"meinspiel/fronts.pdf", "deck.pdf", "makeplayingcards", "a/b/c", "v1.2+x_y-z.pdf"})
    EXPECT_EQ(path_name_problem(ok), "") << ok;
  for (const char* bad : {"", "/etc/x", "../x", "a/../b", "a/./b", "a//b", "a/", ".hidden", "a/.b", "a\\b", "a b",
                          "a\tb", "a:b", "C:x", "a*b", "\xc3\xa9t\xc3\xa9", "a/b/c/d/e/f/g/h/i"})
    EXPECT_NE(path_name_problem(bad), "") << bad;
  EXPECT_NE(path_name_problem(std::string("a\0b", 3)), "");
  EXPECT_NE(path_name_problem(std::string(65, 'a')), "");
}

}  // namespace
}  // namespace kw::project
