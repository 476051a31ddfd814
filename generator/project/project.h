#pragma once
// The one door to the inputs: every stage reads data, layouts, templates,
// fonts, print settings and system dictionaries through a Project, never from
// the file system. Paths are project-relative and '/'-separated
// ("data/cards.yaml"); system inputs outside the project (the hyphenation
// dictionaries) come through the same door by absolute path, so every input a
// build used can be named by its hash. Like typst's World or ninja's
// DiskInterface: DiskProject reads a folder, MemoryProject serves strings
// (unit tests).
//
// A project also owns the caches later stages keep per build (hyphenators,
// break iterators): see state().
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.h"
#include "project/input.h"
#include "project/slots.h"

namespace kw::project {

// The folders of kartenwerk's own inputs outside any project (the
// hyphenation dictionaries, read with read_system): a record of what a
// build read (print/cache/build_record.h) may name files there, and
// nothing else outside.
inline constexpr std::string_view kSystemInputFolders[] = {"/usr/share/hyphen/"};
// Whether `path` is an absolute path without "." or ".." parts below one of them.
bool is_system_input_path(std::string_view path);

class Project : public SourceTexts {
 public:
  ~Project() override = default;

  // The file at `path`, or nullptr when there is none (or it is a folder).
  virtual InputPtr read(const std::string& path) const = 0;
  virtual bool exists(const std::string& path) const = 0;  // a file or a folder
  // The size and SHA-256 of the file at `path` (as read() would give it), or
  // nullopt where read() gives nullptr. For a caller that needs only the hash
  // (the build's input snapshot): a project on disk may hash the file without
  // keeping its bytes. This default reads it.
  virtual std::optional<FileDigest> digest(const std::string& path) const;
  virtual bool is_directory(const std::string& path) const = 0;
  // Names (not paths) of the entries of folder `path` ("" is the root), files
  // and folders, sorted bytewise; empty when it is no folder.
  virtual std::vector<std::string> list(const std::string& path) const = 0;
  // Why the file or folder at `path` may not be read, or nullopt: it leaves
  // the project folder (by "..", an absolute path or a symbolic link) or is
  // larger than the limits allow. read(), exists(), list() and file_on_disk()
  // treat a refused path as absent; a caller that reports a missing file asks
  // here first, so the message says why. Never mentions the file's content.
  virtual std::optional<std::string> refusal(const std::string& path) const {
    (void)path;
    return std::nullopt;
  }
  // A system input outside the project by its absolute path, or nullptr: only
  // for the program's own inputs (hyphenation dictionaries), never for a path
  // a project file names.
  virtual InputPtr read_system(const std::string& absolute_path) const = 0;
  // The names of the files in the system folder `absolute_dir` (the
  // hyphenation dictionaries'), sorted bytewise; empty when there is none.
  // Same rule as read_system: never for a folder a project file names.
  virtual std::vector<std::string> list_system(const std::string& absolute_dir) const {
    (void)absolute_dir;
    return {};
  }
  // Where an external program (Ghostscript) can open the project file `path`;
  // nullopt when it has no place on disk.
  virtual std::optional<std::filesystem::path> file_on_disk(const std::string& path) const = 0;
  // Every input read so far (project files and system inputs), by path. A
  // build records them, so the next one can tell whether anything it read
  // has changed; a project that keeps no such list gives none.
  virtual std::vector<InputPtr> inputs_read() const { return {}; }

  // The T of this project (a stage's cache), made on first use from the
  // project when T has a constructor taking `const Project&`, else by default.
  // Lives as long as the project. Thread-safe; T's constructor must not call
  // state() itself.
  template <class T>
  T& state() const {
    return state_.get<T>([this] {
      if constexpr (std::is_constructible_v<T, const Project&>)
        return std::make_shared<T>(*this);
      else {
        (void)this;  // clang warns of a capture unused in this branch
        return std::make_shared<T>();
      }
    });
  }

  // SourceTexts: the text of a file diagnostics point into (a project path,
  // or an absolute one for system inputs).
  std::optional<std::string_view> source_text(const std::string& file) const override;

 private:
  Slots state_;
};

}  // namespace kw::project
