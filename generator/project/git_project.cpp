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
  Owned<git_odb, git_odb_free> odb;
  if (git_repository_odb(&odb.p, repo_->repo) != 0)
    throw GitError("cannot open the git object database: " + last_error());
  struct Walk {
    GitProject* self;
    git_odb* odb;
    std::string missing;
  } walk{this, odb.p, {}};
  const int walked = git_tree_walk(
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
          // The header only: its size, and whether the object is here at all
          // (a partial clone lacks blobs; that is an error, not a missing file).
          size_t size = 0;
          git_object_t type = GIT_OBJECT_INVALID;
          if (git_odb_read_header(&size, &type, static_cast<Walk*>(payload)->odb, git_tree_entry_id(entry)) != 0) {
            static_cast<Walk*>(payload)->missing = path;
            return -1;
          }
          self->blobs_.emplace(path, Blob{id, size});
        }  // links and submodules: not part of the project as this revision holds it
        return 0;
      },
      &walk);
  if (!walk.missing.empty())
    throw GitError(fmt::format("git revision '{}': the object of {} cannot be read ({}); a partial clone?", revision,
                               walk.missing, last_error()));
  if (walked != 0) throw GitError(fmt::format("git revision '{}': cannot read its tree: {}", revision, last_error()));
}

GitProject::~GitProject() = default;

namespace {

// "a/./b", "a//b" as DiskProject reads them; "" for a path that leaves the
// project ("..", absolute): no such file here.
std::string normal(const std::string& path) {
  const std::filesystem::path p = std::filesystem::path(path).lexically_normal();
  if (p.is_absolute() || (!p.empty() && *p.begin() == "..")) return "\x01";
  std::string s = p.generic_string();
  if (s == ".") s.clear();
  while (!s.empty() && s.back() == '/') s.pop_back();
  return s;
}

}  // namespace

std::optional<std::string> GitProject::refusal(const std::string& path) const {
  auto blob = blobs_.find(normal(path));
  if (blob == blobs_.end() || blob->second.size <= limits().file_bytes) return std::nullopt;
  return fmt::format("{} has {} bytes in this revision, more than the limit of {} (--limit file-bytes=N)", path,
                     blob->second.size, limits().file_bytes);
}

InputPtr GitProject::read(const std::string& asked) const {
  const std::string path = normal(asked);
  auto blob = blobs_.find(path);
  if (blob == blobs_.end() || blob->second.size > limits().file_bytes) return nullptr;
  std::lock_guard lock(mutex_);
  if (auto it = read_.find(path); it != read_.end()) return it->second;
  git_oid oid;
  Owned<git_blob, git_blob_free> object;
  InputPtr input;
  if (git_oid_fromstr(&oid, blob->second.id.c_str()) != 0 || git_blob_lookup(&object.p, repo_->repo, &oid) != 0)
    throw GitError(fmt::format("{} in {}: {}", path, commit_.substr(0, 12), last_error()));
  const auto size = static_cast<size_t>(git_blob_rawsize(object.p));
  input =
      std::make_shared<const Input>(path, std::string(static_cast<const char*>(git_blob_rawcontent(object.p)), size));
  read_.emplace(path, input);
  return input;
}

bool GitProject::exists(const std::string& asked) const {
  const std::string path = normal(asked);
  return (blobs_.count(path) && !refusal(path)) || folders_.count(path);
}

bool GitProject::is_directory(const std::string& path) const { return folders_.count(normal(path)) > 0; }

std::vector<std::string> GitProject::list(const std::string& asked) const {
  const std::string path = normal(asked);
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
