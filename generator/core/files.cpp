#include "core/files.h"

#include <unistd.h>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <system_error>

namespace kw {

namespace fs = std::filesystem;

std::optional<std::string> read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string io_failure_reason() {
  const int error = errno;
  return error ? ": " + std::error_code(error, std::generic_category()).message() : std::string();
}

void write_file_atomic(const fs::path& p, std::string_view bytes) {
  if (p.has_parent_path()) fs::create_directories(p.parent_path());
  fs::path tmp = p;
  tmp += ".tmp-" + std::to_string(::getpid());
  {
    errno = 0;
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) throw std::runtime_error("cannot write " + tmp.string() + io_failure_reason());
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    out.flush();
    if (!out) {
      const std::string reason = io_failure_reason();
      std::error_code ec;
      fs::remove(tmp, ec);
      throw std::runtime_error("cannot write " + p.string() + reason);
    }
  }
  std::error_code ec;
  fs::rename(tmp, p, ec);
  if (ec) {
    fs::remove(tmp, ec);
    throw std::runtime_error("cannot rename into place: " + p.string());
  }
}

std::optional<fs::path> default_project_root() {
  if (const char* env = std::getenv("KARTENWERK_ROOT"); env && *env) return fs::path(env);
  std::error_code ec;
  if (fs::exists("data/cards.yaml", ec)) return fs::current_path();
  return std::nullopt;
}

const char* version() { return KW_VERSION; }

}  // namespace kw
