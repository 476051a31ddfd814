#pragma once
// Products taken from the build cache (infra/build_cache.h): a file,
// or a set of files made together (a PDF and the shop PDFs cut from it, the
// TTS sheets), kept under one key and written back on a hit. Files whose
// bytes did not change are not rewritten, so their modification times say
// what a build really changed.
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "infra/build_cache.h"

namespace kw::products {

// Writes `bytes` to `file` (atomically) unless it already holds exactly them.
void write_if_changed(const std::filesystem::path& file, std::string_view bytes);

// The files made by `make` (which appends what it wrote under `dir` to its
// argument), from the cache under `key` when there, else made and kept.
// `cache` null: always made. Appends the files to `written`.
void cached_files(const infra::BuildCache* cache, const std::string& key, const std::filesystem::path& dir,
                  const std::function<void(std::vector<std::filesystem::path>&)>& make,
                  std::vector<std::filesystem::path>& written);

// The bundle format, exposed for tests: files under `dir` as one string, and
// back. unbundle() refuses (returns false, writes nothing) a bundle that is
// damaged or names a file outside `dir`.
std::string bundle(const std::vector<std::filesystem::path>& files, const std::filesystem::path& dir);
bool unbundle(std::string_view bytes, const std::filesystem::path& dir, std::vector<std::filesystem::path>& written);

}  // namespace kw::products
