#pragma once
// Project paths: relative to the project root, '/'-separated, no "." or ".."
// steps once normalised ("data/games/../formats.yaml" is "data/formats.yaml").
#include <string>
#include <string_view>

namespace kw::project {

// `relative` taken from folder `dir` and normalised; `relative` may be empty.
std::string join(std::string_view dir, std::string_view relative);
// The folder of `path` ("data/games/x.yaml" -> "data/games", "x.yaml" -> "").
std::string parent(std::string_view path);
// The last step of `path` ("data/games/x.yaml" -> "x.yaml").
std::string file_name(std::string_view path);
// The file name without its last extension ("x.yaml" -> "x").
std::string stem(std::string_view path);

}  // namespace kw::project
