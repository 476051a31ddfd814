#pragma once
// A page filled with one colour, the page most page, PDF and sheet tests
// start from; each test adds what it needs (a safe area, marks, a name).
#include <string>
#include <utility>

#include "page/page.h"

namespace kw::test {

inline page::Page solid_page(std::string id, Size size, Rect trim, Color color) {
  page::Page p;
  p.id = std::move(id);
  p.size = size;
  p.trim = trim;
  page::RectShape bg;
  bg.rect = {0, 0, size.w, size.h};
  bg.paint.fill = color;
  page::Item item;
  item.shape = bg;
  item.bounds = bg.rect;
  p.items.push_back(item);
  return p;
}

}  // namespace kw::test
