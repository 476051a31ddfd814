#include "products/cached_files.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <stdexcept>

#include "core/binary_record.h"
#include "core/files.h"
#include "core/output_files.h"
#include "core/sha256.h"
#include "infra/build_cache.h"

namespace kw::products {

namespace fs = std::filesystem;

namespace {

// A relative path below the folder: no root, no "..", no empty part.
bool stays_inside(const fs::path& relative) {
  if (relative.empty() || relative.is_absolute() || relative.has_root_name()) return false;
  for (const auto& part : relative)
    if (part == ".." || part == "." || part.empty()) return false;
  return true;
}

constexpr std::string_view kMagic = "kartenwerk bundle 1\n";

}  // namespace

void write_if_changed(const fs::path& file, std::string_view bytes) {
  std::error_code ec;
  if (fs::is_regular_file(file, ec) && fs::file_size(file, ec) == bytes.size()) {
    auto old = read_file(file);
    if (old && *old == bytes) return;
  }
  write_output(file, bytes);
}

namespace {

// A sealed record of our own (core/binary_record.h). 3: raw digests; 4: sealed.
constexpr std::string_view kStampsMagic = "kartenwerk files in place 4\n";

}  // namespace

FilesInPlace::FilesInPlace(const infra::BuildCache* cache, fs::path staged_dir, fs::path final_dir,
                           const fs::path& folder)
    : cache_(cache), staged_dir_(std::move(staged_dir)), final_dir_(std::move(final_dir)) {
  if (!staged_dir_.empty()) {
    staged_prefix_ = staged_dir_.lexically_normal().native();
    if (!staged_prefix_.ends_with('/')) staged_prefix_ += '/';
  }
  if (!cache_) return;
  std::error_code ec;
  const fs::path where = fs::absolute(final_path(folder), ec).lexically_normal();
  if (ec) {  // no record to share with another folder's
    cache_ = nullptr;
    return;
  }
  // A build record (named, rewritten by each build), not an object: objects
  // never change once written.
  record_name_ = "files in place " + where.string();
  if (auto bytes = cache_->record(record_name_))
    if (auto stamps = unpack(*bytes)) stamps_ = std::move(*stamps);
}

fs::path FilesInPlace::final_path(const fs::path& staged) const {
  if (final_dir_.empty()) return staged;
  // A plain path in the staging folder (every product's) by its text: the
  // two lexically_* passes below were a sixth of a 5,000-card edit's work
  // on the cards the cache has (three calls a card).
  if (const auto below = plain_below(staged.native(), staged_prefix_)) return final_dir_ / *below;
  const fs::path relative = staged.lexically_normal().lexically_relative(staged_dir_.lexically_normal());
  // A path outside the staging folder is already where it ends up.
  if (relative.empty() || *relative.begin() == "..") return staged;
  return final_dir_ / relative;
}

fs::path FilesInPlace::staged_path(const fs::path& final) const {
  if (final_dir_.empty()) return final;
  const fs::path relative = final.lexically_normal().lexically_relative(final_dir_.lexically_normal());
  // A path outside the final folder was written where it ends up.
  if (relative.empty() || *relative.begin() == "..") return final;
  return staged_dir_ / relative;
}

namespace {

bool same_file(const FilesInPlace::Stamp& was, const Sha256& key, const FileStamp& now) {
  return was.key == key && was.file == now;
}

std::string_view bytes_of(const Sha256& digest) {
  return {reinterpret_cast<const char*>(digest.data()), digest.size()};
}

std::optional<Sha256> digest_of_bytes(std::string_view s) {
  if (s.size() != Sha256{}.size()) return std::nullopt;
  Sha256 out{};
  std::memcpy(out.data(), s.data(), out.size());
  return out;
}

}  // namespace

bool FilesInPlace::stamped(const std::string& key, const fs::path& staged) const {
  if (!cache_) return false;
  const fs::path there = final_path(staged);
  const auto now = file_stamp(there);
  std::lock_guard lock(mutex_);
  const auto it = stamps_.find(there.native());
  return now && it != stamps_.end() && same_file(it->second, key_of(key), *now);
}

bool FilesInPlace::recorded(const std::string& key, const fs::path& staged) const {
  if (!cache_) return false;
  const fs::path there = final_path(staged);
  std::lock_guard lock(mutex_);
  const auto it = stamps_.find(there.native());
  return it != stamps_.end() && it->second.key == key_of(key);
}

std::optional<FileDigest> FilesInPlace::find(const std::string& key, const fs::path& staged) const {
  if (!cache_) return std::nullopt;
  const fs::path there = final_path(staged);
  const auto now = file_stamp(there);
  if (!now) return std::nullopt;  // no regular file there (a link is not followed)
  {
    std::lock_guard lock(mutex_);
    if (auto it = stamps_.find(there.native()); it != stamps_.end() && same_file(it->second, key_of(key), *now)) {
      it->second.used = it->second.found = true;
      return FileDigest{it->second.file.bytes, kw::hex(it->second.sha256)};
    }
  }
  const auto kept = cache_->digest(key);
  if (!kept || kept->bytes != now->bytes) return std::nullopt;
  const auto bytes = read_file(there);
  if (!bytes || sha256_hex(*bytes) != kept->sha256) return std::nullopt;
  FileDigest digest{bytes->size(), kept->sha256};
  remember(key, there, digest);
  return digest;
}

void FilesInPlace::wrote(const fs::path& file, const FileDigest& digest) const {
  const auto stamp = file_stamp(file);
  if (!stamp || stamp->bytes != digest.bytes) return;
  std::lock_guard lock(mutex_);
  wrote_.insert_or_assign(file.native(), std::pair{*stamp, digest});
}

FileDigest FilesInPlace::digest_of(const fs::path& file) const {
  {
    std::lock_guard lock(mutex_);
    if (const auto it = wrote_.find(file.native()); it != wrote_.end()) {
      const auto [stamp, digest] = it->second;
      wrote_.erase(it);
      if (file_stamp(file) == std::optional<FileStamp>(stamp)) return digest;
    }
  }
  return digest_file(file);
}

std::optional<FileDigest> FilesInPlace::stamped_digest(const fs::path& staged) const {
  if (!cache_) return std::nullopt;
  const fs::path there = final_path(staged);
  const auto now = file_stamp(there);  // a regular file, not through a link
  if (!now) return std::nullopt;
  std::lock_guard lock(mutex_);
  const auto it = stamps_.find(there.native());
  if (it == stamps_.end() || it->second.file != *now) return std::nullopt;
  return FileDigest{now->bytes, kw::hex(it->second.sha256)};
}

bool FilesInPlace::holds(const fs::path& staged, const FileDigest& digest) const {
  const fs::path there = final_path(staged);
  if (there == staged) return false;
  if (const auto stamped = stamped_digest(staged))
    return stamped->bytes == digest.bytes && stamped->sha256 == digest.sha256;
  const auto now = file_stamp(there);
  return now && now->bytes == digest.bytes && digest_file(there).sha256 == digest.sha256;
}

FileDigest FilesInPlace::write(const std::string& key, const fs::path& staged, std::string_view bytes) const {
  FileDigest digest{bytes.size(), sha256_hex(bytes)};
  const fs::path there = final_path(staged);
  std::error_code ec;
  if (there != staged && fs::symlink_status(there, ec).type() == fs::file_type::regular &&
      fs::file_size(there, ec) == bytes.size() && !ec) {
    if (auto old = read_file(there); old && *old == bytes) {
      remember(key, there, digest);
      return digest;
    }
  }
  write_if_changed(staged, bytes);
  remember(key, staged, digest);
  return digest;
}

void FilesInPlace::remember(const std::string& key, const fs::path& file, const FileDigest& digest) const {
  if (!cache_) return;
  const auto stamp = file_stamp(file);
  const auto sha256 = kw::from_hex(digest.sha256);
  if (!stamp || stamp->bytes != digest.bytes || !sha256) return;
  std::lock_guard lock(mutex_);
  stamps_[final_path(file).string()] = Stamp{key_of(key), *sha256, *stamp, /*used=*/true};
  changed_ = true;
}

std::optional<std::vector<std::pair<fs::path, FileDigest>>> FilesInPlace::take_group(const std::string& key) const {
  if (!cache_) return std::nullopt;
  std::lock_guard lock(mutex_);
  std::vector<std::pair<fs::path, FileDigest>> group;
  std::vector<Stamp*> stamps;
  const Sha256 wanted = key_of(key);
  for (auto& [there, stamp] : stamps_) {
    if (stamp.key != wanted) continue;
    const auto now = file_stamp(there);
    if (!now || !same_file(stamp, wanted, *now)) return std::nullopt;
    group.emplace_back(staged_path(there), FileDigest{stamp.file.bytes, kw::hex(stamp.sha256)});
    stamps.push_back(&stamp);
  }
  if (group.empty()) return std::nullopt;
  for (Stamp* s : stamps) s->used = s->found = true;
  return group;
}

void FilesInPlace::add_found(std::unordered_map<std::string, FileStamp>& out) const {
  std::lock_guard lock(mutex_);
  for (const auto& [there, stamp] : stamps_)
    if (stamp.found) out.emplace(there, stamp.file);
}

void FilesInPlace::save(bool only_used) const {
  std::lock_guard lock(mutex_);
  if (only_used && std::erase_if(stamps_, [](const auto& entry) { return !entry.second.used; }) > 0) changed_ = true;
  if (!cache_ || !changed_) return;
  cache_->set_record(record_name_, pack(stamps_));
  changed_ = false;
}

Sha256 FilesInPlace::key_of(std::string_view key) {
  if (auto digest = kw::from_hex(key)) return *digest;
  // Another text (tests name keys so) is hashed with a prefix, so that it
  // never meets the hex key that spells its hash.
  return kw::sha256("text key\n" + std::string(key));
}

std::string FilesInPlace::pack(const std::map<std::string, Stamp>& stamps) {
  // Sized first: grown by doubling, the record of 10,000 cards (3 MB) held
  // twice its size and a copy at the build's end, when its memory peaks.
  size_t size = kStampsMagic.size() + 65 + 8;
  for (const auto& [path, s] : stamps) size += 7 * 8 + path.size() + s.key.size() + s.sha256.size();
  BinaryWriter w;
  w.reserve(size);
  w.begin_sealed(kStampsMagic);
  w.u64(stamps.size());
  for (const auto& [path, s] : stamps) {
    w.text(path);
    w.text(bytes_of(s.key));
    w.text(bytes_of(s.sha256));
    w.u64(s.file.bytes);
    w.u64(static_cast<std::uint64_t>(s.file.mtime_ns));
    w.u64(s.file.inode);
    w.u64(s.file.device);
  }
  return w.take_sealed();
}

std::optional<std::map<std::string, FilesInPlace::Stamp>> FilesInPlace::unpack(std::string_view bytes) {
  const auto body = sealed_body(bytes, kStampsMagic);
  if (!body) return std::nullopt;
  BinaryReader r(*body);
  std::map<std::string, Stamp> stamps;
  for (size_t i = 0, count = r.count(7 * 8); i < count && r.ok(); ++i) {
    const std::string_view path = r.text_view(), key = r.text_view(), sha = r.text_view();
    const std::uint64_t size = r.u64(), mtime = r.u64(), inode = r.u64(), device = r.u64();
    const auto key_digest = digest_of_bytes(key), sha_digest = digest_of_bytes(sha);
    if (!r.ok() || !key_digest || !sha_digest) return std::nullopt;
    stamps[std::string(path)] = {*key_digest, *sha_digest,
                                 FileStamp{size, static_cast<long long>(mtime), inode, device}};
  }
  if (!r.done()) return std::nullopt;
  return stamps;
}

std::string bundle(const std::vector<fs::path>& files, const fs::path& dir) {
  BinaryWriter w;
  w.raw(kMagic);
  w.u64(files.size());
  for (const fs::path& file : files) {
    const std::string name = file.lexically_relative(dir).generic_string();
    auto bytes = read_file(file);
    if (!bytes || !stays_inside(name)) throw std::runtime_error("cannot keep " + file.string() + " in the cache");
    w.text(name);
    w.text(*bytes);
  }
  return w.take();
}

bool unbundle(std::string_view in, const fs::path& dir, std::vector<fs::path>& written) {
  if (!in.starts_with(kMagic)) return false;
  BinaryReader r(in.substr(kMagic.size()));
  std::vector<std::pair<fs::path, std::string_view>> files;
  for (size_t i = 0, count = r.count(16); i < count && r.ok(); ++i) {
    const std::string_view name = r.text_view(), bytes = r.text_view();
    const fs::path relative(name);
    if (!r.ok() || !stays_inside(relative)) return false;
    files.emplace_back(dir / relative, bytes);
  }
  if (!r.done()) return false;
  for (const auto& [file, bytes] : files) {
    write_if_changed(file, bytes);
    written.push_back(file);
  }
  return true;
}

void cached_files(const infra::BuildCache* cache, const std::string& key, const fs::path& dir,
                  const std::function<void(std::vector<fs::path>&)>& make, std::vector<fs::path>& written) {
  if (cache) {
    if (auto hit = cache->get(key); hit && unbundle(*hit, dir, written)) return;
  }
  std::vector<fs::path> made;
  make(made);
  if (cache) cache->put(key, bundle(made, dir));
  written.insert(written.end(), made.begin(), made.end());
}

void files_in_place(const FilesInPlace& in_place, const std::string& key,
                    const std::function<void(std::vector<fs::path>&)>& make,
                    const std::function<void(const fs::path&, const FileDigest&)>& known,
                    std::vector<fs::path>& written) {
  if (auto kept = in_place.take_group(key)) {
    for (const auto& [file, digest] : *kept) {
      known(file, digest);
      written.push_back(file);
    }
    return;
  }
  std::vector<fs::path> made;
  make(made);
  for (const fs::path& file : made) {
    const FileDigest digest = in_place.digest_of(file);
    // Bytes the final place already holds are not moved there (the staging
    // keeps that file, its stamp): that file is stamped, else the group
    // would never be found in place again.
    const bool kept = in_place.holds(file, digest);
    in_place.remember(key, kept ? in_place.final_path(file) : file, digest);
    known(file, digest);
  }
  written.insert(written.end(), made.begin(), made.end());
}

}  // namespace kw::products
