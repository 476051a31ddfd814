// core/files: a failed write says why, as the system told it.
#include "core/files.h"

#include <gtest/gtest.h>

#include <cerrno>
#include <filesystem>

#include "support/test_support.h"

namespace kw {
namespace {

TEST(Files, AFailedWriteSaysWhy) {
  errno = ENOSPC;
  EXPECT_EQ(io_failure_reason(), ": No space left on device");
  errno = 0;
  EXPECT_EQ(io_failure_reason(), "");
}

TEST(Files, WritingIntoAFolderThatIsAFileNamesTheReason) {
  test::TempDir dir;
  write_file_atomic(dir.path() / "plain", "x");
  try {
    write_file_atomic(dir.path() / "plain" / "below", "y");
    FAIL() << "wrote below a file";
  } catch (const std::exception& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("plain"), std::string::npos) << what;
  }
}

}  // namespace
}  // namespace kw
