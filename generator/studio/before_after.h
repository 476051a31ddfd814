#pragma once
// The studio's "what changed" view: the cards of a session whose page
// changed since a git revision of the project (`kartenwerk diff REV`'s
// list, engine/changes.h), each with its page before — rendered from the
// revision's files, read through libgit2 (project/git_project.h), nothing
// checked out or written — to be shown beside the session's image now.
// Knows nothing of HTTP.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "project/git_project.h"
#include "studio/card_view.h"
#include "studio/workspace.h"

namespace kw::studio {

// One card of the list.
struct ChangedCard {
  std::string kind;               // "added", "removed", "changed"
  std::string stem;               // its image's name now (removed: before)
  std::string card;               // the card's id, or a back's stem without its number
  std::vector<std::string> what;  // as diff says it: "fields good.name", "layout layouts/…"
  // Its page before, rendered (null for a card added since); a PNG at the
  // resolution of the session's cards.
  std::shared_ptr<const std::string> before_png;
  int width_px = 0, height_px = 0;
};

struct BeforeAfter {
  SessionKey key;
  std::string revision;          // as asked ("HEAD", "v1.0")
  std::string commit;            // what it named, 40 hex digits
  std::uint64_t generation = 0;  // of the session state compared with
  size_t cards = 0;              // the game's cards and backs now
  std::vector<ChangedCard> changes;
  // Why the comparison is incomplete (the revision's data does not load, a
  // side does not lay out), located as the terminal says it; empty: none.
  std::string diagnostics;
  const ChangedCard* find(const std::string& stem) const;
};

// What the page asks for (?since=) to compare with the last build instead
// of a git revision: a blank makes it no revision git could name.
inline constexpr const char* kLastBuild = "last build";

// Whether `revision` may be handed to git: at most 128 printable ASCII
// characters, no blank, not starting with '-'.
bool plain_revision(const std::string& revision);

// The session whose state is `now` compared with `then` (a revision of the
// project in `workspace`, read through git); the before pages of changed
// and removed cards rendered at `dpi` on up to `threads` threads. Not
// thread-safe with other uses of `workspace` (the studio's build lock).
std::shared_ptr<const BeforeAfter> compare_with_revision(Workspace& workspace, const SessionState& now,
                                                         const std::shared_ptr<const project::GitProject>& then,
                                                         const std::string& revision, double dpi, unsigned threads);

// The session whose state is `now` compared with the build in `game_dir`
// (the card records of its manifest.json, `kartenwerk diff
// --since-build`'s list). A changed or removed card's image before is the
// build's cards/<stem>.png, when that file is still the one the manifest
// lists (else none). `commit` is the manifest's input hash. Null with
// `error` when there is no build there that records its cards. Not
// thread-safe with other uses of `workspace` (the studio's build lock).
std::shared_ptr<const BeforeAfter> compare_with_build(Workspace& workspace, const SessionState& now,
                                                      const std::filesystem::path& game_dir, std::string& error);

}  // namespace kw::studio
