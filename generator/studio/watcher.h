#pragma once
// Watches the project's source folders (data/, layouts/, templates/, fonts/)
// with inotify, recursively, new subfolders included, and reports the
// project paths that changed once a burst of events has been quiet for the
// debounce time (an editor's save is several events: write, rename, chmod).
//
// Only the project's own folders are watched: a symbolic link to a folder is
// a file here (its target, inside the project or not, is never listed or
// watched through it), a folder already watched is not watched again (bind
// mounts, loops), and the tree is bounded (kMaxDepth levels, kMaxFolders
// folders; past that a note, and the rest is not watched). The project
// folder itself is watched for its four folders, so one that is replaced as
// a whole (moved away and another moved in, or removed and made again) is
// watched anew, and one moved away is forgotten.
#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace kw::studio {

class Watcher {
 public:
  static constexpr std::chrono::milliseconds kDebounce{40};
  static constexpr int kMaxDepth = 32;
  static constexpr size_t kMaxFolders = 10000;

  // Throws std::runtime_error when inotify is not available.
  explicit Watcher(std::filesystem::path root,
                   const std::vector<std::string>& folders = {"data", "layouts", "templates", "fonts"});
  ~Watcher();
  Watcher(const Watcher&) = delete;
  Watcher& operator=(const Watcher&) = delete;

  // Waits up to `timeout` for changes; returns the changed project paths
  // ("data/games/palantir.yaml"), empty when none came.
  std::vector<std::string> wait(std::chrono::milliseconds timeout);

  // The project paths of the folders watched now (for tests and notes).
  std::vector<std::string> watched() const;
  // What the watcher left out (a folder past the bounds, a loop), one
  // sentence each since the last call.
  std::vector<std::string> take_notes();

 private:
  void watch_tree(const std::string& folder, int depth = 0);  // project path
  void forget(const std::string& folder);                     // it and everything under it
  // Reads the events waiting now; adds their paths to `changed`.
  void drain(std::vector<std::string>& changed);

  std::filesystem::path root_;
  std::vector<std::string> tops_;  // the folders watched under the root
  int fd_ = -1;
  int root_wd_ = -1;
  std::map<int, std::string> folders_;             // watch descriptor -> project path of the folder
  std::map<std::pair<dev_t, ino_t>, int> inodes_;  // folders watched, by file identity
  std::vector<std::string> notes_;
};

}  // namespace kw::studio
