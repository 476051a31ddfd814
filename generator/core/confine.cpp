#include "core/confine.h"

#include <algorithm>

namespace kw {

namespace fs = std::filesystem;

namespace {

fs::path real(const fs::path& p) {
  std::error_code ec;
  fs::path out = fs::weakly_canonical(fs::absolute(p, ec), ec);
  return ec ? fs::absolute(p).lexically_normal() : out;
}

}  // namespace

std::optional<fs::path> confined(const fs::path& dir, const fs::path& relative) {
  if (relative.is_absolute() || relative.has_root_name()) return std::nullopt;
  const fs::path file = dir / relative;
  const fs::path base = real(dir), target = real(file);
  auto [b, t] = std::mismatch(base.begin(), base.end(), target.begin(), target.end());
  const bool inside = (b == base.end() || (std::next(b) == base.end() && b->empty())) && t != target.end();
  return inside ? std::optional<fs::path>(file) : std::nullopt;
}

}  // namespace kw
