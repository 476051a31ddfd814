#include "print/products/print_products.h"

#include <map>
#include <stdexcept>

#include "print/products/board_products.h"
#include "print/products/card_products.h"
#include "print/pdf/pdf_boxes.h"
#include "print/pdf/print_pdf.h"

namespace kw::print {

namespace fs = std::filesystem;

std::vector<CardSide> card_sides(const model::Game& game, std::span<const LaidOutCard> cards) {
  size_t fronts = 0;
  for (const auto& deck : game.decks)
    if (deck.product == "cards") fronts += deck.cards.size();
  std::map<std::string, size_t> back_index;
  size_t next = fronts;
  for (const auto& deck : game.decks)
    if (deck.product == "cards" && !deck.back_layout.empty() && !back_index.count(deck.back_layout))
      back_index[deck.back_layout] = next++;
  if (next != cards.size())
    throw std::logic_error("game " + game.id + ": " + std::to_string(cards.size()) + " laid-out cards, expected " +
                           std::to_string(next));
  std::vector<CardSide> sides;
  size_t i = 0;
  for (const auto& deck : game.decks) {
    if (deck.product != "cards") continue;
    for (size_t k = 0; k < deck.cards.size(); ++k, ++i) {
      CardSide side{i, std::nullopt};
      if (!deck.back_layout.empty()) side.back = back_index.at(deck.back_layout);
      sides.push_back(side);
    }
  }
  return sides;
}

void write_meinspiel_pdfs(const fs::path& game_pdf, std::span<const CardSide> sides, const fs::path& dir,
                          std::vector<fs::path>& written) {
  std::vector<int> fronts, backs;
  bool every_back = true;
  for (const auto& s : sides) {
    fronts.push_back(static_cast<int>(s.front));
    if (s.back)
      backs.push_back(static_cast<int>(*s.back));
    else
      every_back = false;
  }
  if (fronts.empty()) return;
  fs::path out = dir / "meinspiel";
  copy_pages(game_pdf, fronts, out / "fronts.pdf");
  written.push_back(out / "fronts.pdf");
  if (every_back) {
    copy_pages(game_pdf, backs, out / "backs.pdf");
    written.push_back(out / "backs.pdf");
  }
}

void set_board_boxes(std::span<const LaidOutBoard> boards, const fs::path& dir) {
  for (const auto& board : boards) {
    PageBoxes full = boxes_of(board.page);
    set_page_boxes(dir / "board" / (board.stem + ".pdf"), std::span(&full, 1));
    for (const auto& tiled : board.tiled) {
      std::vector<PageBoxes> boxes;
      for (const auto& page : tiled.pages) boxes.push_back(boxes_of(page));
      set_page_boxes(dir / "board" / tiled.file, boxes);
    }
  }
}

namespace {

std::vector<PnpCard> pnp_cards(std::span<const LaidOutCard> cards, std::span<const CardSide> sides) {
  std::vector<PnpCard> pnp;
  for (const auto& s : sides) pnp.push_back({&cards[s.front].page, s.back ? &cards[*s.back].page : nullptr});
  return pnp;
}

}  // namespace

size_t pnp_page_count(std::span<const LaidOutCard> cards, std::span<const CardSide> sides, const SheetFormat& sheet,
                      const PnpSettings& settings) {
  auto pnp = pnp_cards(cards, sides);
  if (pnp.empty()) return 0;
  return plan_sheets(pnp, sheet, settings.gap).size() * (any_back(pnp) ? 2 : 1);
}

void write_pnp_sheets(const model::Game& game, std::span<const LaidOutCard> cards, std::span<const CardSide> sides,
                      const PnpSettings& settings, const fs::path& dir, const text::Typesetter& typesetter,
                      std::vector<fs::path>& written, const std::function<void()>& page_done) {
  std::vector<PnpCard> pnp = pnp_cards(cards, sides);
  if (pnp.empty()) return;
  const bool backs = any_back(pnp);
  for (const SheetFormat& sheet : settings.sheets) {
    auto plans = plan_sheets(pnp, sheet, settings.gap);
    fs::path file = dir / "pnp" / (game.id + "-" + sheet.id + ".pdf");
    PrintPdf pdf(file, game.name + " – Print & Play " + sheet.name);
    for (size_t k = 0; k < plans.size(); ++k) {
      std::string id = game.id + "/pnp-" + sheet.id + "-" + std::to_string(k + 1);
      pdf.add(front_sheet(plans[k], pnp, settings, id + "-front"));
      if (page_done) page_done();
      if (backs) {
        pdf.add(back_sheet(plans[k], pnp, settings, id + "-back"));
        if (page_done) page_done();
      }
    }
    pdf.finish();
    written.push_back(file);

    Diagnostics diags;
    auto pages = alignment_sheet(plans.front().grid, settings, game.name, typesetter, diags);
    if (diags.has_errors()) throw std::runtime_error(format_diagnostics(diags));
    fs::path test = dir / "pnp" / (game.id + "-" + sheet.id + "-alignment.pdf");
    PrintPdf alignment(test, game.name + " – Passer-Test " + sheet.name);
    for (const auto& page : pages) alignment.add(page);
    alignment.finish();
    written.push_back(test);
  }
}

}  // namespace kw::print
