#include "project/project.h"

namespace kw::project {

bool is_system_input_path(std::string_view path) {
  const std::filesystem::path p(path);
  if (!p.is_absolute() || path.find('\0') != std::string_view::npos) return false;
  for (const auto& part : p)
    if (part == "." || part == "..") return false;
  for (std::string_view folder : kSystemInputFolders)
    if (path.starts_with(folder) && path.size() > folder.size()) return true;
  return false;
}

std::optional<FileDigest> Project::digest(const std::string& path) const {
  InputPtr input = read(path);
  if (!input) return std::nullopt;
  return input->digest();
}

std::optional<std::string_view> Project::source_text(const std::string& file) const {
  InputPtr input = !file.empty() && file.front() == '/' ? read_system(file) : read(file);
  if (!input) return std::nullopt;
  return input->bytes();  // stays valid: the project keeps what it read
}

}  // namespace kw::project
