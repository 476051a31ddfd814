#pragma once
// A tiny, valid project root written into a temp dir: one game "mini" with two
// regions and three cards. Tests overwrite single files to break it on purpose.
#include <filesystem>
#include <string>

#include "support/test_support.h"

namespace kw::test {

class MiniProject {
 public:
  MiniProject();
  const std::filesystem::path& root() const { return dir_.path(); }
  // Writes `text` to `relative` under the root (creating folders).
  void write(const std::string& relative, const std::string& text) const;
  std::string game_file() const { return (root() / "data/games/mini.yaml").string(); }
  // The default game file; tests patch it with replace().
  static std::string game_yaml();

 private:
  TempDir dir_;
};

// Replaces the first occurrence of `from` in `text` (fails the test if absent).
std::string replace(std::string text, const std::string& from, const std::string& to);

}  // namespace kw::test
