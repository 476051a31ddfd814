#include "print/products/card_products.h"

#include <unistd.h>
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <set>
#include <stdexcept>

#include "core/files.h"
#include "print/products/board_products.h"
#include "print/products/card_files.h"
#include "print/pdf/print_pdf.h"
#include "render/render.h"

namespace kw::print {

namespace fs = std::filesystem;

namespace {

// "07-gondor-erbe-1": zero-padded so that file names sort in card order
// (three digits once a game has 100 cards or more).
std::string numbered(size_t n, size_t total, const std::string& id) {
  int width = total >= 100 ? 3 : 2;
  char buf[24];
  std::snprintf(buf, sizeof buf, "%0*zu-", width, n);
  return buf + id;
}

// A print PDF with its page boxes (print_pdf.h).
using PdfFile = PrintPdf;

}  // namespace

std::vector<LaidOutCard> layout_game(const model::Game& game, layout::Layouter& layouter, const BuildOptions& options,
                                     Diagnostics& diags) {
  const std::string& language = options.language;
  const layout::ValueMap* values = &options.rule_values;
  std::vector<LaidOutCard> cards;
  size_t number = 0, total = 0;
  for (const auto& deck : game.decks)
    if (deck.product == "cards") total += deck.cards.size();
  for (const auto& deck : game.decks) {
    if (deck.product != "cards") continue;
    const layout::LayoutDef* def = layouter.definition(deck.layout, diags);
    for (const auto& card : deck.cards) {
      ++number;
      if (!def) continue;
      cards.push_back({numbered(number, total, card.id), layouter.layout(*def, game, &card, diags, language, values)});
    }
  }
  std::set<std::string> backs;
  for (const auto& deck : game.decks)
    if (deck.product == "cards" && !deck.back_layout.empty()) backs.insert(deck.back_layout);
  for (const auto& deck : game.decks) {
    if (deck.product != "cards" || deck.back_layout.empty() || !backs.count(deck.back_layout)) continue;
    backs.erase(deck.back_layout);  // each distinct back once
    const layout::LayoutDef* def = layouter.definition(deck.back_layout, diags);
    if (!def) continue;
    bool shared = std::all_of(game.decks.begin(), game.decks.end(), [&](const model::Deck& d) {
      return d.product != "cards" || d.back_layout == deck.back_layout;
    });
    std::string zero = total >= 100 ? "000" : "00";
    std::string stem = shared ? zero + "-back" : zero + "-back-" + deck.id;
    cards.push_back({stem, layouter.layout(*def, game, nullptr, diags, language, values, &deck)});
  }
  return cards;
}

std::vector<LaidOutBooklet> layout_booklets(const model::Game& game, layout::Layouter& layouter,
                                            const BuildOptions& options, Diagnostics& diags) {
  std::vector<LaidOutBooklet> booklets;
  for (const auto& deck : game.decks) {
    if (deck.product != "booklet") continue;
    const layout::LayoutDef* def = layouter.definition(deck.layout, diags);
    if (!def) continue;
    LaidOutBooklet booklet{deck.file, {}};
    for (const auto& card : deck.cards)
      booklet.pages.push_back(layouter.layout(*def, game, &card, diags, options.language, &options.rule_values));
    booklets.push_back(std::move(booklet));
  }
  return booklets;
}

BuildReport build_card_products(const model::Game& game, layout::Layouter& layouter, const BuildOptions& options,
                                Diagnostics& diags) {
  BuildReport report;
  size_t errors_before = diags.error_count();
  auto cards = layout_game(game, layouter, options, diags);
  auto booklets = options.formats.pdf ? layout_booklets(game, layouter, options, diags) : std::vector<LaidOutBooklet>{};
  auto boards = layout_boards(game, layouter, options, diags);
  if (diags.error_count() > errors_before) return report;

  fs::path dir = options.out_dir / game.id / options.subdir;
  // The card files, rendered in parallel, and the print products made from
  // them (card_files.h).
  write_card_files(game, cards, dir, options, layouter.typesetter(), report);
  for (const auto& booklet : booklets) {
    PdfFile file(dir / booklet.file);
    for (const auto& page : booklet.pages) file.add(page);
    file.finish();
    report.written.push_back(dir / booklet.file);
  }
  write_boards(boards, dir, options.formats, report);
  if (options.formats.pdf) set_board_boxes(boards, dir);  // print_products.h
  write_build_manifest(game, dir, options, report);       // manifest.json, last
  return report;
}

}  // namespace kw::print
