#pragma once
// What a finished build of one game remembers (in the build cache), so that
// the next build with nothing changed is over before anything is laid out:
// the key of everything it depended on, the system inputs it read (the
// hyphenation dictionaries: outside the project, so not in the input
// snapshot), and the files it wrote with their sizes and modification times.
// Like ninja's log: a file touched or removed since is noticed.
#include <filesystem>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/files.h"
#include "infra/build_cache.h"
#include "project/project.h"

namespace kw::infra {

// True when the record `name` has key `key`, every system input it lists
// still has the bytes it had, and every file it wrote is still as written.
bool up_to_date(const BuildCache& cache, const std::string& name, const std::string& key,
                const project::Project& project);

// Why the text of a record is not one this program wrote for the game
// folder `name`, or "" when it is (the strict reading up_to_date makes;
// exposed for tests and fuzzing).
std::string record_problem(const std::string& text, const std::string& name);

// Records a finished build: `key`, the system inputs `project` has read so
// far, and the `written` files (paths as text: ten thousand of them parsed
// into std::filesystem::path cost a 5,000-card edit 12 ms) as they are now:
// as `known` says (what stat said of files the build found untouched, by
// path), else as stat says.
void remember_build(const BuildCache& cache, const std::string& name, const std::string& key,
                    const project::Project& project, std::span<const std::string> written,
                    const std::unordered_map<std::string, FileStamp>& known = {});

}  // namespace kw::infra
