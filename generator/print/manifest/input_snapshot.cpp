#include "print/manifest/input_snapshot.h"

#include <algorithm>

#include "core/files.h"
#include "print/manifest/sha256.h"

namespace kw::print {

namespace fs = std::filesystem;

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
      FileDigest digest = digest_file(it->path());
      // lexically: fonts/ may be a symlink
      snap.files.push_back({it->path().lexically_relative(root).generic_string(), digest.bytes, digest.sha256});
    }
  }
  std::sort(snap.files.begin(), snap.files.end(),
            [](const ManifestEntry& a, const ManifestEntry& b) { return a.path < b.path; });
  std::string text = std::string("kartenwerk ") + version() + "\noptions " + options + "\n";
  for (const auto& e : snap.files) text += e.sha256 + "  " + e.path + "\n";
  snap.sha256 = sha256_hex(text);
  return snap;
}

}  // namespace kw::print
