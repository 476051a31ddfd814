#include "project/sandbox.h"

namespace kw::project {

std::string not_read(const Project& project, const std::string& path, const std::string& what) {
  if (auto why = project.refusal(path)) return "cannot read " + what + ": " + *why;
  return what + " not found: " + path;
}

}  // namespace kw::project
