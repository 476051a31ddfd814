#pragma once
// The laid-out cards of a game as the products that print them read them:
// each card's file stem, fingerprint and frame (its page without items: the
// sizes and boxes), and its whole page on demand.
//
// Why on demand: a page is a display list of ~25 kB (mostly shaped glyphs),
// so a deck of 10,000 cards held whole would take 250 MB before anything is
// printed. A build instead lays every card out once, to find its errors and
// take its fingerprint, and keeps only the backs and the pages most recently
// used; a product asking for a page no longer held gets it laid out again.
// Layout is deterministic and takes ~0.3 ms a card, far less than rendering
// or encoding the card, so memory stays flat for any deck size at the cost
// of a few per cent of CPU. Every page laid out again is checked against the
// fingerprint taken the first time: the cache keys and the files must agree.
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "page/page.h"

namespace kw::layout {

// The files a page paints from (SVG art, pictures, fonts): project path ->
// hex SHA-256.
using PaintedFiles = std::map<std::string, std::string>;
// Shared between the cards that paint the same files (most cards of a deck
// paint the same fonts and icons): a build of 10,000 cards held its own copy
// for every card twice (its entry here and the layouts kept for the next
// build), 10 MB of its peak.
using SharedPainted = std::shared_ptr<const PaintedFiles>;

// What `shared` lists (none when null).
const PaintedFiles& painted_files(const SharedPainted& shared);

// Hands out one SharedPainted per distinct set of files. Thread-safe (cards
// are laid out in parallel).
class PaintedPool {
 public:
  SharedPainted share(PaintedFiles files);

 private:
  struct ByFiles {
    bool operator()(const SharedPainted& a, const SharedPainted& b) const { return *a < *b; }
  };
  std::mutex mutex_;
  std::set<SharedPainted, ByFiles> shared_;
};

// One laid-out card (or back) with the file name stem it is written under.
struct LaidOutCard {
  std::string stem;  // "01-gondor-hobbit-1", "00-back"
  page::Page page;
};

class CardPages {
 public:
  // Lays out card `index` again (as the first time, findings ignored).
  using Relayout = std::function<page::Page(size_t index)>;

  CardPages();
  // Every page held: for callers that lay out a few cards (tests, preflight).
  explicit CardPages(std::vector<LaidOutCard> cards);

  // What is known of each card after its first layout.
  struct Entry {
    std::string stem;
    std::string fingerprint;                 // hex SHA-256 (page/fingerprint.h)
    page::Page frame;                        // the page without its items
    std::shared_ptr<const page::Page> page;  // held for good (a back), or null
    // The files the page paints, for the manifest's card records without
    // laying it out again (null: none).
    SharedPainted painted;
  };
  // At most `keep` pages besides the held ones stay in memory; `recent` are
  // pages just laid out, to seed them (index, page), in the order first used.
  CardPages(std::vector<Entry> entries, Relayout relayout, size_t keep,
            std::vector<std::pair<size_t, std::shared_ptr<const page::Page>>> recent = {});

  CardPages(CardPages&&) noexcept;
  CardPages& operator=(CardPages&&) noexcept;
  ~CardPages();

  size_t size() const { return entries_.size(); }
  bool empty() const { return entries_.empty(); }
  const std::string& stem(size_t i) const { return entries_.at(i).stem; }
  const std::string& fingerprint(size_t i) const { return entries_.at(i).fingerprint; }
  const PaintedFiles& painted(size_t i) const;
  const page::Page& frame(size_t i) const { return entries_.at(i).frame; }

  // Card i's whole page; safe to call from several threads. Throws
  // std::logic_error when a page laid out again differs from the first time.
  std::shared_ptr<const page::Page> page(size_t i) const;

  // How many pages were laid out again (for tests and benchmarks).
  size_t relayouts() const;

 private:
  struct Recent;  // the pages most recently used, under mutex_
  std::vector<Entry> entries_;
  Relayout relayout_;
  size_t keep_ = 0;
  mutable std::unique_ptr<std::mutex> mutex_ = std::make_unique<std::mutex>();
  mutable std::unique_ptr<Recent> recent_;
};

// The frame of `page`: everything but its items.
page::Page frame_of(const page::Page& page);

}  // namespace kw::layout
