#pragma once
// The build manifest, output/<game>/manifest.json: every file a build
// produced with its size and SHA-256, and the hash of the input it came from,
// so a print file can be traced to the exact data, layouts, art and fonts.
//
// The input is the project tree a build reads: every file under data/,
// layouts/, templates/ and fonts/ (symlinked folders followed), plus the
// generator's version and the build options that change output. Its hash is
// the SHA-256 of the text
//     kartenwerk <version>\n
//     options <options>\n
//     <sha256>  <path>\n      one line per input file, sorted by path
// so anyone can recompute it with sha256sum.
#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace kw::print {

// SHA-256 (OpenSSL's libcrypto) as 64 lower-case hex digits.
std::string sha256_hex(std::string_view bytes);
// Of a file, read in chunks. Throws std::runtime_error when it cannot be read.
std::string sha256_file(const std::filesystem::path& file);

struct ManifestEntry {
  std::string path;  // relative, with '/'
  std::uintmax_t bytes = 0;
  std::string sha256;
};

struct InputSnapshot {
  std::string sha256;                // the input hash (see above)
  std::string options;               // as hashed
  std::vector<ManifestEntry> files;  // relative to the project root, sorted
};

// Hashes the input tree under `root` (data/, layouts/, templates/, fonts/).
InputSnapshot snapshot_inputs(const std::filesystem::path& root, const std::string& options);

// Writes dir/manifest.json (atomically) listing `written` (paths under
// `dir`, hashed from disk now; listed sorted, each once) and the input.
// Returns the manifest's path.
std::filesystem::path write_manifest(const std::filesystem::path& dir, const std::string& game_id,
                                     const std::string& language, const InputSnapshot& input,
                                     std::span<const std::filesystem::path> written);

// JSON string literal for `s` (quotes, backslashes and control characters escaped).
std::string json_string(std::string_view s);

}  // namespace kw::print
