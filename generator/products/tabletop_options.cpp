#include "products/tabletop_options.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace kw::products {

std::optional<std::set<Tabletop>> parse_tabletops(const std::vector<std::string>& names, std::string& error) {
  std::set<Tabletop> formats;
  if (names.size() == 1 && names[0] == "none") return formats;
  for (const std::string& name : names) {
    if (name == "none") {
      error = "none names no tabletop: give it alone";
      return std::nullopt;
    }
    auto t = value_of(kTabletopNames, name);
    if (!t) {
      error = fmt::format("unknown tabletop '{}' (the tabletops: {}, or none)", name,
                          fmt::join(all_names(kTabletopNames), ", "));
      return std::nullopt;
    }
    formats.insert(*t);
  }
  if (formats.empty()) {
    error = "no tabletop named (the tabletops: tts, ttpg, screentop, playingcards, or none)";
    return std::nullopt;
  }
  return formats;
}

std::optional<std::string> checked_tts_url(const std::string& url, std::string& error) {
  const bool https = url.rfind("https://", 0) == 0, http = url.rfind("http://", 0) == 0;
  const size_t host = https ? 8 : 7;
  if (!https && !http) {
    error = "'" + url + "' is no http:// or https:// URL (where the tts/ folder is uploaded to)";
    return std::nullopt;
  }
  if (url.size() <= host || url[host] == '/') {
    error = "'" + url + "' names no host";
    return std::nullopt;
  }
  for (unsigned char c : url) {
    // What would break the URL in the JSON or in TTS: spaces, quotes, controls.
    if (c <= ' ' || c == '"' || c == '\\' || c == '<' || c == '>' || c == 0x7f) {
      error = "'" + url + "' holds a space, quote or control character (percent-encode it)";
      return std::nullopt;
    }
  }
  if (url.find_first_of("?#") != std::string::npos) {
    error = "'" + url + "' has a query or fragment: the sheets' names are appended to it";
    return std::nullopt;
  }
  return url.back() == '/' ? url : url + "/";
}

}  // namespace kw::products
