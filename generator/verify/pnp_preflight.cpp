#include "verify/pnp_preflight.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "impose/pnp_sheets.h"
#include "pdf/pdf_boxes.h"
#include "verify/card_checks.h"
#include "verify/page_render.h"

namespace kw::verify {

namespace fs = std::filesystem;

namespace {

// Sheets are compared at this resolution: 2 px a millimetre cell, enough to
// see a card, its bleed or a crop mark missing or moved by a millimetre,
// while a deck of sheets renders in seconds.
constexpr double kSheetDpi = 50;
// How far a page may lie from the paper size, mm (PDF points rounded).
constexpr double kPaperTolerance = 0.2;
// A pixel this far from white (RGB distance) in the margin is paint there.
constexpr double kPaintDistance = 40;

// One page of a sheet file as planned: what it shows and where each card
// lies on it (its cell with the bleed).
struct PlannedPage {
  page::Page page;
  std::string what;  // "sheet 2, fronts"
  std::vector<std::pair<Rect, std::string>> cards;
};

std::vector<PlannedPage> plan_pages(const std::vector<impose::SheetPlan>& plans, std::span<const impose::PnpCard> pnp,
                                    std::span<const layout::LaidOutCard> cards, std::span<const layout::CardSide> sides,
                                    const settings::PnpSettings& settings, const std::string& id) {
  const bool backs = impose::any_back(pnp);
  std::vector<PlannedPage> out;
  for (size_t k = 0; k < plans.size(); ++k) {
    const impose::SheetPlan& plan = plans[k];
    const std::string sheet_id = id + "-" + std::to_string(k + 1);
    PlannedPage front{
        impose::front_sheet(plan, pnp, settings, sheet_id + "-front"), fmt::format("sheet {}, fronts", k + 1), {}};
    PlannedPage back{
        impose::back_sheet(plan, pnp, settings, sheet_id + "-back"), fmt::format("sheet {}, backs", k + 1), {}};
    for (size_t slot = 0; slot < plan.cards.size(); ++slot) {
      const layout::CardSide& side = sides[plan.cards[slot]];
      const int row = static_cast<int>(slot) / plan.grid.columns + 1,
                column = static_cast<int>(slot) % plan.grid.columns + 1;
      const std::string place = fmt::format(" (row {}, column {} of the fronts)", row, column);
      front.cards.emplace_back(plan.grid.cell(static_cast<int>(slot)).inset(-plan.grid.bleed),
                               cards[side.front].stem + place);
      if (side.back)
        back.cards.emplace_back(
            plan.grid.back_cell(static_cast<int>(slot), settings.flip, settings.duplex_offset).inset(-plan.grid.bleed),
            "the back " + cards[*side.back].stem + " of " + cards[side.front].stem + place);
    }
    out.push_back(std::move(front));
    if (backs) out.push_back(std::move(back));
  }
  return out;
}

// What lies at `at` (mm) on a planned page: the card there, or the sheet around the cards.
std::string what_is_at(const PlannedPage& planned, Point at) {
  for (const auto& [rect, name] : planned.cards)
    if (at.x >= rect.x && at.x <= rect.right() && at.y >= rect.y && at.y <= rect.bottom()) return name;
  return "outside the cards (crop marks, paper)";
}

// Paint in the printer's margin of a rendered page: the first such pixel's place, mm.
std::optional<Point> paint_in_margin(const render::Raster& r, const settings::SheetFormat& sheet) {
  const double px_per_mm = r.width / sheet.size.w;
  const Rect inside = Rect{0, 0, sheet.size.w, sheet.size.h}.inset(sheet.margin);
  // Pixels wholly outside the printable area: a mark ending on its edge is fine.
  const int x0 = static_cast<int>(std::floor(inside.x * px_per_mm)) - 1;
  const int x1 = static_cast<int>(std::ceil(inside.right() * px_per_mm)) + 1;
  const int y0 = static_cast<int>(std::floor(inside.y * px_per_mm)) - 1;
  const int y1 = static_cast<int>(std::ceil(inside.bottom() * px_per_mm)) + 1;
  for (int y = 0; y < r.height; ++y)
    for (int x = 0; x < r.width; ++x) {
      if (x >= x0 && x < x1 && y >= y0 && y < y1) continue;
      if (checks::distance(r.pixel(x, y), Color{255, 255, 255, 255}) > kPaintDistance)
        return Point{(x + 0.5) / px_per_mm, (y + 0.5) / px_per_mm};
    }
  return std::nullopt;
}

// The pages and paper size of a file; false (with a finding) when it cannot be read.
bool check_paper(const fs::path& file, const std::string& label, const settings::SheetFormat& sheet, size_t want,
                 PreflightReport& report) {
  std::vector<pdf::PageBoxes> boxes;
  try {
    boxes = pdf::read_page_boxes(file);
  } catch (const std::exception& e) {
    report.general.push_back({PreflightCheck::Pnp, e.what()});
    return false;
  }
  if (boxes.size() != want)
    report.general.push_back(
        {PreflightCheck::Pnp, fmt::format("{} has {} pages, planned are {}", label, boxes.size(), want)});
  for (size_t i = 0; i < boxes.size(); ++i) {
    const Size got{boxes[i].media.w, boxes[i].media.h};
    if (std::abs(got.w - sheet.size.w) > kPaperTolerance || std::abs(got.h - sheet.size.h) > kPaperTolerance) {
      report.general.push_back(
          {PreflightCheck::Pnp, fmt::format("{} p. {}: the page is {:.1f} x {:.1f} mm, not {} "
                                            "({:g} x {:g} mm)",
                                            label, i + 1, got.w, got.h, sheet.name, sheet.size.w, sheet.size.h)});
      return false;  // the places of everything on it mean nothing
    }
  }
  return boxes.size() == want;
}

// `r` moved by (dx, dy) pixels, its edge pixels repeated into what it leaves.
render::Raster moved(const render::Raster& r, int dx, int dy) {
  render::Raster out = r;
  for (int y = 0; y < r.height; ++y)
    for (int x = 0; x < r.width; ++x) {
      const int fx = std::clamp(x - dx, 0, r.width - 1), fy = std::clamp(y - dy, 0, r.height - 1);
      std::copy_n(&r.rgba[(static_cast<size_t>(fy) * r.width + fx) * 4], 4,
                  &out.rgba[(static_cast<size_t>(y) * r.width + x) * 4]);
    }
  return out;
}

// A sheet's cells against the plan, each cell against the plan as it is and
// moved by a pixel (0.5 mm) either way, the closest counting. The sheet
// draws each card through a form turned onto the page, the plan draws it in
// place: a small motif (Gelfdrakkar's ring of 1.5 mm dots) can land a pixel
// apart in the two renderings, which at 2 x 2 px cells reads as ΔE 25; a
// card or mark moved by a millimetre is still two pixels off, and a colour
// wrong in every placement.
SeparationCells sheet_cells(const render::Raster& printed, const render::Raster& meant) {
  SeparationCells cells = checks::image_cells(printed, meant, kSheetDpi);
  if (!cells.measured() || cells.worst <= checks::kImageContentTolerance) return cells;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx) {
      if (dx == 0 && dy == 0) continue;
      const SeparationCells other = checks::image_cells(printed, moved(meant, dx, dy), kSheetDpi);
      for (size_t i = 0; i < cells.delta_e.size() && i < other.delta_e.size(); ++i)
        cells.delta_e[i] = std::min(cells.delta_e[i], other.delta_e[i]);
    }
  const auto worst = std::max_element(cells.delta_e.begin(), cells.delta_e.end());
  const auto at = static_cast<size_t>(worst - cells.delta_e.begin());
  const auto columns = static_cast<size_t>(cells.columns);
  const size_t row = at / columns, column = at % columns;  // the cell's place in whole cells
  cells.worst = *worst;
  cells.worst_x_mm = (static_cast<double>(column) + 0.5) * cells.cell_mm;
  cells.worst_y_mm = (static_cast<double>(row) + 0.5) * cells.cell_mm;
  return cells;
}

// Each page of the file against its plan, rendered alike.
// The worst cell of all pages (ΔE2000), -1 when none was compared.
double check_pages(const fs::path& file, const std::string& label, const std::vector<PlannedPage>& planned,
                   const settings::SheetFormat& sheet, PreflightReport& report) {
  double worst = -1;
  std::vector<render::Raster> printed, meant;
  try {
    printed = render_rgb_pages(file, kSheetDpi, true);
    std::vector<const page::Page*> pages;
    pages.reserve(planned.size());
    for (const auto& p : planned) pages.push_back(&p.page);
    meant = render_layout_pages(pages, kSheetDpi, true);
  } catch (const std::exception& e) {
    report.general.push_back({PreflightCheck::Pnp, label + ": " + e.what()});
    return worst;
  }
  for (size_t i = 0; i < planned.size() && i < printed.size() && i < meant.size(); ++i) {
    const std::string where = fmt::format("{} p. {} ({})", label, i + 1, planned[i].what);
    if (auto at = paint_in_margin(printed[i], sheet))
      report.general.push_back(
          {PreflightCheck::Pnp, fmt::format("{}: paint in the printer's {:g} mm margin at {:.0f}, {:.0f} mm from the "
                                            "page's top left",
                                            where, sheet.margin, at->x, at->y)});
    const SeparationCells cells = sheet_cells(printed[i], meant[i]);
    if (!cells.measured()) continue;
    worst = std::max(worst, cells.worst);
    if (cells.worst <= checks::kImageContentTolerance) continue;
    const Point at{cells.worst_x_mm, cells.worst_y_mm};
    report.general.push_back(
        {PreflightCheck::Pnp,
         fmt::format("{}: differs from the sheet as planned by ΔE2000 {:.1f} at {:.0f}, {:.0f} mm from the page's top "
                     "left, {} (tolerance {:g})",
                     where, cells.worst, at.x, at.y, what_is_at(planned[i], at), checks::kImageContentTolerance)});
  }
  return worst;
}

}  // namespace

