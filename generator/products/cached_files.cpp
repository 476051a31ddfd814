#include "products/cached_files.h"

#include <sys/stat.h>

#include <cstdint>
#include <stdexcept>

#include "core/files.h"
#include "core/output_files.h"
#include "core/sha256.h"
#include "infra/build_cache.h"

namespace kw::products {

namespace fs = std::filesystem;

namespace {

void put_u64(std::string& out, std::uint64_t v) {
  for (int i = 0; i < 8; ++i) out += static_cast<char>((v >> (8 * i)) & 0xFF);
}

bool get_u64(std::string_view& in, std::uint64_t& v) {
  if (in.size() < 8) return false;
  v = 0;
  for (int i = 0; i < 8; ++i) v |= std::uint64_t(static_cast<unsigned char>(in[i])) << (8 * i);
  in.remove_prefix(8);
  return true;
}

bool get_bytes(std::string_view& in, std::string_view& out) {
  std::uint64_t n = 0;
  if (!get_u64(in, n) || n > in.size()) return false;
  out = in.substr(0, n);
  in.remove_prefix(n);
  return true;
}

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

FilesInPlace::FilesInPlace(const infra::BuildCache* cache, fs::path staged_dir, fs::path final_dir)
    : cache_(cache), staged_dir_(std::move(staged_dir)), final_dir_(std::move(final_dir)) {}

fs::path FilesInPlace::final_path(const fs::path& staged) const {
  if (final_dir_.empty()) return staged;
  const fs::path relative = staged.lexically_normal().lexically_relative(staged_dir_.lexically_normal());
  // A path outside the staging folder is already where it ends up.
  if (relative.empty() || *relative.begin() == "..") return staged;
  return final_dir_ / relative;
}

std::optional<std::pair<std::string, std::uintmax_t>> FilesInPlace::stamp(const std::string& key, const fs::path& file,
                                                                         const fs::path& there) {
  struct stat st {};
  if (::lstat(file.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return std::nullopt;
  const long long ns = static_cast<long long>(st.st_mtim.tv_sec) * 1000000000LL + st.st_mtim.tv_nsec;
  const auto size = static_cast<std::uintmax_t>(st.st_size);
  return std::pair{infra::cache_key({"file in place", key, there.string(), std::to_string(size), std::to_string(ns),
                                     std::to_string(st.st_ino)}),
                   size};
}

std::optional<FileDigest> FilesInPlace::find(const std::string& key, const fs::path& staged) const {
  if (!cache_) return std::nullopt;
  const fs::path there = final_path(staged);
  const auto found = stamp(key, there, there);
  if (!found) return std::nullopt;  // no regular file there (a link is not followed)
  if (auto sha = cache_->get(found->first); sha && sha->size() == 64) return FileDigest{found->second, std::move(*sha)};
  const auto kept = cache_->digest(key);
  if (!kept || kept->bytes != found->second) return std::nullopt;
  const auto bytes = read_file(there);
  if (!bytes || sha256_hex(*bytes) != kept->sha256) return std::nullopt;
  FileDigest digest{bytes->size(), kept->sha256};
  remember(key, there, digest);
  return digest;
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
  if (const auto found = stamp(key, file, final_path(file)); found && found->second == digest.bytes)
    cache_->put(found->first, digest.sha256);
}

std::string bundle(const std::vector<fs::path>& files, const fs::path& dir) {
  std::string out(kMagic);
  put_u64(out, files.size());
  for (const fs::path& file : files) {
    const std::string name = file.lexically_relative(dir).generic_string();
    auto bytes = read_file(file);
    if (!bytes || !stays_inside(name)) throw std::runtime_error("cannot keep " + file.string() + " in the cache");
    put_u64(out, name.size());
    out += name;
    put_u64(out, bytes->size());
    out += *bytes;
  }
  return out;
}

bool unbundle(std::string_view in, const fs::path& dir, std::vector<fs::path>& written) {
  if (!in.starts_with(kMagic)) return false;
  in.remove_prefix(kMagic.size());
  std::uint64_t count = 0;
  if (!get_u64(in, count) || count > in.size()) return false;
  std::vector<std::pair<fs::path, std::string_view>> files;
  for (std::uint64_t i = 0; i < count; ++i) {
    std::string_view name, bytes;
    if (!get_bytes(in, name) || !get_bytes(in, bytes)) return false;
    const fs::path relative(name);
    if (!stays_inside(relative)) return false;
    files.emplace_back(dir / relative, bytes);
  }
  if (!in.empty()) return false;
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

}  // namespace kw::products
