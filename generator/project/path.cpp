#include "project/path.h"

#include <filesystem>

namespace kw::project {

std::string join(std::string_view dir, std::string_view relative) {
  std::filesystem::path p(dir);
  p /= relative;
  std::string out = p.lexically_normal().generic_string();
  if (out == ".") return {};
  if (out.size() > 1 && out.back() == '/') out.pop_back();
  return out;
}

std::string parent(std::string_view path) {
  const auto slash = path.rfind('/');
  return slash == std::string_view::npos ? std::string() : std::string(path.substr(0, slash));
}

std::string file_name(std::string_view path) {
  const auto slash = path.rfind('/');
  return std::string(slash == std::string_view::npos ? path : path.substr(slash + 1));
}

std::string stem(std::string_view path) {
  std::string name = file_name(path);
  const auto dot = name.rfind('.');
  return dot == std::string::npos || dot == 0 ? name : name.substr(0, dot);
}

}  // namespace kw::project
