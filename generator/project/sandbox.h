#pragma once
// Messages for files a project did not give (see Project::refusal).
#include <string>

#include "project/project.h"

namespace kw::project {

// Why `project` gave no file at `path`: its refusal ("'../x' leaves the
// project folder ..."), else "<what> not found: <path>". Names the path,
// never the content of whatever lies there.
std::string not_read(const Project& project, const std::string& path, const std::string& what);

}  // namespace kw::project
