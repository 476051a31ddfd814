#include "core/confine.h"

#include <algorithm>

namespace kw {

namespace fs = std::filesystem;

fs::path real_path(const fs::path& path) {
  std::error_code ec;
  fs::path real = fs::weakly_canonical(fs::absolute(path, ec), ec);
  return ec ? fs::absolute(path).lexically_normal() : real;
}

bool path_within(const fs::path& dir, const fs::path& file) {
  auto [d, f] = std::mismatch(dir.begin(), dir.end(), file.begin(), file.end());
  // "a/b/" iterates with a last empty step: a trailing slash is no step.
  return d == dir.end() || (std::next(d) == dir.end() && d->empty());
}

bool path_below(const fs::path& dir, const fs::path& file) { return path_within(dir, file) && !path_within(file, dir); }

std::optional<fs::path> confined(const fs::path& dir, const fs::path& relative) {
  if (relative.is_absolute() || relative.has_root_name()) return std::nullopt;
  const fs::path file = dir / relative;
  return path_below(real_path(dir), real_path(file)) ? std::optional<fs::path>(file) : std::nullopt;
}

std::optional<fs::path> link_below(const fs::path& dir, const fs::path& relative) {
  fs::path at = dir, part;
  for (const auto& p : relative) {
    at /= p;
    part /= p;
    std::error_code ec;
    const auto status = fs::symlink_status(at, ec);
    if (ec || status.type() == fs::file_type::not_found) return std::nullopt;
    if (status.type() == fs::file_type::symlink) return part;
  }
  return std::nullopt;
}

}  // namespace kw
