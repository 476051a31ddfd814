#include "products/cached_files.h"

#include <cstdint>
#include <stdexcept>

#include "core/files.h"
#include "core/output_files.h"
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
