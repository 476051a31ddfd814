#include "infra/build_cache.h"

#include <algorithm>
#include <system_error>

#include "core/files.h"
#include "core/program_identity.h"
#include "project/input.h"

namespace kw::infra {

namespace fs = std::filesystem;

namespace {

bool is_hex_key(const std::string& key) {
  return key.size() == 64 &&
         std::all_of(key.begin(), key.end(), [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

// Record names come from game ids and output folders: hashed, so no name can
// reach outside the records folder.
std::string record_file(const std::string& name) { return kw::hex(kw::sha256(name)) + ".json"; }

}  // namespace

std::string cache_key(std::initializer_list<std::string_view> parts) {
  std::string text = program_identity();
  for (std::string_view p : parts) {
    text += std::to_string(p.size());
    text += ':';
    text += p;
  }
  return kw::hex(kw::sha256(text));
}

BuildCache::BuildCache(fs::path root, std::uintmax_t max_bytes) : root_(std::move(root)), max_bytes_(max_bytes) {}

fs::path BuildCache::object_path(const std::string& key) const {
  return root_ / "objects" / key.substr(0, 2) / key.substr(2);
}

std::optional<std::string> BuildCache::get(const std::string& key) const {
  if (!is_hex_key(key)) return std::nullopt;
  const fs::path file = object_path(key);
  auto bytes = read_file(file);
  if (bytes) {
    std::error_code ec;
    fs::last_write_time(file, fs::file_time_type::clock::now(), ec);  // used: pruned last
  }
  return bytes;
}

bool BuildCache::contains(const std::string& key) const {
  std::error_code ec;
  return is_hex_key(key) && fs::is_regular_file(object_path(key), ec);
}

void BuildCache::put(const std::string& key, std::string_view bytes) const {
  if (!is_hex_key(key) || bytes.size() > kMaxObjectBytes) return;
  try {
    write_file_atomic(object_path(key), bytes);
  } catch (const std::exception&) {
    // See the header: a cache that cannot be written is not an error.
  }
}

std::optional<std::string> BuildCache::record(const std::string& name) const {
  return read_file(root_ / "builds" / record_file(name));
}

void BuildCache::set_record(const std::string& name, std::string_view text) const {
  try {
    write_file_atomic(root_ / "builds" / record_file(name), text);
  } catch (const std::exception&) {
  }
}

std::uintmax_t BuildCache::prune() const {
  struct Entry {
    fs::file_time_type used;
    std::uintmax_t bytes;
    fs::path path;
  };
  std::vector<Entry> entries;
  std::uintmax_t total = 0;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(root_ / "objects", ec); !ec && it != fs::end(it); it.increment(ec)) {
    if (!it->is_regular_file(ec)) continue;
    Entry e{it->last_write_time(ec), it->file_size(ec), it->path()};
    total += e.bytes;
    entries.push_back(std::move(e));
  }
  if (total <= max_bytes_) return 0;
  std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) { return a.used < b.used; });
  std::uintmax_t removed = 0;
  for (const Entry& e : entries) {
    if (total - removed <= max_bytes_) break;
    if (fs::remove(e.path, ec)) removed += e.bytes;
  }
  return removed;
}

}  // namespace kw::infra
