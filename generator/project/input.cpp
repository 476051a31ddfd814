#include "project/input.h"

#include <openssl/evp.h>

#include <stdexcept>

namespace kw::project {

Sha256 sha256(std::string_view bytes) {
  Sha256 out{};
  unsigned int n = 0;
  if (EVP_Digest(bytes.data(), bytes.size(), out.data(), &n, EVP_sha256(), nullptr) != 1 || n != out.size())
    throw std::runtime_error("SHA-256 failed");
  return out;
}

std::string hex(const Sha256& hash) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  out.reserve(hash.size() * 2);
  for (std::uint8_t b : hash) {
    out += kDigits[b >> 4];
    out += kDigits[b & 0xF];
  }
  return out;
}

Input::Input(std::string path, std::string bytes)
    : path_(std::move(path)), bytes_(std::make_shared<const std::string>(std::move(bytes))), hash_(sha256(*bytes_)) {}

}  // namespace kw::project
