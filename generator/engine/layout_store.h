#pragma once
// The cards' layouts a build keeps for the next one (layout::KnownLayouts),
// so that a one-card edit lays out one card, not the whole game.
//
// One record of the build cache per game folder (the name of its build
// record with "layouts " before it), rewritten by every whole build that
// succeeds: what is kept is only the cards of the last build, so it does not
// grow with edits. Each entry is under the key of everything its card's
// layout reads (engine/layout_keys.h), so an entry is either right or never
// looked up. What the entries cannot key: the system's hyphenation
// dictionaries the layouts read (outside the project); the record lists
// them with their hashes, and a record whose dictionaries are not as they
// were is not used.
//
// The record is binary (a length-prefixed encoding; doubles by their bits,
// so a frame comes back exactly) behind a first line with the SHA-256 of the
// rest: a damaged or truncated record is ignored whole, and said
// (BuildCache::note), never half read. Reading 5,000 entries takes a few
// milliseconds, laying the cards out again about a second.
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "infra/build_cache.h"
#include "layout/game_layout.h"
#include "project/project.h"

namespace kw::engine {

// The record's name for the game folder whose build record is `record_name`.
std::string layouts_record(const std::string& record_name);

// The entries kept under `record` that still hold (their dictionaries as they
// were); empty when there is none or it is unusable (then noted on `cache`).
layout::KnownLayouts::Entries load_layouts(const infra::BuildCache& cache, const std::string& record,
                                           const project::Project& project);

// Keeps `entries`, with the system inputs `project` has read so far.
void save_layouts(const infra::BuildCache& cache, const std::string& record,
                  const layout::KnownLayouts::Entries& entries, const project::Project& project);

// The record's bytes and back (exposed for tests): `system` are
// (absolute path, hex SHA-256) pairs. decode_layouts gives nullopt and `why`
// for anything that is not exactly what encode_layouts writes.
using SystemInputs = std::vector<std::pair<std::string, std::string>>;
std::string encode_layouts(const layout::KnownLayouts::Entries& entries, const SystemInputs& system);
struct DecodedLayouts {
  layout::KnownLayouts::Entries entries;
  SystemInputs system;
};
std::optional<DecodedLayouts> decode_layouts(std::string_view bytes, std::string& why);

}  // namespace kw::engine
