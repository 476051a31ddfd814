#pragma once
// Products taken from the build cache (infra/build_cache.h): a file,
// or a set of files made together (a PDF and the shop PDFs cut from it, the
// TTS sheets), kept under one key and written back on a hit. Files whose
// bytes did not change are not rewritten, so their modification times say
// what a build really changed.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/files.h"
#include "core/sha256.h"
#include "infra/build_cache.h"

namespace kw::products {

// Writes `bytes` to `file` (atomically) unless it already holds exactly them.
void write_if_changed(const std::filesystem::path& file, std::string_view bytes);

// Product files a build left in place. A build writes into a staging folder
// whose files are moved into the output folder (infra/staging.h); a file
// not staged stays there as the last build left it. Whether it still holds
// what the cache keeps under `key` is told by what stat says of it (size,
// modification time in nanoseconds, inode: the move into place keeps them,
// a file changed by hand changes them), as the last build recorded it with
// `key` and the SHA-256 of the bytes. A file found so is neither read from
// the cache nor written again: reading, hashing and rewriting every kept
// file was most of a one-card edit of a large deck (the cards' PNGs and
// JPEGs, 240 MB at 1000 cards; the TTS sheets, 50 MB). The stamps of a
// game's folder are one build record of the cache, read once and kept by
// save(): a small object per file cost a cache lookup per file on every
// build. (A file found by its stamp does not touch its cache object, so a
// full cache drops the objects of files long in place first: making such a
// file again costs a rendering, never a wrong file.)
// Thread-safe.
class FilesInPlace {
 public:
  // `staged_dir`: the folder this build writes into; `final_dir`: where its
  // files end up (empty: they are written in place); `folder`: the
  // (staged) folder whose files these are, one record each. `cache` null:
  // no file is ever found in place.
  FilesInPlace(const infra::BuildCache* cache, std::filesystem::path staged_dir, std::filesystem::path final_dir,
               const std::filesystem::path& folder);
  FilesInPlace(const FilesInPlace&) = delete;
  FilesInPlace& operator=(const FilesInPlace&) = delete;
  const infra::BuildCache* cache() const { return cache_; }
  // Where the file this build would write at `staged` ends up, and back.
  std::filesystem::path final_path(const std::filesystem::path& staged) const;
  std::filesystem::path staged_path(const std::filesystem::path& final) const;
  // The digest of the bytes made under `key`, when the file at `staged`'s
  // final place holds them: by its stamp, or else (an older cache, a file
  // the move into place kept because the staged one had the same bytes) by
  // reading it and comparing with the cache's hash of the bytes, after which
  // it is stamped.
  std::optional<FileDigest> find(const std::string& key, const std::filesystem::path& staged) const;
  // Whether the file at `staged`'s final place is the one the last build
  // stamped with `key` (its stamp only: nothing is read).
  bool stamped(const std::string& key, const std::filesystem::path& staged) const;
  // Whether the last build recorded the bytes of `key` at `staged`'s final
  // place: its record only, the file not even looked at. A guess, for
  // ordering work (find() decides): a stat per card file was 20 ms before
  // the first card of a 5,000-card edit could start.
  bool recorded(const std::string& key, const std::filesystem::path& staged) const;
  // `file` (staged) was just written with the bytes `digest` names, known
  // to its writer (hashed on the way out): files_in_place takes that digest
  // instead of reading the file again, as long as stat says of the file
  // what it says now.
  void wrote(const std::filesystem::path& file, const FileDigest& digest) const;
  // Whether the file at `staged`'s final place (not `staged` itself) holds
  // the bytes `digest` names: by the SHA-256 the last build stamped it with
  // while stat still says what it said then, else by reading it. (A PDF made
  // again was compared by reading the one in place: 15 MB read and hashed
  // after every edit of a 5,000-card game.)
  bool holds(const std::filesystem::path& staged, const FileDigest& digest) const;
  // The digest the last build stamped the file at `staged`'s final place
  // with, while stat says of it what it said then (nothing is read); else
  // nullopt.
  std::optional<FileDigest> stamped_digest(const std::filesystem::path& staged) const;
  // The digest of `file` (staged): as wrote() was told when the file is as
  // it was then, else read from it.
  FileDigest digest_of(const std::filesystem::path& file) const;
  // Writes `bytes`, made under `key`, for `staged`: staged, unless the file
  // at its final place already holds exactly them (then it stays as it is
  // and is stamped). Their digest.
  FileDigest write(const std::string& key, const std::filesystem::path& staged, std::string_view bytes) const;
  // `file` (staged, or at its final place) now holds the bytes made under
  // `key`, whose digest is `digest`: found in place by the next build.
  void remember(const std::string& key, const std::filesystem::path& file, const FileDigest& digest) const;
  // The files the last build made together under `key` (a game PDF and its
  // side PDFs), as staged paths with their digests, when every one is still
  // in place by its stamp; else nullopt.
  std::optional<std::vector<std::pair<std::filesystem::path, FileDigest>>> take_group(const std::string& key) const;
  // The stamps of the files this build found in place by their stamp (not
  // written or moved since: what stat says of them now), by final path.
  void add_found(std::unordered_map<std::string, FileStamp>& out) const;
  // Keeps the stamps for the next build (when any changed); with
  // `only_used`, of the files this build found or wrote only (a build of the
  // whole folder: the others are gone or are no product any more).
  void save(bool only_used) const;

