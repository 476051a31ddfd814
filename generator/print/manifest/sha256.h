#pragma once
// SHA-256 (OpenSSL's libcrypto) of bytes and files, as 64 lower-case hex
// digits: what sha256sum prints.
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

namespace kw::print {

std::string sha256_hex(std::string_view bytes);

// A file's size and hash, read once in chunks.
struct FileDigest {
  std::uintmax_t bytes = 0;
  std::string sha256;
};
// Throws std::runtime_error when the file cannot be read.
FileDigest digest_file(const std::filesystem::path& file);
std::string sha256_file(const std::filesystem::path& file);

}  // namespace kw::print
