// core/files: a failed write says why, as the system told it.
#include "core/files.h"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <thread>

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

// A device is written into, never replaced by a file renamed over it.
TEST(Files, ADeviceIsWrittenIntoNotReplaced) {
  struct stat before {};
  ASSERT_EQ(::stat("/dev/null", &before), 0);
  write_file_atomic("/dev/null", "bytes");
  struct stat after {};
  ASSERT_EQ(::stat("/dev/null", &after), 0);
  EXPECT_TRUE(S_ISCHR(after.st_mode));
  EXPECT_EQ(after.st_ino, before.st_ino);
  try {
    write_file_atomic("/dev/full", "bytes");
    FAIL() << "wrote to /dev/full";
  } catch (const std::exception& e) {
    EXPECT_EQ(std::string(e.what()), "cannot write /dev/full: No space left on device");
  }
}

// A name of one of our descriptors (what /dev/stdout is: a link to
// /proc/self/fd/1) that holds a regular file, as a shell's "> file" leaves
// it: written into the descriptor, after what it holds, and the link stays
// a link (a file renamed over /dev/stdout replaced the system's link).
TEST(Files, AnOwnDescriptorIsWrittenIntoWhereItStands) {
  test::TempDir dir;
  const std::filesystem::path redirected = dir.path() / "redirected.txt", stdout_link = dir.path() / "stdout";
  const int fd = ::open(redirected.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(::write(fd, "printed\n", 8), 8);
  const std::string own = "/proc/self/fd/" + std::to_string(fd);
  std::filesystem::create_symlink(own, stdout_link);
  EXPECT_EQ(own_descriptor(stdout_link), fd);
  EXPECT_EQ(own_descriptor("/dev/fd/" + std::to_string(fd)), fd);
  EXPECT_EQ(own_descriptor(redirected), std::nullopt);
  EXPECT_EQ(own_descriptor(dir.path() / "missing"), std::nullopt);
  write_file_atomic(stdout_link, "trace one\n");
  write_file_atomic(own, "trace two\n");
  ::close(fd);
  EXPECT_TRUE(std::filesystem::is_symlink(stdout_link)) << "the link was replaced";
  EXPECT_EQ(read_file(redirected), "printed\ntrace one\ntrace two\n");
  EXPECT_FALSE(std::filesystem::exists(dir.path() / ("stdout.tmp-" + std::to_string(::getpid()))));
  // A closed descriptor is an error that names the file, not a file made.
  try {
    write_file_atomic(stdout_link, "bytes");
    FAIL() << "wrote to a closed descriptor";
  } catch (const std::exception& e) {
    EXPECT_NE(std::string(e.what()).find("cannot write " + stdout_link.string()), std::string::npos) << e.what();
  }
  EXPECT_TRUE(std::filesystem::is_symlink(stdout_link));
  // Open for reading only: an error, the link kept.
  const int read_only = ::open(redirected.c_str(), O_RDONLY | O_CLOEXEC);
  ASSERT_GE(read_only, 0);
  const std::filesystem::path input_link = dir.path() / "input";
  std::filesystem::create_symlink("/proc/self/fd/" + std::to_string(read_only), input_link);
  EXPECT_EQ(own_descriptor(input_link), read_only);
  EXPECT_THROW(write_file_atomic(input_link, "bytes"), std::runtime_error);
  ::close(read_only);
  EXPECT_TRUE(std::filesystem::is_symlink(input_link));
  EXPECT_EQ(read_file(redirected), "printed\ntrace one\ntrace two\n");
}

TEST(Files, APipeIsWrittenIntoWhenSomeoneReadsIt) {
  test::TempDir dir;
  const auto pipe = dir.path() / "pipe";
  ASSERT_EQ(::mkfifo(pipe.c_str(), 0600), 0);
  try {
    write_file_atomic(pipe, "x");
    FAIL() << "wrote to a pipe nobody reads";
  } catch (const std::exception& e) {
    EXPECT_NE(std::string(e.what()).find("nobody reads that pipe"), std::string::npos) << e.what();
  }
  std::string read;
  std::thread reader([&] { read = *read_file(pipe); });
  // Until the reader has opened the pipe, a write finds nobody: try again
  // (no timing is asserted).
  for (int i = 0; i < 1000; ++i) {
    try {
      write_file_atomic(pipe, "through the pipe");
      break;
    } catch (const std::exception&) {
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
  }
  reader.join();
  EXPECT_EQ(read, "through the pipe");
  EXPECT_TRUE(std::filesystem::is_fifo(std::filesystem::symlink_status(pipe)));
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir.path()), std::filesystem::directory_iterator()), 1);
}

TEST(Files, ASocketIsRefused) {
  test::TempDir dir;
  const auto socket_path = dir.path() / "s";
  int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  std::snprintf(addr.sun_path, sizeof addr.sun_path, "%s", socket_path.c_str());
  ASSERT_EQ(::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr), 0);
  EXPECT_THROW(write_file_atomic(socket_path, "x"), std::runtime_error);
  ::close(fd);
  EXPECT_TRUE(is_special_file(socket_path));
  EXPECT_FALSE(is_special_file(dir.path()));
}

// Whole files, whatever fstat says of their size: an empty one is empty (not
// missing), one past a read block comes whole, and a file the kernel sizes
// 0 (/proc) is read to its end.
TEST(Files, ReadFileReadsToTheEndWhateverTheSize) {
  test::TempDir dir;
  write_file_atomic(dir.path() / "empty", "");
  EXPECT_EQ(read_file(dir.path() / "empty"), "");
  std::string large(300000, 'x');
  large[123456] = 'y';
  write_file_atomic(dir.path() / "large", large);
  EXPECT_EQ(read_file(dir.path() / "large"), large);
  const auto status = read_file("/proc/self/status");
  ASSERT_TRUE(status);
  EXPECT_NE(status->find("\nPid:"), std::string::npos);
  EXPECT_FALSE(read_file(dir.path() / "missing"));
}

// plain_below gives what lexically_relative gives for a plain path below the
// folder, and nothing where only lexically_relative can say.
TEST(Files, PlainBelowIsTheTextAfterTheFolderOfAPlainPathOnly) {
  EXPECT_EQ(plain_below("/out/bench/cards/01-a.png", "/out/bench/"), "cards/01-a.png");
  EXPECT_EQ(plain_below("out/x", "out/"), "x");
  EXPECT_FALSE(plain_below("/out/bench/../x.png", "/out/bench/"));   // not plain
  EXPECT_FALSE(plain_below("/out/bench/./x.png", "/out/bench/"));    // not plain
  EXPECT_FALSE(plain_below("/out/benchmark/x.png", "/out/bench/"));  // another folder
  EXPECT_FALSE(plain_below("/out/bench/", "/out/bench/"));           // the folder itself
  EXPECT_FALSE(plain_below("/out/bench/x", "/out/bench"));           // a folder without its '/'
  EXPECT_FALSE(plain_below("/out/bench/x", ""));
}

}  // namespace
}  // namespace kw
