#include "engine/world.h"

#include "project/disk_project.h"

namespace kw::engine {

World::World(std::shared_ptr<const project::Project> project, Clock clock, const infra::BuildCache* cache,
             std::shared_ptr<const text::FontLibrary> fonts)
    : World(*project, clock, cache, std::move(fonts)) {
  owned_ = std::move(project);
}

World::World(const project::Project& project, Clock clock, const infra::BuildCache* cache,
             std::shared_ptr<const text::FontLibrary> fonts)
    : project_(&project), clock_(clock), cache_(cache) {
  if (fonts) std::call_once(fonts_opened_, [&] { fonts_ = std::move(fonts); });
}

void World::open_fonts() const {
  std::call_once(fonts_opened_, [&] {
    Diagnostics found;
    std::shared_ptr<const text::FontLibrary> opened = text::FontLibrary::load(*project_, found);
    if (opened && !found.has_errors()) fonts_ = std::move(opened);
    fonts_found_ = std::move(found);
  });
}

const text::FontLibrary* World::fonts(Diagnostics& diags) const {
  open_fonts();
  if (!fonts_found_said_.exchange(true)) diags.append(fonts_found_);
  return fonts_.get();
}

std::shared_ptr<const project::Project> open_project_folder(const std::filesystem::path& root,
                                                            const std::vector<std::filesystem::path>& allow_read) {
  return std::make_shared<project::DiskProject>(root, allow_read);
}

}  // namespace kw::engine
