#pragma once
// Transactional builds. A game is built into a staging folder inside the
// output folder (<out>/.kartenwerk-staging/<pid>-<n>/, on the same file
// system, so moving a file into place is a rename), and its files are moved
// into place only when the whole game succeeded: a build that fails (a
// render-time error included) or is interrupted leaves every earlier output
// and manifest.json as they were. What a killed build left behind (staging
// folders, *.tmp-<pid> files) is removed by the next build, once the process
// that made it is gone.
#include <filesystem>
#include <future>
#include <span>
#include <stdexcept>

namespace kw::infra {

// The folder staging folders are made in: <out>/.kartenwerk-staging.
std::filesystem::path staging_root(const std::filesystem::path& out_dir);

// A fresh staging folder, removed with everything in it on destruction.
class StagingFolder {
 public:
  explicit StagingFolder(const std::filesystem::path& out_dir);
  ~StagingFolder();
  StagingFolder(const StagingFolder&) = delete;
  StagingFolder& operator=(const StagingFolder&) = delete;
  const std::filesystem::path& path() const { return path_; }
  // Removes the folder now, on a thread of its own with `beside` (-j above
  // 1) when one can be had: once its files are in place, what is left is
  // the old files they replaced (commit_staged), whose freeing is the file
  // system's waiting, not work. The future waits for it when destroyed; the
  // folder is not removed again.
  std::future<void> remove_beside(bool beside);

 private:
  std::filesystem::path path_;
};

// Moves every file under `staged` to the same relative path under `target`:
// a file whose bytes `target` already holds is left untouched (its time
// says it did not change), manifest.json is moved last. A file it replaces
// is swapped into `staged` (removed with it), not freed on the way. Throws
// std::runtime_error naming the file that could not be moved.
void commit_staged(const std::filesystem::path& staged, const std::filesystem::path& target);

// Removes what killed builds left: staging folders under staging_root(out)
// whose process is no longer running (or that are over a week old), and
// *.tmp-<pid>[-<n>] / *.tmp-boxes-<pid> files under each of `game_dirs` whose
// process is gone. Never a folder or file of a build still running. Errors
// are ignored (a leftover stays for the next build).
void remove_leftovers(const std::filesystem::path& out_dir, std::span<const std::filesystem::path> game_dirs);

// Ctrl-C and kill: SIGINT and SIGTERM set a flag (the handler does nothing
// else: async-signal-safe) that the build checks between cards and products;
// a second signal of the same kind ends the process at once (the next build
// removes what it left). A signal ignored before (nohup) stays ignored.
// Until restore_interrupt_handlers().
void install_interrupt_handlers();
void restore_interrupt_handlers();
// The signal received since install_interrupt_handlers(), or 0.
int interrupt_signal();

// Thrown by throw_if_interrupted().
struct Interrupted : std::runtime_error {
  Interrupted() : std::runtime_error("interrupted") {}
};
void throw_if_interrupted();

}  // namespace kw::infra
