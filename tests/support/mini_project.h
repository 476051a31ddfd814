#pragma once
// A tiny, valid project: one game "mini" with two regions and three cards,
// held in memory (a project::MemoryProject with the real bundled fonts and the
// system's hyphenation dictionaries). Tests overwrite single files to break it
// on purpose. End-to-end tests that run the binary ask for root(): the project
// is then also written into a temp dir, and later writes go there too.
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "project/memory_project.h"
#include "support/test_support.h"

namespace kw::test {

class MiniProject {
 public:
  MiniProject();
  // The project in memory, with every write so far.
  const project::Project& project() const { return *memory_; }
  // The project on disk (written on first use, the fonts linked).
  const std::filesystem::path& root() const;
  // Writes `text` to `relative` (creating folders on disk).
  void write(const std::string& relative, const std::string& text) const;
  // The text of `relative` as last written.
  std::string text(const std::string& relative) const;
  std::string game_file() const { return "data/games/mini.yaml"; }
  // The default game file; tests patch it with replace().
  static std::string game_yaml();

 private:
  std::shared_ptr<project::MemoryProject> memory_ = std::make_shared<project::MemoryProject>();
  mutable std::optional<TempDir> dir_;
};

// A memory project with the real bundled fonts (fonts/) and the system's
// hyphenation dictionaries, shared between tests (read from disk once).
void add_fonts_and_dictionaries(project::MemoryProject& project);

// Replaces the first occurrence of `from` in `text` (fails the test if absent).
std::string replace(std::string text, const std::string& from, const std::string& to);

}  // namespace kw::test
