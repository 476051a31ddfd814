#pragma once
// Everything a command reads besides its own options, opened once where the
// command starts: the project folder (every input file, through its
// sandbox), the clock (the date written into files), the build cache and the
// fonts. Every command of the CLI and the studio compile games through one
// World (engine/compile.h); no stage reads the environment, the disk or the
// time on its own, so whatever can change an output is in the World and
// thereby in the cache keys.
#include <atomic>
#include <filesystem>
#include <memory>
#include <mutex>
#include <vector>

#include "core/clock.h"
#include "core/diagnostic.h"
#include "project/project.h"
#include "text/font_library.h"

namespace kw::infra {
class BuildCache;
}

namespace kw::engine {

class World {
 public:
  // `cache` may be null (nothing is taken from earlier builds); it must
  // outlive the World. `fonts`: fonts already opened from this project (the
  // studio keeps them across reloads); null: opened on first use.
  World(std::shared_ptr<const project::Project> project, Clock clock, const infra::BuildCache* cache = nullptr,
        std::shared_ptr<const text::FontLibrary> fonts = nullptr);
  // A project someone else keeps (a test's, the studio's current reading):
  // it must outlive the World.
  World(const project::Project& project, Clock clock, const infra::BuildCache* cache = nullptr,
        std::shared_ptr<const text::FontLibrary> fonts = nullptr);
  World(const World&) = delete;
  World& operator=(const World&) = delete;

  const project::Project& project() const { return *project_; }
  const Clock& clock() const { return clock_; }
  const infra::BuildCache* cache() const { return cache_; }

  // The project's fonts, opened on the first call (by whichever thread
  // asks first); null when fonts/fonts.yaml does not load. Its findings go
  // to `diags` of the first call only: they are said once.
  const text::FontLibrary* fonts(Diagnostics& diags) const;
  // Opens the fonts now, if not yet, keeping their findings for the first
  // fonts() call: a build opens them on another core while the card
  // database loads.
  void open_fonts() const;

 private:
  std::shared_ptr<const project::Project> owned_;  // null when borrowed
  const project::Project* project_;
  Clock clock_;
  const infra::BuildCache* cache_;
  mutable std::once_flag fonts_opened_;
  mutable std::shared_ptr<const text::FontLibrary> fonts_;  // set once, under fonts_opened_
  mutable Diagnostics fonts_found_;                         // set once, under fonts_opened_
  mutable std::atomic<bool> fonts_found_said_{false};       // handed to a fonts() call
};

// The project folder a command names (--root; --allow-read: folders outside
// it its files may name), read from disk.
std::shared_ptr<const project::Project> open_project_folder(const std::filesystem::path& root,
                                                            const std::vector<std::filesystem::path>& allow_read);

}  // namespace kw::engine
