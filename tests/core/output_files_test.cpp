// Writing output files: whole, in pieces, through a library's file name, and
// scratch folders; nothing half-written under a real name.
#include "core/output_files.h"

#include <gtest/gtest.h>

#include <stdexcept>

#include "core/files.h"
#include "support/test_support.h"

namespace kw {
namespace {

namespace fs = std::filesystem;

size_t entries(const fs::path& dir) {
  return static_cast<size_t>(std::distance(fs::directory_iterator(dir), fs::directory_iterator()));
}

TEST(OutputFiles, WholeFilesGetTheirFolders) {
  test::TempDir dir;
  write_output(dir.path() / "a/b/c.txt", "bytes");
  EXPECT_EQ(read_file(dir.path() / "a/b/c.txt"), "bytes");
}

TEST(PendingFile, InvisibleUntilCommitted) {
  test::TempDir dir;
  fs::path file = dir.path() / "sub/out.pdf";
  PendingFile pending(file);
  pending.append("%PDF");
  pending.append("-1.7");
  EXPECT_FALSE(fs::exists(file));
  pending.commit();
  EXPECT_EQ(read_file(file), "%PDF-1.7");
  EXPECT_EQ(entries(file.parent_path()), 1u);
}

TEST(PendingFile, DroppedWithoutCommitLeavesTheOldFile) {
  test::TempDir dir;
  fs::path file = dir.path() / "out.pdf";
  write_output(file, "old");
  {
    PendingFile pending(file);
    pending.append("new, but the build failed");
  }
  EXPECT_EQ(read_file(file), "old");
  EXPECT_EQ(entries(dir.path()), 1u);
}

TEST(PendingFile, ALibraryWritesTheTemporaryByName) {
  test::TempDir dir;
  fs::path file = dir.path() / "out.txt";
  PendingFile pending(file);
  write_file_atomic(pending.temp_path(), "written by name");  // as qpdf would
  EXPECT_NE(pending.temp_path(), file);
  pending.commit();
  EXPECT_EQ(read_file(file), "written by name");
}

TEST(PendingFile, CommittingNothingIsAnError) {
  test::TempDir dir;
  PendingFile pending(dir.path() / "never.txt");
  EXPECT_THROW(pending.commit(), std::runtime_error);  // no temporary file to rename
}

TEST(ScratchFolder, RemovedWithItsFiles) {
  fs::path where;
  {
    ScratchFolder scratch;
    where = scratch.path();
    write_output(where / "intent.ps", "%!");
    install_output(where / "intent.ps", where / "copy.ps");
    EXPECT_EQ(read_file(where / "copy.ps"), "%!");
    ScratchFolder other;
    EXPECT_NE(other.path(), where);
  }
  EXPECT_FALSE(fs::exists(where));
}

}  // namespace
}  // namespace kw
