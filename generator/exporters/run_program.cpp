#include "exporters/run_program.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>

namespace kw::exporters {

namespace {

// The read end of a pipe that the child's stdout and stderr write into.
struct Pipe {
  int read = -1, write = -1;
  Pipe() {
    int fds[2];
    // Close-on-exec: the child keeps only the copies dup2'd onto 1 and 2.
    if (::pipe2(fds, O_CLOEXEC) != 0) throw std::runtime_error("pipe: " + std::string(std::strerror(errno)));
    read = fds[0];
    write = fds[1];
  }
  ~Pipe() {
    if (read >= 0) ::close(read);
    if (write >= 0) ::close(write);
  }
  void close_write() {
    ::close(write);
    write = -1;
  }
};

struct FileActions {
  posix_spawn_file_actions_t actions;
  FileActions() { posix_spawn_file_actions_init(&actions); }
  ~FileActions() { posix_spawn_file_actions_destroy(&actions); }
};

int wait_for(pid_t pid) {
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

}  // namespace

ProgramResult run_program(const std::vector<std::string>& argv) {
  if (argv.empty()) throw std::invalid_argument("run_program without a program");
  Pipe pipe;
  FileActions files;
  posix_spawn_file_actions_addopen(&files.actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&files.actions, pipe.write, 1);
  posix_spawn_file_actions_adddup2(&files.actions, pipe.write, 2);
  std::vector<char*> args;
  args.reserve(argv.size());
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  // The program gets an environment of its own, not ours: only where to find
  // it and the C locale. What it reads from the environment (Ghostscript's
  // GS_OPTIONS, GS_LIB, a locale or time zone) would otherwise change what it
  // measures, and so the files, without being an input of the build.
  const char* search = std::getenv("PATH");
  std::string path_var = std::string("PATH=") + (search && *search ? search : "/usr/local/bin:/usr/bin:/bin");
  std::string locale_var = "LC_ALL=C";
  std::array<char*, 3> env{path_var.data(), locale_var.data(), nullptr};
  pid_t pid = 0;
  int error = ::posix_spawnp(&pid, args[0], &files.actions, nullptr, args.data(), env.data());
  pipe.close_write();
  ProgramResult result;
  if (error != 0) {
    result.status = 127;
    result.output = "cannot run " + argv[0] + ": " + std::strerror(error) + "\n";
    return result;
  }
  char buf[4096];
  ssize_t n;
  while ((n = ::read(pipe.read, buf, sizeof buf)) != 0) {
    if (n > 0)
      result.output.append(buf, static_cast<size_t>(n));
    else if (errno != EINTR)
      break;
  }
  result.status = wait_for(pid);
  return result;
}

}  // namespace kw::exporters
