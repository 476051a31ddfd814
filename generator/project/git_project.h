#pragma once
// A project as a git revision holds it: `kartenwerk diff REV` and `build
// --changed-since REV` lay the game out as it was and compare. Read-only,
// through libgit2 (no git program, no checkout, nothing written): files are
// the blobs of the revision's tree under the project folder (the project
// may be a subfolder of the repository). A blob is read when first asked
// for and kept; symbolic links and submodules are not followed (a link in
// the tree may point outside what the revision holds; a project that links
// files gets "not found" for them), and a file over the file-bytes limit is
// refused from its object's header, before it is inflated. System inputs
// (hyphenation dictionaries) come from `system`, the project on disk.
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <stdexcept>

#include "project/project.h"

namespace kw::project {

// Why a revision cannot be read: no repository, an unknown revision, the
// project folder not in that revision.
class GitError : public std::runtime_error {
  using std::runtime_error::runtime_error;
};

class GitProject final : public Project {
 public:
  // The tree of `revision` (anything `git rev-parse` takes: HEAD, a tag, a
  // branch, HEAD~2, a commit id) at the project folder `root` (a folder in
  // a git working tree). Throws GitError.
  GitProject(const std::filesystem::path& root, const std::string& revision, const Project& system);
  ~GitProject() override;
  GitProject(const GitProject&) = delete;
  GitProject& operator=(const GitProject&) = delete;

  // The commit the revision names, as 40 hex digits (for messages).
  const std::string& commit() const { return commit_; }

  InputPtr read(const std::string& path) const override;
  bool exists(const std::string& path) const override;
  bool is_directory(const std::string& path) const override;
  std::vector<std::string> list(const std::string& path) const override;
  std::optional<std::string> refusal(const std::string& path) const override;
  InputPtr read_system(const std::string& absolute_path) const override;
  std::vector<std::string> list_system(const std::string& absolute_dir) const override;
  std::optional<std::filesystem::path> file_on_disk(const std::string& path) const override;

 private:
  struct Repo;
  std::unique_ptr<Repo> repo_;
  const Project& system_;
  std::string commit_;
  struct Blob {
    std::string id;          // hex
    std::uint64_t size = 0;  // bytes, from the object's header (read before its content)
  };
  std::map<std::string, Blob> blobs_;  // project path -> its blob, regular files only
  std::set<std::string> folders_;      // project paths of folders ("" is the project)
  mutable std::mutex mutex_;           // libgit2 objects are not shared between threads
  mutable std::map<std::string, InputPtr> read_;
};

}  // namespace kw::project
