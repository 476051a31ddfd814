#pragma once
// Small helpers shared by all test binaries.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "project/disk_project.h"

namespace kw::test {

// The project's source root (data/, layouts/, templates/, fonts/).
std::filesystem::path source_root();
// The source root as a project, shared by the tests of a binary (so each file
// is read, and each dictionary parsed, once).
const project::DiskProject& source_project();
// tests/fixtures/
std::filesystem::path fixtures();
// The built kartenwerk binary, for end-to-end tests.
std::filesystem::path binary();

// A fresh empty directory under the system temp dir, removed on destruction.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

// Runs a shell command, returns its exit status; stdout+stderr go to `output`.
int run_command(const std::string& command, std::string* output = nullptr);

// The kartenwerk binary run with `args` (end-to-end tests).
struct Run {
  int status = -1;
  std::string output;  // stdout and stderr
};
Run kartenwerk(const std::string& args);

// A path quoted for the shell.
std::string quoted(const std::filesystem::path& p);

// The bytes of a built file, for comparing two builds into different --out
// folders: a Tabletop Simulator saved object (tts/*.json) names its sheets
// by their file:/// URL, which names the output folder; that part of each URL
// reads "file:///OUT/" here, and manifest.json lists them without their size
// and hash. Other files as they are; nullopt when unreadable.
std::optional<std::string> output_bytes(const std::filesystem::path& file);

// A PDF written by hand: `objects` (their text between "N 0 obj" and
// "endobj") numbered from 1, the first the catalog, with a correct
// cross-reference table; for inputs a renderer would never make.
std::string pdf_of_objects(const std::vector<std::string>& objects, const std::string& version = "1.4");

}  // namespace kw::test
