#include "products/pnp_products.h"

#include <memory>
#include <optional>
#include <stdexcept>
#include <utility>

#include <fmt/format.h>

#include "exporters/print_pdf.h"
#include "impose/pnp_sheets.h"
#include "impose/sheet_words.h"
#include "products/pdf_parts.h"
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

namespace {

// What decides a sheet page's bytes besides the document's title and date:
// the grid, the settings and fonts, the page, and its cards' pages.
std::string sheet_page_key(const impose::SheetPlan& plan, const layout::CardPages& cards,
                           std::span<const layout::CardSide> sides, const std::string& settings_key,
                           const std::string& id, bool back) {
  const impose::SheetGrid& g = plan.grid;
  std::string key =
      fmt::format("{}\n{}\n{} {} {} {} {} {} {} {} {} {} {} {}\n", settings_key, id, g.sheet.id, g.card.w, g.card.h,
                  g.turned, g.gap, g.bleed, g.columns, g.rows, g.area.x, g.area.y, g.area.w, g.area.h);
  for (size_t c : plan.cards) {
    const std::optional<size_t> page = back ? sides[c].back : std::optional<size_t>(sides[c].front);
    key += page ? cards.fingerprint(*page) + "\n" : "-\n";
  }
  return key;
}

}  // namespace

void write_pnp_sheets(const model::Game& game, const layout::CardPages& cards, std::span<const layout::CardSide> sides,
                      const settings::PnpSettings& settings, const fs::path& dir, const Clock& clock,
                      std::vector<fs::path>& written, const std::function<void()>& page_done, const PnpCache& cache) {
  std::vector<impose::PnpCard> pnp = pnp_cards(cards, sides);
  if (pnp.empty()) return;
  const bool backs = impose::any_back(pnp);
  for (const settings::SheetFormat& sheet : settings.sheets) {
    auto plans = impose::plan_sheets(pnp, sheet, settings);
    fs::path file = dir / "pnp" / (game.id + "-" + sheet.id + ".pdf");
    // The title says how the cards sit (bleed or shared cuts): the reader
    // sees it in the document properties, next to the paper it is for.
    // True size: a viewer's "fit to page" would shrink every card.
    PartedPdf pdf(file,
                  {.pdf = {.title = game.name + " – Print & Play " + sheet.name + ": " + plans.front().grid.summary(),
                           .clock = clock},
                   .cache = cache.cache,
                   .actual_size = true,
                   .timings = cache.timings,
                   .game = game.id});
    for (size_t k = 0; k < plans.size(); ++k) {
      const std::string id = game.id + "/pnp-" + sheet.id + "-" + std::to_string(k + 1);
      for (bool back : {false, true}) {
        if (back && !backs) break;
        const std::string page_id = id + (back ? "-back" : "-front");
        pdf.add(
            sheet_page_key(plans[k], cards, sides, cache.settings_key, page_id, back),
            // A part of its own (pages_per_part 1): made before add() returns.
            [&, k, back, page_id] {
              const SheetPages pages(plans[k], pnp, cards, sides);
              return std::make_shared<const page::Page>(back ? impose::back_sheet(plans[k], pnp, settings, page_id)
                                                             : impose::front_sheet(plans[k], pnp, settings, page_id));
            },
            page_id);
        if (page_done) page_done();
      }
    }
    pdf.finish();
    written.push_back(file);
  }
}

std::string pnp_alignment_key(const layout::CardPages& cards, std::span<const layout::CardSide> sides,
                              const settings::SheetFormat& sheet, const settings::PnpSettings& settings) {
  auto pnp = pnp_cards(cards, sides);
  if (pnp.empty()) return {};
  const impose::SheetGrid g = impose::plan_sheets(pnp, sheet, settings).front().grid;
  return fmt::format("{} {} {} {} {} {} {} {} {} {} {} {}", g.sheet.id, g.card.w, g.card.h, g.turned, g.gap, g.bleed,
                     g.columns, g.rows, g.area.x, g.area.y, g.area.w, g.area.h);
}

void write_pnp_alignment(const model::Game& game, const layout::CardPages& cards,
                         std::span<const layout::CardSide> sides, const settings::PnpSettings& settings,
                         const fs::path& dir, const text::Typesetter& typesetter, const Clock& clock,
                         std::vector<fs::path>& written) {
  std::vector<impose::PnpCard> pnp = pnp_cards(cards, sides);
  if (pnp.empty()) return;
  for (const settings::SheetFormat& sheet : settings.sheets) {
    auto plans = impose::plan_sheets(pnp, sheet, settings);
    fs::path test = dir / "pnp" / (game.id + "-" + sheet.id + "-alignment.pdf");
    write_alignment_test(game, plans.front(), settings, test, typesetter, clock);
    written.push_back(test);
  }
}

}  // namespace kw::products
