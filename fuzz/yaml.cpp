// libFuzzer target: the bytes as a game file (data/games/fuzz.yaml) of an
// in-memory project, loaded through the YAML reader and the database schema
// (model::load_model), as `kartenwerk check` would.
#include <cstddef>
#include <cstdint>
#include <string>

#include "model/model.h"
#include "project/memory_project.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  kw::project::MemoryProject project;
  project.add("data/cards.yaml", "kartenwerk: 1\ninclude:\n  - formats.yaml\n  - games/*.yaml\n");
  project.add("data/formats.yaml",
              "formats:\n  poker:\n    width: 59\n    height: 91\n    bleed: 3\n    safe: 4\n"
              "    corner_radius: 5\n    dpi: 300\n");
  project.add("data/games/fuzz.yaml", std::string(reinterpret_cast<const char*>(data), size));
  auto result = kw::model::load_model(project);
  (void)result;
  return 0;
}
