#pragma once
// The word files of `kartenwerk new` (generator/cli/scaffolds/<tag>.yaml),
// compiled into the binary by embed_assets.cmake: one per language a new
// game can be scaffolded in.
#include <string_view>
#include <vector>

namespace kw::cli::scaffolds {

struct Asset {
  std::string_view name;  // "en.yaml"
  std::string_view content_type;
  std::string_view bytes;
};

// The scaffold called `name` ("en.yaml"), or nullptr.
const Asset* find_asset(std::string_view name);

// Every scaffold's name ("de.yaml", "en.yaml").
std::vector<std::string_view> asset_names();

}  // namespace kw::cli::scaffolds
