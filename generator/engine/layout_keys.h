#pragma once
// The key of everything one card's layout reads, so that a studio reload
// (layout::CardMemo) and a build (layout::KnownLayouts, kept in the build
// cache by engine/layout_store.h) lay out again only the cards an edit
// reached.
//
// A card's layout reads its own data entry (and the card definitions its
// fields name), the game's other data (its `game:` map, tables, decks,
// formats, strings, variants), the layout files, templates, art and fonts,
// the rules' values, the language and the draft flags. The key is the
// SHA-256 of
//   - what every card shares: the YAML files under data/ the card database
//     was loaded from, by their hashes, except the files that hold the
//     game's card entries: those parsed with the card entries taken out
//     (every other node kept with its location); the number of the
//     workspace's changes to anything else (Workspace::shared_changes: a
//     layout, a template, a picture, a font; the watcher says which files
//     changed, and those are not hashed on every reload, nor are folders
//     walked, which may hold links that loop); the language, variant and
//     draft flags; the program;
//   - the card's own: its stem, id, copy, index, deck, location and fields
//     (every node with its location, since findings name them), and those
//     of every card definition a scalar of its fields names, transitively
//     (a `type: card` field reads the named card's fields).
// The rules' values are not in the key: layout::CardMemo checks each value
// a card's layout asked for (they are computed from all the cards, so one
// name's edit changes the reference cards' values, not every card's).
// So an edit of one card entry changes one card's key (and those of the
// cards that name it); an edit elsewhere (a layout, a table row, a font, a
// string) changes every key, which is what such an edit can reach. An edit
// that adds or removes lines moves the locations after it: those cards, and
// the rest of the file's nodes, get new keys too. A deck's layout that reads
// `game.decks` (every card's entry through the `game:` map) makes the card
// files shared whole. That scan sees the decks' layout files only; a
// `{{game.…}}` read from anywhere else (a translated string, any text the
// layout evaluates) is caught by layout::CardMemo, which checks each
// `game.…` path a card's layout read against its text now.
#include <cstdint>
#include <map>
#include <string>
#include <string_view>

#include "layout/card_layout.h"
#include "model/model.h"
#include "project/project.h"

namespace kw::engine {

class LayoutKeys {
 public:
  // `others`: what stands for every input not hashed here (above); `files`:
  // project path -> hex SHA-256 of the inputs hashed whole (those that hold
  // card entries are left out, unless a layout reads `game.decks`).
  LayoutKeys(const project::Project& project, const model::Game& game, const std::string& language,
             std::string_view others, const std::map<std::string, std::string>& files = {});

  // The key of `card` (nullptr: the back of `back_of`) under `stem`.
  std::string key(const model::Card* card, const model::Deck* back_of, const std::string& stem) const;

  const std::string& shared() const { return shared_; }

 private:
  std::string shared_;
  std::map<std::string, const model::Card*> definitions_;  // def_id -> first card of it (Game::card_definition)
  std::map<const model::Card*, std::string> own_;          // each card's own part, hashed
};

}  // namespace kw::engine
