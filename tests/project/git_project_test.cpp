// The project as a git revision holds it: files of the commit's tree under
// the project folder (which may be a subfolder of the repository), nothing
// of the working folder, no symbolic link followed, nothing outside.
#include "project/git_project.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "core/limits.h"
#include "project/disk_project.h"
#include "support/test_support.h"

namespace kw::project {
namespace {

namespace fs = std::filesystem;

void write(const fs::path& file, const std::string& text) {
  fs::create_directories(file.parent_path());
  std::ofstream(file, std::ios::binary) << text;
}

struct Repo {
  Repo() {
    write(dir.path() / "game/data/cards.yaml", "first\n");
    write(dir.path() / "game/layouts/a.yaml", "layout\n");
    write(dir.path() / "secret.txt", "outside the project\n");
    fs::create_symlink(dir.path() / "secret.txt", dir.path() / "game/data/link.yaml");
    git("init -q");
    git("add -A");
    git("commit -q -m first");
    write(dir.path() / "game/data/cards.yaml", "second, not committed\n");
    write(dir.path() / "game/data/new.yaml", "not committed\n");
  }
  void git(const std::string& args) {
    std::string out;
    ASSERT_EQ(test::run_command("git -C " + test::quoted(dir.path()) +
                                    " -c user.name=Test -c user.email=test@example.org -c commit.gpgsign=false " + args,
                                &out),
              0)
        << out;
  }
  test::TempDir dir;
};

TEST(GitProject, ReadsTheRevisionNotTheWorkingFolder) {
  Repo r;
  DiskProject disk(r.dir.path() / "game");
  GitProject then(r.dir.path() / "game", "HEAD", disk);
  EXPECT_EQ(then.commit().size(), 40u);
  auto cards = then.read("data/cards.yaml");
  ASSERT_TRUE(cards);
  EXPECT_EQ(cards->bytes(), "first\n");
  EXPECT_EQ(then.read("data/new.yaml"), nullptr);
  EXPECT_EQ(then.list(""), (std::vector<std::string>{"data", "layouts"}));
  EXPECT_TRUE(then.is_directory("layouts"));
  EXPECT_TRUE(then.exists("layouts/a.yaml"));
  EXPECT_FALSE(then.file_on_disk("layouts/a.yaml"));
}

TEST(GitProject, NothingOutsideTheProjectFolderNorThroughALink) {
  Repo r;
  DiskProject disk(r.dir.path() / "game");
  GitProject then(r.dir.path() / "game", "HEAD", disk);
  EXPECT_EQ(then.read("../secret.txt"), nullptr);
  EXPECT_EQ(then.read("secret.txt"), nullptr);
  EXPECT_EQ(then.read("data/link.yaml"), nullptr);
  EXPECT_EQ(then.list("data"), (std::vector<std::string>{"cards.yaml"}));
}

TEST(GitProject, PathsAreReadAsTheDiskReadsThemAndLargeFilesAreRefusedUnread) {
  Repo r;
  DiskProject disk(r.dir.path() / "game");
  GitProject then(r.dir.path() / "game", "HEAD", disk);
  ASSERT_TRUE(then.read("data/./cards.yaml"));
  EXPECT_TRUE(then.read("layouts//a.yaml"));
  EXPECT_EQ(then.read("data/../../secret.txt"), nullptr);
  const Limits saved = limits();
  Limits small = saved;
  small.file_bytes = 3;  // "layout\n" has 7
  set_limits(small);
  EXPECT_EQ(then.read("layouts/a.yaml"), nullptr);
  ASSERT_TRUE(then.refusal("layouts/a.yaml"));
  EXPECT_NE(then.refusal("layouts/a.yaml")->find("more than the limit of 3"), std::string::npos);
  set_limits(saved);
}

TEST(GitProject, WhatIsNoRevisionThrows) {
  Repo r;
  DiskProject disk(r.dir.path() / "game");
  EXPECT_THROW(GitProject(r.dir.path() / "game", "v9", disk), GitError);
  EXPECT_THROW(GitProject(r.dir.path() / "game", "HEAD:game", disk), GitError);  // a tree, no commit
  test::TempDir plain;
  EXPECT_THROW(GitProject(plain.path(), "HEAD", disk), GitError);
}

}  // namespace
}  // namespace kw::project
