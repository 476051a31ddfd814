#include "products/tts_sheets.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "impose/contact_sheet.h"

namespace kw::products {

namespace {

// "00-back-balrog" -> "back-balrog"
std::string without_number(const std::string& stem) {
  auto dash = stem.find('-');
  return dash == std::string::npos ? stem : stem.substr(dash + 1);
}

// A page of w x h px at the plan's dpi, white.
page::Page paper(const TtsPlan& plan, const std::string& id, int w, int h) {
  page::Page page;
  page.id = id;
  page.size = {px_to_mm(w, plan.dpi), px_to_mm(h, plan.dpi)};
  page.trim = page.safe = {0, 0, page.size.w, page.size.h};
  page.edge_color = Color{255, 255, 255, 255};
  return page;
}

page::Item item(page::Shape shape, const std::string& name, const Rect& bounds) {
  page::Item item;
  item.shape = std::move(shape);
  item.name = name;
  item.bounds = bounds;
  return item;
}

}  // namespace

TtsPlan plan_tts(std::span<const TtsCard> cards, Size trim, const std::string& game_id,
                 std::span<const std::string> stems) {
  TtsPlan plan;
  plan.game_id = game_id;
  double s = std::min(kTtsMaxSidePx / (kTtsMaxColumns * trim.w), kTtsMaxSidePx / (kTtsMaxRows * trim.h));
  plan.card_w = static_cast<int>(std::floor(trim.w * s));
  plan.card_h = static_cast<int>(std::floor(trim.h * s));
  plan.dpi = plan.card_w / (trim.w / kMmPerInch);
  const size_t per_sheet = kTtsMaxColumns * kTtsMaxRows - 1;  // the last cell shows the back
  for (size_t i = 0; i < cards.size();) {
    size_t back = cards[i].back;
    size_t end = i;
    while (end < cards.size() && cards[end].back == back && end - i < per_sheet) ++end;
    if (!plan.backs.count(back))
      plan.backs[back] = game_id + "-" + without_number(back < stems.size() ? stems[back] : "back") + ".jpg";
    TtsSheet sheet;
    sheet.file = game_id + "-" + std::to_string(plan.sheets.size() + 1) + ".jpg";
    sheet.back = back;
    sheet.back_file = plan.backs[back];
    size_t cells = end - i + 1;
    sheet.columns = static_cast<int>(std::min<size_t>(kTtsMaxColumns, cells));
    sheet.rows = static_cast<int>((cells + sheet.columns - 1) / sheet.columns);
    for (size_t k = i; k < end; ++k) sheet.cards.push_back(cards[k].front);
    plan.sheets.push_back(std::move(sheet));
    i = end;
  }
  return plan;
}

page::Page tts_cell(const TtsPlan& plan, const page::Page& card, std::shared_ptr<const page::Raster> image) {
  page::Page page = paper(plan, "tts/" + card.id, plan.card_w, plan.card_h);
  Rect box{0, 0, page.size.w, page.size.h};
  page.items.push_back(item(impose::card_trim_image(card, std::move(image), box, 0), card.id, box));
  return page;
}

page::Page tts_sheet_ground(const TtsPlan& plan, size_t sheet) {
  const TtsSheet& s = plan.sheets.at(sheet);
  page::Page page = paper(plan, "tts/" + s.file, s.columns * plan.card_w, s.rows * plan.card_h);
  page::RectShape white;
  white.rect = {0, 0, page.size.w, page.size.h};
  white.paint.fill = page.edge_color;
  page.items.push_back(item(white, "paper", white.rect));
  return page;
}

page::Page tts_sheet_cell(const TtsPlan& plan, size_t sheet, int cell, std::shared_ptr<const page::Raster> cell_image) {
  const TtsSheet& s = plan.sheets.at(sheet);
  page::Page page = paper(plan, "tts/" + s.file, s.columns * plan.card_w, s.rows * plan.card_h);
  const int column = cell % s.columns, row = cell / s.columns;
  Rect box{px_to_mm(column * plan.card_w, plan.dpi), px_to_mm(row * plan.card_h, plan.dpi),
           px_to_mm(plan.card_w, plan.dpi), px_to_mm(plan.card_h, plan.dpi)};
  Rect pixels{0, 0, static_cast<double>(cell_image->width), static_cast<double>(cell_image->height)};
  page.items.push_back(
      item(page::Image{std::move(cell_image), pixels, box, 0, page::Image::Resampling::Nearest}, "cell", box));
  return page;
}

}  // namespace kw::products
