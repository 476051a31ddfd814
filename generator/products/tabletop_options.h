#pragma once
// build --tabletop, --tts-url: which virtual tabletops get files, and where
// Tabletop Simulator finds the sheets. Part of BuildOptions.
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/enum_names.h"

namespace kw::products {

enum class Tabletop { Tts, Ttpg, Screentop, Playingcards };
inline constexpr EnumNames<Tabletop, 4> kTabletopNames{{
    {Tabletop::Tts, "tts"},
    {Tabletop::Ttpg, "ttpg"},
    {Tabletop::Screentop, "screentop"},
    {Tabletop::Playingcards, "playingcards"},
}};

struct TabletopOptions {
  std::set<Tabletop> formats = {Tabletop::Tts};  // build --tabletop (default: tts, as before)
  // build --tts-url: the URL the tts/ folder is uploaded to, ending in '/';
  // empty: the folder's own file:/// URL.
  std::string tts_url;
  // Where the game's folder ends up (<out>/<game>/[...]): the build writes
  // into a staging folder and moves it there, and a file:/// URL must name
  // the final place. Empty: where it is written.
  std::filesystem::path game_dir;
  // The rules engine's texts that card text refers to ({{rules.…}}), as the
  // layouts have them (layout::GameLayoutContext); null: none.
  const std::map<std::string, std::string>* rule_values = nullptr;
  bool wants(Tabletop t) const { return formats.count(t) > 0; }
};

// "tts,ttpg" -> the set; "none" -> empty. nullopt, and `error` saying which
// name is unknown and what the names are, otherwise.
std::optional<std::set<Tabletop>> parse_tabletops(const std::vector<std::string>& names, std::string& error);

// `url` checked for --tts-url: http(s), a host, no spaces or quotes; '/' added
// at the end when missing. nullopt and `error` otherwise.
std::optional<std::string> checked_tts_url(const std::string& url, std::string& error);

}  // namespace kw::products
