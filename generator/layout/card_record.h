#pragma once
// What is known of one laid-out card without its page: the fingerprint of
// the page, and what went into it split by kind (the card's fields, the
// layout file, the art and fonts it paints). A build writes one per card
// into manifest.json ("cards", products/manifest.h), so that a later
// `kartenwerk diff --since-build` can say card by card what changed since
// that build, with no git and without the old files (engine/changes.h).
// The records of a game laid out now are made the same way and compared.
#include <cstddef>
#include <functional>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "layout/card_pages.h"
#include "model/model.h"

namespace kw::layout {

struct CardRecord {
  std::string card;         // a front: the card's id ("gondor-hobbit-1"); empty for a back
  std::string back_layout;  // a back: the layout it is drawn with ("palantir/back"); empty for a front
  std::string stem;         // its file name stem ("09-gondor-erbe-1", "00-back")
  std::string page;         // hex SHA-256 of the page (page/fingerprint.h)
  // A front's fields, each leaf by its path ("good.name", "special[1]") with
  // the first 16 hex digits of the SHA-256 of its value: enough to say which
  // field changed, without copying the deck's text into the manifest.
  std::map<std::string, std::string> fields;
  std::map<std::string, std::string> layout;   // the layout file ("layouts/palantir/card.yaml") -> SHA-256
  std::map<std::string, std::string> painted;  // the art and fonts the page paints (project paths) -> SHA-256
  // How a page is matched across two states: "card <id>", "back <layout>".
  std::string key() const { return card.empty() ? "back " + back_layout : "card " + card; }
};

// The hex SHA-256 of a project file; nullopt when there is none.
using FileHashes = std::function<std::optional<std::string>(const std::string& path)>;

// The game's cards by their own ids (a copy's: "gondor-erbe-1"), in any
// deck; an id used twice finds the first. Indexed once: a walk of the decks
// per card asked for was 12.5 million comparisons at 5,000 cards. The game
// must outlive it.
class CardsById {
 public:
  explicit CardsById(const model::Game& game);
  const model::Card* find(const std::string& id) const;

 private:
  std::unordered_map<std::string_view, const model::Card*> cards_;
};

// "09-gondor-erbe-1" -> "gondor-erbe-1"; "00-back-reference" -> "back-reference".
std::string card_key(const std::string& stem);

// The back pages' layouts in layout_cards' order: each distinct back once, in deck order.
std::vector<std::string> back_layouts(const model::Game& game);

// The files a page paints from, by project path: SVG art, pictures, fonts -> hex SHA-256.
PaintedFiles painted_inputs(const page::Page& page);

// The records of `game`'s pages in layout_cards' order (every front, then
// each back). What a page paints is read from `pages` (kept from its
// first layout, or from the build cache's kept layouts), not laid out again.
std::vector<CardRecord> card_records(const model::Game& game, const CardPages& pages, const FileHashes& hashes);

// The same records one at a time: record(i) is card_records(...)[i]. Safe to
// ask from several threads at once (a manifest makes them side by side, and
// never holds them all). `game`, `pages` and what `hashes` reads must
// outlive it.
class CardRecorder {
 public:
  CardRecorder(const model::Game& game, const CardPages& pages, FileHashes hashes);
  size_t size() const { return pages_.size(); }
  CardRecord record(size_t i) const;

 private:
  const model::Game& game_;
  const CardPages& pages_;
  FileHashes hashes_;
  std::vector<std::string> backs_;
  CardsById cards_;
};
std::vector<CardRecord> card_records(const model::Game& game, std::span<const LaidOutCard> pages,
                                     const FileHashes& hashes);

// What differs between two records of the same page, most specific first:
// "fields good.name, special" ("translation …" when `translated`), "layout
// layouts/palantir/card.yaml", "art templates/…", "font fonts/…"; "page"
// alone when the page changed through something shared (a table entry, a
// rule's value, the game's strings).
std::vector<std::string> record_changes(const CardRecord& was, const CardRecord& now, bool translated);

}  // namespace kw::layout
