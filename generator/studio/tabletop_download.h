#pragma once
// The studio's "download for tabletop": one virtual tabletop's folder of a
// game's last build (build --tabletop, products/tabletop_files.h) as a zip,
// for the game, language and variant the page shows. Only that folder is
// read: <out>/<game>/[<variant>/][<language>/]<tts|ttpg|screentop|playingcards>/,
// every name in it checked plain, regular files only (a symbolic link is
// left out, never followed), within kMaxFiles and kMaxBytes. The studio
// never builds it: a folder that is not there is said, with the command that
// makes it.
#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>

namespace kw::studio {

inline constexpr size_t kMaxTabletopFiles = 10000;
inline constexpr size_t kMaxTabletopBytes = size_t{512} << 20;

struct TabletopRequest {
  std::string game;
  std::string language;  // empty: the game's source language (no folder of its own)
  std::string variant;   // empty: none
  std::string format;    // tts, ttpg, screentop, playingcards
};

// The folder `request` names under `out` (the build's --out); nullopt and
// `error` for a format that is no tabletop or a name that is not plain.
std::optional<std::filesystem::path> tabletop_folder(const std::filesystem::path& out, const TabletopRequest& request,
                                                     std::string& error);

// The zip of that folder (its files under "<format>/", in name order, dated
// 1980-01-01 so the same files give the same bytes); nullopt and `error`
// when it is not built, too large, or cannot be read or zipped.
std::optional<std::string> tabletop_zip(const std::filesystem::path& out, const TabletopRequest& request,
                                        std::string& error);

}  // namespace kw::studio
