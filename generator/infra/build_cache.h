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
//
// What is found there is checked before it is used, since a cache folder
// outlives the program that wrote it and may be damaged, copied about or
// tampered with: every object carries a header with its own key, its size
// and the SHA-256 of its bytes, and is served only when it is a regular
// file (not a link, a pipe, a device; opened without following links on
// the way, each folder of its path included) whose header matches the key
// asked for and whose bytes have that size and hash. Anything else is
// removed, the caller renders the object again, and the build says so
// (notes()). A record is read the same way and parsed strictly
// (build_record.h).
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kw::infra {

// SHA-256 (hex) of the program identity (as its own SHA-256) and `parts`,
// each length-prefixed.
std::string cache_key(std::initializer_list<std::string_view> parts);

class BuildCache {
 public:
  // Objects larger than this are not kept (a board at 600 dpi); the folder is
  // trimmed to `max_bytes` by prune(), least recently used first, or to a
  // quarter more than the most one build put, when that is larger.
  static constexpr std::uintmax_t kMaxObjectBytes = 64u << 20;
  static constexpr std::uintmax_t kDefaultMaxBytes = 2ull << 30;
  static constexpr std::uintmax_t kMaxRecordBytes = 16u << 20;

  explicit BuildCache(std::filesystem::path root, std::uintmax_t max_bytes = kDefaultMaxBytes);
  const std::filesystem::path& root() const { return root_; }

  // The object under `key` as it was put, or nullopt (none, or one that
  // failed its checks: then removed and noted). A hit marks the object as used.
  std::optional<std::string> get(const std::string& key) const;
  // Whether a regular file is kept under `key` (without reading it; get()
  // may still refuse it).
  bool contains(const std::string& key) const;
  // What the object under `key` says of its bytes (their SHA-256 in hex and
  // their number), from its header alone: for a caller that holds bytes to
  // compare already (a card's file left by the last build) and needs the
  // object's bytes only when they differ. The bytes are neither read nor
  // checked: a caller must not take this for the object. nullopt when
  // there is no object of `key` with a readable header. A hit marks the
  // object as used.
  struct Digest {
    std::string sha256;
    std::uint64_t bytes = 0;
  };
  std::optional<Digest> digest(const std::string& key) const;
  // Keeps `bytes` under `key`. Never throws: a cache that cannot be written
  // (full disk, read-only folder) only makes the next build slower.
  void put(const std::string& key, std::string_view bytes) const;

  // The record of a build (see BuildRecord), by the name of what was built:
  // the bytes of a regular file of at most kMaxRecordBytes, else nullopt.
  std::optional<std::string> record(const std::string& name) const;
  void set_record(const std::string& name, std::string_view text) const;

  // Removes the least recently used objects until the folder holds at most
  // its limit: max_bytes, or a quarter more than the most one build put
  // (kept in the record below; at most kMostPutTimes max_bytes), whichever
  // is larger; a cache smaller than what one build of the project puts
  // loses, by the end of each whole build, what the next edit needs. The
  // figure is the folder's, shared by every project built into it, and it
  // does not shrink: deleting the folder starts it anew. Returns the bytes
  // removed.
  //
  // Walking the folder stats every object (35,000 at 1000 cards, a seventh of
  // a second of system time), so it is not walked on every build: a cache
  // that put nothing leaves it alone (the builds that put objects prune
  // themselves), and the last walk's total is kept (a record) with the bytes
  // put since added to it by each build; the folder is walked again when that
  // estimate would pass the limit, or after kPruneWalkEvery builds that put
  // something (two builds adding to it at once may lose one's bytes).
  std::uintmax_t prune() const;
  static constexpr unsigned kPruneWalkEvery = 64;
  static constexpr std::uintmax_t kMostPutTimes = 4;
  // Bytes of the objects this BuildCache put (their files, headers included).
  std::uintmax_t bytes_put() const { return bytes_put_; }

  // What was found odd and ignored since the last call, one sentence each
  // ("object 3fa1…: its bytes do not match its hash"); thread-safe.
  void note(std::string what) const;
  std::vector<std::string> take_notes() const;

  // The object file's bytes for `key` and `bytes` (header and bytes), for tests.
  static std::string object_bytes(const std::string& key, std::string_view bytes);
  // The bytes an object file holds for `key`, when its header names `key`
  // and its bytes agree with the header; else nullopt and `why` (the check
  // get() makes on what it read; exposed for tests and fuzzing).
  static std::optional<std::string> unpack_object(std::string_view file, const std::string& key, std::string& why);
  std::filesystem::path object_path(const std::string& key) const;

 private:
  std::filesystem::path root_;
  std::uintmax_t max_bytes_;
  mutable std::mutex notes_mutex_;
  mutable std::vector<std::string> notes_;
  mutable std::atomic<std::uintmax_t> bytes_put_{0};
};

}  // namespace kw::infra
