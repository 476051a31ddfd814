#include "project/git_project.h"

#include <git2.h>

#include <fmt/format.h>

#include <algorithm>

#include "core/limits.h"

namespace kw::project {

namespace {

// libgit2 is initialised once for the process (it counts init/shutdown pairs).
struct Libgit2 {
  Libgit2() { git_libgit2_init(); }
  ~Libgit2() { git_libgit2_shutdown(); }
};

void libgit2() { static Libgit2 once; }

std::string last_error() {
  const git_error* e = git_error_last();
  return e && e->message ? e->message : "unknown libgit2 error";
}

template <class T, void (*Free)(T*)>
struct Owned {
  T* p = nullptr;
  ~Owned() {
    if (p) Free(p);
  }
};

}  // namespace

struct GitProject::Repo {
  git_repository* repo = nullptr;
  ~Repo() {
    if (repo) git_repository_free(repo);
  }
};

GitProject::GitProject(const std::filesystem::path& root, const std::string& revision, const Project& system)
    : repo_(std::make_unique<Repo>()), system_(system) {
  libgit2();
  const std::filesystem::path folder = std::filesystem::weakly_canonical(root);
  if (git_repository_open_ext(&repo_->repo, folder.c_str(), 0, nullptr) != 0)
    throw GitError(fmt::format("{} is not in a git repository: {}", root.string(), last_error()));
  const char* workdir = git_repository_workdir(repo_->repo);
  if (!workdir) throw GitError(fmt::format("the git repository of {} has no working tree", root.string()));
  const std::filesystem::path prefix =
      folder.lexically_relative(std::filesystem::weakly_canonical(std::filesystem::path(workdir)));
  Owned<git_object, git_object_free> object;
  if (git_revparse_single(&object.p, repo_->repo, revision.c_str()) != 0)
    throw GitError(fmt::format("unknown git revision '{}': {}", revision, last_error()));
  Owned<git_commit, git_commit_free> commit;
  if (git_object_peel(reinterpret_cast<git_object**>(&commit.p), object.p, GIT_OBJECT_COMMIT) != 0)
    throw GitError(fmt::format("git revision '{}' names no commit: {}", revision, last_error()));
  char hex[GIT_OID_HEXSZ + 1] = {};
  git_oid_tostr(hex, sizeof hex, git_commit_id(commit.p));
  commit_ = hex;
  Owned<git_tree, git_tree_free> tree;
  if (git_commit_tree(&tree.p, commit.p) != 0)
    throw GitError("cannot read the tree of " + commit_ + ": " + last_error());
  Owned<git_tree, git_tree_free> sub;
  git_tree* top = tree.p;
  if (!prefix.empty() && prefix != ".") {
    Owned<git_tree_entry, git_tree_entry_free> entry;
    if (git_tree_entry_bypath(&entry.p, tree.p, prefix.c_str()) != 0 || git_tree_entry_type(entry.p) != GIT_OBJECT_TREE)
      throw GitError(fmt::format("git revision '{}' has no folder {}", revision, prefix.string()));
    if (git_tree_lookup(&sub.p, repo_->repo, git_tree_entry_id(entry.p)) != 0)
      throw GitError("cannot read " + prefix.string() + " in " + commit_ + ": " + last_error());
    top = sub.p;
  }
  folders_.insert("");
  struct Walk {
    GitProject* self;
  } walk{this};
  git_tree_walk(
      top, GIT_TREEWALK_PRE,
      [](const char* dir, const git_tree_entry* entry, void* payload) -> int {
        auto* self = static_cast<Walk*>(payload)->self;
        const std::string path = std::string(dir) + git_tree_entry_name(entry);
        if (git_tree_entry_type(entry) == GIT_OBJECT_TREE) {
          self->folders_.insert(path);
        } else if (git_tree_entry_filemode(entry) == GIT_FILEMODE_BLOB ||
                   git_tree_entry_filemode(entry) == GIT_FILEMODE_BLOB_EXECUTABLE) {
          char id[GIT_OID_HEXSZ + 1] = {};
          git_oid_tostr(id, sizeof id, git_tree_entry_id(entry));
          self->blobs_.emplace(path, id);
        }  // links and submodules: not part of the project as this revision holds it
        return 0;
      },
      &walk);
}

GitProject::~GitProject() = default;

InputPtr GitProject::read(const std::string& path) const {
  auto blob = blobs_.find(path);
  if (blob == blobs_.end()) return nullptr;
  std::lock_guard lock(mutex_);
  if (auto it = read_.find(path); it != read_.end()) return it->second;
  git_oid oid;
  Owned<git_blob, git_blob_free> object;
  InputPtr input;
  if (git_oid_fromstr(&oid, blob->second.c_str()) == 0 && git_blob_lookup(&object.p, repo_->repo, &oid) == 0) {
    const auto size = static_cast<std::uint64_t>(git_blob_rawsize(object.p));
    if (size <= limits().file_bytes)
      input = std::make_shared<const Input>(
          path, std::string(static_cast<const char*>(git_blob_rawcontent(object.p)), static_cast<size_t>(size)));
  }
  read_.emplace(path, input);
  return input;
}

bool GitProject::exists(const std::string& path) const { return blobs_.count(path) || folders_.count(path); }

bool GitProject::is_directory(const std::string& path) const { return folders_.count(path) > 0; }

std::vector<std::string> GitProject::list(const std::string& path) const {
  std::vector<std::string> out;
  const std::string prefix = path.empty() ? "" : path + "/";
  auto direct = [&](const std::string& p) {
    return p.size() > prefix.size() && p.compare(0, prefix.size(), prefix) == 0 &&
           p.find('/', prefix.size()) == std::string::npos;
  };
  for (const auto& [p, id] : blobs_)
    if (direct(p)) out.push_back(p.substr(prefix.size()));
  for (const auto& p : folders_)
    if (direct(p)) out.push_back(p.substr(prefix.size()));
  std::sort(out.begin(), out.end());
  return out;
}

InputPtr GitProject::read_system(const std::string& absolute_path) const { return system_.read_system(absolute_path); }

std::vector<std::string> GitProject::list_system(const std::string& absolute_dir) const {
  return system_.list_system(absolute_dir);
}

std::optional<std::filesystem::path> GitProject::file_on_disk(const std::string&) const { return std::nullopt; }

}  // namespace kw::project
