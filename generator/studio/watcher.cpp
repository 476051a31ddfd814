#include "studio/watcher.h"

#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace kw::studio {

namespace {

constexpr uint32_t kEvents = IN_CLOSE_WRITE | IN_MODIFY | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO |
                             IN_DELETE_SELF | IN_MOVE_SELF | IN_ATTRIB;
// Never through a symbolic link, only folders.
constexpr uint32_t kFlags = IN_DONT_FOLLOW | IN_ONLYDIR;

// Whether the poll on `fd` saw events within `ms`.
bool readable(int fd, int ms) {
  pollfd p{fd, POLLIN, 0};
  int n = ::poll(&p, 1, ms);
  return n > 0 && (p.revents & POLLIN);
}

bool below(const std::string& path, const std::string& folder) {
  return path == folder || path.rfind(folder + "/", 0) == 0;
}

}  // namespace

Watcher::Watcher(std::filesystem::path root, const std::vector<std::string>& folders)
    : root_(std::move(root)), tops_(folders) {
  fd_ = ::inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
  if (fd_ < 0) throw std::runtime_error(std::string("cannot watch the project folder: ") + std::strerror(errno));
  // The project folder itself, for its four folders coming and going.
  root_wd_ = ::inotify_add_watch(fd_, root_.c_str(), IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | kFlags);
  for (const auto& f : tops_) watch_tree(f);
}

Watcher::~Watcher() {
  if (fd_ >= 0) ::close(fd_);
}

void Watcher::watch_tree(const std::string& folder, int depth) {
  const std::filesystem::path dir = root_ / folder;
  struct stat st {};
  // lstat: a symbolic link is not a folder here, wherever it leads.
  if (::lstat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) return;
  const auto identity = std::make_pair(st.st_dev, st.st_ino);
  if (auto seen = inodes_.find(identity); seen != inodes_.end() && folders_.count(seen->second)) {
    if (folders_[seen->second] != folder)
      notes_.push_back(folder + " is " + folders_[seen->second] + " again (a bind mount or a loop): watched once");
    return;
  }
  if (depth > kMaxDepth) {
    notes_.push_back(folder + " lies deeper than " + std::to_string(kMaxDepth) + " folders: not watched");
    return;
  }
  if (folders_.size() >= kMaxFolders) {
    notes_.push_back("more than " + std::to_string(kMaxFolders) + " folders: " + folder + " is not watched");
    return;
  }
  const int wd = ::inotify_add_watch(fd_, dir.c_str(), kEvents | kFlags);
  if (wd < 0) return;  // out of watches: the rest of the tree is not watched, the studio still works
  folders_[wd] = folder;
  inodes_[identity] = wd;
  // The folder's entries, without following links: O_NOFOLLOW on the
  // folder, and d_type/lstat for each entry.
  const int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (dfd < 0) return;
  DIR* d = ::fdopendir(dfd);
  if (!d) {
    ::close(dfd);
    return;
  }
  std::vector<std::string> children;
  while (const dirent* e = ::readdir(d)) {
    const std::string name = e->d_name;
    if (name == "." || name == "..") continue;
    bool is_dir = e->d_type == DT_DIR;
    if (e->d_type == DT_UNKNOWN) {
      struct stat cst {};
      is_dir = ::fstatat(dfd, e->d_name, &cst, AT_SYMLINK_NOFOLLOW) == 0 && S_ISDIR(cst.st_mode);
    }
    if (is_dir) children.push_back(name);
  }
  ::closedir(d);
  std::sort(children.begin(), children.end());
  for (const auto& child : children) watch_tree(folder + "/" + child, depth + 1);
}

void Watcher::forget(const std::string& folder) {
  for (auto it = folders_.begin(); it != folders_.end();) {
    if (below(it->second, folder)) {
      ::inotify_rm_watch(fd_, it->first);
      for (auto in = inodes_.begin(); in != inodes_.end();)
        in = in->second == it->first ? inodes_.erase(in) : std::next(in);
      it = folders_.erase(it);
    } else {
      ++it;
    }
  }
}

void Watcher::drain(std::vector<std::string>& changed) {
  alignas(inotify_event) char buffer[16 * 1024];
  for (;;) {
    ssize_t n = ::read(fd_, buffer, sizeof buffer);
    if (n <= 0) return;  // EAGAIN: nothing more now
    for (char* at = buffer; at < buffer + n;) {
      const auto* e = reinterpret_cast<const inotify_event*>(at);
      at += sizeof(inotify_event) + e->len;
      if (e->mask & IN_Q_OVERFLOW) {  // events were lost: everything may have changed
        for (const auto& f : tops_) {
          forget(f);
          watch_tree(f);
          changed.push_back(f);
        }
        continue;
      }
      const std::string name = e->len ? std::string(e->name) : std::string();
      if (e->wd == root_wd_) {
        if (std::find(tops_.begin(), tops_.end(), name) == tops_.end()) continue;  // output/, .git/, ...
        forget(name);  // gone, replaced, or new: watched afresh below
        if (e->mask & (IN_CREATE | IN_MOVED_TO)) watch_tree(name);
        changed.push_back(name);
        continue;
      }
      auto folder = folders_.find(e->wd);
      if (folder == folders_.end()) continue;
      std::string path = folder->second + (e->len ? "/" + name : "");
      if (e->mask & IN_IGNORED) {
        folders_.erase(folder);
        continue;
      }
      // A folder moved away keeps its watch (inotify follows the inode):
      // it is not the project's any more.
      if (e->mask & IN_MOVE_SELF) {
        const std::string moved = folder->second;
        forget(moved);
        changed.push_back(moved);
        continue;
      }
      if ((e->mask & IN_ISDIR) && (e->mask & (IN_MOVED_FROM | IN_DELETE))) forget(path);
      // A new folder (created, or moved in whole): watch it and what it holds.
      if ((e->mask & IN_ISDIR) && (e->mask & (IN_CREATE | IN_MOVED_TO))) watch_tree(path);
      changed.push_back(std::move(path));
    }
  }
}

std::vector<std::string> Watcher::wait(std::chrono::milliseconds timeout) {
  std::vector<std::string> changed;
  if (!readable(fd_, static_cast<int>(timeout.count()))) return changed;
  // Debounce: keep reading until the folder has been quiet for kDebounce.
  do drain(changed);
  while (readable(fd_, static_cast<int>(kDebounce.count())));
  std::sort(changed.begin(), changed.end());
  changed.erase(std::unique(changed.begin(), changed.end()), changed.end());
  return changed;
}

std::vector<std::string> Watcher::watched() const {
  std::vector<std::string> out;
  for (const auto& [wd, path] : folders_) out.push_back(path);
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> Watcher::take_notes() { return std::exchange(notes_, {}); }

}  // namespace kw::studio
