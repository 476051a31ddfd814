// Moving a staged build into place (infra/staging.h commit_staged): new files
// arrive, a file replaced is swapped out into the staging folder (its inode
// untouched, removed with that folder) rather than freed by the move, a
// symbolic link in the way is replaced and never followed, and the staging
// folder can be removed beside the rest of the build.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>

#include "core/files.h"
#include "core/output_files.h"
#include "infra/staging.h"
#include "support/test_support.h"

namespace kw::infra {
namespace {

namespace fs = std::filesystem;

ino_t inode_of(const fs::path& p) {
  struct stat st {};
  EXPECT_EQ(::lstat(p.c_str(), &st), 0) << p;
  return st.st_ino;
}

// Whether the file system under `dir` swaps two files in one step (ext4,
// XFS, btrfs, tmpfs do; a plain rename is taken where it does not).
bool swaps(const fs::path& dir) {
  write_file_atomic(dir / "swap-a", "a");
  write_file_atomic(dir / "swap-b", "b");
  const bool done =
      ::renameat2(AT_FDCWD, (dir / "swap-a").c_str(), AT_FDCWD, (dir / "swap-b").c_str(), RENAME_EXCHANGE) == 0;
  fs::remove(dir / "swap-a");
  fs::remove(dir / "swap-b");
  return done;
}

TEST(CommitStaged, AReplacedFileIsSwappedOutAndTheOthersMoved) {
  test::TempDir dir;
  if (!swaps(dir.path())) GTEST_SKIP() << "this file system does not swap files (RENAME_EXCHANGE)";
  const fs::path out = dir.path() / "out" / "game", staged = dir.path() / "stage" / "game";
  write_file_atomic(out / "game.pdf", "old pdf");
  write_file_atomic(out / "same.png", "same bytes");
  write_file_atomic(dir.path() / "elsewhere.txt", "not ours");
  fs::create_directories(out / "tts");
  fs::create_symlink(dir.path() / "elsewhere.txt", out / "tts" / "sheet.jpg");
  // A second name of the old file: what it holds shows whether the old file
  // was written to.
  fs::create_hard_link(out / "game.pdf", dir.path() / "old-pdf-link");
  const ino_t old_pdf = inode_of(out / "game.pdf"), same = inode_of(out / "same.png");
  write_file_atomic(staged / "game.pdf", "new pdf");
  write_file_atomic(staged / "same.png", "same bytes");
  write_file_atomic(staged / "cards" / "new.png", "new card");
  write_file_atomic(staged / "tts" / "sheet.jpg", "new sheet");
  write_file_atomic(staged / "manifest.json", "{}");
  const ino_t new_pdf = inode_of(staged / "game.pdf");

  commit_staged(staged, out);

  EXPECT_EQ(read_file(out / "game.pdf"), "new pdf");
  EXPECT_EQ(inode_of(out / "game.pdf"), new_pdf);  // the staged file itself, not a copy
  // The old file, whole, is where the new one was staged.
  EXPECT_EQ(read_file(staged / "game.pdf"), "old pdf");
  EXPECT_EQ(inode_of(staged / "game.pdf"), old_pdf);
  EXPECT_EQ(read_file(dir.path() / "old-pdf-link"), "old pdf");
  // The same bytes: the file in place kept (its inode, so its time).
  EXPECT_EQ(inode_of(out / "same.png"), same);
  EXPECT_EQ(read_file(out / "cards" / "new.png"), "new card");
  EXPECT_EQ(read_file(out / "manifest.json"), "{}");
  // The link is replaced by the file; what it pointed at is untouched.
  EXPECT_FALSE(fs::is_symlink(out / "tts" / "sheet.jpg"));
  EXPECT_EQ(read_file(out / "tts" / "sheet.jpg"), "new sheet");
  EXPECT_EQ(read_file(dir.path() / "elsewhere.txt"), "not ours");
}

// A folder where a file goes is neither replaced nor swept away: the move
// fails, naming it, as a rename over a folder does.
TEST(CommitStaged, AFolderInAFilesPlaceStays) {
  test::TempDir dir;
  const fs::path out = dir.path() / "out" / "game", staged = dir.path() / "stage" / "game";
  write_file_atomic(out / "game.pdf" / "inside.txt", "the user's");
  write_file_atomic(staged / "game.pdf", "new pdf");
  EXPECT_THROW(commit_staged(staged, out), std::runtime_error);
  EXPECT_EQ(read_file(out / "game.pdf" / "inside.txt"), "the user's");
  EXPECT_EQ(read_file(staged / "game.pdf"), "new pdf");
}

TEST(StagingFolder, IsRemovedBesideAndOnlyOnce) {
  test::TempDir dir;
  fs::path folder;
  {
    StagingFolder staging(dir.path() / "out");
    folder = staging.path();
    write_file_atomic(folder / "game" / "old.pdf", std::string(1 << 20, 'x'));
    std::future<void> removed = staging.remove_beside(true);
    if (removed.valid()) removed.get();
    EXPECT_FALSE(fs::exists(folder));
    // Made again by someone else before the staging folder's end: not
    // removed a second time.
    fs::create_directories(folder);
  }
  EXPECT_TRUE(fs::exists(folder));
  {
    StagingFolder staging(dir.path() / "out");
    folder = staging.path();
  }
  EXPECT_FALSE(fs::exists(folder));
}

}  // namespace
}  // namespace kw::infra
