#include "support/test_support.h"

#include <sys/wait.h>
#include <unistd.h>
#include <array>
#include <atomic>
#include <cstdio>
#include <random>
#include <regex>

#include "core/files.h"

namespace kw::test {

namespace fs = std::filesystem;

fs::path source_root() { return KW_TEST_SOURCE_ROOT; }
fs::path fixtures() { return KW_TEST_FIXTURES; }
fs::path binary() { return KW_TEST_BINARY; }

const project::DiskProject& source_project() {
  static const project::DiskProject project(source_root());
  return project;
}

TempDir::TempDir() {
  static std::atomic<int> counter{0};
  path_ =
      fs::temp_directory_path() / ("kartenwerk-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
  fs::remove_all(path_);
  fs::create_directories(path_);
}

TempDir::~TempDir() {
  std::error_code ec;
  fs::remove_all(path_, ec);
}

int run_command(const std::string& command, std::string* output) {
  std::string cmd = command + " 2>&1";
  FILE* pipe = ::popen(cmd.c_str(), "r");
  if (!pipe) return -1;
  std::array<char, 4096> buf{};
  std::string out;
  size_t n;
  while ((n = std::fread(buf.data(), 1, buf.size(), pipe)) > 0) out.append(buf.data(), n);
  int status = ::pclose(pipe);
  if (output) *output = out;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

Run kartenwerk(const std::string& args) {
  // A build cache of this test process's own (ctest runs each test in its
  // own process): no test takes renderings another one made, and none fills
  // the cache of the person running the tests. --cache in `args` wins.
  static const TempDir cache;
  Run r;
  r.status = run_command("KARTENWERK_CACHE=" + quoted(cache.path()) + " " + binary().string() + " " + args, &r.output);
  return r;
}

std::string quoted(const fs::path& p) { return "'" + p.string() + "'"; }

std::optional<std::string> output_bytes(const std::filesystem::path& file) {
  auto bytes = read_file(file);
  if (!bytes || file.extension() != ".json") return bytes;
  if (file.filename() == "manifest.json") {  // it lists the saved objects' sizes and hashes
    static const std::regex saved(
        R"re(\{"path": "((?:[^"/]+/)*tts/[^"/]*\.json)", "bytes": \d+, "sha256": "[0-9a-f]{64}"\})re");
    return std::regex_replace(*bytes, saved, R"({"path": "$1"})");
  }
  if (file.parent_path().filename() != "tts") return bytes;
  static const std::regex url(R"(file://[^"]*/tts/)");
  return std::regex_replace(*bytes, url, "file:///OUT/tts/");
}

std::string pdf_of_objects(const std::vector<std::string>& objects, const std::string& version) {
  std::string pdf = "%PDF-" + version + "\n";
  std::vector<size_t> offsets;
  for (size_t i = 0; i < objects.size(); ++i) {
    offsets.push_back(pdf.size());
    pdf += std::to_string(i + 1) + " 0 obj\n" + objects[i] + "\nendobj\n";
  }
  const size_t xref = pdf.size();
  pdf += "xref\n0 " + std::to_string(objects.size() + 1) + "\n0000000000 65535 f \n";
  for (size_t o : offsets) {
    const std::string n = std::to_string(o);
    pdf += std::string(10 - n.size(), '0') + n + " 00000 n \n";
  }
  return pdf + "trailer\n<< /Size " + std::to_string(objects.size() + 1) + " /Root 1 0 R >>\nstartxref\n" +
         std::to_string(xref) + "\n%%EOF\n";
}

}  // namespace kw::test
