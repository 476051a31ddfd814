#include "impose/pnp_sheets.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <utility>

#include <fmt/format.h>

#include "core/language.h"
#include "impose/sheet_items.h"
#include "impose/sheet_words.h"
#include "settings/print_config.h"

namespace kw::impose {

namespace {

using page::Item;
using page::Page;
using page::PathCommand;
using page::PathShape;

constexpr double kEps = 1e-9;

Color ink(const char* hex) { return *Color::parse(hex); }

Page blank_sheet(const settings::SheetFormat& sheet, const std::string& id) {
  return impose::blank_sheet(id, sheet.size, Rect{0, 0, sheet.size.w, sheet.size.h}.inset(sheet.margin),
                             ink("#ffffff"));
}

void push(Page& page, page::Shape shape, const std::string& name, const Affine& t, const Rect& local) {
  push_item(page, std::move(shape), name, t, local);
}

// Segments as one stroked path (Move/Line pairs), butt caps.
void push_segments(Page& page, const std::string& name, const std::vector<Segment>& segments,
                   const settings::LineStyle& style) {
  if (segments.empty()) return;
  PathShape s;
  double l = segments[0].from.x, r = l, t = segments[0].from.y, b = t;
  for (const auto& seg : segments) {
    s.commands.push_back({PathCommand::Op::Move, {seg.from}});
    s.commands.push_back({PathCommand::Op::Line, {seg.to}});
    for (Point p : {seg.from, seg.to}) {
      l = std::min(l, p.x);
      r = std::max(r, p.x);
      t = std::min(t, p.y);
      b = std::max(b, p.y);
    }
  }
  s.paint.stroke = style.color;
  s.paint.stroke_width = style.width;
  push(page, std::move(s), name, {}, Rect{l, t, r - l, b - t}.inset(-style.width / 2));
}

// Text on the alignment sheet, set in `language` (the words').
void push_text(Page& page, const std::string& name, const std::string& markup, double size_pt, text::Align align,
               const Rect& box, const std::string& language, const text::Typesetter& typesetter, Diagnostics& diags,
               const std::string& font = "garamond") {
  text::TextStyle style;
  style.family = font;
  style.max_size_pt = style.min_size_pt = size_pt;
  style.floor_pt = std::min(6.0, size_pt);
  style.align = align;
  style.color = ink("#000000");
  style.hyphenate = false;
  style.features = {"lnum", "-liga"};  // lining figures for numbers; "--" stays two hyphens
  style.language = language;
  if (auto why = impose::push_text(page, name, markup, style, box, typesetter))
    diags.error({}, "alignment sheet " + page.id + ", " + name + ": " + *why);
}

}  // namespace

Rect SheetGrid::cell(int slot) const {
  int row = slot / columns, column = slot % columns;
  return {area.x + column * (card.w + gap), area.y + row * (card.h + gap), card.w, card.h};
}

Rect SheetGrid::back_cell(int slot, settings::DuplexFlip flip, Point offset) const {
  Rect c = cell(slot);
  if (flip == settings::DuplexFlip::LongEdge)
    c.x = sheet.size.w - c.right();
  else
    c.y = sheet.size.h - c.bottom();
  c.x += offset.x;
  c.y += offset.y;
  return c;
}

std::vector<double> SheetGrid::cuts_x() const {
  std::vector<double> xs;
  for (int c = 0; c < columns; ++c) {
    double left = area.x + c * (card.w + gap);
    if (xs.empty() || std::abs(xs.back() - left) > kEps) xs.push_back(left);
    xs.push_back(left + card.w);
  }
  return xs;
}

std::vector<double> SheetGrid::cuts_y() const {
  std::vector<double> ys;
  for (int r = 0; r < rows; ++r) {
    double top = area.y + r * (card.h + gap);
    if (ys.empty() || std::abs(ys.back() - top) > kEps) ys.push_back(top);
    ys.push_back(top + card.h);
  }
  return ys;
}

namespace {

// How many cards of length `card` fit in `room` with `gap` between them.
int fitting(double room, double card, double gap) {
  return static_cast<int>(std::floor((room + gap) / (card + gap) + kEps));
}
// The length `n` cards take with `gap` between them and `bleed` beyond the outer ones.
double span(int n, double card, double gap, double bleed) { return n * card + (n - 1) * gap + 2 * bleed; }

std::optional<SheetGrid> fit_in(const settings::SheetFormat& sheet, Size card, const GridRules& rules,
                                double mark_room) {
  double room_w = sheet.size.w - 2 * (sheet.margin + mark_room);
  double room_h = sheet.size.h - 2 * (sheet.margin + mark_room);
  int columns = fitting(room_w, card.w, rules.gap), rows = fitting(room_h, card.h, rules.gap);
  if (columns < 1 || rows < 1) return std::nullopt;
  SheetGrid g;
  g.sheet = sheet;
  g.card = card;
  g.gap = rules.gap;
  g.columns = columns;
  g.rows = rows;
  // The bleed only where it costs no card: a sheet more to print and cut
  // weighs more than a cut that must hit the trim exactly.
  double bleed_gap = std::max(rules.gap, 2 * rules.bleed);
  if (rules.bleed > 0 && span(columns, card.w, bleed_gap, rules.bleed) <= room_w + kEps &&
      span(rows, card.h, bleed_gap, rules.bleed) <= room_h + kEps) {
    g.gap = bleed_gap;
    g.bleed = rules.bleed;
  }
  double w = span(columns, card.w, g.gap, 0), h = span(rows, card.h, g.gap, 0);
  g.area = {(sheet.size.w - w) / 2, (sheet.size.h - h) / 2, w, h};
  return g;
}

std::optional<SheetGrid> upright_grid(const settings::SheetFormat& sheet, Size card, const GridRules& rules) {
  if (auto g = fit_in(sheet, card, rules, rules.mark_room)) return g;
  return fit_in(sheet, card, rules, 0);
}

// More cards first, then the bleed; upright when it is a tie.
bool better(const std::optional<SheetGrid>& a, const std::optional<SheetGrid>& b) {
  if (!a) return false;
  if (!b) return true;
  if (a->capacity() != b->capacity()) return a->capacity() > b->capacity();
  return a->bleed > b->bleed;
}

}  // namespace

std::optional<SheetGrid> fit_grid(const settings::SheetFormat& sheet, Size card, const GridRules& rules) {
  if (!(card.w > 0 && card.h > 0)) return std::nullopt;
  auto upright = upright_grid(sheet, card, rules);
  if (!rules.may_turn) return upright;
  auto turned = upright_grid(sheet, {card.h, card.w}, rules);
  if (!better(turned, upright)) return upright;
  turned->turned = true;
  return turned;
}

std::string SheetGrid::summary() const {
  std::string how = bleed > 0            ? fmt::format("with {:g} mm bleed, each card cut on its own", bleed)
                    : gap > 0            ? fmt::format("without bleed, {:g} mm apart, each card cut on its own", gap)
                    : columns * rows > 1 ? "without bleed, neighbours share a cut"
                                         : "without bleed";
  Size t = trim();
  return fmt::format("{} x {} cards {:g} x {:g} mm{}, {}", columns, rows, t.w, t.h, turned ? " turned a quarter" : "",
                     how);
}

std::vector<Segment> crop_marks(const SheetGrid& grid, double length, double offset) {
  std::vector<Segment> marks;
  const Rect a = grid.painted(), p = grid.printable();
  // `free`: the length from a mark's start to the margin.
  auto room = [&](double free) { return free >= std::min(length, kMinMarkLength) - kEps; };
  if (length <= 0) return marks;
  for (double x : grid.cuts_x()) {
    double top = a.y - offset, bottom = a.bottom() + offset;
    if (room(top - p.y)) marks.push_back({{x, top}, {x, std::max(p.y, top - length)}});
    if (room(p.bottom() - bottom)) marks.push_back({{x, bottom}, {x, std::min(p.bottom(), bottom + length)}});
  }
  for (double y : grid.cuts_y()) {
    double left = a.x - offset, right = a.right() + offset;
    if (room(left - p.x)) marks.push_back({{left, y}, {std::max(p.x, left - length), y}});
    if (room(p.right() - right)) marks.push_back({{right, y}, {std::min(p.right(), right + length), y}});
  }
  return marks;
}

std::vector<Segment> cut_lines(const SheetGrid& grid) {
  std::vector<Segment> lines;
  const Rect& a = grid.area;
  for (double x : grid.cuts_x()) lines.push_back({{x, a.y}, {x, a.bottom()}});
  for (double y : grid.cuts_y()) lines.push_back({{a.x, y}, {a.right(), y}});
  return lines;
}

namespace {

double page_bleed(const page::Page& p) {
  return std::min({p.trim.x, p.trim.y, p.size.w - p.trim.right(), p.size.h - p.trim.bottom()});
}

Size trim_size(const PnpCard& card) { return {card.front->trim.w, card.front->trim.h}; }

}  // namespace

double card_bleed(const PnpCard& card) {
  double b = page_bleed(*card.front);
  if (card.back) b = std::min(b, page_bleed(*card.back));
  return std::max(0.0, b);
}

std::vector<SheetPlan> plan_sheets(std::span<const PnpCard> cards, const settings::SheetFormat& sheet,
                                   const settings::PnpSettings& settings) {
  std::vector<SheetPlan> plans;
  for (size_t i = 0; i < cards.size(); ++i) {
    Size size = trim_size(cards[i]);
    bool fits_last = !plans.empty() && plans.back().grid.trim() == size &&
                     static_cast<int>(plans.back().cards.size()) < plans.back().grid.capacity();
    if (!fits_last) {
      // One bleed for all cards of this size, so all their sheets look alike.
      GridRules rules{settings.gap, card_bleed(cards[i]), settings.mark_offset + kMinMarkLength, true};
      for (const PnpCard& other : cards)
        if (trim_size(other) == size) rules.bleed = std::min(rules.bleed, card_bleed(other));
      auto grid = fit_grid(sheet, size, rules);
      if (!grid)
        throw std::runtime_error(fmt::format("card '{}' ({:g} x {:g} mm) does not fit on a {} sheet",
                                             cards[i].front->id, size.w, size.h, sheet.name));
      plans.push_back({*grid, {}});
    }
    plans.back().cards.push_back(i);
  }
  return plans;
}

void check_sheets_fit(const settings::PnpSettings& pnp, Size trim, const std::string& what, Diagnostics& diags) {
  for (const settings::SheetFormat& sheet : pnp.sheets) {
    const GridRules rules{pnp.gap, 0, pnp.mark_offset + kMinMarkLength, true};
    if (fit_grid(sheet, trim, rules)) continue;
    diags.error(sheet.loc,
                fmt::format("sheet '{}' ({:g} x {:g} mm) with a margin of {:g} mm and {:g} mm for crop marks has "
                            "no room for one {:g} x {:g} mm card of {}",
                            sheet.id, sheet.size.w, sheet.size.h, sheet.margin, rules.mark_room, trim.w, trim.h, what),
                {}, "a smaller margin, or a larger sheet (print and play leaves `margin` unprinted on every side)");
  }
}

bool any_back(std::span<const PnpCard> cards) {
  return std::any_of(cards.begin(), cards.end(), [](const PnpCard& c) { return c.back != nullptr; });
}

void place_card(Page& sheet, const Page& card, const Rect& cell, const Rect& clip, int quarter) {
  // The trim's top-left corner goes to the cell's top-left corner upright,
  // to its top-right corner turned clockwise, to its bottom-left anticlockwise.
  Point corner{quarter > 0 ? cell.right() : cell.x, quarter < 0 ? cell.bottom() : cell.y};
  Affine move = Affine::translate(corner.x, corner.y)
                    .then_after(Affine::rotate_deg(90.0 * quarter))
                    .then_after(Affine::translate(-card.trim.x, -card.trim.y));
  for (const Item& source : card.items) {
    Item item = source;
    item.transform = move.then_after(source.transform);
    item.bounds = move.apply(source.bounds);
    item.clip = source.clip ? move.apply(*source.clip).intersected(clip) : clip;
    if (item.clip->w <= 0 || item.clip->h <= 0) continue;
    item.keep_in_safe_area = false;  // the card's safe area, not the sheet's
    sheet.items.push_back(std::move(item));
  }
}

Page front_sheet(const SheetPlan& plan, std::span<const PnpCard> cards, const settings::PnpSettings& settings,
                 const std::string& id) {
  Page page = blank_sheet(plan.grid.sheet, id);
  for (size_t slot = 0; slot < plan.cards.size(); ++slot) {
    Rect cell = plan.grid.cell(static_cast<int>(slot));
    place_card(page, *cards[plan.cards[slot]].front, cell, cell.inset(-plan.grid.bleed), plan.grid.turned ? 1 : 0);
  }
  push_segments(page, "crop-marks", crop_marks(plan.grid, settings.mark_length, settings.mark_offset), settings.marks);
  if (settings.cut_lines) push_segments(page, "cut-lines", cut_lines(plan.grid), settings.cut);
  return page;
}

Page back_sheet(const SheetPlan& plan, std::span<const PnpCard> cards, const settings::PnpSettings& settings,
                const std::string& id) {
  Page page = blank_sheet(plan.grid.sheet, id);
  const int back_quarter = !plan.grid.turned ? 0 : settings.flip == settings::DuplexFlip::LongEdge ? -1 : 1;
  for (size_t slot = 0; slot < plan.cards.size(); ++slot) {
    const PnpCard& card = cards[plan.cards[slot]];
    if (!card.back) continue;
    Rect cell = plan.grid.back_cell(static_cast<int>(slot), settings.flip, settings.duplex_offset);
    place_card(page, *card.back, cell, cell.inset(-plan.grid.bleed), back_quarter);
  }
  return page;
}

namespace {

constexpr double kCrossArm = 12;   // half length of an alignment cross, mm
constexpr double kScaleReach = 5;  // the back's scales reach +-5 mm

// The instructions in the first row, above the crosses.
void push_instructions(Page& front, const SheetGrid& grid, const settings::PnpSettings& settings,
                       const std::string& title, const settings::SheetWords& words, const text::Typesetter& typesetter,
                       Diagnostics& diags) {
  Rect first = grid.cell(0);
  Rect text_box{grid.area.x + 4, first.y + 4, grid.area.w - 8, first.h / 2 - kCrossArm - 6};
  const std::string& lang = words.language;
  auto intro =
      fill_words(words.alignment,
                 {{"sheet", grid.sheet.name},
                  {"title", title},
                  {"flip", settings.flip == settings::DuplexFlip::LongEdge ? words.long_edge : words.short_edge},
                  {"x", format_decimal(settings.duplex_offset.x, lang)},
                  {"y", format_decimal(settings.duplex_offset.y, lang)}},
                 lang, words.loc, diags);
  if (!intro) return;
  page::RectShape paper;
  paper.rect = text_box.inset(-1.5);
  paper.paint.fill = ink("#ffffff");
  push(front, paper, "instructions", {}, paper.rect);
  push_text(front, "instructions", *intro, 8.5, text::Align::Left, text_box, lang, typesetter, diags);
}

// A 100 mm check length below the crosses of the last row.
void push_check_length(Page& front, const SheetGrid& grid, const settings::SheetWords* words,
                       const text::Typesetter& typesetter, Diagnostics& diags) {
  Rect last = grid.cell(grid.capacity() - 1);
  double y = last.center().y + kCrossArm + 10;
  double x0 = grid.area.x + (grid.area.w - 100) / 2;
  page::RectShape under;
  under.rect = {x0 - 2, y - 3, 104, 15};
  under.paint.fill = ink("#ffffff");
  push(front, under, "check-length", {}, under.rect);
  push_segments(front, "check-length",
                {{{x0, y}, {x0 + 100, y}}, {{x0, y - 2}, {x0, y + 2}}, {{x0 + 100, y - 2}, {x0 + 100, y + 2}}},
                settings::LineStyle{0.3, ink("#000000")});
  if (words)
    push_text(front, "check-length", words->alignment_check, 8, text::Align::Center, {x0, y + 3, 100, 8},
              words->language, typesetter, diags);
}

// The front: every cell's outline with a cross at its centre and its number,
// the crop marks, the instructions and the check length.
Page alignment_front(const SheetGrid& grid, const settings::PnpSettings& settings, const std::string& title,
                     const settings::SheetWords* words, const text::Typesetter& typesetter, Diagnostics& diags) {
  const std::string language = words ? words->language : std::string();
  Page front = blank_sheet(grid.sheet, title + "/alignment-" + grid.sheet.id + "-front");
  std::vector<Segment> outlines, crosses;
  for (int slot = 0; slot < grid.capacity(); ++slot) {
    Rect c = grid.cell(slot);
    outlines.push_back({{c.x, c.y}, {c.right(), c.y}});
    outlines.push_back({{c.x, c.bottom()}, {c.right(), c.bottom()}});
    outlines.push_back({{c.x, c.y}, {c.x, c.bottom()}});
    outlines.push_back({{c.right(), c.y}, {c.right(), c.bottom()}});
    Point m = c.center();
    crosses.push_back({{m.x - kCrossArm, m.y}, {m.x + kCrossArm, m.y}});
    crosses.push_back({{m.x, m.y - kCrossArm}, {m.x, m.y + kCrossArm}});
    push_text(front, "slot", std::to_string(slot + 1), 9, text::Align::Center, {m.x - 10, m.y + kCrossArm + 1.5, 20, 6},
              language, typesetter, diags);
  }
  push_segments(front, "cells", outlines, settings::LineStyle{0.15, ink("#000000")});
  push_segments(front, "crosses", crosses, settings::LineStyle{0.2, ink("#000000")});
  push_segments(front, "crop-marks", crop_marks(grid, settings.mark_length, settings.mark_offset), settings.marks);
  if (words) push_instructions(front, grid, settings, title, *words, typesetter, diags);
  push_check_length(front, grid, words, typesetter, diags);
  return front;
}

// Where the back of a cell centred at `o` goes: an x scale that the front
// cross's vertical arm crosses (above the centre) and a y scale that its
// horizontal arm crosses (right of the centre); 0.5 mm ticks, labelled.
void push_scales(Page& back, int slot, Point o, std::vector<Segment>& ticks, std::vector<Segment>& big_ticks,
                 const settings::SheetWords* words, const text::Typesetter& typesetter, Diagnostics& diags) {
  const std::string language = words ? words->language : std::string();
  const double sx = o.y - 7, sy = o.x + 7;  // where the two scales run
  ticks.push_back({{o.x - kScaleReach, sx}, {o.x + kScaleReach, sx}});
  ticks.push_back({{sy, o.y - kScaleReach}, {sy, o.y + kScaleReach}});
  for (int i = -10; i <= 10; ++i) {
    double d = i * 0.5;
    double len = i % 2 == 0 ? 1.2 : 0.6;
    auto& into = i % 2 == 0 ? big_ticks : ticks;
    into.push_back({{o.x + d, sx - len}, {o.x + d, sx + len}});
    into.push_back({{sy - len, o.y + d}, {sy + len, o.y + d}});
  }
  for (int v : {-4, -2, 0, 2, 4}) {
    std::string label = v < 0 ? "\u2212" + std::to_string(-v) : std::to_string(v);
    if (v % 4 == 0)  // -4, 0, 4: more would crowd the x scale
      push_text(back, "scale", label, 6, text::Align::Center, {o.x + v - 2.5, sx - 4.6, 5, 3.2}, language, typesetter,
                diags);
    push_text(back, "scale", label, 6, text::Align::Left, {sy + 1.8, o.y + v - 1.6, 6, 3.2}, language, typesetter,
              diags);
  }
  push_text(back, "scale", "x", 7, text::Align::Right, {o.x - kScaleReach - 5, sx - 2, 4, 4}, language, typesetter,
            diags);
  push_text(back, "scale", "y", 7, text::Align::Center, {sy - 2, o.y + kScaleReach + 0.5, 4, 4}, language, typesetter,
            diags);
  if (!words) return;
  if (auto label = fill_words(words->alignment_back, {{"n", std::to_string(slot + 1)}}, language, words->loc, diags))
    push_text(back, "slot", *label, 7, text::Align::Center, {o.x - 15, o.y + kScaleReach + 5, 30, 5}, language,
              typesetter, diags);
}

// The back: millimetre scales where each cell's back goes (with the current
// duplex offset).
Page alignment_back(const SheetGrid& grid, const settings::PnpSettings& settings, const std::string& title,
                    const settings::SheetWords* words, const text::Typesetter& typesetter, Diagnostics& diags) {
  Page back = blank_sheet(grid.sheet, title + "/alignment-" + grid.sheet.id + "-back");
  std::vector<Segment> ticks, big_ticks;
  for (int slot = 0; slot < grid.capacity(); ++slot)
    push_scales(back, slot, grid.back_cell(slot, settings.flip, settings.duplex_offset).center(), ticks, big_ticks,
                words, typesetter, diags);
  push_segments(back, "scales", ticks, settings::LineStyle{0.12, ink("#000000")});
  push_segments(back, "scales", big_ticks, settings::LineStyle{0.2, ink("#000000")});
  return back;
}

}  // namespace

std::vector<Page> alignment_sheet(const SheetGrid& grid, const settings::PnpSettings& settings,
                                  const std::string& title, const settings::SheetWords* words,
                                  const text::Typesetter& typesetter, Diagnostics& diags) {
  return {alignment_front(grid, settings, title, words, typesetter, diags),
          alignment_back(grid, settings, title, words, typesetter, diags)};
}

}  // namespace kw::impose
