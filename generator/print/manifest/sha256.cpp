#include "print/manifest/sha256.h"

#include <openssl/evp.h>

#include <array>
#include <fstream>
#include <memory>
#include <stdexcept>

namespace kw::print {

namespace {

class Sha256 {
 public:
  Sha256() : ctx_(EVP_MD_CTX_new(), &EVP_MD_CTX_free) {
    if (!ctx_ || EVP_DigestInit_ex(ctx_.get(), EVP_sha256(), nullptr) != 1)
      throw std::runtime_error("SHA-256 is not available (OpenSSL)");
  }
  void update(const void* data, size_t n) {
    if (EVP_DigestUpdate(ctx_.get(), data, n) != 1) throw std::runtime_error("SHA-256 failed");
  }
  std::string hex() {
    std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
    unsigned int n = 0;
    if (EVP_DigestFinal_ex(ctx_.get(), digest.data(), &n) != 1) throw std::runtime_error("SHA-256 failed");
    static const char* digits = "0123456789abcdef";
    std::string out;
    for (unsigned int i = 0; i < n; ++i) {
      out += digits[digest[i] >> 4];
      out += digits[digest[i] & 15];
    }
    return out;
  }

 private:
  std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> ctx_;
};

}  // namespace

std::string sha256_hex(std::string_view bytes) {
  Sha256 h;
  h.update(bytes.data(), bytes.size());
  return h.hex();
}

FileDigest digest_file(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + file.string());
  Sha256 h;
  FileDigest digest;
  std::array<char, 1 << 16> buf{};
  while (in) {
    in.read(buf.data(), buf.size());
    if (in.gcount() > 0) {
      h.update(buf.data(), static_cast<size_t>(in.gcount()));
      digest.bytes += static_cast<std::uintmax_t>(in.gcount());
    }
  }
  if (in.bad()) throw std::runtime_error("cannot read " + file.string());
  digest.sha256 = h.hex();
  return digest;
}

std::string sha256_file(const std::filesystem::path& file) { return digest_file(file).sha256; }

}  // namespace kw::print
