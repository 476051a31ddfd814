#include "engine/reprint.h"

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>
#include <string>

namespace kw::engine {

namespace {

bool prints_cards(const model::Deck& deck) { return deck.product == model::Product::Cards; }

// The back pages' order in layout_cards: each distinct back layout once, in deck order.
std::vector<std::string> back_layouts(const model::Game& game) {
  std::vector<std::string> out;
  for (const auto& deck : game.decks)
    if (prints_cards(deck) && !deck.back_layout.empty() &&
        std::find(out.begin(), out.end(), deck.back_layout) == out.end())
      out.push_back(deck.back_layout);
  return out;
}

}  // namespace

std::optional<Reprint> reprint_set(const model::Game& game, std::vector<layout::LaidOutCard> cards,
                                   const GameChanges& changes) {
  std::set<std::string> ids;        // fronts to reprint
  std::set<std::string> new_backs;  // back layouts whose page changed
  const std::vector<std::string> backs = back_layouts(game);
  for (const auto& c : changes.changes) {
    if (c.kind == CardChange::Kind::Removed) continue;
    if (!c.back_layout.empty())
      new_backs.insert(c.back_layout);
    else
      ids.insert(c.card);
  }
  Reprint out{.game = game, .pages = {}, .fronts = 0};
  out.game.decks.clear();
  std::vector<layout::LaidOutCard> kept;
  size_t index = 0;  // into `cards`: fronts in deck order
  for (const auto& deck : game.decks) {
    if (!prints_cards(deck)) continue;
    model::Deck selected = deck;
    selected.cards.clear();
    const bool whole_deck = new_backs.count(deck.back_layout) > 0;
    for (const auto& card : deck.cards) {
      if (index >= cards.size()) throw std::logic_error("reprint of " + game.id + ": fewer pages than cards");
      if (whole_deck || ids.count(card.id)) {
        selected.cards.push_back(card);
        kept.push_back(std::move(cards[index]));
      }
      ++index;
    }
    if (!selected.cards.empty()) out.game.decks.push_back(std::move(selected));
  }
  out.fronts = kept.size();
  if (kept.empty()) return std::nullopt;
  // The backs of the decks kept, in the order the smaller game lays them out.
  for (const auto& layout : back_layouts(out.game)) {
    const auto at = static_cast<size_t>(std::find(backs.begin(), backs.end(), layout) - backs.begin());
    if (index + at >= cards.size()) throw std::logic_error("reprint of " + game.id + ": a back page is missing");
    kept.push_back(cards[index + at]);
  }
  out.pages.cards = layout::CardPages(std::move(kept));
  return out;
}

}  // namespace kw::engine
