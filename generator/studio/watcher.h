#pragma once
// Watches the project's source folders (data/, layouts/, templates/, fonts/)
// with inotify, recursively, new subfolders included, and reports the
// project paths that changed once a burst of events has been quiet for the
// debounce time (an editor's save is several events: write, rename, chmod).
#include <chrono>
#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace kw::studio {

class Watcher {
 public:
  static constexpr std::chrono::milliseconds kDebounce{40};

  // Throws std::runtime_error when inotify is not available.
  explicit Watcher(std::filesystem::path root,
                   const std::vector<std::string>& folders = {"data", "layouts", "templates", "fonts"});
  ~Watcher();
  Watcher(const Watcher&) = delete;
  Watcher& operator=(const Watcher&) = delete;

  // Waits up to `timeout` for changes; returns the changed project paths
  // ("data/games/palantir.yaml"), empty when none came.
  std::vector<std::string> wait(std::chrono::milliseconds timeout);

 private:
  void watch_tree(const std::string& folder);  // project path
  // Reads the events waiting now; adds their paths to `changed`.
  void drain(std::vector<std::string>& changed);

  std::filesystem::path root_;
  int fd_ = -1;
  std::map<int, std::string> folders_;  // watch descriptor -> project path of the folder
};

}  // namespace kw::studio
