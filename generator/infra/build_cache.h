#pragma once
// The build cache (.kartenwerk-cache/ in the project): renderings and build
// records kept across runs, so that a build after a small edit renders only
// what the edit reached.
//
// Objects are content addressed: a key is the SHA-256 of everything that
// decides the object's bytes (the page's fingerprint, the format and its
// settings, the program identity), so an entry is either exactly right or
// never looked up; nothing is ever invalidated. Files are written beside
// their place and renamed into it, so two builds running at once can share
// the folder: the worst case is that both render the same card.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kw::infra {

// SHA-256 (hex) of the program identity and `parts`, each length-prefixed.
std::string cache_key(std::initializer_list<std::string_view> parts);

class BuildCache {
 public:
  // Objects larger than this are not kept (a board at 600 dpi); the folder is
  // trimmed to `max_bytes` by prune(), least recently used first.
  static constexpr std::uintmax_t kMaxObjectBytes = 64u << 20;
  static constexpr std::uintmax_t kDefaultMaxBytes = 2ull << 30;

  explicit BuildCache(std::filesystem::path root, std::uintmax_t max_bytes = kDefaultMaxBytes);
  const std::filesystem::path& root() const { return root_; }

  // The object under `key`, or nullopt. A hit marks the object as used.
  std::optional<std::string> get(const std::string& key) const;
  // Whether an object is kept under `key` (without reading it).
  bool contains(const std::string& key) const;
  // Keeps `bytes` under `key`. Never throws: a cache that cannot be written
  // (full disk, read-only folder) only makes the next build slower.
  void put(const std::string& key, std::string_view bytes) const;

  // The record of a build (see BuildRecord), by the name of what was built.
  std::optional<std::string> record(const std::string& name) const;
  void set_record(const std::string& name, std::string_view text) const;

  // Removes the least recently used objects until the folder holds at most
  // max_bytes. Returns the bytes removed.
  std::uintmax_t prune() const;

 private:
  std::filesystem::path object_path(const std::string& key) const;
  std::filesystem::path root_;
  std::uintmax_t max_bytes_;
};

}  // namespace kw::infra
