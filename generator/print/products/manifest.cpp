#include "print/products/manifest.h"

#include <openssl/evp.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <fstream>
#include <memory>
#include <set>
#include <stdexcept>

#include "core/files.h"

namespace kw::print {

namespace fs = std::filesystem;

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

std::string generic(const fs::path& p) { return p.generic_string(); }

void append_entries(std::string& json, const std::vector<ManifestEntry>& entries) {
  for (size_t i = 0; i < entries.size(); ++i) {
    const auto& e = entries[i];
    json += "    {\"path\": " + json_string(e.path) + ", \"bytes\": " + std::to_string(e.bytes) + ", \"sha256\": \"" +
            e.sha256 + "\"}" + (i + 1 < entries.size() ? ",\n" : "\n");
  }
}

}  // namespace

std::string sha256_hex(std::string_view bytes) {
  Sha256 h;
  h.update(bytes.data(), bytes.size());
  return h.hex();
}

std::string sha256_file(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + file.string());
  Sha256 h;
  std::array<char, 1 << 16> buf{};
  while (in) {
    in.read(buf.data(), buf.size());
    if (in.gcount() > 0) h.update(buf.data(), static_cast<size_t>(in.gcount()));
  }
  if (in.bad()) throw std::runtime_error("cannot read " + file.string());
  return h.hex();
}

std::string json_string(std::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\r':
        out += "\\r";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(c));
          out += buf;
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

InputSnapshot snapshot_inputs(const fs::path& root, const std::string& options) {
  InputSnapshot snap;
  snap.options = options;
  for (const char* folder : {"data", "layouts", "templates", "fonts"}) {
    fs::path top = root / folder;
    std::error_code ec;
    if (!fs::is_directory(top, ec)) continue;
    for (auto it = fs::recursive_directory_iterator(top, fs::directory_options::follow_directory_symlink);
         it != fs::recursive_directory_iterator(); ++it) {
      if (!it->is_regular_file()) continue;
      ManifestEntry e;
      e.path = generic(it->path().lexically_relative(root));  // lexically: fonts/ may be a symlink
      e.bytes = it->file_size();
      e.sha256 = sha256_file(it->path());
      snap.files.push_back(std::move(e));
    }
  }
  std::sort(snap.files.begin(), snap.files.end(),
            [](const ManifestEntry& a, const ManifestEntry& b) { return a.path < b.path; });
  std::string text = std::string("kartenwerk ") + version() + "\noptions " + options + "\n";
  for (const auto& e : snap.files) text += e.sha256 + "  " + e.path + "\n";
  snap.sha256 = sha256_hex(text);
  return snap;
}

fs::path write_manifest(const fs::path& dir, const std::string& game_id, const std::string& language,
                        const InputSnapshot& input, std::span<const fs::path> written) {
  std::set<std::string> seen;
  std::vector<ManifestEntry> files;
  for (const auto& p : written) {
    std::string rel = generic(p.lexically_normal().lexically_relative(dir.lexically_normal()));
    if (!seen.insert(rel).second) continue;
    files.push_back({rel, fs::file_size(p), sha256_file(p)});
  }
  std::sort(files.begin(), files.end(), [](const ManifestEntry& a, const ManifestEntry& b) { return a.path < b.path; });

  std::string json = "{\n";
  json += "  \"generator\": " + json_string(std::string("kartenwerk ") + version()) + ",\n";
  json += "  \"game\": " + json_string(game_id) + ",\n";
  json += "  \"language\": " + json_string(language) + ",\n";
  json += "  \"input\": {\"sha256\": \"" + input.sha256 + "\", \"files\": " + std::to_string(input.files.size()) +
          ", \"options\": " + json_string(input.options) + "},\n";
  json += "  \"files\": [\n";
  append_entries(json, files);
  json += "  ],\n  \"inputs\": [\n";
  append_entries(json, input.files);
  json += "  ]\n}\n";
  fs::path out = dir / "manifest.json";
  write_file_atomic(out, json);
  return out;
}

}  // namespace kw::print
