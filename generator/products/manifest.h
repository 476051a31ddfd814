#pragma once
// <out>/<game>/manifest.json: every file a build produced with its size and
// SHA-256, and the hash of the input it came from (input_snapshot.h), so a
// print file can be traced to the exact data, layouts, art and fonts.
//
//   {
//     "generator": "kartenwerk 0.1.0",
//     "game": "palantir",
//     "language": "de",
//     "input": {"sha256": "…", "files": 412, "options": "formats=png,jpg,pdf …"},
//     "files": [
//       {"path": "cards/01-gondor-hobbit-1.png", "bytes": 412345, "sha256": "…"},
//       …
//     ],
//     "inputs": [ …the input files, as "files"… ],
//     "cards": [
//       {"card": "gondor-hobbit-1", "stem": "01-gondor-hobbit-1", "page": "…",
//        "fields": {"good.name": "…", …}, "layout": {"layouts/palantir/card.yaml": "…"},
//        "painted": {"fonts/…": "…", "templates/…": "…"}},
//       {"back": "palantir/back", "stem": "00-back", "page": "…", …},
//       …
//     ]
//   }
// "cards" (layout/card_record.h): what each card's page was made of, so
// that `kartenwerk diff --since-build` can say which cards changed since
// this build and how. Absent from a build that wrote no card pages.
#include <cstddef>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>

#include "core/sha256.h"
#include "infra/build_cache.h"
#include "layout/card_record.h"
#include "products/input_snapshot.h"

namespace kw::products {

// The cards a manifest records: `count` records, record(i) the i-th, each
// asked for once, from any of `jobs` threads (layout::CardRecorder): a
// record's field hashes and its text are made side by side, and a large
// game's records are never all held at once.
struct ManifestCards {
  size_t count = 0;
  std::function<layout::CardRecord(size_t)> record;
  int jobs = 1;
};

// Writes dir/manifest.json (atomically) listing `written` (paths under
// `dir`, listed sorted, each once) and the input. A file's size and hash are
// taken from `known` (by generic path) when there, else read from disk now.
// With `cache`, a file read is hashed once as long as it stays as it is
// (its stat, see manifest.cpp digest_of). Returns the manifest's path.
std::filesystem::path write_manifest(const std::filesystem::path& dir, const std::string& game_id,
                                     const std::string& language, const InputSnapshot& input,
                                     std::span<const std::filesystem::path> written,
                                     const std::unordered_map<std::string, FileDigest>& known = {},
                                     const infra::BuildCache* cache = nullptr, const ManifestCards& cards = {});

// The input a manifest names: its hash, and the options that went into it.
struct ManifestInput {
  std::string sha256;
  std::string options;
};
// nullopt when `json` is not a manifest with an input hash.
std::optional<ManifestInput> manifest_input(std::string_view json);

// The files a manifest lists, path (relative to its folder) -> SHA-256;
// empty when `json` is not a manifest.
std::map<std::string, std::string> manifest_files(std::string_view json);

// The cards a manifest records, in its order; nullopt when `json` is not a
// manifest with well-formed "cards" (a manifest from before they were
// recorded has none), with `why` (when given) set to what to tell: "is not
// a kartenwerk manifest (…)", "records no cards (…)", "has a malformed card
// record (the 3rd)".
std::optional<std::vector<layout::CardRecord>> manifest_cards(std::string_view json, std::string* why = nullptr);

}  // namespace kw::products
