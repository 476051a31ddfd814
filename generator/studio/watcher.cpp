#include "studio/watcher.h"

#include <poll.h>
#include <sys/inotify.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace kw::studio {

namespace {

constexpr uint32_t kEvents = IN_CLOSE_WRITE | IN_MODIFY | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO |
                             IN_DELETE_SELF | IN_MOVE_SELF | IN_ATTRIB;

// Whether the poll on `fd` saw events within `ms`.
bool readable(int fd, int ms) {
  pollfd p{fd, POLLIN, 0};
  int n = ::poll(&p, 1, ms);
  return n > 0 && (p.revents & POLLIN);
}

}  // namespace

Watcher::Watcher(std::filesystem::path root, const std::vector<std::string>& folders) : root_(std::move(root)) {
  fd_ = ::inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
  if (fd_ < 0) throw std::runtime_error(std::string("cannot watch the project folder: ") + std::strerror(errno));
  for (const auto& f : folders) watch_tree(f);
}

Watcher::~Watcher() {
  if (fd_ >= 0) ::close(fd_);
}

void Watcher::watch_tree(const std::string& folder) {
  std::error_code ec;
  const auto dir = root_ / folder;
  if (!std::filesystem::is_directory(dir, ec)) return;
  int wd = ::inotify_add_watch(fd_, dir.c_str(), kEvents);
  if (wd < 0) return;  // out of watches: the rest of the tree is not watched, the studio still works
  folders_[wd] = folder;
  for (std::filesystem::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
    if (it->is_directory(ec)) watch_tree(folder + "/" + it->path().filename().string());
}

void Watcher::drain(std::vector<std::string>& changed) {
  alignas(inotify_event) char buffer[16 * 1024];
  for (;;) {
    ssize_t n = ::read(fd_, buffer, sizeof buffer);
    if (n <= 0) return;  // EAGAIN: nothing more now
    for (char* at = buffer; at < buffer + n;) {
      const auto* e = reinterpret_cast<const inotify_event*>(at);
      at += sizeof(inotify_event) + e->len;
      auto folder = folders_.find(e->wd);
      if (folder == folders_.end()) continue;
      std::string path = folder->second + (e->len ? "/" + std::string(e->name) : "");
      if (e->mask & IN_IGNORED) folders_.erase(folder);
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

}  // namespace kw::studio
