#pragma once
// The page's files (generator/studio/web/), compiled into the binary by
// embed_assets.cmake: the studio serves these and nothing from the disk.
#include <string_view>

namespace kw::studio::http {

struct Asset {
  std::string_view name;  // "index.html", "app.js", "app.css"
  std::string_view content_type;
  std::string_view bytes;
};

// The asset called `name`, or nullptr. A lookup by exact name in a fixed
// table: no URL ever becomes a file path.
const Asset* find_asset(std::string_view name);

}  // namespace kw::studio::http
