#pragma once
// What a build read: every file under the project's data/, layouts/,
// templates/ and fonts/ (hashed through the project, Project::digest: a file
// the build never reads is hashed without being kept), plus the generator's
// version and the build options that change output. Its hash is the SHA-256
// of the text
//     kartenwerk <version>\n
//     options <options>\n
//     <sha256>  <path>\n      one line per input file, sorted by path
// so anyone can recompute it with sha256sum.
#include <cstdint>
#include <string>
#include <vector>

namespace kw::project {
class Project;
}

namespace kw::products {

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

// Hashes the input tree of `project` (data/, layouts/, templates/, fonts/).
InputSnapshot snapshot_inputs(const project::Project& project, const std::string& options);

}  // namespace kw::products
