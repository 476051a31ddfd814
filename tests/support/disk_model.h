#pragma once
// Loading a project folder on disk in tests: the model points into the project
// it was loaded from, so the model returned owns that project.
#include <filesystem>
#include <memory>
#include <utility>

#include "model/model.h"
#include "project/disk_project.h"

namespace kw::test {

struct DiskModel {
  std::shared_ptr<model::Model> model;  // null when there were errors; keeps its project alive
  Diagnostics diagnostics;
  std::shared_ptr<const project::DiskProject> project;
};

// Loads `root` through a fresh DiskProject (so files written since are seen).
inline DiskModel load_from_disk(const std::filesystem::path& root, const model::LoadOptions& options = {}) {
  auto project = std::make_shared<const project::DiskProject>(root);
  auto result = model::load_model(*project, options);
  DiskModel out;
  if (result.model)
    out.model = std::shared_ptr<model::Model>(result.model.release(), [project](model::Model* m) { delete m; });
  out.diagnostics = std::move(result.diagnostics);
  out.project = std::move(project);
  return out;
}

}  // namespace kw::test