  // A file's stamp: the product it holds (key_of its key) and the SHA-256
  // of its bytes, and what stat said of it. Raw digests, not their hex: a
  // build of 10,000 cards holds 20,000 stamps at its end, when its memory
  // peaks (3 MB less).
  struct Stamp {
    Sha256 key{}, sha256{};
    FileStamp file;
    bool used = false;   // by this build (not kept)
    bool found = false;  // by this build, in place by its stamp (not written)
  };
  // The record's format, exposed for tests: stamps by final path, and back
  // (nullopt: not a record this wrote).
  static std::string pack(const std::map<std::string, Stamp>& stamps);
  // A product's key as a stamp holds it: the digest a key of 64 hex digits
  // spells (a cache key), else a SHA-256 of the key's text (never the same
  // as a hex key's).
  static Sha256 key_of(std::string_view key);
  static std::optional<std::map<std::string, Stamp>> unpack(std::string_view bytes);

 private:
  const infra::BuildCache* cache_;
  std::filesystem::path staged_dir_, final_dir_;
  std::string staged_prefix_;  // staged_dir_, normal, with a trailing '/' ("" when none)
  std::string record_name_;
  mutable std::mutex mutex_;
  mutable std::map<std::string, Stamp> stamps_;  // under mutex_, by final path
  // under mutex_: what wrote() was told, by staged path, with the file's stat then
  mutable std::unordered_map<std::string, std::pair<FileStamp, FileDigest>> wrote_;
  mutable bool changed_ = false;  // under mutex_
};

// The files made by `make` (which appends what it wrote under `dir` to its
// argument), from the cache under `key` when there, else made and kept.
// `cache` null: always made. Appends the files to `written`.
void cached_files(const infra::BuildCache* cache, const std::string& key, const std::filesystem::path& dir,
                  const std::function<void(std::vector<std::filesystem::path>&)>& make,
                  std::vector<std::filesystem::path>& written);

// The same for files that are each made from parts the cache keeps (the
// PDFs: pdf_parts.h), so that making them again costs little: taken as the
// last build left them when `in_place` finds every one by its stamp, else
// made, hashed once and stamped. Nothing goes into the cache: a bundle of
// the game PDF and its side PDFs was 16 MB at 5,000 cards, put into the
// cache on every edit, and twice that in memory while it was. `known` gets
// each file's digest (the manifest's). `in_place` without a cache: always
// made.
void files_in_place(const FilesInPlace& in_place, const std::string& key,
                    const std::function<void(std::vector<std::filesystem::path>&)>& make,
                    const std::function<void(const std::filesystem::path&, const FileDigest&)>& known,
                    std::vector<std::filesystem::path>& written);

// The bundle format, exposed for tests: files under `dir` as one string, and
// back. unbundle() refuses (returns false, writes nothing) a bundle that is
// damaged or names a file outside `dir`.
std::string bundle(const std::vector<std::filesystem::path>& files, const std::filesystem::path& dir);
bool unbundle(std::string_view bytes, const std::filesystem::path& dir, std::vector<std::filesystem::path>& written);

}  // namespace kw::products
