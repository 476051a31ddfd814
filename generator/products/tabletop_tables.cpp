#include "products/tabletop_tables.h"

#include <map>
#include <utility>

#include "sheet/sheet.h"

namespace kw::products {

namespace {

// Each front on the sheets: (sheet, cell).
std::map<size_t, std::pair<size_t, int>> cells(const TtsPlan& plan) {
  std::map<size_t, std::pair<size_t, int>> where;
  for (size_t s = 0; s < plan.sheets.size(); ++s)
    for (size_t c = 0; c < plan.sheets[s].cards.size(); ++c) where[plan.sheets[s].cards[c]] = {s, static_cast<int>(c)};
  return where;
}

// One row per card on the sheets: `row(deck, card, sheet, cell)` gives it
// after its header.
template <class Row>
std::string table(const TtsPlan& plan, const TabletopCards& cards, const std::vector<std::string>& header, Row row) {
  sheet::Grid grid{header};
  const auto where = cells(plan);
  for (const TabletopDeck& deck : cards.decks)
    for (size_t front : deck.fronts) {
      auto at = where.find(front);
      if (at == where.end()) continue;  // no back: not on the sheets
      const TabletopCard& card = cards.cards.at(front);
      std::vector<std::string> cells{deck.name, card.name, plain_text(card.text)};
      for (std::string& cell : row(front, plan.sheets[at->second.first], at->second.second))
        cells.push_back(std::move(cell));
      grid.push_back(std::move(cells));
    }
  return sheet::write_csv(grid);
}

}  // namespace

std::string screentop_csv(const TtsPlan& plan, const TabletopCards& cards) {
  return table(plan, cards, kScreentopColumns, [](size_t, const TtsSheet& sheet, int cell) {
    return std::vector<std::string>{sheet.file, std::to_string(sheet.columns), std::to_string(sheet.rows),
                                    std::to_string(cell), sheet.back_file};
  });
}

std::string playingcards_csv(const TtsPlan& plan, const TabletopCards& cards,
                             const std::function<std::string(size_t)>& image) {
  return table(plan, cards, kPlayingcardsColumns, [&](size_t front, const TtsSheet& sheet, int) {
    return std::vector<std::string>{image(front), image(sheet.back)};
  });
}

}  // namespace kw::products
