#include "studio/tabletop_download.h"

#include <minizip/zip.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <set>
#include <vector>

#include "core/files.h"

namespace kw::studio {

namespace fs = std::filesystem;

namespace {

const std::set<std::string> kFormats{"tts", "ttpg", "screentop", "playingcards"};

// A name the URL may carry: letters, digits, '-', '_' and '.', not "." or "..".
bool plain(const std::string& name) {
  if (name.empty() || name == "." || name == ".." || name.size() > 100) return false;
  return std::all_of(name.begin(), name.end(), [](unsigned char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' ||
           c == '.';
  });
}

// The folder's regular files, relative, in order; symbolic links and other
// kinds left out. False (and `error`) past the bounds.
bool list_files(const fs::path& folder, std::vector<fs::path>& files, std::string& error) {
  size_t bytes = 0;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(folder, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec)) {
    const auto status = it->symlink_status(ec);
    if (ec || !fs::is_regular_file(status)) continue;  // a link, a folder, a device: not served
    bytes += it->file_size(ec);
    files.push_back(it->path().lexically_relative(folder));
    if (files.size() > kMaxTabletopFiles || bytes > kMaxTabletopBytes) {
      error = "the folder is larger than a download may be";
      return false;
    }
  }
  if (ec) {
    error = folder.string() + ": " + ec.message();
    return false;
  }
  std::sort(files.begin(), files.end());
  return true;
}

// minizip writes to a file by name: a scratch file of our own in the
// system's temporary folder, removed whatever happens.
struct Scratch {
  fs::path path;
  Scratch() {
    static std::atomic<unsigned> counter{0};
    path = fs::temp_directory_path() /
           ("kartenwerk-tabletop-" + std::to_string(::getpid()) + "-" + std::to_string(counter++) + ".zip");
  }
  ~Scratch() {
    std::error_code ec;
    fs::remove(path, ec);
  }
  Scratch(const Scratch&) = delete;
  Scratch& operator=(const Scratch&) = delete;
};

bool add_file(zipFile zip, const std::string& name, const std::string& bytes) {
  zip_fileinfo info{};
  info.tmz_date.tm_year = 1980;  // a fixed date: the same files, the same zip
  info.tmz_date.tm_mday = 1;
  // The images are compressed already: stored is as small and much faster.
  const bool image = name.ends_with(".jpg") || name.ends_with(".png");
  if (zipOpenNewFileInZip64(zip, name.c_str(), &info, nullptr, 0, nullptr, 0, nullptr, image ? 0 : Z_DEFLATED,
                            image ? 0 : Z_DEFAULT_COMPRESSION, bytes.size() >= 0xffffffffu ? 1 : 0) != ZIP_OK)
    return false;
  const bool written = zipWriteInFileInZip(zip, bytes.data(), static_cast<unsigned>(bytes.size())) == ZIP_OK;
  return zipCloseFileInZip(zip) == ZIP_OK && written;
}

}  // namespace

std::optional<fs::path> tabletop_folder(const fs::path& out, const TabletopRequest& request, std::string& error) {
  if (!kFormats.count(request.format)) {
    error = "'" + request.format + "' is no tabletop (tts, ttpg, screentop, playingcards)";
    return std::nullopt;
  }
  if (!plain(request.game) || (!request.language.empty() && !plain(request.language)) ||
      (!request.variant.empty() && !plain(request.variant))) {
    error = "malformed game, language or variant";
    return std::nullopt;
  }
  fs::path folder = out / request.game;
  if (!request.variant.empty()) folder /= request.variant;
  if (!request.language.empty()) folder /= request.language;
  return folder / request.format;
}

std::optional<std::string> tabletop_zip(const fs::path& out, const TabletopRequest& request, std::string& error) {
  auto folder = tabletop_folder(out, request, error);
  if (!folder) return std::nullopt;
  std::error_code ec;
  if (!fs::is_directory(fs::symlink_status(*folder, ec))) {
    error = folder->string() + " is not built: kartenwerk build --game " + request.game +
            (request.language.empty() ? "" : " --lang " + request.language) +
            (request.variant.empty() ? "" : " --variant " + request.variant) + " --tabletop " + request.format;
    return std::nullopt;
  }
  std::vector<fs::path> files;
  if (!list_files(*folder, files, error)) return std::nullopt;
  Scratch scratch;
  zipFile zip = zipOpen64(scratch.path.c_str(), APPEND_STATUS_CREATE);
  if (!zip) {
    error = "cannot write " + scratch.path.string();
    return std::nullopt;
  }
  bool ok = true;
  for (const fs::path& file : files) {
    auto bytes = read_file(*folder / file);
    ok = bytes && add_file(zip, request.format + "/" + file.generic_string(), *bytes);
    if (!ok) {
      error = (*folder / file).string() + ": cannot be read or zipped";
      break;
    }
  }
  if (zipClose(zip, nullptr) != ZIP_OK && ok) {
    error = "cannot finish " + scratch.path.string();
    ok = false;
  }
  if (!ok) return std::nullopt;
  auto zipped = read_file(scratch.path);
  if (!zipped) error = "cannot read " + scratch.path.string();
  return zipped;
}

}  // namespace kw::studio
