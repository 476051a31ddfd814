#pragma once
// SHA-256 (OpenSSL's libcrypto): of bytes, as a raw digest (what content
// keys and fingerprints are made of), and of bytes and files as 64
// lower-case hex digits (what sha256sum prints). The one implementation:
// inputs, fingerprints, caches and manifests all hash through it.
#include <array>
#include <cstdint>
#include <filesystem>
#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

struct evp_md_ctx_st;  // OpenSSL's EVP_MD_CTX

namespace kw {

using Sha256 = std::array<std::uint8_t, 32>;
Sha256 sha256(std::string_view bytes);
// The digest of the pieces one after the other (no copy of them joined).
// A name of its own: a braced sha256({p, q}) must not mean either.
Sha256 sha256_of_pieces(std::initializer_list<std::string_view> pieces);
// The first `digits` (at most 64) lower-case hex digits of `hash`.
std::string hex_prefix(const Sha256& hash, size_t digits);
std::string hex(const Sha256& hash);  // lower-case, 64 digits
// The digest 64 lower-case hex digits spell (what hex() gives); nullopt for
// any other text.
std::optional<Sha256> from_hex(std::string_view digits);

std::string sha256_hex(std::string_view bytes);

// A digest of bytes given piece by piece (a file read or written in
// chunks). A copy goes on from where the original is.
class Sha256Stream {
 public:
  Sha256Stream();
  Sha256Stream(const Sha256Stream& other);
  Sha256Stream& operator=(const Sha256Stream&) = delete;
  void update(std::string_view bytes);
  // The digest of the bytes so far; the stream goes on.
  Sha256 so_far() const;
  // The digest; the stream ends.
  Sha256 finish();

 private:
  std::unique_ptr<evp_md_ctx_st, void (*)(evp_md_ctx_st*)> ctx_;
};

// A file's size and hash, read once in chunks.
struct FileDigest {
  std::uintmax_t bytes = 0;
  std::string sha256;
};
// Throws std::runtime_error when the file cannot be read.
FileDigest digest_file(const std::filesystem::path& file);
std::string sha256_file(const std::filesystem::path& file);

}  // namespace kw