void preflight_pnp(const model::Game& game, std::span<const layout::LaidOutCard> cards, const fs::path& game_dir,
                   const settings::PnpSettings& settings, PreflightReport& report) {
  std::error_code ec;
  if (!fs::is_directory(game_dir / "pnp", ec)) {
    report.not_run.push_back({PreflightCheck::Pnp, "no PnP sheets in " + (game_dir / "pnp").generic_string()});
    return;
  }
  std::vector<layout::CardSide> sides;
  try {
    sides = layout::card_sides(game, cards);
  } catch (const std::exception& e) {
    report.general.push_back({PreflightCheck::Pnp, e.what()});
    return;
  }
  std::vector<impose::PnpCard> pnp;
  pnp.reserve(sides.size());
  for (const auto& s : sides) pnp.push_back({&cards[s.front].page, s.back ? &cards[*s.back].page : nullptr});
  if (pnp.empty()) return;
  for (const settings::SheetFormat& sheet : settings.sheets) {
    const std::string name = "pnp/" + game.id + "-" + sheet.id + ".pdf";
    const fs::path file = game_dir / name;
    if (!fs::is_regular_file(file, ec) || fs::is_symlink(file, ec)) {
      report.general.push_back({PreflightCheck::Pnp, name + " is missing (or not a regular file)"});
      continue;
    }
    std::vector<impose::SheetPlan> plans;
    try {
      plans = impose::plan_sheets(pnp, sheet, settings);
    } catch (const std::exception& e) {
      report.general.push_back({PreflightCheck::Pnp, name + ": " + e.what()});
      continue;
    }
    const auto planned = plan_pages(plans, pnp, cards, sides, settings, game.id + "/pnp-" + sheet.id);
    const double worst =
        check_paper(file, name, sheet, planned.size(), report) ? check_pages(file, name, planned, sheet, report) : -1;
    const std::string test = "pnp/" + game.id + "-" + sheet.id + "-alignment.pdf";
    if (fs::is_regular_file(game_dir / test, ec))
      check_paper(game_dir / test, test, sheet, 2, report);
    else
      report.general.push_back({PreflightCheck::Pnp, test + " is missing"});
    report.sheets.push_back(fmt::format("{}: {} pages, {}{}{}", name, planned.size(), plans.front().grid.summary(),
                                        impose::any_back(pnp) ? ", backs mirrored" : "",
                                        worst >= 0 ? fmt::format("; against the plan ΔE {:.1f} at worst", worst) : ""));
  }
}

}  // namespace kw::verify
