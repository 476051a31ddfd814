#include "infra/staging.h"

#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <fstream>
#include <regex>
#include <string>
#include <system_error>
#include <vector>

#include "core/output_files.h"
#include "core/parallel.h"

namespace kw::infra {

namespace fs = std::filesystem;

namespace {

// Whether process `pid` may still be running (our own is).
bool running(long pid) {
  if (pid <= 0) return true;  // not a name we made: leave it
  if (pid == static_cast<long>(::getpid())) return true;
  return ::kill(static_cast<pid_t>(pid), 0) == 0 || errno != ESRCH;
}

// The pid at the start of a staging folder's name ("<pid>-<n>"); 0 if none.
long staging_pid(const std::string& name) {
  static const std::regex pattern(R"((\d{1,9})-\d+)");
  std::smatch m;
  return std::regex_match(name, m, pattern) ? std::stol(m[1]) : 0;
}

// The pid in a temporary file's name ("x.png.tmp-<pid>[-<n>]",
// "x.pdf.tmp-boxes-<pid>"); 0 if it is not one.
long temp_pid(const std::string& name) {
  // Most names are a product's: the sweep asks for every file of a game's
  // folder (10,000 at 5,000 cards), and the regular expression cost 5 ms.
  if (name.find(".tmp-") == std::string::npos) return 0;
  static const std::regex pattern(R"(.+\.tmp-(?:boxes-)?(\d{1,9})(?:-\d+)?)");
  std::smatch m;
  return std::regex_match(name, m, pattern) ? std::stol(m[1]) : 0;
}

bool is_link(const fs::path& p) {
  std::error_code ec;
  return fs::is_symlink(fs::symlink_status(p, ec));
}

// A symbolic link inside --out (planted there by anything else) is not
// followed for writes: the folders from `base` down to `base / rel` must
// be real folders. The final file may be a link: rename replaces the link
// itself, never its target.
void refuse_links(const fs::path& base, const fs::path& rel) {
  fs::path at = base;
  for (const auto& part : rel.parent_path()) {
    at /= part;
    if (is_link(at))
      throw std::runtime_error(at.string() +
                               " is a symbolic link; kartenwerk does not write through symbolic links inside --out "
                               "(remove it)");
  }
}

bool same_bytes(const fs::path& a, const fs::path& b) {
  std::error_code ec;
  if (is_link(b)) return false;  // replaced by the new file, its target never read
  if (!fs::is_regular_file(b, ec) || fs::file_size(a, ec) != fs::file_size(b, ec) || ec) return false;
  std::ifstream fa(a, std::ios::binary), fb(b, std::ios::binary);
  if (!fa || !fb) return false;
  std::vector<char> ba(1 << 16), bb(1 << 16);
  for (;;) {
    fa.read(ba.data(), static_cast<std::streamsize>(ba.size()));
    fb.read(bb.data(), static_cast<std::streamsize>(bb.size()));
    if (fa.gcount() != fb.gcount()) return false;
    if (!std::equal(ba.begin(), ba.begin() + fa.gcount(), bb.begin())) return false;
    if (!fa || !fb) return fa.eof() && fb.eof();
  }
}

// Set by the handler, read by the build's threads: lock-free, so both
// async-signal-safe and free of data races.
std::atomic<int> g_signal{0};
static_assert(std::atomic<int>::is_always_lock_free);
struct sigaction g_old_int, g_old_term;
bool g_installed = false;

extern "C" void on_interrupt(int sig) { g_signal.store(sig, std::memory_order_relaxed); }

// Installs the handler for `sig` unless the signal is ignored (nohup, a
// background job): then it stays ignored.
void install(int sig, struct sigaction& old) {
  ::sigaction(sig, nullptr, &old);
  if (old.sa_handler == SIG_IGN) return;
  struct sigaction sa {};
  sa.sa_handler = on_interrupt;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESETHAND;  // a second Ctrl-C ends the process at once
  ::sigaction(sig, &sa, nullptr);
}

}  // namespace

fs::path staging_root(const fs::path& out_dir) { return out_dir / ".kartenwerk-staging"; }

StagingFolder::StagingFolder(const fs::path& out_dir) {
  static std::atomic<unsigned> counter{0};
  const fs::path root = staging_root(out_dir);
  if (is_link(root))
    throw std::runtime_error(root.string() +
                             " is a symbolic link; kartenwerk does not write through symbolic links inside --out "
                             "(remove it)");
  for (int attempt = 0;; ++attempt) {
    // Another build may remove the (empty) root between the two calls.
    fs::create_directories(root);
    path_ = root / (std::to_string(::getpid()) + "-" + std::to_string(counter++));
    std::error_code ec;
    if (fs::create_directory(path_, ec)) return;  // false: left by a process with our pid
    if (ec && (ec != std::errc::no_such_file_or_directory || attempt > 100))
      throw std::runtime_error("cannot create " + path_.string() + ": " + ec.message());
  }
}

namespace {

void remove_staging(const fs::path& folder) {
  std::error_code ec;
  fs::remove_all(folder, ec);
  fs::remove(folder.parent_path(), ec);  // only when empty: other builds may be staging
}

}  // namespace

StagingFolder::~StagingFolder() {
  if (!path_.empty()) remove_staging(path_);
}

std::future<void> StagingFolder::remove_beside(bool beside) {
  std::future<void> removed;
  if (beside) removed = start_beside([folder = path_] { remove_staging(folder); });
  if (!removed.valid()) remove_staging(path_);
  path_.clear();
  return removed;
}

namespace {

// Puts the staged file `from` in place of `to`. When `to` is a regular file
// the two are swapped (renameat2 RENAME_EXCHANGE, atomic like a rename): the
// old file then leaves with the staging folder instead of being freed inside
// the rename, which waited about 6 ms per 7 MB on ext4 (a one-card edit of
// 5,000 cards replaces five such files, one after the other, at the end of
// its build). The new file's writeback is started first, as ext4 does
// itself before a rename over a file (auto_da_alloc), so that a crash soon
// after leaves the old bytes or the new ones, not an empty file. Else (no
// file there, a file system or sandbox that cannot swap) a plain rename.
void put_in_place(const fs::path& from, const fs::path& to, std::error_code& ec) {
  struct stat there {};
  if (::lstat(to.c_str(), &there) == 0 && S_ISREG(there.st_mode)) {
    if (const int fd = ::open(from.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW); fd >= 0) {
      ::sync_file_range(fd, 0, 0, SYNC_FILE_RANGE_WRITE);  // a hint: its failure changes nothing
      ::close(fd);
    }
    if (::renameat2(AT_FDCWD, from.c_str(), AT_FDCWD, to.c_str(), RENAME_EXCHANGE) == 0) {
      // What came back must be the file seen there: something else put in
      // its place meanwhile (a folder) goes back, and the move fails, as a
      // rename over it would; it is never swept away with the staging folder.
      struct stat back {};
      if (::lstat(from.c_str(), &back) == 0 && S_ISREG(back.st_mode)) return;
      ::renameat2(AT_FDCWD, from.c_str(), AT_FDCWD, to.c_str(), RENAME_EXCHANGE);
      ec = std::make_error_code(std::errc::is_a_directory);
      return;
    }
  }
  fs::rename(from, to, ec);
}

}  // namespace

void commit_staged(const fs::path& staged, const fs::path& target) {
  std::vector<fs::path> files;
  for (const auto& e : fs::recursive_directory_iterator(staged))
    if (e.is_regular_file()) files.push_back(e.path().lexically_relative(staged));
  // Sorted, manifest.json last: until it is in place, the old one stands.
  std::sort(files.begin(), files.end(), [](const fs::path& a, const fs::path& b) {
    const bool ma = a == "manifest.json", mb = b == "manifest.json";
    return ma != mb ? mb : a < b;
  });
  // Every target checked before the first is moved: a refused one leaves
  // the earlier output whole. The game folder itself counts too.
  const fs::path game_dir = target.has_filename() ? target : target.parent_path();  // "out/game/" too
  for (const fs::path& rel : files) refuse_links(game_dir.parent_path(), game_dir.filename() / rel);
  for (const fs::path& rel : files) {
    const fs::path from = staged / rel, to = target / rel;
    if (same_bytes(from, to)) continue;
    fs::create_directories(to.parent_path());
    std::error_code ec;
    put_in_place(from, to, ec);
    if (ec == std::errc::cross_device_link) {
      install_output(from, to);  // --out spans file systems: copied, then renamed
    } else if (ec) {
      throw std::runtime_error("cannot move into place: " + to.string() + ": " + ec.message());
    }
  }
}

void remove_leftovers(const fs::path& out_dir, std::span<const fs::path> game_dirs) {
  std::error_code ec;
  const fs::path root = staging_root(out_dir);
  if (!is_link(root) && fs::is_directory(root, ec)) {
    const auto week_ago = fs::file_time_type::clock::now() - std::chrono::hours(24 * 7);
    for (const auto& e : fs::directory_iterator(root, ec)) {
      const long pid = staging_pid(e.path().filename().string());
      if (pid == 0) continue;
      std::error_code time_ec;
      const bool old = e.last_write_time(time_ec) < week_ago && !time_ec && pid != ::getpid();
      if (!running(pid) || old) {
        std::error_code rm;
        fs::remove_all(e.path(), rm);
      }
    }
    fs::remove(root, ec);  // only when empty
  }
  for (const fs::path& dir : game_dirs) {
    if (is_link(dir) || !fs::is_directory(dir, ec)) continue;  // never swept through a link
    fs::recursive_directory_iterator it(dir, fs::directory_options::skip_permission_denied, ec), end;
    for (; !ec && it != end; it.increment(ec)) {
      if (!it->is_regular_file(ec)) continue;
      const long pid = temp_pid(it->path().filename().string());
      if (pid != 0 && !running(pid)) {
        std::error_code rm;
        fs::remove(it->path(), rm);
      }
    }
  }
}

void install_interrupt_handlers() {
  g_signal = 0;
  install(SIGINT, g_old_int);
  install(SIGTERM, g_old_term);
  g_installed = true;
}

void restore_interrupt_handlers() {
  if (!g_installed) return;
  ::sigaction(SIGINT, &g_old_int, nullptr);
  ::sigaction(SIGTERM, &g_old_term, nullptr);
  g_installed = false;
}

int interrupt_signal() { return g_signal.load(std::memory_order_relaxed); }

void throw_if_interrupted() {
  if (interrupt_signal() != 0) throw Interrupted();
}

}  // namespace kw::infra
