#include "products/input_snapshot.h"

#include <algorithm>

#include "core/files.h"
#include "core/sha256.h"
#include "project/path.h"
#include "project/project.h"

namespace kw::products {

namespace {

// Folders deeper than this are not followed: a symlink loop in a project
// (fonts/ linking to its parent) would otherwise never end.
constexpr int kMaxDepth = 32;

void collect(const project::Project& project, const std::string& dir, int depth, std::vector<ManifestEntry>& out) {
  if (depth > kMaxDepth) return;
  for (const auto& name : project.list(dir)) {
    const std::string path = project::join(dir, name);
    if (project.is_directory(path))
      collect(project, path, depth + 1, out);
    else if (auto digest = project.digest(path))
      out.push_back({path, digest->bytes, std::move(digest->sha256)});
  }
}

}  // namespace

InputSnapshot snapshot_inputs(const project::Project& project, const std::string& options) {
  InputSnapshot snap;
  snap.options = options;
  for (const char* folder : {"data", "layouts", "templates", "fonts"}) collect(project, folder, 0, snap.files);
  std::sort(snap.files.begin(), snap.files.end(),
            [](const ManifestEntry& a, const ManifestEntry& b) { return a.path < b.path; });
  std::string text = std::string("kartenwerk ") + version() + "\noptions " + options + "\n";
  for (const auto& e : snap.files) text += e.sha256 + "  " + e.path + "\n";
  snap.sha256 = sha256_hex(text);
  return snap;
}

}  // namespace kw::products
