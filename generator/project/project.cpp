#include "project/project.h"

namespace kw::project {

std::optional<std::string_view> Project::source_text(const std::string& file) const {
  InputPtr input = !file.empty() && file.front() == '/' ? read_system(file) : read(file);
  if (!input) return std::nullopt;
  return input->bytes();  // stays valid: the project keeps what it read
}

}  // namespace kw::project
