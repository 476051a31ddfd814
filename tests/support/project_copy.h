#pragma once
// A copy of the shipped project in a temporary folder, to break on purpose:
// data/ copied (tests write into it), layouts/, templates/ and fonts/ hard
// linked (cheap, and the project sandbox refuses symbolic links that lead
// out of the project folder). Never write into the linked folders: a hard
// link writes through to the source tree.
#include <gtest/gtest.h>

#include <algorithm>
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

// Replaces the one occurrence of `from` in `file` of the copy by `to`;
// returns the 1-based line it starts on (a test failure, and 0, when `from`
// is not there exactly once).
inline int edit(const ProjectCopy& p, const std::string& file, const std::string& from, const std::string& to) {
  std::string text = p.read(file);
  const size_t at = text.find(from);
  if (at == std::string::npos || text.find(from, at + 1) != std::string::npos) {
    ADD_FAILURE() << "not exactly once in " << file << ": " << from;
    return 0;
  }
  text.replace(at, from.size(), to);
  p.write(file, text);
  return static_cast<int>(std::count(text.begin(), text.begin() + static_cast<long>(at), '\n')) + 1;
}

}  // namespace kw::test
