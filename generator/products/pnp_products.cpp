#include "products/pnp_products.h"

#include <memory>
#include <stdexcept>
#include <utility>

#include <fmt/format.h>

#include "exporters/print_pdf.h"
#include "impose/pnp_sheets.h"
#include "impose/sheet_words.h"
#include "settings/print_config.h"

namespace kw::products {

namespace fs = std::filesystem;

namespace {

// The cards' frames: enough to plan the sheets.
std::vector<impose::PnpCard> pnp_cards(const layout::CardPages& cards, std::span<const layout::CardSide> sides) {
  std::vector<impose::PnpCard> pnp;
  for (const auto& s : sides) pnp.push_back({&cards.frame(s.front), s.back ? &cards.frame(*s.back) : nullptr});
  return pnp;
}

// The whole pages of one sheet's cards, held while the sheet is made: the
// card list points at them meanwhile, and at the frames again afterwards.
class SheetPages {
 public:
  SheetPages(const impose::SheetPlan& plan, std::vector<impose::PnpCard>& cards, const layout::CardPages& pages,
             std::span<const layout::CardSide> sides)
      : cards_(cards) {
    for (size_t c : plan.cards) {
      saved_.emplace_back(c, cards[c]);
      const layout::CardSide& side = sides[c];
      held_.push_back(pages.page(side.front));
      cards[c].front = held_.back().get();
      if (side.back) {
        held_.push_back(pages.page(*side.back));
        cards[c].back = held_.back().get();
      }
    }
  }
  SheetPages(const SheetPages&) = delete;
  SheetPages& operator=(const SheetPages&) = delete;
  ~SheetPages() {
    for (const auto& [c, frames] : saved_) cards_[c] = frames;
  }

 private:
  std::vector<impose::PnpCard>& cards_;
  std::vector<std::pair<size_t, impose::PnpCard>> saved_;
  std::vector<std::shared_ptr<const page::Page>> held_;
};

void write_alignment_test(const model::Game& game, const impose::SheetPlan& first,
                          const settings::PnpSettings& settings, const fs::path& file,
                          const text::Typesetter& typesetter, const Clock& clock) {
  Diagnostics diags;
  // Its instructions need an upright cell's height; the offset it measures
  // is the printer's, the same for cards lying turned.
  impose::SheetGrid grid = first.grid;
  if (grid.turned) {
    if (auto upright =
            impose::fit_grid(grid.sheet, grid.trim(), {settings.gap, 0, settings.mark_offset + impose::kMinMarkLength}))
      grid = *upright;
  }
  // In the game's language, by the words sheets.yaml gives for it.
  const settings::SheetWords* words = settings.words_for(game.language);
  auto pages = impose::alignment_sheet(grid, settings, game.name, words, typesetter, diags);
  const auto title = words
                         ? impose::fill_words(words->alignment_title, {{"game", game.name}, {"sheet", grid.sheet.name}},
                                              words->language, words->loc, diags)
                         : std::optional<std::string>(game.name + " – " + grid.sheet.name);
  if (diags.has_errors() || !title) throw std::runtime_error(format_diagnostics(diags));
  exporters::PrintPdf pdf(file, {.title = *title, .clock = clock});
  pdf.print_at_actual_size();  // the test measures the printer: no scaling by the viewer
  for (const auto& page : pages) pdf.add(page);
  pdf.finish();
}

}  // namespace

size_t pnp_page_count(const layout::CardPages& cards, std::span<const layout::CardSide> sides,
                      const settings::SheetFormat& sheet, const settings::PnpSettings& settings) {
  auto pnp = pnp_cards(cards, sides);
  if (pnp.empty()) return 0;
  return impose::plan_sheets(pnp, sheet, settings).size() * (impose::any_back(pnp) ? 2 : 1);
}

std::vector<std::string> pnp_layouts(const layout::CardPages& cards, std::span<const layout::CardSide> sides,
                                     const settings::SheetFormat& sheet, const settings::PnpSettings& settings) {
  auto pnp = pnp_cards(cards, sides);
  if (pnp.empty()) return {};
  std::vector<std::string> lines;
  size_t count = 0;
  auto plans = impose::plan_sheets(pnp, sheet, settings);
  for (size_t k = 0; k < plans.size(); ++k) {
    ++count;
    // Consecutive sheets with the same grid make one line.
    bool last_of_kind = k + 1 == plans.size() || plans[k + 1].grid.summary() != plans[k].grid.summary();
    if (!last_of_kind) continue;
    lines.push_back(
        fmt::format("{}: {} ({} {})", sheet.name, plans[k].grid.summary(), count, count == 1 ? "sheet" : "sheets"));
    count = 0;
  }
  return lines;
}

void write_pnp_sheets(const model::Game& game, const layout::CardPages& cards, std::span<const layout::CardSide> sides,
                      const settings::PnpSettings& settings, const fs::path& dir, const text::Typesetter& typesetter,
                      const Clock& clock, std::vector<fs::path>& written, const std::function<void()>& page_done) {
  std::vector<impose::PnpCard> pnp = pnp_cards(cards, sides);
  if (pnp.empty()) return;
  const bool backs = impose::any_back(pnp);
  for (const settings::SheetFormat& sheet : settings.sheets) {
    auto plans = impose::plan_sheets(pnp, sheet, settings);
    fs::path file = dir / "pnp" / (game.id + "-" + sheet.id + ".pdf");
    // The title says how the cards sit (bleed or shared cuts): the reader
    // sees it in the document properties, next to the paper it is for.
    exporters::PrintPdf pdf(
        file,
        {.title = game.name + " – Print & Play " + sheet.name + ": " + plans.front().grid.summary(), .clock = clock});
    // True size: a viewer's "fit to page" would shrink every card.
    pdf.print_at_actual_size();
    for (size_t k = 0; k < plans.size(); ++k) {
      std::string id = game.id + "/pnp-" + sheet.id + "-" + std::to_string(k + 1);
      const SheetPages pages(plans[k], pnp, cards, sides);
      pdf.add(impose::front_sheet(plans[k], pnp, settings, id + "-front"));
      if (page_done) page_done();
      if (backs) {
        pdf.add(impose::back_sheet(plans[k], pnp, settings, id + "-back"));
        if (page_done) page_done();
      }
    }
    pdf.finish();
    written.push_back(file);
    fs::path test = dir / "pnp" / (game.id + "-" + sheet.id + "-alignment.pdf");
    write_alignment_test(game, plans.front(), settings, test, typesetter, clock);
    written.push_back(test);
  }
}

}  // namespace kw::products
