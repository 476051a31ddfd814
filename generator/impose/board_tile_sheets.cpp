#include "impose/board_tile_sheets.h"

#include <cctype>
#include <optional>

#include "impose/sheet_words.h"

#include <algorithm>
#include <utility>

#include "impose/sheet_items.h"
#include "layout/arcs.h"
#include "settings/print_config.h"

namespace kw::impose {

namespace {

using page::Item;
using page::Page;
using page::PathCommand;
using page::PathShape;

Color ink(const char* hex) { return *Color::parse(hex); }

bool intersects(const Rect& a, const Rect& b) {
  return a.x < b.right() && b.x < a.right() && a.y < b.bottom() && b.y < a.bottom();
}

page::Page sheet_page(const std::string& id, const Tiling& tiling) {
  return blank_sheet(id, tiling.sheet.size, tiling.printable, ink("#ffffff"));
}

void push(page::Page& page, page::Shape shape, const std::string& name, const Affine& t, const Rect& local,
          std::optional<Rect> clip) {
  push_item(page, std::move(shape), name, t, local, clip);
}

// Copies the board's items that reach into `clip` (sheet coordinates) onto
// the sheet through `to_sheet`, clipped to `clip`. The transforms are
// translations, scales and quarter turns, so mapped bounds stay exact.
void place_board(page::Page& page, const page::Page& board, const Affine& to_sheet, const Rect& clip) {
  for (const page::Item& source : board.items) {
    Rect bounds = to_sheet.apply(source.bounds);
    if (!intersects(bounds, clip)) continue;
    page::Item item = source;
    item.transform = to_sheet.then_after(source.transform);
    item.bounds = bounds;
    item.clip = source.clip ? to_sheet.apply(*source.clip).intersected(clip) : clip;
    item.keep_in_safe_area = false;  // the board's safe area, not the sheet's
    page.items.push_back(std::move(item));
  }
}

// Line segments as one path (Move/Line pairs), stroked.
void push_lines(page::Page& page, const std::string& name, const std::vector<std::pair<Point, Point>>& lines,
                const Color& color, double width, std::optional<Rect> clip) {
  if (lines.empty()) return;
  page::PathShape s;
  double l = lines[0].first.x, r = l, t = lines[0].first.y, b = t;
  for (const auto& [from, to] : lines) {
    s.commands.push_back({page::PathCommand::Op::Move, {from}});
    s.commands.push_back({page::PathCommand::Op::Line, {to}});
    for (Point p : {from, to}) {
      l = std::min(l, p.x);
      r = std::max(r, p.x);
      t = std::min(t, p.y);
      b = std::max(b, p.y);
    }
  }
  s.paint.stroke = color;
  s.paint.stroke_width = width;
  push(page, std::move(s), name, {}, Rect{l, t, r - l, b - t}.inset(-width / 2), clip);
}

// Dashes along from -> to: 3 mm ink, 2 mm gap.
std::vector<std::pair<Point, Point>> dashes(Point from, Point to) {
  constexpr double dash = 3, gap = 2;
  double dx = to.x - from.x, dy = to.y - from.y;
  double length = std::hypot(dx, dy);
  std::vector<std::pair<Point, Point>> out;
  if (length <= 0) return out;
  for (double s = 0; s < length; s += dash + gap) {
    double e = std::min(length, s + dash);
    out.push_back(
        {{from.x + dx * s / length, from.y + dy * s / length}, {from.x + dx * e / length, from.y + dy * e / length}});
  }
  return out;
}

// An alignment mark: a circle with a cross, black on a white halo so that it
// shows on dark and light art alike.
void push_mark(page::Page& page, Point c, const Rect& clip) {
  constexpr double circle_r = 2.5, arm = kMarkRadius - 0.35;  // arm + halo half-width = kMarkRadius
  std::vector<std::pair<Point, Point>> cross = {{{c.x - arm, c.y}, {c.x + arm, c.y}},
                                                {{c.x, c.y - arm}, {c.x, c.y + arm}}};
  for (auto [color, width] : {std::pair{ink("#ffffff"), 0.7}, std::pair{ink("#000000"), 0.2}}) {
    page::PathShape ring;
    ring.commands = layout::sector_path({c, 0, circle_r, std::nullopt});
    ring.paint.stroke = color;
    ring.paint.stroke_width = width;
    push(page, std::move(ring), "mark", {},
         Rect{c.x - circle_r, c.y - circle_r, 2 * circle_r, 2 * circle_r}.inset(-width / 2), clip);
    push_lines(page, "mark", cross, color, width, clip);
  }
}

// Sets `markup` into `box` (sheet mm); problems go to `diags`.
void push_text(page::Page& page, const std::string& name, const std::string& markup, text::TextStyle style,
               const Rect& box, const SheetText& st, const text::Typesetter& typesetter, Diagnostics& diags) {
  style.language = st.language;
  if (auto why = impose::push_text(page, name, markup, style, box, typesetter))
    diags.error(st.loc, "board sheet " + page.id + ", " + name + ": " + *why);
}

text::TextStyle style(const char* family, const char* face, double size, text::Align align = text::Align::Left,
                      text::VAlign valign = text::VAlign::Top) {
  text::TextStyle s;
  s.family = family;
  s.style = face;
  s.max_size_pt = s.min_size_pt = size;
  s.align = align;
  s.valign = valign;
  s.color = ink("#000000");
  s.features = {"lnum"};  // lining figures: measurements and labels read as in a table
  return s;
}

// A label in a white box, readable over any art.
void push_label(page::Page& page, const std::string& name, const std::string& markup, const Rect& box, double size,
                const SheetText& st, const text::Typesetter& typesetter, Diagnostics& diags) {
  page::RectShape bg;
  bg.rect = box;
  bg.corner_radius = 1;
  bg.paint.fill = ink("#ffffff");
  bg.paint.stroke = ink("#606060");
  bg.paint.stroke_width = 0.2;
  push(page, bg, name, {}, box.inset(-0.1), std::nullopt);
  push_text(page, name, markup, style("junicode", "bold", size, text::Align::Center, text::VAlign::Middle), box, st,
            typesetter, diags);
}

// The paper's name as people write it ("a4" -> "A4"); the words add what
// the language calls it ("DIN A4").
std::string sheet_name(const Tiling& t) {
  std::string name = t.sheet.name;
  for (char& c : name) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return name;
}

}  // namespace

page::Page tile_content(const page::Page& board, const Tiling& tiling, const Tile& tile) {
  page::Page page = sheet_page(board.id + "/" + tiling.sheet.name + "-" + tile.label, tiling);
  const Affine to_sheet = board_to_sheet(tiling, tile);
  // Clipped to the board's page as well: the full-size board shows nothing
  // beyond it either (e.g. the outer half of a stroke along its edge).
  Rect clip = tiling.printable.intersected(to_sheet.apply(Rect{0, 0, board.size.w, board.size.h}));
  place_board(page, board, to_sheet, clip);
  return page;
}

page::Page tile_sheet(const page::Page& board, const Tiling& tiling, const Tile& tile, const SheetText& text,
                      const text::Typesetter& typesetter, Diagnostics& diags) {
  page::Page page = tile_content(board, tiling, tile);
  const Rect& printable = tiling.printable;
  const Affine to_sheet = board_to_sheet(tiling, tile);
  const Affine bands_to_sheet = tiling_to_sheet(tiling, tile);

  // The board's cut line, where the tile shows it.
  page::RectShape outline;
  outline.rect = board.trim;
  outline.paint.stroke = ink("#808080");
  outline.paint.stroke_width = 0.2;
  push(page, outline, "board-edge", to_sheet, board.trim.inset(-0.1), printable);

  for (const Band& band : tile.bands) {
    // Both sheets of a band draw its middle line: the upper one is cut along
    // it, the lower one shows where that cut edge belongs.
    auto line = dashes(bands_to_sheet.apply(band.cut_from), bands_to_sheet.apply(band.cut_to));
    push_lines(page, "cut-line", line, ink("#ffffff"), 0.7, printable);
    push_lines(page, "cut-line", line, ink("#000000"), 0.2, printable);
    for (Point m : band.marks) push_mark(page, bands_to_sheet.apply(m), printable);
  }

  // The label sits in the top strip, which the cut removes wherever a sheet
  // lies over its upper neighbour; left of the top band's first mark.
  const int index = tile.row * tiling.columns + tile.column + 1;
  std::string markup = tile.label + "  ·  " + std::to_string(index) + "/" + std::to_string(tiling.tiles.size());
  Rect box{printable.x + 1, printable.y + 0.4, std::min(34.0, printable.w * 0.25 - kMarkRadius - 2), 4.2};
  push_label(page, "label", markup, box, 10, text, typesetter, diags);
  return page;
}

page::Page assembly_map(const page::Page& board, const Tiling& tiling, const SheetText& text,
                        const text::Typesetter& typesetter, Diagnostics& diags) {
  page::Page page = sheet_page(board.id + "/" + tiling.sheet.name + "-map", tiling);
  const Rect& p = tiling.printable;
  const int n = static_cast<int>(tiling.tiles.size());
  push_text(page, "title", text.title, style("junicode", "bold", 16), {p.x, p.y, p.w, 9}, text, typesetter, diags);
  std::string last_row = tile_label(tiling.rows - 1, 0);
  last_row.pop_back();
  const settings::SheetWords* words = text.words;
  std::optional<std::string> sub;
  if (words) {
    const auto paper =
        fill_words(words->board_paper, {{"paper", sheet_name(tiling)}}, words->language, words->loc, diags);
    sub = fill_words(words->board_assembly,
                     {{"sheets", std::to_string(n)},
                      {"paper", paper.value_or(sheet_name(tiling))},
                      {"rows", std::to_string(tiling.rows)},
                      {"last_row", last_row},
                      {"columns", std::to_string(tiling.columns)},
                      {"width", std::to_string(std::lround(board.trim.w))},
                      {"height", std::to_string(std::lround(board.trim.h))},
                      {"turned", tiling.turned ? words->board_turned : words->board_upright}},
                     words->language, words->loc, diags);
  }
  if (sub)
    push_text(page, "subtitle", *sub, style("garamond", "regular", 10), {p.x, p.y + 10, p.w, 10}, text, typesetter,
              diags);

  // The map: the tiles' union (it contains the board) scaled into the frame.
  const Tile& first = tiling.tiles.front();
  const Tile& last = tiling.tiles.back();
  Rect covered{first.area.x, first.area.y, last.area.right() - first.area.x, last.area.bottom() - first.area.y};
  Rect frame{p.x, p.y + 24, p.w, p.h * 0.55};
  double scale = std::min(frame.w / covered.w, frame.h / covered.h);
  Point origin{frame.x + (frame.w - covered.w * scale) / 2, frame.y + (frame.h - covered.h * scale) / 2};
  Affine tiling_to_map = Affine::translate(origin.x, origin.y)
                             .then_after(Affine::scale(scale, scale))
                             .then_after(Affine::translate(-covered.x, -covered.y));
  Affine to_map = tiling_to_map.then_after(tiling.board_to_tiling);
  Rect board_on_map = to_map.apply(Rect{0, 0, board.size.w, board.size.h});
  place_board(page, board, to_map, board_on_map);
  page::RectShape outline;
  outline.rect = to_map.apply(board.trim);
  outline.paint.stroke = ink("#000000");
  outline.paint.stroke_width = 0.25;
  push(page, outline, "board-edge", {}, outline.rect.inset(-0.125), std::nullopt);
  for (const Tile& tile : tiling.tiles) {
    page::RectShape r;
    r.rect = tiling_to_map.apply(tile.area);
    r.paint.stroke = ink("#c62828");
    r.paint.stroke_width = 0.35;
    push(page, r, "tile-" + tile.label, {}, r.rect.inset(-0.175), std::nullopt);
  }
  for (const Tile& tile : tiling.tiles) {
    Point c = tiling_to_map.apply(tile.area.center());
    push_label(page, "tile-" + tile.label, tile.label, {c.x - 6, c.y - 3.5, 12, 7}, 12, text, typesetter, diags);
  }

  // A known length to check the printer's scale against.
  double y = frame.bottom() + 8;
  push_lines(page, "check-length",
             {{{p.x, y}, {p.x + 100, y}}, {{p.x, y - 2}, {p.x, y + 2}}, {{p.x + 100, y - 2}, {p.x + 100, y + 2}}},
             ink("#000000"), 0.3, std::nullopt);
  if (words)
    push_text(page, "check-length", words->board_check,
              style("garamond", "italic", 9, text::Align::Left, text::VAlign::Middle),
              {p.x + 104, y - 5, p.w - 104, 10}, text, typesetter, diags);

  if (words)
    push_text(page, "steps", words->board_steps, style("garamond", "regular", 10),
              {p.x, y + 6, p.w, p.bottom() - y - 6}, text, typesetter, diags);
  return page;
}

std::vector<page::Page> tiled_sheets(const page::Page& board, const Tiling& tiling, const SheetText& text,
                                     const text::Typesetter& typesetter, Diagnostics& diags) {
  std::vector<page::Page> pages;
  pages.push_back(assembly_map(board, tiling, text, typesetter, diags));
  for (const Tile& tile : tiling.tiles) pages.push_back(tile_sheet(board, tiling, tile, text, typesetter, diags));
  return pages;
}

}  // namespace kw::impose
