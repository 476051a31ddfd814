#pragma once
// What changed between two states of a project, card by card: the project
// as a git revision had it (project/git_project.h) against the working
// folder, each game laid out in both and compared page by page
// (page/fingerprint.h). A card whose page paints the same is unchanged,
// whatever changed in the files; a changed card says what changed on it.
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "engine/compile.h"
#include "engine/world.h"
#include "layout/card_record.h"
#include "page/page.h"

namespace kw::engine {

struct CardChange {
  enum class Kind { Added, Removed, Changed };
  Kind kind = Kind::Changed;
  std::string game;
  std::string card;         // the card's id ("gondor-hobbit-1"), or the back's stem without its number ("back")
  std::string back_layout;  // a back: the layout it is drawn with ("palantir/back"); empty for a card
  std::string stem;         // its file name stem now ("09-gondor-erbe-1"); before, when removed
  // What differs, most specific first: "fields good.name, special",
  // "translation good.name" (a translated edition's text), "layout
  // layouts/palantir/card.yaml", "art templates/palantir/emblem-gondor.svg",
  // "font fonts/junicode/..."; "page" alone when the page changed through something shared (a table
  // entry, a rule's value, the game's strings).
  std::vector<std::string> what;
  // The page as `before` laid it out (a changed or removed card), when
  // compare_worlds was asked to keep it: the studio draws it beside the
  // page now. A page holds its inputs, so it outlives both worlds.
  std::shared_ptr<const page::Page> before;
};

struct GameChanges {
  std::string game;
  size_t cards = 0;  // cards and backs now
  std::vector<CardChange> changes;
};

struct Comparison {
  std::vector<GameChanges> games;
  Diagnostics now;     // what loading or laying out `after` found (its files)
  Diagnostics before;  // the same of `before` (the revision's files)
  bool ok() const { return !now.has_errors() && !before.has_errors(); }
};

// Every game of `after` selected by `games` (empty: all) in `edition`,
// compared with the same game in `before`: a game `before` lacks has every
// card added; without `games`, a game only `before` has every card removed.
// A game whose layout has errors on either side is left out (said in the
// side's diagnostics), never reported as all added; when `before` does not
// load at all (or lacks the edition's variant), nothing is compared.
// `keep_before`: each changed or removed card keeps its page before.
Comparison compare_worlds(const World& before, const World& after, const Edition& edition,
                          const std::vector<std::string>& games, bool keep_before = false);

// The records a build wrote of a game (manifest.json's "cards",
// products/manifest.h); nullopt, with the reason in the diagnostics, when
// there is no such build.
using BuildRecords =
    std::function<std::optional<std::vector<layout::CardRecord>>(const model::Game& game, Diagnostics& diags)>;

// Every game of `after` selected by `games` (empty: all) in `edition`
// compared with what `built` says a build made of it: the same list as
// compare_worlds, without the pages before (a manifest holds none). A game
// without a build, or that does not lay out now, is left out (said in
// `now`'s diagnostics).
Comparison compare_with_build(const World& after, const Edition& edition, const std::vector<std::string>& games,
                              const BuildRecords& built);

}  // namespace kw::engine
