#include "layout/card_pages.h"

#include <list>
#include <stdexcept>
#include <unordered_map>

#include "layout/card_record.h"
#include "page/fingerprint.h"
#include "project/input.h"

namespace kw::layout {

struct CardPages::Recent {
  using Pages = std::list<std::pair<size_t, std::shared_ptr<const page::Page>>>;
  Pages pages;  // most recently used first
  std::unordered_map<size_t, Pages::iterator> where;
  size_t relayouts = 0;

  std::shared_ptr<const page::Page> find(size_t i) {
    auto it = where.find(i);
    if (it == where.end()) return nullptr;
    pages.splice(pages.begin(), pages, it->second);
    return it->second->second;
  }

  void add(size_t i, std::shared_ptr<const page::Page> page, size_t keep) {
    pages.emplace_front(i, std::move(page));
    where[i] = pages.begin();
    while (pages.size() > keep) {
      where.erase(pages.back().first);
      pages.pop_back();
    }
  }
};

page::Page frame_of(const page::Page& page) {
  page::Page frame;
  frame.id = page.id;
  frame.size = page.size;
  frame.trim = page.trim;
  frame.safe = page.safe;
  frame.corner_radius = page.corner_radius;
  frame.edge_color = page.edge_color;
  return frame;
}

CardPages::CardPages(std::vector<LaidOutCard> cards) {
  entries_.reserve(cards.size());
  PaintedPool painted_pool;
  for (auto& card : cards) {
    Entry e{std::move(card.stem), kw::hex(page::fingerprint(card.page)), frame_of(card.page), nullptr,
            painted_pool.share(painted_inputs(card.page))};
    e.page = std::make_shared<const page::Page>(std::move(card.page));
    entries_.push_back(std::move(e));
  }
}

CardPages::CardPages(std::vector<Entry> entries, Relayout relayout, size_t keep,
                     std::vector<std::pair<size_t, std::shared_ptr<const page::Page>>> recent)
    : entries_(std::move(entries)), relayout_(std::move(relayout)), keep_(keep), recent_(std::make_unique<Recent>()) {
  for (auto& entry : recent)
    if (entry.first < entries_.size() && !entries_[entry.first].page)
      recent_->add(entry.first, std::move(entry.second), keep_);
}

SharedPainted PaintedPool::share(PaintedFiles files) {
  auto candidate = std::make_shared<const PaintedFiles>(std::move(files));
  std::lock_guard lock(mutex_);
  return *shared_.insert(std::move(candidate)).first;
}

const PaintedFiles& painted_files(const SharedPainted& shared) {
  static const PaintedFiles kNone;
  return shared ? *shared : kNone;
}

const PaintedFiles& CardPages::painted(size_t i) const { return painted_files(entries_.at(i).painted); }

CardPages::CardPages() = default;
CardPages::CardPages(CardPages&&) noexcept = default;
CardPages& CardPages::operator=(CardPages&&) noexcept = default;
CardPages::~CardPages() = default;

std::shared_ptr<const page::Page> CardPages::page(size_t i) const {
  const Entry& entry = entries_.at(i);
  if (entry.page) return entry.page;
  if (!recent_ || !relayout_) throw std::logic_error("card " + entry.stem + ": its page is not held");
  {
    std::lock_guard lock(*mutex_);
    if (auto held = recent_->find(i)) return held;
  }
  // Laid out outside the lock: the other threads go on meanwhile (two may
  // lay out the same card; both get the same page).
  auto page = std::make_shared<const page::Page>(relayout_(i));
  if (kw::hex(page::fingerprint(*page)) != entry.fingerprint)
    throw std::logic_error("card " + entry.stem + ": laid out again, its page differs from its first layout");
  std::lock_guard lock(*mutex_);
  ++recent_->relayouts;
  if (auto held = recent_->find(i)) return held;
  if (keep_ > 0) recent_->add(i, page, keep_);
  return page;
}

size_t CardPages::relayouts() const {
  if (!recent_) return 0;
  std::lock_guard lock(*mutex_);
  return recent_->relayouts;
}

}  // namespace kw::layout
