#pragma once
// A copy of the shipped project in a temporary folder, to break on purpose:
// data/ copied (tests write into it), layouts/, templates/ and fonts/ hard
// linked (cheap, and the project sandbox refuses symbolic links that lead
// out of the project folder). Never write into the linked folders: a hard
// link writes through to the source tree.
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "support/test_support.h"

namespace kw::test {

struct ProjectCopy {
  TempDir dir;
  ProjectCopy() {
    namespace fs = std::filesystem;
    fs::copy(source_root() / "data", dir.path() / "data", fs::copy_options::recursive);
    for (const char* linked : {"layouts", "templates", "fonts"})
      fs::copy(source_root() / linked, dir.path() / linked,
               fs::copy_options::recursive | fs::copy_options::create_hard_links);
  }
  std::string read(const std::string& relative) const {
    std::ifstream in(dir.path() / relative);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  }
  void write(const std::string& relative, const std::string& text) const {
    std::ofstream(dir.path() / relative) << text;
  }
};

}  // namespace kw::test
